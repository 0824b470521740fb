import { deflateRawSync } from 'node:zlib'
import { BODY_COUNT_CAP, fold, type SearchEntry } from '../../shared/search.js'
import { Code, PARTS, RECORD_PAGES, VarReader, encodeSizes, fieldMeta, hashKey, Kind, scanKeys, walkList, type Part, type SearchManifest, type SearchRecord } from '../../shared/search-shards.js'
import { slugify } from '../../shared/slug.js'

/**
 * Average bucket size aimed at (bytes of postings, before deflating). A query reads one to
 * three buckets, so at 2,000 pages its first download stays well under 100 KB with the first part.
 */
export const BUCKET_TARGET_BYTES = 4 * 1024
/** Past this the first part grows with every bucket while a query's keys already fill theirs. */
const MAX_BUCKETS = 2048
/**
 * Size a pack grows to (deflated items end to end). Queries read byte ranges, so a pack's size
 * costs them nothing; it bounds what one item costs on a host that ignores ranges, and the
 * number of files (about 25 packs at 2,000 pages, 125 at 10,000).
 */
export const PACK_TARGET_BYTES = 512 * 1024
/**
 * The preset dictionary records and page texts are deflated with: the start of the first pages'
 * texts, up to this many bytes. Pages of one site share most of their words, so each small text
 * deflates to about two thirds with it; a query fetches it (about 6 KB) once, with its buckets.
 */
export const DICTIONARY_BYTES = 16 * 1024
const DICTIONARY_SLICE = 300

export interface SearchShards {
  manifest: SearchManifest
  /** Folder-relative pack names (`<k>.bin`) and their bytes. */
  files: [name: string, data: Uint8Array][]
}

/** Unsigned varints appended to a buffer that grows as needed. */
class ByteList {
  bytes = new Uint8Array(16)
  length = 0
  /** The page of the last entry (entries are delta-coded by page). */
  page = 0
  entries = 0
  private room(n: number): void {
    if (this.length + n <= this.bytes.length) return
    const next = new Uint8Array(Math.max(this.bytes.length * 2, this.length + n))
    next.set(this.bytes.subarray(0, this.length))
    this.bytes = next
  }
  push(v: number): void {
    this.room(8)
    while (v >= 128) {
      this.bytes[this.length++] = (v & 127) | 128
      v = Math.floor(v / 128)
    }
    this.bytes[this.length++] = v
  }
  byte(b: number): void {
    this.room(1)
    this.bytes[this.length++] = b
  }
  append(bytes: Uint8Array): void {
    this.room(bytes.length)
    this.bytes.set(bytes, this.length)
    this.length += bytes.length
  }
  /** Starts an entry of `page`: its delta from the last. */
  start(page: number): void {
    this.entries++
    this.push(page - this.page)
    this.page = page
  }
  positions(at: number[]): void {
    this.push(at.length)
    for (let k = 0; k < at.length; k++) this.push(at[k] - (k ? at[k - 1] : 0))
  }
  get data(): Uint8Array {
    return this.bytes.subarray(0, this.length)
  }
}

/** Bits, most significant first. */
class BitWriter {
  private readonly out = new ByteList()
  private acc = 0
  private count = 0
  /** Writes the low `n` (≤ 24) bits of `v`. */
  private write(v: number, n: number): void {
    this.acc = (this.acc << n) | v
    this.count += n
    while (this.count >= 8) {
      this.count -= 8
      this.out.byte((this.acc >>> this.count) & 255)
    }
    this.acc &= (1 << this.count) - 1
  }
  gamma(v: number): void {
    const x = v + 1
    const n = 31 - Math.clz32(x)
    this.write(0, n)
    this.write(x, n + 1)
  }
  rice(v: number, k: number): void {
    for (let q = v >>> k; q > 0; q -= 24) this.write((1 << Math.min(q, 24)) - 1, Math.min(q, 24))
    this.write(0, 1)
    this.write(v & ((1 << k) - 1), k)
  }
  get data(): Uint8Array {
    if (this.count) this.write(0, 8 - this.count)
    return this.out.data
  }
}

/** The Rice parameter that codes `values` shortest (near log2 of their mean). */
function riceParameter(values: number[]): number {
  if (!values.length) return 0
  let sum = 0
  for (const v of values) sum += v
  const guess = Math.max(0, Math.floor(Math.log2(sum / values.length + 1)) - 1)
  let best = guess
  let bestBits = Infinity
  for (let k = Math.max(0, guess - 1); k <= Math.min(15, guess + 2); k++) {
    let bits = 0
    for (const v of values) bits += (v >>> k) + 1 + k
    if (bits < bestBits) [best, bestBits] = [k, bits]
  }
  return best
}

