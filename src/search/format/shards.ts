/**
 * The sharded search index: what the build writes and what a query reads from it. Pure code,
 * shared by the build (which makes the shards) and the browser (which ranks from them).
 *
 * The first part (`SearchManifest`) holds only where each item lies. Everything a query ranks
 * by sits in buckets found by hashing a key, so a query downloads only the buckets of its own
 * keys. Two families of buckets, so a query never pays for the other kind:
 *
 * - character buckets (`c<k>`), read by one-character terms: per CJK character and per
 *   first letter of Latin words, how often it occurs in each page's body (up to
 *   BODY_COUNT_CAP) and where first;
 * - gram buckets (`g<k>`), read by longer terms: every position of each CJK bigram in each
 *   body (a longer term occurs where its bigrams at offsets 0, 2, 4… and L−2 all occur, so its
 *   exact occurrences come from positions alone), and every position where each Latin word
 *   starts (keyed by its first two letters: a term matches the words it begins). A bigram list
 *   past TIER_BYTES is held in two tiers instead, in packs of their own, the bucket holding a
 *   stub (`search-tiers.ts`): a query reads the part its term needs and ranks on bounds.
 *
 * The fields (titles and headings) have buckets of their own (`fc<k>`, `fg<k>`), read first: the
 * same keys' postings, every position, with the field's length and whether it could equal a
 * query (`FieldMeta`). That is all ranking reads of a field, so the fields' texts are stored
 * once, in records (`r<k>`, RECORD_PAGES pages each: title, path, headings, and the size of each
 * page's body text), fetched only for the pages a query shows. A page's body text (`t<page>`)
 * follows its record in the pack; a query reads it only for the pages it shows an excerpt of.
 * Records and texts are deflated with a preset dictionary (`d`).
 *
 * From these a query gets, for every page, exactly what ranking reads of its title, headings
 * and body (`rankHits` over `RankField`s and `BodyMatch`es).
 *
 * Items are stored deflated, end to end, in a few packs of about PACK_TARGET_BYTES: a query
 * reads the byte ranges of its own items (a whole pack, once, from a host that ignores ranges).
 */
import { BODY_COUNT_CAP, MAX_QUERY, isCjk, isWordChar, type BodyMatch, type RankField, type Term } from './rank.js'

/** The format's version (FORMAT.md): the first part's `v`. */
export const FORMAT_VERSION = 6

/** The first part: `search-index.json` (one address, revalidated), fetched when the search box is first focused. */
export interface SearchManifest {
  v: typeof FORMAT_VERSION
  /** URL of the pack folder (ends in `/`; its name is a hash of the whole index). */
  s: string
  /** Number of buckets of each part: bodies' character and gram buckets, fields' character and gram buckets. */
  n: Record<Part, number>
  /** Number of pages, and of pages per record. */
  p: number
  r: number
  /**
   * Sizes in bytes, as stored, in pack order: every bucket (character buckets, then gram
   * buckets), the dictionary, the page lengths, then of every record its size and the size of the texts that follow it. Varints of
   * 6 bits a character (`encodeSizes`): a third of the room JSON numbers take.
   */
  z: string
  /**
   * The kinds of item stored as they are (their names' letters: `c`, `g`, `fc`, `fg` buckets and
   * `x` tier parts, bit-coded lists that DEFLATE does not shrink); every other item is raw DEFLATE.
   */
  raw: string[]
  /** Index of the first item of each pack (buckets, the dictionary, the lengths and records counted, texts not). Tier packs follow these, numbered from `k.length`. */
  k: number[]
}

/** Character buckets (`c`) and gram buckets (`g`). */
export type Family = 'c' | 'g'
/** The buckets of bodies (`c`, `g`) and of fields (`fc`, `fg`): a query whose titles and headings fill its suggestions reads no body bucket. */
export type Part = Family | `f${Family}`
export const PARTS: Part[] = ['c', 'g', 'fc', 'fg']

/** A key and the family of buckets it is stored in. */
export interface ShardKey {
  family: Family
  key: string
}

/**
 * What a bucket stores under a key, by kind: in bodies, character counts (`[page Δ, count,
 * first]…`), bigram and word positions (`[page Δ, n, position Δ × n]…`); in fields, the positions
 * of characters, bigrams and words (`[page Δ, field, meta…, n, position Δ × n]…`, field 0 the
 * title, n + 1 heading n). Coded as `listValues` reads them.
 */
