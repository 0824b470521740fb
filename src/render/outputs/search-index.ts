import { withBase } from '../../shared/paths.js'
import type { SearchIndexData } from '../../shared/search.js'
import type { ExtraOutput, OutputContext } from './types.js'
import type { ParsedPage } from '../content/parse-page.js'
import type { OutputContents } from '../emit/write-output.js'
import type { SearchShards } from './search-shards.js'
import { openSearchCache, searchCodeKey } from './search-cache.js'
import { SEARCH_TEXT_LIMIT, SearchFeed, searchEntries } from './search-entries.js'
import { startSearchJob } from './search-job.js'

export { SEARCH_TEXT_LIMIT } from './search-entries.js'

/** The search index: title, path, h2/h3 headings and body text of every published page. */
/** Where the search index's first part is, in the output folder. */
export const SEARCH_MANIFEST_FILE = 'search-index.json'

export function buildSearchIndex(parsed: ParsedPage[], siteTitle: string, limit = SEARCH_TEXT_LIMIT): SearchIndexData {
  return { v: 1, pages: [...searchEntries(parsed, siteTitle, limit)] }
}

/**
 * Writes the index in two parts (see `shared/search-shards.ts`): a small hashed first part saying
 * where each item lies, which the search box fetches when first focused, and a folder of packs
 * of buckets, records and page texts, which queries read the items of as they need them.
 * Both are named by a digest of the entries and of the code that packs them (equal entries,
 * equal packs), so the pages can name the first part before it is packed: the packing runs
 * beside the render (`later`), on a thread of its own for a large site.
 * `themeConfig.search: false` writes nothing.
 */
export function searchIndexOutput(ctx: OutputContext): ExtraOutput {
  const { title, base, themeConfig } = ctx.config
  if (!themeConfig.search) return { files: [], site: { search: false } }
  const cache = ctx.cacheDir ? openSearchCache(ctx.cacheDir) : undefined
  // Entries taken while the pages parsed (a cold build: see `SearchFeed`), or digested now and,
  // unless the cache may hold their index already, packed in the same pass (each page's text is
  // read from its body file once); otherwise the digest comes first, and only a miss reads them
  // again to pack them.
  const fed = ctx.searchFeed?.digest(ctx.parsed.length)
  let feed: SearchFeed
  let digest: string
  if (ctx.searchFeed && fed) [feed, digest] = [ctx.searchFeed, fed]
  else {
    ctx.searchFeed?.abandon()
    feed = new SearchFeed(title, cache?.holdsAny() ? undefined : startSearchJob(ctx.parsed.length))
    ctx.parsed.forEach(feed.put)
    digest = feed.digest(ctx.parsed.length)!
  }
  let job = feed.job
  const name = ctx.hash(`search-shards\n${searchCodeKey()}\n${digest}`)
  const dir = `assets/search/${name}/`
  // The first part at one address for every build (revalidated, not cached for a year): pages name
  // it, and a page whose text changed leaves every other page's bytes as they were. It names the
  // packs, which are named by their contents.
  const file = SEARCH_MANIFEST_FILE
  const filesOf = ({ manifest, files }: SearchShards): [string, OutputContents][] => {
    manifest.s = withBase(base, '/' + dir)
    return [[file, JSON.stringify(manifest)], ...files.map(([pack, contents]): [string, OutputContents] => [dir + pack, contents])]
  }
  const site = { search: true, searchIndexUrl: withBase(base, '/' + file), searchMaxSuggestions: themeConfig.searchMaxSuggestions }
  const cached = job ? undefined : cache?.get(digest)
  if (cached) return { files: filesOf(cached), site }
  if (!job) {
    // Pages are added one at a time: the builder keeps postings, records and deflated texts only.
    job = startSearchJob(ctx.parsed.length)
    for (const entry of searchEntries(ctx.parsed, title)) job.add(entry)
  }
  const later = job.finish().then((shards) => {
    cache?.set(digest, shards)
    return filesOf(shards)
  })
  return { files: [], site, later }
}
