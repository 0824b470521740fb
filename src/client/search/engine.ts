import { foldText, parseQuery, rankHits, toSuggestion, type BodyMatch, type PreparedPage, type Suggestion, type Term } from '../../shared/search.js'
import { bucketUrl, termKeys, termMatches, textUrl, type SearchManifest, type SearchShard, type ShardKey } from '../../shared/search-shards.js'
import { slugify } from '../../shared/slug.js'
import { FileCache, type LoadFile } from './file-cache.js'

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

/** A search over the sharded index whose first part is `manifest`; `load` fetches the other files. */
export function createSearchEngine(manifest: SearchManifest, load: LoadFile): SearchEngine {
  const pages: PreparedPage[] = manifest.t.map((title, order) => ({ order, path: manifest.p[order], title: foldText(title), headers: [], text: NO_TEXT }))
  const files = new FileCache(load)

  function search(query: string, max: number): Suggestion[] | Promise<Suggestion[]> {
    const terms = parseQuery(query)
    if (!terms.length || max <= 0) return []
    const keys = terms.flatMap(termKeys)
    const urls = [...new Set(keys.map((k) => bucketUrl(manifest, k)))]
    const shards = files.peek(urls) as SearchShard[] | undefined
    if (!shards) return files.fetch(urls).then(() => search(query, max))

    const shardOf = (key: ShardKey) => shards[urls.indexOf(bucketUrl(manifest, key))]
    const matches = new Map(terms.map((t) => [t, termMatches(t, shardOf)]))
    const inBody = (page: PreparedPage, term: Term): BodyMatch | null => matches.get(term)!.get(page.order) ?? null
    const hits = rankHits({ pages: withHeadings(pages, shards) }, terms, max, inBody)

    // Body hits show an excerpt: their pages' texts.
    const textUrls = hits.filter((h) => h.kind === 'body').map((h) => textUrl(manifest, h.page.order))
    const texts = files.peek(textUrls) as string[] | undefined
    if (!texts) return files.fetch(textUrls).then(() => search(query, max))
    let k = 0
    return hits.map((hit) => toSuggestion(hit.kind === 'body' ? { ...hit, page: { ...hit.page, text: foldText(texts[k++]) } } : hit, terms))
  }

  return { search }
}