export const enum Kind {
  BodyChar = 0,
  BodyGram = 1,
  BodyWord = 2,
  FieldChar = 3,
  FieldGram = 4,
  FieldWord = 5,
  /** A large bigram list of the bodies, stored in two tiers: where its tier lies (`search-tiers.ts`). */
  BodyTier = 6,
}

/** A record: per page [title, path, headings as [title, slug when not slugify(title)], body text bytes (deflated)]. */
export type SearchRecord = [title: string, path: string, headings: ([string] | [string, string])[], text: number][]

/** Pages per record. */
export const RECORD_PAGES = 8

const partOf = (family: Family, fields: boolean): Part => (fields ? `f${family}` : family)
/** Bucket of a key, among the bodies' buckets or the fields'. */
export const bucketOf = (m: SearchManifest, { family, key }: ShardKey, fields = false): number => hashKey(key, m.n[partOf(family, fields)])
/**
 * Items are named by what they hold: `c<k>`, `g<k>`, `fc<k>`, `fg<k>` (buckets), `d` (the preset dictionary records
 * and texts are deflated with: the start of the first pages' texts), `r<k>` (records) and
 * `t<page>` (a page's body text, UTF-8).
 */
export const DICTIONARY_ITEM = 'd'
/** Every page's body length (`lengthUnits`, one byte a page), read with the bodies' buckets: their ranking needs it. */
export const LENGTHS_ITEM = 'l'

/** The letters an item's name starts with: its kind. */
export const itemKind = (item: string): string => /^[a-z]*/.exec(item)![0]
/** Kinds of item the build stores raw (`SearchManifest.raw`). */
export const RAW_ITEMS = ['c', 'g', 'fc', 'fg', 'x', 'l']

export const bucketItem = (m: SearchManifest, k: ShardKey, fields = false): string => `${partOf(k.family, fields)}${bucketOf(m, k, fields)}`
export const recordItem = (m: SearchManifest, page: number): string => `r${Math.floor(page / m.r)}`
export const textItem = (page: number): string => `t${page}`
/** Bytes `[start, end)` of tier pack `pack` (counted after the packs of `k`): part of a large bigram's tier (`search-tiers.ts`). */
export const tierItem = (pack: number, start: number, end: number): string => `x${pack}-${start}-${end}`

/** Where an item lies: its pack's URL and its byte range in it (`end` exclusive). */
export interface ItemLocation {
  url: string
  start: number
  end: number
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/** Unsigned integers as varints of 6 bits a character (the sizes in the first part: short, and gzip well). */
export function encodeSizes(sizes: number[]): string {
  let out = ''
  for (let v of sizes) {
    while (v >= 32) {
      out += B64[32 | (v & 31)]
      v = Math.floor(v / 32)
    }
    out += B64[v]
  }
  return out
}

export function decodeSizes(text: string): number[] {
  const out: number[] = []
  let v = 0
  let scale = 1
  for (let i = 0; i < text.length; i++) {
    const d = B64.indexOf(text[i])
    if (d < 0) throw new Error('search index: bad sizes')
    v += (d & 31) * scale
    if (d & 32) scale *= 32
    else {
      out.push(v)
      v = 0
      scale = 1
    }
  }
  return out
}

/**
 * Locates items by name in the packs of `m`. A text lies right after its record: its place comes
 * from the record's sizes (`record` gives the record of a page once fetched).
 */
export function itemLocator(m: SearchManifest, record: (page: number) => SearchRecord | undefined = () => undefined): (item: string) => ItemLocation {
  const locations: ItemLocation[] = []
  const sizes = decodeSizes(m.z)
  const buckets = PARTS.reduce((n, part) => n + m.n[part], 0)
  let pack = -1
  let at = 0
  for (let i = 0, item = 0; i < sizes.length; item++) {
    if (m.k[pack + 1] === item) {
      pack++
      at = 0
    }
    const start = at
    locations.push({ url: `${m.s}${pack}.bin`, start, end: (at += sizes[i++]) })
    // A record's texts follow it.
    if (item > buckets + 1) at += sizes[i++]
  }
  const located = (index: number, item: string) => {
    const location = locations[index]
    if (!location) throw new Error(`search index: no item ${item}`)
    return location
  }
  return (item) => {
    if (item === DICTIONARY_ITEM) return located(buckets, item)
    if (item === LENGTHS_ITEM) return located(buckets + 1, item)
    const tier = /^x(\d+)-(\d+)-(\d+)$/.exec(item)
    if (tier) return { url: `${m.s}${m.k.length + Number(tier[1])}.bin`, start: Number(tier[2]), end: Number(tier[3]) }
    const [, prefix, digits] = /^([a-z]+)(\d+)$/.exec(item) ?? []
    const n = Number(digits)
    if (!prefix) throw new Error(`search index: no item ${item}`)
    let first = 0
    for (const part of PARTS) {
      if (prefix === part) return n < m.n[part] ? located(first + n, item) : located(-1, item)
      first += m.n[part]
    }
    if (prefix === 'r') return located(buckets + 2 + n, item)
    if (prefix !== 't') throw new Error(`search index: no item ${item}`)
    const group = Math.floor(n / m.r)
    const { url, end } = located(buckets + 2 + group, item)
    const pages = record(n)
    if (!pages?.[n - group * m.r]) throw new Error(`search index: no item ${item}`)
    let start = end
    for (let p = group * m.r; p < n; p++) start += pages[p - group * m.r][3]
    return { url, start, end: start + pages[n - group * m.r][3] }
  }
}

const FNV_OFFSET = 0x811c9dc5
const FNV_PRIME = 0x01000193
function mixHash(h: number, buckets: number): number {
  h ^= h >>> 15
  h = Math.imul(h, 0x2c1b3c6d)
  h ^= h >>> 12
  return (h >>> 0) % buckets
}

/** FNV-1a over UTF-16 units with a final mix, so build and browser agree. */
export function hashKey(key: string, buckets: number): number {
  let h = FNV_OFFSET
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), FNV_PRIME)
  return mixHash(h, buckets)
}

