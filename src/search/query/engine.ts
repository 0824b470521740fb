import { fold, foldText, matchInText, parseQuery, rankHits, statsOf, toSuggestion, type BodyMatch, type Hit, type PreparedPage, type Suggestion, type Term } from '../format/rank.js'
import { inflateSync } from 'fflate'
import {
  DICTIONARY_ITEM,
  FORMAT_VERSION,
  LENGTHS_ITEM,
  bucketItem,
  itemKind,
  itemLocator,
  parseBucket,
  postedPages,
  recordItem,
  termKeys,
  textItem,
  type Bucket,
  type SearchManifest,
  type SearchRecord,
  type ShardKey,
} from '../format/shards.js'
import { slugify } from '../../shared/slug.js'
import { termBounds, termPages, termPlan } from '../format/tiers.js'
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
  // A page cached from an older build may name an index of another format: never misread it.
  if (manifest.v !== FORMAT_VERSION) throw new Error(`搜索索引格式不符（v${String(manifest.v)}，应为 v${FORMAT_VERSION}）`)
  const utf8 = new TextDecoder()
  const files: FileCache = new FileCache(async (item) => {
    const { url, start, end } = locate(item)
    const data = await read(url, start, end)
    const kind = itemKind(item)
    // Buckets and tier parts are bit-coded lists, stored as they are (the manifest says which kinds are); the rest is raw DEFLATE.
    const raw = manifest.raw.includes(kind)
    if (kind !== 'r' && kind !== 't') {
      const bytes = raw ? data : inflateSync(data)
      return item === DICTIONARY_ITEM || item === LENGTHS_ITEM || kind === 'x' ? bytes : parseBucket(bytes)
    }
    // Records and texts are deflated with the dictionary, fetched with the first buckets.
    const [dictionary] = (await files.fetch([DICTIONARY_ITEM])) as Uint8Array[]
    const text = utf8.decode(raw ? data : inflateSync(data, { dictionary }))
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

  /** Folded texts of pages, by order (those fetched). */
  const folded = new Map<number, string>()
  /** A page's text when it is here (its record and text fetched), folded. */
  const textHere = (page: number): string | undefined => {
    let low = folded.get(page)
    if (low === undefined) {
      const text = files.peek([textItem(page)])?.[0] as string | undefined
      if (text === undefined) return undefined
      folded.set(page, (low = fold(text)))
    }
    return low
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
    // Fields and bodies at once: one score ranks every page from both. The dictionary comes with
    // them (the records of the pages shown need it next), and every page's length (ranking reads it).
    const fields = bucketsOf(true)
    const body = bucketsOf(false)
    const lengths = files.peek([LENGTHS_ITEM])?.[0] as Uint8Array | undefined
    if (!fields.buckets || !body.buckets || !lengths) return files.fetch([...fields.items, ...body.items, DICTIONARY_ITEM, LENGTHS_ITEM]).then(() => search(query, max))
    // Terms with a large bigram read its tier (a group of its list, or its summary) next.
    const plans = terms.map((t) => termPlan(t, body.of))
    const tierItems = [...new Set(plans.flatMap((p) => p.items))]
    const tiers = files.peek(tierItems) as Uint8Array[] | undefined
    if (!tiers) return files.fetch(tierItems).then(() => search(query, max))
    const bodies = plans.map((p) => termBounds(p, (item) => tiers[tierItems.indexOf(item)]))
    const matches = new Map(terms.map((t, k) => [t, bodies[k]]))
    const bounded = (page: number) => bodies.some((b) => b.get(page)?.exact === false)
    // Exact where the page's text is here, else the bound: ranked on bounds, a page can only rank too high.
    const inBody = (page: number, term: Term): BodyMatch | null => {
      const bound = matches.get(term)!.get(page)
      if (!bound || bound.exact) return bound ?? null
      const low = textHere(page)
      return low === undefined ? bound : matchInText(low, term)
    }
    // Pages ranked on bounds are read in growing batches: those shown first, then twice as many more as were read (few rounds when bounds are loose).
    let read = 0
    for (const b of bodies) for (const [page, m] of b) if (!m.exact && folded.has(page)) read++
    const pagesOf = new Map(terms.map((t, k) => [t, termPages(t, body.of, bodies[k])]))
    const stats = statsOf(lengths, (t) => pagesOf.get(t) ?? 0)
    const ranked = rankHits(postedPages(terms, fields.of, bodies), terms, max + 2 * read, inBody, stats)
    const hits = ranked.slice(0, max)
    // Any hit's score reads its body: a title or heading hit ranked on bounds is read too.
    const unsure = (h: Hit) => bounded(h.page) && textHere(h.page) === undefined
    /** Pages whose texts are read to know their exact counts (ranked on bounds among the first). */
    const verify = hits.some(unsure) ? ranked.filter(unsure).map((h) => h.page) : []

    // The pages shown: their records, then the texts of those shown with an excerpt. Those ranked
    // on bounds get their exact counts from their texts (with the next pages on bounds), and the
    // ranking is made again: once every page shown is exact, no page left out ranks above them
    // (its bound does not, and a bound never ranks below the page's own rank).
    const records = [...new Set([...hits.map((h) => h.page), ...verify].map((page) => recordItem(manifest, page)))]
    if (!files.peek(records)) return files.fetch(records).then(() => search(query, max))
    const textItems = hits.filter((h) => h.kind === 'body').map((h) => textItem(h.page))
    const texts = files.peek(textItems) as string[] | undefined
    const verifyItems = verify.map(textItem)
    if (!texts || verify.length) return files.fetch([...new Set([...textItems, ...verifyItems])]).then(() => search(query, max))
    let k = 0
    return hits.map((hit) => toSuggestion(hit, pageOf(hit.page, hit.kind === 'body' ? texts[k++] : undefined), terms))
  }

  return { search }
}