/** A list's varints as stored (see `listValues` in shared/search-shards.ts). */
function packList(kind: Kind, list: ByteList): Uint8Array {
  const r = new VarReader(list.data)
  const values: number[] = []
  const codes: Code[] = []
  walkList(kind, list.entries, (code) => {
    const v = r.next()
    values.push(v)
    codes.push(code)
    return v
  })
  const byCode: number[][] = [[], [], [], []]
  values.forEach((v, i) => byCode[codes[i]].push(v))
  const k = byCode.map((list, code) => (code ? riceParameter(list) : 0))
  const out = new ByteList()
  out.push(list.entries)
  out.append(Uint8Array.of((k[1] << 4) | k[2], k[3]))
  const bits = new BitWriter()
  values.forEach((v, i) => (codes[i] === Code.Small ? bits.gamma(v) : bits.rice(v, k[codes[i]])))
  out.append(bits.data)
  return out.data
}

/** Every key of one folded text: single characters with their positions, bigrams and words with theirs. */
function keysOf(low: string) {
  const chars = new Map<string, number[]>()
  const grams = new Map<string, number[]>()
  const words = new Map<string, { key: string; at: number[] }>()
  const push = (map: Map<string, number[]>, key: string, at: number) => {
    const list = map.get(key)
    if (list) list.push(at)
    else map.set(key, [at])
  }
  scanKeys(low, {
    char: (key, at) => push(chars, key, at),
    gram: (key, at) => push(grams, key, at),
    word(word, key, at) {
      const w = words.get(word)
      if (w) w.at.push(at)
      else words.set(word, { key, at: [at] })
    },
  })
  return { chars, grams, words }
}

/** One posting list: its kind, the key it is stored under, and the key its bucket is found by. */
interface List {
  kind: Kind
  name: string
  key: string
  list: ByteList
}

const utf8 = new TextEncoder()

/**
 * Makes the search index one page at a time (`add`, in index order), keeping only postings as
 * varints, the records' texts and the deflated page texts; `finish` packs them (see
 * `shared/search-shards.ts`).
 */
export class SearchIndexBuilder {
  /** Lists by kind, then name. */
  private readonly lists: Map<string, List>[] = Array.from({ length: 6 }, () => new Map())
  private readonly parts: Record<Part, List[]> = { c: [], g: [], fc: [], fg: [] }
  private readonly records: SearchRecord[number][] = []
  /** Page texts, deflated with the dictionary (UTF-8, until the dictionary is complete). */
  private readonly texts: Uint8Array[] = []
  private dictionary: Buffer | undefined
  private dictionaryParts: Buffer[] = []
  private dictionaryBytes = 0

  constructor(
    private readonly target = BUCKET_TARGET_BYTES,
    private readonly packTarget = PACK_TARGET_BYTES,
  ) {}

  private list(part: Part, kind: Kind, key: string, name = key): ByteList {
    let l = this.lists[kind].get(name)
    if (!l) {
      l = { kind, name, key, list: new ByteList() }
      this.lists[kind].set(name, l)
      this.parts[part].push(l)
    }
    return l.list
  }

  /** Adds the next page. */
  add(entry: SearchEntry): void {
    const page = this.records.length
    const body = keysOf(fold(entry.x))
    // Counts are kept up to the cap ranking reads; the first position is exact.
    for (const [key, at] of body.chars) {
      const l = this.list('c', Kind.BodyChar, key)
      l.start(page)
      l.push(Math.min(at.length, BODY_COUNT_CAP))
      l.push(at[0])
    }
    for (const [key, at] of body.grams) {
      const l = this.list('g', Kind.BodyGram, key)
      l.start(page)
      l.positions(at)
    }
    for (const [word, { key, at }] of body.words) {
      const l = this.list('g', Kind.BodyWord, key, word)
      l.start(page)
      l.positions(at)
    }
    ;[entry.t, ...entry.h.map(([title]) => title)].forEach((text, field) => {
      const low = fold(text)
      const keys = keysOf(low)
      // A field with no letter, digit or CJK character has no key: no query can match it.
      if (!keys.chars.size) return
      const meta = fieldMeta(low)
      const head = (l: ByteList) => {
        l.start(page)
        l.push(field)
        const tag = !meta.plain ? 0 : meta.plain.lead || meta.plain.trail ? 2 : 1
        l.push(meta.length * 4 + tag)
        if (tag === 2) {
          l.push(meta.plain!.lead)
          l.push(meta.plain!.trail)
        }
        if (tag) l.push(meta.plain!.count)
      }
      for (const [key, at] of keys.chars) {
        const l = this.list('fc', Kind.FieldChar, key)
        head(l)
        l.positions(at)
      }
      for (const [key, at] of keys.grams) {
        const l = this.list('fg', Kind.FieldGram, key)
        head(l)
        l.positions(at)
      }
      for (const [word, { key, at }] of keys.words) {
        const l = this.list('fg', Kind.FieldWord, key, word)
        head(l)
        l.positions(at)
      }
    })
    const text = Buffer.from(entry.x)
    if (this.dictionary) this.texts.push(this.deflate(text))
    else {
      this.texts.push(text)
      const slice = Buffer.from(entry.x.slice(0, DICTIONARY_SLICE))
      this.dictionaryParts.push(slice)
      this.dictionaryBytes += slice.length
      if (this.dictionaryBytes >= DICTIONARY_BYTES) this.completeDictionary()
    }
    this.records.push([entry.t, entry.p, entry.h.map(([title, slug]) => (slug === slugify(title) ? [title] : [title, slug])), 0])
  }

