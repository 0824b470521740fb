import { foldText, parseQuery, rankHits, toSuggestion, type PreparedPage, type Suggestion } from '../../shared/search.js'
import { inflateRaw } from '../../shared/search-inflate.js'
import {
  DICTIONARY_ITEM,
  bucketItem,
  itemLocator,
  parseBucket,
  postedPages,
  recordItem,
  termKeys,
  termMatches,
  textItem,
  type Bucket,
  type SearchManifest,
  type SearchRecord,
  type ShardKey,
} from '../../shared/search-shards.js'
import { slugify } from '../../shared/slug.js'
import { FileCache } from './file-cache.js'

/** Reads bytes `[start, end)` of the file at `url` (a range request, or a slice of the whole file). */
export type ReadRange = (url: string, start: number, end: number) => Promise<Uint8Array>

export interface SearchEngine {
  /**
   * The suggestions for `query`, ranked as `search` ranks a full index. At once when every item
   * the query needs is already here (the buckets of its keys and the dictionary, the records of the pages it shows,
   * the texts of those it shows an excerpt of); otherwise a promise, settled once they are fetched.
   */
  search(query: string, max: number): Suggestion[] | Promise<Suggestion[]>
}

const NO_TEXT = foldText('')

/** A search over the sharded index whose first part is `manifest`; `read` reads its items from the packs. */
export function createSearchEngine(manifest: SearchManifest, read: ReadRange): SearchEngine {
  const utf8 = new TextDecoder()
  const files: FileCache = new FileCache(async (item) => {
    const { url, start, end } = locate(item)
    const data = await read(url, start, end)
    if (item === DICTIONARY_ITEM) return inflateRaw(data)
    if (item[0] === 'c' || item[0] === 'g') return parseBucket(inflateRaw(data))
    // Records and texts are deflated with the dictionary, fetched with the first buckets.
    const [dictionary] = (await files.fetch([DICTIONARY_ITEM])) as Uint8Array[]
    const text = utf8.decode(inflateRaw(data, dictionary))
    return item[0] === 'r' ? (JSON.parse(text) as unknown) : text
  })
  // A text's place comes from its record, fetched before it.
  const locate = itemLocator(manifest, (page) => files.peek([recordItem(manifest, page)])?.[0] as SearchRecord | undefined)
  /** A page as shown, from its record (and its text for an excerpt). */
  const pageOf = (order: number, text?: string): PreparedPage => {
    const record = files.peek([recordItem(manifest, order)])![0] as SearchRecord
    const [title, path, headings] = record[order % manifest.r]
    return {
      order,
      path,
      title: foldText(title),
      headers: headings.map(([h, slug]) => ({ ...foldText(h), slug: slug ?? slugify(h) })),
      text: text === undefined ? NO_TEXT : foldText(text),
    }
  }

  function search(query: string, max: number): Suggestion[] | Promise<Suggestion[]> {
    const terms = parseQuery(query)
    if (!terms.length || max <= 0) return []
    const keys = terms.flatMap(termKeys)
    const items = [...new Set(keys.map((k) => bucketItem(manifest, k)))]
    const buckets = files.peek(items) as Bucket[] | undefined
    // The dictionary comes with the first buckets: the records of the pages shown need it next.
    if (!buckets) return files.fetch([...items, DICTIONARY_ITEM]).then(() => search(query, max))

    const bucketOf = (key: ShardKey) => buckets[items.indexOf(bucketItem(manifest, key))]
    const bodies = terms.map((t) => termMatches(t, bucketOf))
    const matches = new Map(terms.map((t, k) => [t, bodies[k]]))
    const hits = rankHits(postedPages(terms, bucketOf, bodies), terms, max, (page, term) => matches.get(term)!.get(page) ?? null)

    // The pages shown: their records, then the texts of those shown with an excerpt.
    const records = [...new Set(hits.map((h) => recordItem(manifest, h.page)))]
    if (!files.peek(records)) return files.fetch(records).then(() => search(query, max))
    const textItems = hits.filter((h) => h.kind === 'body').map((h) => textItem(h.page))
    const texts = files.peek(textItems) as string[] | undefined
    if (!texts) return files.fetch(textItems).then(() => search(query, max))
    let k = 0
    return hits.map((hit) => toSuggestion(hit, pageOf(hit.page, hit.kind === 'body' ? texts[k++] : undefined), terms))
  }

  return { search }
}