/** `hashKey` of one UTF-16 unit, or two, without making the string (the build hashes every position of large lists). */
export function hashUnits(buckets: number, a: number, b = -1): number {
  let h = Math.imul(FNV_OFFSET ^ a, FNV_PRIME)
  if (b >= 0) h = Math.imul(h ^ b, FNV_PRIME)
  return mixHash(h, buckets)
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
    const word = latinWordAt(low, i)
    if (!word) continue
    visit.char(word.first, i)
    if (word.key) visit.word(word.text, word.key, i)
  }
}

/**
 * The Latin word starting at `i` (after a unit that is not a word character), as `scanKeys`
 * reads it: its first letter (a code point), its text, and its key (first two letters) when it
 * has two or more; none when `i` holds no word character.
 */
export function latinWordAt(low: string, i: number): { first: string; text: string; key?: string } | undefined {
  const first = String.fromCodePoint(low.codePointAt(i)!)
  if (!isWordChar(first)) return undefined
  let end = i + first.length
  let second = ''
  // A query term is at most MAX_QUERY units long, so a longer word is told apart by its start.
  while (end < low.length && end - i < MAX_QUERY) {
    const cp = String.fromCodePoint(low.codePointAt(end)!)
    if (!isWordChar(cp)) break
    second ||= cp
    end += cp.length
  }
  return second ? { first, text: low.slice(i, end), key: first + second } : { first, text: first }
}

/**
 * What ranking needs of a field beyond positions: its length, and when its trimmed text is
 * terms joined by single spaces (`plain`: a query can equal it), where it starts and ends and how
 * many terms it has. Stored as small numbers: length × 4 + tag (0: not plain; 1: plain and not
 * padded, then the count; 2: plain, then lead, trail and count).
 */
export interface FieldMeta {
  length: number
  plain?: { lead: number; trail: number; count: number }
}

/** The terms of text as `parseQuery` splits it (runs of CJK characters, runs of word characters), none dropped. */
function runs(low: string): string[] {
  const out: string[] = []
  let run = ''
  let runCjk = false
  for (const c of low) {
    const cjk = isCjk(c)
    if (!cjk && !isWordChar(c)) {
      if (run) out.push(run)
      run = ''
      continue
    }
    if (run && cjk !== runCjk) {
      out.push(run)
      run = ''
    }
    runCjk = cjk
    run += c
  }
  if (run) out.push(run)
  return out
}