  /** The dictionary from the texts so far; the texts kept as they were are deflated with it. */
  private completeDictionary(): void {
    this.dictionary = Buffer.concat(this.dictionaryParts).subarray(0, DICTIONARY_BYTES)
    this.dictionaryParts = []
    this.texts.forEach((text, i) => (this.texts[i] = this.deflate(text)))
  }

  private deflate(data: Uint8Array | string): Buffer {
    return deflateRawSync(data, { level: 9, dictionary: this.dictionary })
  }

  /** Packs the index; `dirUrl` is where the packs will be served from. */
  finish(dirUrl: string): SearchShards {
    const n = { c: 0, g: 0, fc: 0, fg: 0 }
    for (const part of PARTS) n[part] = this.bucketCount(this.parts[part])
    const sizes: number[] = []
    const k: number[] = []
    const files: [string, Uint8Array][] = []
    let pack: Uint8Array[] = []
    let size = 0
    let items = 0
    const close = () => {
      if (pack.length) files.push([`${files.length}.bin`, Buffer.concat(pack)])
      pack = []
      size = 0
    }
    /** Adds an item (a bucket or a record) with what follows it in the same pack (a record's texts). */
    const add = (data: Uint8Array, isRecord: boolean, following: Uint8Array[] = [], startPack = false) => {
      if (size >= this.packTarget || startPack) close()
      if (!pack.length) k.push(items)
      items++
      pack.push(data, ...following)
      sizes.push(data.length)
      const rest = following.reduce((a, f) => a + f.length, 0)
      if (isRecord) sizes.push(rest)
      size += data.length + rest
    }
    for (const part of PARTS) for (const bucket of this.buckets(this.parts[part], n[part])) add(deflateRawSync(bucket, { level: 9 }), false)
    if (!this.dictionary) this.completeDictionary()
    // The dictionary, records and texts start a pack of their own: a host that ignores ranges sends buckets and texts apart.
    add(deflateRawSync(this.dictionary!, { level: 9 }), false, [], true)
    for (let first = 0; first < this.records.length; first += RECORD_PAGES) {
      const texts = this.texts.slice(first, first + RECORD_PAGES)
      const pages = this.records.slice(first, first + RECORD_PAGES).map((r, i): SearchRecord[number] => [r[0], r[1], r[2], texts[i].length])
      add(this.deflate(JSON.stringify(pages)), true, texts)
    }
    close()
    return { manifest: { v: 4, s: dirUrl, n, p: this.records.length, r: RECORD_PAGES, z: encodeSizes(sizes), k }, files }
  }

  /**
   * Smallest power of two of buckets whose average size is at most the target; no more than
   * there are keys (a few hundred characters fill few buckets: an empty one still costs the first part its size).
   */
  private bucketCount(lists: List[]): number {
    let total = 0
    for (const l of lists) total += l.name.length * 3 + 4 + l.list.length
    const keys = new Set(lists.map((l) => l.key)).size
    let n = 1
    while (n < MAX_BUCKETS && n < keys && total / n > this.target) n *= 2
    return n
  }

  /** One family of buckets: every list in the bucket of its key, in kind then key order. */
  private buckets(lists: List[], n: number): Uint8Array[] {
    const byBucket: List[][] = Array.from({ length: n }, () => [])
    for (const l of lists) byBucket[hashKey(l.key, n)].push(l)
    return byBucket.map((bucket) => {
      bucket.sort((a, b) => a.kind - b.kind || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      const out = new ByteList()
      for (const { kind, name, list } of bucket) {
        const key = utf8.encode(name)
        out.push(kind)
        out.push(key.length)
        out.append(key)
        const data = packList(kind, list)
        out.push(data.length)
        out.append(data)
      }
      return out.data
    })
  }
}

/**
 * Splits the search index into a small first part and packs of deflated buckets, records and
 * page texts (see `shared/search-shards.ts`). `dirUrl` is where the packs will be served from; the
 * number of buckets grows with the index, so each stays near `target` bytes before deflating.
 */
export function buildSearchShards(entries: Iterable<SearchEntry>, dirUrl: string, target = BUCKET_TARGET_BYTES, packTarget = PACK_TARGET_BYTES): SearchShards {
  const builder = new SearchIndexBuilder(target, packTarget)
  for (const entry of entries) builder.add(entry)
  return builder.finish(dirUrl)
}
