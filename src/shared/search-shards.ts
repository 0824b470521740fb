/**
 * The sharded search index: what the build writes and what a query reads from it. Pure code,
 * shared by the build (which makes the shards) and the browser (which ranks from them).
 *
 * The first part (`SearchManifest`) holds titles and paths only. Everything else sits in
 * buckets found by hashing a key, so a query downloads only the buckets of its own keys. Two
 * families of buckets, so a query never pays for the other kind:
 *
 * - character buckets (`c<k>`), read by one-character terms: per CJK character and per
 *   first letter of Latin words, how often it occurs in each page (up to BODY_COUNT_CAP) and
 *   where first; and every heading holding that character;
 * - gram buckets (`g<k>`), read by longer terms: every position of each CJK bigram (a
 *   longer term occurs where its bigrams at offsets 0, 2, 4… and L−2 all occur, so its exact
 *   occurrences come from positions alone); every position where each Latin word starts (keyed
 *   by its first two letters: a term matches the words it begins); and every heading holding
 *   that bigram or word start.
 *
 * From these a query gets, for every page, exactly what ranking reads of the body text
 * (`BodyMatch`), and downloads the text itself only for the pages it shows an excerpt of.
 *
 * Buckets and page texts (the items) are stored deflated, end to end, in a few packs of about
 * PACK_TARGET_BYTES: a query reads the byte ranges of its own items (a whole pack, once, from a
 * host that ignores ranges). The first part says where each item lies.
 */
import { BODY_COUNT_CAP, MAX_QUERY, isCjk, isWordChar, type BodyMatch, type Term } from './search.js'

/** The first part: `assets/js/search.<hash>.json`, fetched when the search box is first focused. */
export interface SearchManifest {
  v: 3
  /** Page titles, in index order (the order breaks ties in ranking). */
  t: string[]
  /** Base-relative page paths, same order. */
  p: string[]
  /** URL of the pack folder (ends in `/`; its name is a hash of the whole index). */
  s: string
  /** Number of character buckets and of gram buckets. */
  n: Record<Family, number>
  /**
   * Size in bytes of every item, deflated, in pack order: the character buckets, the gram
   * buckets, then the page texts. Items lie end to end in the packs `<s><k>.bin`.
   */
  z: number[]
  /** Index of the first item of each pack. */
  k: number[]
}

/** Character buckets (`c`) and gram buckets (`g`). */
export type Family = 'c' | 'g'

/** A key and the family of buckets it is stored in. */
export interface ShardKey {
  family: Family
  key: string
}

/** A heading in a bucket: page, its index among the page's headings, text, and its slug when not `slugify(text)`. */
export type ShardHeading = [page: number, index: number, title: string, slug?: string]

/** One bucket (item `<family><k>`): what is stored under the keys that hash to it. */
export interface SearchShard {
  /** Character → [page Δ, count, first position, …]. */
  c?: Record<string, number[]>
  /** CJK bigram → [page Δ, n, position Δ × n, …]. */
  g?: Record<string, number[]>
  /** Latin word (folded; cut after MAX_QUERY characters) → [page Δ, n, position Δ × n, …]. */
  w?: Record<string, number[]>
  /** Headings holding a key of this bucket. */
  h?: ShardHeading[]
}

/** Bucket of a key. */
export const bucketOf = (m: SearchManifest, { family, key }: ShardKey): number => hashKey(key, m.n[family])
/** Items are named by what they hold: `c<k>`, `g<k>` (buckets) and `t<page>` (a page's body text, a JSON string). */
export const bucketItem = (m: SearchManifest, k: ShardKey): string => `${k.family}${bucketOf(m, k)}`
export const textItem = (page: number): string => `t${page}`

/** Where an item lies: its pack's URL and its byte range in it (`end` exclusive). */
export interface ItemLocation {
  url: string
  start: number
  end: number
}

/** Locates items by name in the packs of `m`. */
export function itemLocator(m: SearchManifest): (item: string) => ItemLocation {
  const locations: ItemLocation[] = []
  let pack = -1
  let at = 0
  m.z.forEach((size, i) => {
    if (m.k[pack + 1] === i) {
      pack++
      at = 0
    }
    locations.push({ url: `${m.s}${pack}.bin`, start: at, end: (at += size) })
  })
  return (item) => {
    const n = Number(item.slice(1))
    const index = item[0] === 'c' ? n : item[0] === 'g' ? m.n.c + n : m.n.c + m.n.g + n
    const location = locations[index]
    if (!location || !Number.isInteger(n)) throw new Error(`search index: no item ${item}`)
    return location
  }
}

/** FNV-1a over UTF-16 units with a final mix, so build and browser agree. */
export function hashKey(key: string, buckets: number): number {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193)
  h ^= h >>> 15
  h = Math.imul(h, 0x2c1b3c6d)
  h ^= h >>> 12
  return (h >>> 0) % buckets
}

