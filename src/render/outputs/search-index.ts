import { createSearchBuilder, type SearchIndexData, type SearchShards } from '../../search/build/index.js'
import { withBase } from '../../shared/paths.js'
import type { ExtraOutput, OutputContext } from './types.js'
import type { OutputContents } from '../emit/write-output.js'
import type { ParsedPage } from '../content/parse-page.js'
import { SEARCH_TEXT_LIMIT, searchEntries } from './search-entries.js'

export { SEARCH_TEXT_LIMIT } from './search-entries.js'

/** The search index in one piece: title, path, h2/h3 headings and body text of every published page (what tests scan). */

/** Where the search index's first part is, in the output folder. */
export const SEARCH_MANIFEST_FILE = 'search-index.json'

export function buildSearchIndex(parsed: ParsedPage[], siteTitle: string, limit = SEARCH_TEXT_LIMIT): SearchIndexData {
  return { v: 1, pages: [...searchEntries(parsed, siteTitle, limit)] }
}

/**
 * Writes the index in two parts (see `src/search/FORMAT.md`): a small hashed first part saying
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
  // Entries given while the pages parsed (see `SearchFeed`), or given now.
  let builder = ctx.searchFeed?.complete(ctx.parsed.length) ? ctx.searchFeed.builder : undefined
  if (!builder) {
    ctx.searchFeed?.abandon()
    builder = createSearchBuilder({ pages: ctx.parsed.length, cacheDir: ctx.cacheDir })
    for (const entry of searchEntries(ctx.parsed, title)) builder.add(entry)
  }
  const name = ctx.hash(`search-shards\n${builder.key()}`)
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
  // The entries again (each page's text read from its body file) only if the builder needs them.
  const later = builder.finish(() => searchEntries(ctx.parsed, title)).then(filesOf)
  return { files: [], site, later }
}
