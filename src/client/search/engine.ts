import { foldText, parseQuery, rankHits, toSuggestion, type BodyMatch, type PreparedPage, type Suggestion, type Term } from '../../shared/search.js'
import { inflateRaw } from '../../shared/search-inflate.js'
import { bucketItem, itemLocator, termKeys, termMatches, textItem, type SearchManifest, type SearchShard, type ShardKey } from '../../shared/search-shards.js'
import { slugify } from '../../shared/slug.js'
import { FileCache } from './file-cache.js'

/** Reads bytes `[start, end)` of the file at `url` (a range request, or a slice of the whole file). */
export type ReadRange = (url: string, start: number, end: number) => Promise<Uint8Array>

export interface SearchEngine {
  /**
   * The suggestions for `query`, ranked as `search` ranks a full index. At once when every file
   * the query needs is already here (the first part, the buckets of its keys, the texts of the
   * pages it shows an excerpt of); otherwise a promise, settled once they are fetched.
   */
  search(query: string, max: number): Suggestion[] | Promise<Suggestion[]>
}

const NO_TEXT = foldText('')

/** Pages with their matching headings (from the buckets), ready for `rankHits`. */
function withHeadings(pages: PreparedPage[], shards: SearchShard[]): PreparedPage[] {
  const found = new Map<number, Map<number, [string, string | undefined]>>()
  for (const shard of shards) {
    for (const [page, n, title, slug] of shard.h ?? []) {
      const list = found.get(page) ?? found.set(page, new Map()).get(page)!
      list.set(n, [title, slug])
    }
  }
  if (!found.size) return pages
  return pages.map((page) => {
    const headings = found.get(page.order)
    if (!headings) return page
    // Only headings holding a key of the query: no other can match it. Page order kept (it breaks ties).
    const headers = [...headings].sort((a, b) => a[0] - b[0]).map(([, [title, slug]]) => ({ ...foldText(title), slug: slug ?? slugify(title) }))
    return { ...page, headers }
  })
}

/** A search over the sharded index whose first part is `manifest`; `read` reads its items from the packs. */
export function createSearchEngine(manifest: SearchManifest, read: ReadRange): SearchEngine {
  const pages: PreparedPage[] = manifest.t.map((title, order) => ({ order, path: manifest.p[order], title: foldText(title), headers: [], text: NO_TEXT }))
  const locate = itemLocator(manifest)
  const utf8 = new TextDecoder()
  const files = new FileCache(async (item) => {
    const { url, start, end } = locate(item)
    return JSON.parse(utf8.decode(inflateRaw(await read(url, start, end)))) as unknown
  })

  function search(query: string, max: number): Suggestion[] | Promise<Suggestion[]> {
    const terms = parseQuery(query)
    if (!terms.length || max <= 0) return []
    const keys = terms.flatMap(termKeys)
    const items = [...new Set(keys.map((k) => bucketItem(manifest, k)))]
    const shards = files.peek(items) as SearchShard[] | undefined
    if (!shards) return files.fetch(items).then(() => search(query, max))

    const shardOf = (key: ShardKey) => shards[items.indexOf(bucketItem(manifest, key))]
    const matches = new Map(terms.map((t) => [t, termMatches(t, shardOf)]))
    const inBody = (page: PreparedPage, term: Term): BodyMatch | null => matches.get(term)!.get(page.order) ?? null
    const hits = rankHits({ pages: withHeadings(pages, shards) }, terms, max, inBody)

    // Body hits show an excerpt: their pages' texts.
    const textItems = hits.filter((h) => h.kind === 'body').map((h) => textItem(h.page.order))
    const texts = files.peek(textItems) as string[] | undefined
    if (!texts) return files.fetch(textItems).then(() => search(query, max))
    let k = 0
    return hits.map((hit) => toSuggestion(hit.kind === 'body' ? { ...hit, page: { ...hit.page, text: foldText(texts[k++]) } } : hit, terms))
  }

  return { search }
}