export function fieldMeta(low: string): FieldMeta {
  const trimmed = low.trim()
  const parts = runs(trimmed)
  if (!parts.length || parts.join(' ') !== trimmed) return { length: low.length }
  const lead = low.length - low.trimStart().length
  return { length: low.length, plain: { lead, trail: low.length - lead - trimmed.length, count: parts.length } }
}

/** Offsets of the bigrams that pin down a CJK term of `length` ≥ 2: 0, 2, 4… and length − 2. */
export function gramOffsets(length: number): number[] {
  const offsets: number[] = []
  for (let o = 0; o + 2 <= length; o += 2) offsets.push(o)
  if (length % 2) offsets.push(length - 2)
  return offsets
}

/** The keys a term reads. */
export function termKeys(term: Term): ShardKey[] {
  const { text } = term
  if (term.cjk) return text.length === 1 ? [{ family: 'c', key: text }] : gramOffsets(text.length).map((o) => ({ family: 'g', key: text.slice(o, o + 2) }))
  const [a, b] = [...text]
  return [b === undefined ? { family: 'c', key: a } : { family: 'g', key: a + b }]
}

/** A bucket, parsed: the postings of each kind and key, and the words of each word kind (looked up by prefix). */
export interface Bucket {
  lists: Map<string, Uint8Array>
  words: Map<Kind, [word: string, data: Uint8Array][]>
}

/** Reads unsigned varints. */
export class VarReader {
  at: number
  constructor(
    readonly bytes: Uint8Array,
    at = 0,
    readonly end = bytes.length,
  ) {
    this.at = at
  }
  get more(): boolean {
    return this.at < this.end
  }
  next(): number {
    let v = 0
    let scale = 1
    for (;;) {
      const b = this.bytes[this.at++]
      if (b === undefined) throw new Error('search index: truncated item')
      v += (b & 127) * scale
      if (b < 128) return v
      scale *= 128
    }
  }
}

/** How a list's values are coded: small numbers (Elias gamma of v + 1); first positions, gaps between positions and page deltas (Rice codes, a parameter each a list). */
export const enum Code {
  Small = 0,
  First = 1,
  Gap = 2,
  Page = 3,
}

/**
 * Steps through the values of a list of `kind` in order: `value(code)` gives the next one (read
 * or written), and the walk reads it to know what follows. The one description of every list's
 * layout, shared by the writer and the reader.
 */
export function walkList(kind: Kind, entries: number, value: (code: Code) => number): void {
  for (let e = 0; e < entries; e++) {
    value(Code.Page) // page Δ
    if (kind === Kind.BodyChar) {
      value(Code.Small) // count
      value(Code.First)
      continue
    }
    if (kind >= Kind.FieldChar) {
      value(Code.Small) // field
      const meta = value(Code.Small)
      const extra = meta % 4 === 1 ? 1 : meta % 4 === 2 ? 3 : 0
      for (let i = 0; i < extra; i++) value(Code.Small)
    }
    const n = value(Code.Small)
    for (let i = 0; i < n; i++) value(i ? Code.Gap : Code.First)
  }
}

/** Reads bits, most significant first, from `bytes[from, end)`. */
class BitReader {
  private at: number
  private readonly stop: number
  constructor(
    private readonly bytes: Uint8Array,
    from: number,
    end: number,
  ) {
    this.at = from * 8
    this.stop = end * 8
  }
  private bit(): number {
    if (this.at >= this.stop) throw new Error('search index: truncated list')
    const b = (this.bytes[this.at >> 3] >> (7 - (this.at & 7))) & 1
    this.at++
    return b
  }
  private bits(n: number): number {
    let v = 0
    for (let i = 0; i < n; i++) v = v * 2 + this.bit()
    return v
  }
  gamma(): number {
    let zeros = 0
    while (!this.bit()) zeros++
    return 2 ** zeros + this.bits(zeros) - 1
  }
  rice(k: number): number {
    let q = 0
    while (this.bit()) q++
    return q * 2 ** k + this.bits(k)
  }
}

/**
 * A list's values: stored as [entries (varint), Rice parameters of first positions and gaps (a
 * byte), of page deltas (a byte), the values' codes (bits)]. Positions spread over a page's text: Rice codes take about
 * four fifths of what varints took once deflated.
 */