export interface KeyVisitor {
  /** A CJK character, or the first letter of a Latin word, at `at`. */
  char(key: string, at: number): void
  /** Two CJK characters starting at `at`. */
  gram(key: string, at: number): void
  /** A Latin word of two letters or more starting at `at`; `key` is its first two letters. */
  word(word: string, key: string, at: number): void
}

/**
 * Every key of folded text. A Latin word starts where `find` accepts a match: after a unit that
 * is not a word character; it runs over word characters (code points, as `parseQuery` reads them).
 */
export function scanKeys(low: string, visit: KeyVisitor): void {
  for (let i = 0; i < low.length; i++) {
    const c = low[i]
    if (isCjk(c)) {
      visit.char(c, i)
      if (i + 1 < low.length && isCjk(low[i + 1])) visit.gram(c + low[i + 1], i)
      continue
    }
    if (isWordChar(low[i - 1])) continue
    const first = String.fromCodePoint(low.codePointAt(i)!)
    if (!isWordChar(first)) continue
    visit.char(first, i)
    let end = i + first.length
    let second = ''
    // A query term is at most MAX_QUERY units long, so a longer word is told apart by its start.
    while (end < low.length && end - i < MAX_QUERY) {
      const cp = String.fromCodePoint(low.codePointAt(end)!)
      if (!isWordChar(cp)) break
      second ||= cp
      end += cp.length
    }
    if (second) visit.word(low.slice(i, end), first + second, i)
  }
}

/** Offsets of the bigrams that pin down a CJK term of `length` ≥ 2: 0, 2, 4… and length − 2. */
function gramOffsets(length: number): number[] {
  const offsets: number[] = []
  for (let o = 0; o + 2 <= length; o += 2) offsets.push(o)
  if (length % 2) offsets.push(length - 2)
  return offsets
}

/** The keys a term reads; the first also finds the headings that can hold it. */
export function termKeys(term: Term): ShardKey[] {
  const { text } = term
  if (term.cjk) return text.length === 1 ? [{ family: 'c', key: text }] : gramOffsets(text.length).map((o) => ({ family: 'g', key: text.slice(o, o + 2) }))
  const [a, b] = [...text]
  return [b === undefined ? { family: 'c', key: a } : { family: 'g', key: a + b }]
}

/** [page Δ, n, position Δ × n, …] → page → positions. */
function decodePositions(data: number[] | undefined): Map<number, number[]> {
  const out = new Map<number, number[]>()
  if (!data) return out
  for (let i = 0, page = 0; i < data.length; ) {
    page += data[i]
    const n = data[i + 1]
    const positions: number[] = new Array(n)
    for (let k = 0, at = 0; k < n; k++) positions[k] = at += data[i + 2 + k]
    out.set(page, positions)
    i += 2 + n
  }
  return out
}

/** Non-overlapping occurrences, as `find` steps through text: each match searched from the end of the last. */
function countOccurrences(sorted: number[], length: number): BodyMatch | null {
  let count = 0
  let first = -1
  let next = 0
  for (const at of sorted) {
    if (at < next) continue
    if (!count) first = at
    next = at + length
    if (++count >= BODY_COUNT_CAP) break
  }
  return count ? { count, first } : null
}

/**
 * Where `term` occurs in each page's body, from the buckets of its keys (`shardOf` gives the
 * bucket a key hashes to; it must have been fetched). Pages without the term are absent.
 */
export function termMatches(term: Term, shardOf: (key: ShardKey) => SearchShard): Map<number, BodyMatch> {
  const keys = termKeys(term)
  const out = new Map<number, BodyMatch>()
  const { text } = term
  if ([...text].length === 1) {
    // One character: counted per character (a CJK one wherever it is, a letter where it starts a word).
    const data = shardOf(keys[0]).c?.[text] ?? []
    for (let i = 0, page = 0; i < data.length; i += 3) out.set((page += data[i]), { count: data[i + 1], first: data[i + 2] })
    return out
  }
  let found: Map<number, number[]>
  if (term.cjk) {
    const offsets = gramOffsets(text.length)
    const lists = keys.map((k) => decodePositions(shardOf(k).g?.[k.key]))
    found = new Map()
    for (const [page, starts] of lists[0]) {
      const rest = lists.slice(1).map((l) => l.get(page))
      if (rest.some((r) => !r)) continue
      const sets = rest.map((r) => new Set(r))
      const hits = starts.filter((at) => sets.every((s, k) => s.has(at + offsets[k + 1])))
      if (hits.length) found.set(page, hits)
    }
  } else {
    found = new Map()
    for (const [word, data] of Object.entries(shardOf(keys[0]).w ?? {})) {
      if (!word.startsWith(text)) continue
      for (const [page, positions] of decodePositions(data)) {
        const list = found.get(page)
        if (list) list.push(...positions)
        else found.set(page, [...positions])
      }
    }
    for (const list of found.values()) list.sort((a, b) => a - b)
  }
  for (const [page, positions] of found) {
    const match = countOccurrences(positions, text.length)
    if (match) out.set(page, match)
  }
  return out
}
