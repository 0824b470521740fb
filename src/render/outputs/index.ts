import type { ClientSite, HeadTag, SiteConfig } from '../../shared/types.js'
import type { ParsedPage } from '../content/parse-page.js'
import type { RouteTable } from '../site/routes.js'
import type { SiteData } from '../site/site-data.js'
import type { OutputContents } from '../emit/write-output.js'
import { searchIndexOutput } from './search-index.js'
import { feedsOutput } from './feeds.js'
import { sitemapOutput } from './sitemap.js'

/** What an extra output sees: the whole site after the routes stage. */
export interface OutputContext {
  config: SiteConfig
  site: SiteData
  parsed: ParsedPage[]
  routes: RouteTable
  /** Content hash for file names (8 characters). */
  hash: (text: string) => string
}

export interface ExtraOutput {
  files: [path: string, contents: OutputContents][]
  /** Fields merged into the client's site data (e.g. the URL of a search index). */
  site?: Partial<ClientSite>
  /** Tags added to every page's head (e.g. feed autodiscovery links). */
  head?: HeadTag[]
}

/**
 * Files made from the whole site besides pages and chunks (search index, sitemap, feeds).
 * Each is a function of the site; add new ones to this list.
 */
export const extraOutputs: ((ctx: OutputContext) => ExtraOutput)[] = [searchIndexOutput, sitemapOutput, feedsOutput]
