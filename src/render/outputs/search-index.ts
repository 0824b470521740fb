import { withBase } from '../../shared/paths.js'
import type { SearchEntry, SearchIndexData } from '../../shared/search.js'
import type { ExtraOutput, OutputContext } from './types.js'
import type { ParsedPage } from '../content/parse-page.js'
import { createHash } from 'node:crypto'
import { SearchIndexBuilder, type SearchShards } from './search-shards.js'
import { openSearchCache } from './search-cache.js'
import { truncateText } from './search-text.js'

/**
 * Body text kept per page (code blocks are left out before counting). Holds the whole of every
 * article of this site (the longest has about 7,900 characters of prose); a longer page is
 * searched in its first part only, so one huge page cannot bloat the index readers download.
 */
export const SEARCH_TEXT_LIMIT = 8000

/** The search index: title, path, h2/h3 headings and body text of every published page. */
export function buildSearchIndex(parsed: ParsedPage[], siteTitle: string, limit = SEARCH_TEXT_LIMIT): SearchIndexData {
  return { v: 1, pages: [...searchEntries(parsed, siteTitle, limit)] }
}

/** The index entries one at a time (`publish: false` hides a page from every list; search is one). */
function* searchEntries(parsed: ParsedPage[], siteTitle: string, limit = SEARCH_TEXT_LIMIT): Generator<SearchEntry> {
  for (const { page, text } of parsed) {
    if (page.frontmatter.publish === false) continue
    yield {
      t: page.title || (page.path === '/' ? siteTitle : page.path),
      p: page.path,
      h: page.headers.map((h) => [h.title, h.slug]),
      x: truncateText(text, limit),
    }
  }
}

/**
 * Writes the index in two parts (see `shared/search-shards.ts`): a small hashed first part saying
 * where each item lies, which the search box fetches when first focused, and a folder of packs
 * of buckets, records and page texts, named by a hash of the packs, which queries read the items
 * of as they need them.
 * `themeConfig.search: false` writes nothing.
 */
export function searchIndexOutput(ctx: OutputContext): ExtraOutput {
  const { title, base, themeConfig } = ctx.config
  if (!themeConfig.search) return { files: [], site: { search: false } }
  const build = () => {
    // Pages are added one at a time: the builder keeps postings, records and deflated texts only.
    const builder = new SearchIndexBuilder()
    for (const entry of searchEntries(ctx.parsed, title)) builder.add(entry)
    return builder.finish('')
  }
  let shards: SearchShards
  if (ctx.cacheDir) {
    // What the index is made of, read once more (cheap beside building it): equal entries, equal packs.
    const entries = createHash('sha256')
    for (const entry of searchEntries(ctx.parsed, title)) entries.update(JSON.stringify(entry)).update('\n')
    const key = entries.digest('hex')
    const cache = openSearchCache(ctx.cacheDir)
    const cached = cache.get(key)
    shards = cached ?? build()
    if (!cached) cache.set(key, shards)
  } else {
    shards = build()
  }
  const { manifest, files } = shards
  // The packs hold the whole index: their bytes name the folder.
  const digest = createHash('sha256')
  for (const [name, data] of files) digest.update(name).update(data)
  const dir = `assets/search/${ctx.hash('search-shards-v5\n' + digest.digest('hex'))}/`
  manifest.s = withBase(base, '/' + dir)
  const json = JSON.stringify(manifest)
  const file = `assets/js/search.${ctx.hash(json)}.json`
  return {
    files: [[file, json], ...files.map(([name, contents]): [string, Uint8Array] => [dir + name, contents])],
    site: { search: true, searchIndexUrl: withBase(base, '/' + file), searchMaxSuggestions: themeConfig.searchMaxSuggestions },
  }
}
