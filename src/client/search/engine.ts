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
   * the query needs is already here (the buckets of its keys, those of the fields first, and the dictionary, the records of the pages it shows,
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
    if (item[0] !== 'r' && item[0] !== 't') return parseBucket(inflateRaw(data))
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
    const bucketsOf = (fields: boolean) => {
      const items = [...new Set(keys.map((k) => bucketItem(manifest, k, fields)))]
      const buckets = files.peek(items) as Bucket[] | undefined
      return { items, buckets, of: (key: ShardKey) => buckets![items.indexOf(bucketItem(manifest, key, fields))] }
    }
    // Titles and headings first: when they fill the suggestions, no body bucket is read.
    const fields = bucketsOf(true)
    // The dictionary comes with the first buckets: the records of the pages shown need it next.
    if (!fields.buckets) return files.fetch([...fields.items, DICTIONARY_ITEM]).then(() => search(query, max))
    let hits = rankHits(postedPages(terms, fields.of, []), terms, max, () => null)
    if (hits.length < max) {
      const body = bucketsOf(false)
      if (!body.buckets) return files.fetch(body.items).then(() => search(query, max))
      const bodies = terms.map((t) => termMatches(t, body.of))
      const matches = new Map(terms.map((t, k) => [t, bodies[k]]))
      hits = rankHits(postedPages(terms, fields.of, bodies), terms, max, (page, term) => matches.get(term)!.get(page) ?? null)
    }

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