export function listValues(kind: Kind, data: Uint8Array): ValueReader {
  const r = new VarReader(data)
  const entries = r.next()
  const params = data[r.at]
  const bits = new BitReader(data, r.at + 2, data.length)
  const k = [0, params >> 4, params & 15, data[r.at + 1]]
  const out: number[] = []
  walkList(kind, entries, (code) => {
    const v = code === Code.Small ? bits.gamma() : bits.rice(k[code])
    out.push(v)
    return v
  })
  return new ValueReader(out)
}

/** Steps through numbers. */
export class ValueReader {
  private at = 0
  constructor(private readonly values: number[]) {}
  get more(): boolean {
    return this.at < this.values.length
  }
  next(): number {
    if (this.at >= this.values.length) throw new Error('search index: truncated list')
    return this.values[this.at++]
  }
}

/** UTF-8 of a key (short: decoded here, as shared code has no TextDecoder). */
function decodeKey(bytes: Uint8Array, from: number, to: number): string {
  let out = ''
  for (let i = from; i < to; ) {
    const b = bytes[i++]
    const extra = b < 0x80 ? 0 : b < 0xe0 ? 1 : b < 0xf0 ? 2 : 3
    let cp = extra ? b & (0x3f >> extra) : b
    for (let k = 0; k < extra; k++) cp = (cp << 6) | (bytes[i++] & 0x3f)
    out += String.fromCodePoint(cp)
  }
  return out
}

/** A bucket's bytes: entries of [kind, key length, key (UTF-8), data length, data]. */
export function parseBucket(bytes: Uint8Array): Bucket {
  const lists = new Map<string, Uint8Array>()
  const words = new Map<Kind, [string, Uint8Array][]>()
  const r = new VarReader(bytes)
  while (r.more) {
    const kind = r.next() as Kind
    const keyLength = r.next()
    const key = decodeKey(bytes, r.at, (r.at += keyLength))
    const dataLength = r.next()
    const data = bytes.subarray(r.at, (r.at += dataLength))
    lists.set(kind + key, data)
    if (kind === Kind.BodyWord || kind === Kind.FieldWord) (words.get(kind) ?? words.set(kind, []).get(kind)!).push([key, data])
  }
  return { lists, words }
}

/** A field's id: page × 2¹⁶ + field (0 the title, n + 1 heading n). */
export const fieldId = (page: number, field: number) => page * 65536 + field

/** Positions lists: page (bodies) or field id (fields) → sorted positions; field metas gathered into `metas`. */
export function decodePositions(kind: Kind, data: Uint8Array | undefined, fields: Map<number, FieldMeta> | undefined): Map<number, number[]> {
  const out = new Map<number, number[]>()
  if (!data) return out
  const r = listValues(kind, data)
  let page = 0
  while (r.more) {
    page += r.next()
    let id = page
    if (fields) {
      id = fieldId(page, r.next())
      const v = r.next()
      const tag = v % 4
      const meta: FieldMeta = { length: Math.floor(v / 4) }
      if (tag === 1) meta.plain = { lead: 0, trail: 0, count: r.next() }
      else if (tag === 2) meta.plain = { lead: r.next(), trail: r.next(), count: r.next() }
      fields.set(id, meta)
    }
    const n = r.next()
    const positions: number[] = new Array(n)
    for (let k = 0, at = 0; k < n; k++) positions[k] = at += r.next()
    out.set(id, positions)
  }
  return out
}

