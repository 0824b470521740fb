import type { ExtraOutput, OutputContext } from './types.js'
import { searchIndexOutput } from './search-index.js'
import { feedsOutput } from './feeds.js'
import { sitemapOutput } from './sitemap.js'

/**
 * Files made from the whole site besides pages and chunks (search index, sitemap, feeds).
 * Each is a function of the site; add new ones to this list.
 */
export const extraOutputs: ((ctx: OutputContext) => ExtraOutput)[] = [searchIndexOutput, sitemapOutput, feedsOutput]