/** Non-overlapping occurrences, as `find` steps through text: each match searched from the end of the last. */
export function countOccurrences(sorted: number[], length: number): BodyMatch | null {
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

/** Finds a key's bucket (fetched before). */
export type BucketOf = (key: ShardKey) => Bucket

/** Every position where `term` occurs (as `find` finds it), per page (bodies) or field id (fields), sorted. */
function termPositions(term: Term, bucketOf: BucketOf, field: boolean, metas?: Map<number, FieldMeta>): Map<number, number[]> {
  const keys = termKeys(term)
  const { text } = term
  const fields = field ? metas : undefined
  if ([...text].length === 1) return decodePositions(Kind.FieldChar, bucketOf(keys[0]).lists.get(Kind.FieldChar + text), fields)
  const found = new Map<number, number[]>()
  if (term.cjk) {
    const offsets = gramOffsets(text.length)
    const kind = field ? Kind.FieldGram : Kind.BodyGram
    const lists = keys.map((k) => decodePositions(kind, bucketOf(k).lists.get(kind + k.key), fields))
    for (const [id, starts] of lists[0]) {
      const rest = lists.slice(1).map((l) => l.get(id))
      if (rest.some((r) => !r)) continue
      const sets = rest.map((r) => new Set(r))
      const hits = starts.filter((at) => sets.every((s, k) => s.has(at + offsets[k + 1])))
      if (hits.length) found.set(id, hits)
    }
    return found
  }
  const wordKind = field ? Kind.FieldWord : Kind.BodyWord
  for (const [word, data] of bucketOf(keys[0]).words.get(wordKind) ?? []) {
    if (!word.startsWith(text)) continue
    for (const [id, positions] of decodePositions(wordKind, data, fields)) {
      const list = found.get(id)
      if (list) list.push(...positions)
      else found.set(id, [...positions])
    }
  }
  for (const list of found.values()) list.sort((a, b) => a - b)
  return found
}

/**
 * Where `term` occurs in each page's body, from the buckets of its keys (`bucketOf` gives the
 * bucket a key hashes to; it must have been fetched). Pages without the term are absent.
 */
export function termMatches(term: Term, bucketOf: BucketOf): Map<number, BodyMatch> {
  const out = new Map<number, BodyMatch>()
  const { text } = term
  if ([...text].length === 1) {
    // One character: counted per character (a CJK one wherever it is, a letter where it starts a word).
    const data = bucketOf(termKeys(term)[0]).lists.get(Kind.BodyChar + text)
    if (!data) return out
    const r = listValues(Kind.BodyChar, data)
    for (let page = 0; r.more; ) out.set((page += r.next()), { count: r.next(), first: r.next() })
    return out
  }
  for (const [page, positions] of termPositions(term, bucketOf, false)) {
    const match = countOccurrences(positions, text.length)
    if (match) out.set(page, match)
  }
  return out
}

/** A field read from postings: the positions of each query term in it. */
class PostedField implements RankField {
  readonly length: number
  constructor(
    private readonly meta: FieldMeta,
    private readonly positions: Map<Term, number[]>,
  ) {
    this.length = meta.length
  }
  find(term: Term): number {
    return this.positions.get(term)?.[0] ?? -1
  }
  /**
   * The trimmed field equals the terms joined by spaces exactly when it is plain, has as many
   * terms as the query and as many units as the joined terms, and each term occurs where it
   * would stand there: its spaces (count − 1, none inside a term) then fill the gaps.
   */
  exact(terms: Term[], joined: string): boolean {
    const plain = this.meta.plain
    if (!plain || plain.count !== terms.length || this.length - plain.lead - plain.trail !== joined.length) return false
    let at = plain.lead
    for (const t of terms) {
      if (!this.positions.get(t)?.includes(at)) return false
      at += t.text.length + 1
    }
    return true
  }
}

const NO_FIELD: RankField = { length: 0, find: () => -1, exact: () => false }

/**
 * The pages a query can rank, with their title and headings read from the postings of its terms
 * (`bucketOf` gives a key's field bucket), and the pages whose body holds a term.
 */
export function postedPages(terms: Term[], bucketOf: BucketOf, bodies: Map<number, BodyMatch>[]): { order: number; title: RankField; headers: [number, RankField][] }[] {
  const metas = new Map<number, FieldMeta>()
  const byField = new Map<number, Map<Term, number[]>>()
  for (const term of terms) {
    for (const [id, positions] of termPositions(term, bucketOf, true, metas)) (byField.get(id) ?? byField.set(id, new Map()).get(id)!).set(term, positions)
  }
  const pages = new Map<number, { order: number; title: RankField; headers: [number, RankField][] }>()
  const page = (order: number) => pages.get(order) ?? pages.set(order, { order, title: NO_FIELD, headers: [] }).get(order)!
  for (const [id, positions] of [...byField].sort((a, b) => a[0] - b[0])) {
    const p = page(Math.floor(id / 65536))
    const f = id % 65536
    const field = new PostedField(metas.get(id)!, positions)
    if (f === 0) p.title = field
    else p.headers.push([f - 1, field])
  }
  for (const matches of bodies) for (const order of matches.keys()) page(order)
  return [...pages.values()]
}
