import { createHash, hash } from 'node:crypto'
import { deflateRawSync, inflateRawSync } from 'node:zlib'
import { BODY_COUNT_CAP, fold, lengthUnits, type SearchEntry } from '../format/rank.js'
import { Code, FORMAT_VERSION, PARTS, RAW_ITEMS, RECORD_PAGES, VarReader, encodeSizes, fieldMeta, hashKey, Kind, scanKeys, walkList, type Part, type SearchManifest, type SearchRecord } from '../format/shards.js'
import { slugify } from '../../shared/slug.js'
import { BodyPostings } from './body-postings.js'
import { ItemCache } from './item-cache.js'
import { spliceList, spliceSlots, type PageEntries } from './patch.js'
import { listId, readState, writeState, type BuildState, type StateList } from './state.js'
import { TIER_BYTES, TIER_CLASSES, TIER_FIRST_SHIFT, TIER_GROUPS, tierSlot } from '../format/tiers.js'

/**
 * Average bucket size aimed at (bytes of postings, before deflating). A query reads one to
 * three buckets, so at 2,000 pages its first download stays well under 100 KB with the first part.
 */
export const BUCKET_TARGET_BYTES = 4 * 1024
/** Past this the first part grows with every bucket while a query's keys already fill theirs. */
const MAX_BUCKETS = 2048
/**
 * Size a pack grows to (items end to end; a pack is closed once it holds this much, so it holds
 * one item more at most: a bucket of about BUCKET_TARGET_BYTES, or a record and its texts, about
 * 10 KB). A host that answers ranges serves a query its items whatever the packs' size; one that
 * ignores them sends whole packs, so small packs bound a first query there (some 15 packs:
 * buckets, the dictionary, tier groups, the records and texts of the pages shown), while the
 * files stay far fewer than the pages (about 0.4 a page).
 */
export const PACK_TARGET_BYTES = 8 * 1024
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
  /** Items (packed lists, deflated texts and records, tiers) encoded by this build, and reused from the last (see `ItemCache`). */
  stats?: { encoded: number; reused: number }
}

/**
 * Room for a chunk of a posting list, cut from shared slabs: an array buffer of its own costs far
 * more to make (and to collect) than the bytes it holds, and tens of thousands of lists grow
 * while pages are added. A chunk is never given back: a list that outgrows it keeps it and goes
 * on in the next, so a slab holds only bytes in use (but for a few at a chunk's end, and a slab's
 * last bytes when the next chunk is larger). Large chunks get buffers of their own.
 */
const SLAB_BYTES = 1 << 20
const SLAB_CHUNK_MAX = 1 << 14
let slab = new Uint8Array(0)
let slabUsed = 0
function chunk(n: number): Uint8Array {
  if (n > SLAB_CHUNK_MAX) return new Uint8Array(n)
  if (slabUsed + n > slab.length) {
    slab = new Uint8Array(SLAB_BYTES)
    slabUsed = 0
  }
  return slab.subarray(slabUsed, (slabUsed += n))
}

/**
 * Unsigned varints appended to a buffer that grows as needed: by copying into one twice the size
 * (buffers of the packing, let go soon), or for a posting list (`chained`, kept to the end) by
 * going on in a chunk twice the size, the full ones kept as they are.
 */
class ByteList {
  private bytes: Uint8Array
  /** Bytes in `bytes`. */
  private used = 0
  /** A chained list's full chunks, and the bytes they hold. */
  private full: Uint8Array[] | undefined
  private fullBytes = 0
  /** The page of the last entry (entries are delta-coded by page). */
  page = 0
  entries = 0

  /** `capacity`: the bytes expected, when known (a buffer of the packing then never grows). */
  constructor(
    private readonly chained = false,
    capacity = 16,
  ) {
    this.bytes = chained ? chunk(capacity) : new Uint8Array(capacity)
  }

  get length(): number {
    return this.fullBytes + this.used
  }

  /** A list of `entries` entries whose bytes are `chunks` end to end (made elsewhere: see `BodyPostings`). */
  static over(chunks: Uint8Array[], entries: number): ByteList {
    const list = new ByteList(false, 0)
    list.bytes = chunks[chunks.length - 1]
    list.used = list.bytes.length
    if (chunks.length > 1) {
      list.full = chunks.slice(0, -1)
      for (const c of list.full) list.fullBytes += c.length
    }
    list.entries = entries
    return list
  }

  // Callers test for room themselves and call this only to grow: the test is inlined where
  // varints are pushed by the million, the growing is not.
  private grow(n: number): void {
    const size = Math.max(this.bytes.length * 2, n)
    if (this.chained) {
      // What is left of the full chunk (less than a varint) stays unused.
      if (this.used) (this.full ??= []).push(this.bytes.subarray(0, this.used))
      this.fullBytes += this.used
      this.bytes = chunk(size)
      this.used = 0
      return
    }
    const next = new Uint8Array(Math.max(size, this.used + n))
    next.set(this.bytes.subarray(0, this.used))
    this.bytes = next
  }
  push(v: number): void {
    if (this.used + 8 > this.bytes.length) this.grow(8)
    const bytes = this.bytes
    while (v >= 128) {
      bytes[this.used++] = (v & 127) | 128
      v = Math.floor(v / 128)
    }
    bytes[this.used++] = v
  }
  byte(b: number): void {
    if (this.used + 1 > this.bytes.length) this.grow(1)
    this.bytes[this.used++] = b
  }
  append(bytes: Uint8Array): void {
    if (this.used + bytes.length > this.bytes.length) this.grow(bytes.length)
    this.bytes.set(bytes, this.used)
    this.used += bytes.length
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
  /** The bytes end to end (a chained list's chunks copied into one buffer, each time). */
  get data(): Uint8Array {
    const last = this.bytes.subarray(0, this.used)
    if (!this.full) return last
    const out = new Uint8Array(this.length)
    let at = 0
    for (const part of [...this.full, last]) {
      out.set(part, at)
      at += part.length
    }
    return out
  }
}

/** Bits, most significant first, into `bytes` (grown, by copying, when they have no room left). */
class BitWriter {
  /** Whole bytes written. */
  length = 0
  private acc = 0
  private count = 0
  constructor(public bytes: Uint8Array) {}
  /** Writes the low `n` (≤ 24) bits of `v`. */
  private write(v: number, n: number): void {
    if (this.length + 4 > this.bytes.length) {
      const next = new Uint8Array(2 * this.bytes.length + 8)
      next.set(this.bytes.subarray(0, this.length))
      this.bytes = next
    }
    this.acc = (this.acc << n) | v
    this.count += n
    while (this.count >= 8) {
      this.count -= 8
      this.bytes[this.length++] = (this.acc >>> this.count) & 255
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
  /** Pads the last byte with zeros. */
  flush(): void {
    if (this.count) this.write(0, 8 - this.count)
  }
}

/**
 * A list's values and their codes while it is packed: a varint takes a byte at least, so a list
 * has no more values than bytes, and one scratch pair, grown to the largest list, serves every
 * list (arrays of their own, grown by pushing, cost more to make and to collect than to fill).
 */
let scratchValues = new Float64Array(0)
let scratchCodes = new Uint8Array(0)
/** The codes' bits (see `packList`). */
let scratchBits: Uint8Array = new Uint8Array(0)
/** Bits of each candidate Rice parameter of each code (`riceParameters`). */
const candidateBits = new Float64Array(16)

/**
 * The Rice parameter of each code that codes its values shortest (near log2 of their mean): of
 * the candidates around the guess, the first of the fewest bits; 0 for a code with no values.
 */
function riceParameters(values: Float64Array, codes: Uint8Array, n: number): number[] {
  const sum = [0, 0, 0, 0]
  const count = [0, 0, 0, 0]
  for (let i = 0; i < n; i++) {
    sum[codes[i]] += values[i]
    count[codes[i]]++
  }
  const low = [0, 0, 0, 0]
  const high = [-1, -1, -1, -1]
  const guess = [0, 0, 0, 0]
  for (let c = 1; c < 4; c++) {
    if (!count[c]) continue
    guess[c] = Math.max(0, Math.floor(Math.log2(sum[c] / count[c] + 1)) - 1)
    low[c] = Math.max(0, guess[c] - 1)
    high[c] = Math.min(15, guess[c] + 2)
  }
  // Bits of each candidate k (low..high, at most 4) of each code: Σ (v >>> k) + (1 + k) per value.
  const bits = candidateBits.fill(0)
  for (let i = 0; i < n; i++) {
    const c = codes[i]
    if (!c) continue
    const v = values[i]
    for (let k = low[c]; k <= high[c]; k++) bits[c * 4 + k - low[c]] += (v >>> k) + 1 + k
  }
  const best = [0, 0, 0, 0]
  for (let c = 1; c < 4; c++) {
    if (!count[c]) continue
    best[c] = guess[c]
    let fewest = Infinity
    for (let k = low[c]; k <= high[c]; k++) {
      if (bits[c * 4 + k - low[c]] < fewest) [best[c], fewest] = [k, bits[c * 4 + k - low[c]]]
    }
  }
  return best
}

/** A list's varints as stored, the last build's bytes when its postings are the same. */
function packedList(items: ItemCache, kind: Kind, list: ByteList): Uint8Array {
  const data = list.data
  const key = ItemCache.named(`${kind}.${list.entries}`, data)
  return items.item(key, () => packList(kind, list, data))
}

/**
 * A list's values and their codes, read from its varints, into `values` and `codes`; how many.
 * The bodies' lists (most of the values, and every list an edit packs again at once) are read
 * here as `walkList` lays them out, without a call per value; the fields' through `walkList`.
 */
function listCodes(kind: Kind, entries: number, data: Uint8Array, values: Float64Array, codes: Uint8Array): number {
  let n = 0
  let at = 0
  const next = (): number => {
    let b = data[at++]
    if (b < 128) return b
    let v = b & 127
    let scale = 128
    for (;;) {
      b = data[at++]
      if (b === undefined) throw new Error('search index: truncated item')
      v += (b & 127) * scale
      if (b < 128) return v
      scale *= 128
    }
  }
  if (kind === Kind.BodyChar) {
    for (let e = 0; e < entries; e++) {
      values[n] = next()
      codes[n++] = Code.Page
      values[n] = next()
      codes[n++] = Code.Small
      values[n] = next()
      codes[n++] = Code.First
    }
    return n
  }
  if (kind === Kind.BodyGram || kind === Kind.BodyWord) {
    for (let e = 0; e < entries; e++) {
      values[n] = next()
      codes[n++] = Code.Page
      const count = (values[n] = next())
      codes[n++] = Code.Small
      for (let i = 0; i < count; i++) {
        values[n] = next()
        codes[n++] = i ? Code.Gap : Code.First
      }
    }
    return n
  }
  walkList(kind, entries, (code) => {
    const v = next()
    values[n] = v
    codes[n++] = code
    return v
  })
  return n
}

/** The bytes `packList` would give the list, without coding it (a tiered list's size says only that it is tiered). */
function packedListSize(kind: Kind, list: ByteList): number {
  const data = list.data
  growScratch(data.length)
  const n = listCodes(kind, list.entries, data, scratchValues, scratchCodes)
  const k = riceParameters(scratchValues, scratchCodes, n)
  let bits = 0
  for (let i = 0; i < n; i++) {
    const v = scratchValues[i]
    const c = scratchCodes[i]
    // As `BitWriter.gamma` and `.rice` write them.
    bits += c === Code.Small ? 2 * (31 - Math.clz32(v + 1)) + 1 : (v >>> k[c]) + 1 + k[c]
  }
  let head = 1
  for (let e = list.entries; e >= 128; e = Math.floor(e / 128)) head++
  return head + 2 + Math.ceil(bits / 8)
}

function growScratch(length: number): void {
  if (scratchValues.length >= length) return
  scratchValues = new Float64Array(length + (length >> 1))
  scratchCodes = new Uint8Array(scratchValues.length)
}

/** A list's varints as stored (see `listValues` in format/shards.ts). */
function packList(kind: Kind, list: ByteList, data = list.data): Uint8Array {
  growScratch(data.length)
  const values = scratchValues
  const codes = scratchCodes
  const n = listCodes(kind, list.entries, data, values, codes)
  const k = riceParameters(values, codes, n)
  // One scratch for every list's bits, grown (a few times a build) to the longest code.
  const bits = new BitWriter(scratchBits)
  for (let i = 0; i < n; i++) {
    if (codes[i] === Code.Small) bits.gamma(values[i])
    else bits.rice(values[i], k[codes[i]])
  }
  bits.flush()
  scratchBits = bits.bytes
  const out = new ByteList(false, 5 + 2 + bits.length)
  out.push(list.entries)
  out.append(Uint8Array.of((k[1] << 4) | k[2], k[3]))
  out.append(scratchBits.subarray(0, bits.length))
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
  /** Bodies' bigrams, once packed (`finish`). */
  packed?: Uint8Array
  /** Tiered lists: the key of their tier's parts (see `tierKey`). */
  tier?: string
  /** Tiered lists: their tier's parts, once made (or kept from the last build, see `BuildState`). */
  tierParts?: Uint8Array
  /** Whether the list is tiered (bodies' bigrams, once their size is known). */
  tiered?: boolean
  /** A patched tiered list: its last tier's parts, and the groups a page edited had or has positions in (the others are the same). */
  lastTier?: Uint8Array
  groups?: Set<number>
  /** Tiered lists whose parts are encoded again: the tier slot of each position (`tierSlot` + 1), in list order. */
  slots?: ByteList
}

/**
 * Tier packs: tiers' parts end to end, in order, a new pack started past the target (each part
 * whole in one pack, a tier's parts in consecutive packs: see `parseTierStub`).
 */
class TierPacks {
  readonly packs: Uint8Array[][] = []
  private size = 0
  constructor(private readonly target: number) {}
  /** Places a part (its bytes in pieces); where it lies, and whether it opened a pack. */
  add(part: Uint8Array[]): { pack: number; start: number; opened: boolean } {
    const opened = !this.packs.length || this.size >= this.target
    if (opened) {
      this.packs.push([])
      this.size = 0
    }
    const start = this.size
    this.packs[this.packs.length - 1].push(...part)
    for (const d of part) this.size += d.length
    return { pack: this.packs.length - 1, start, opened }
  }
}

/** The packed list of a tier class no page falls in (shared: it is empty). */
const NO_BYTES = new Uint8Array(0)

/**
 * A large bigram list in two tiers (see `format/tiers.ts`): the summary (per page, count
 * and first position) and the groups of classes by the characters after each position. Returns
 * the tier's parts, end to end after their sizes: the summary, then each group (empty when no
 * page falls in it), its classes' sizes and then their lists.
 */
function tierParts({ list, slots, lastTier, groups: touched }: List): Uint8Array {
  // Only the groups an edit touched are made again when the last tier is at hand.
  const groups = lastTier && touched ? touched : undefined
  const summary = new ByteList()
  // Made as a slot is first used: a list's pages fill few of its 2,080 slots, and a buffer for
  // each slot of each tiered list (some thousands of lists at 10,000 pages) cost more than the rest.
  const classes: (ByteList | undefined)[] = new Array(TIER_GROUPS * (TIER_CLASSES + 1)).fill(undefined)
  const r = new VarReader(list.data)
  const s = new VarReader(slots!.data)
  // A page's positions by slot: how many, the first, and the slots in the order first seen
  // (each slot's list is its own, so the order they are written in changes nothing).
  const slotCount = new Int32Array(classes.length)
  const slotFirst = new Float64Array(classes.length)
  const seen: number[] = []
  let page = 0
  for (let e = 0; e < list.entries; e++) {
    page += r.next()
    const n = r.next()
    let at = 0
    let first = 0
    for (let i = 0; i < n; i++) {
      at += r.next()
      if (!i) first = at
      const slot = s.next() - 1
      if (slot < 0 || (groups && !groups.has(Math.floor(slot / (TIER_CLASSES + 1))))) continue
      if (slotCount[slot]++ === 0) {
        slotFirst[slot] = at
        seen.push(slot)
      }
    }
    summary.start(page)
    summary.push(Math.min(n, BODY_COUNT_CAP))
    summary.push(first)
    for (const slot of seen) {
      const l = (classes[slot] ??= new ByteList())
      l.start(page)
      l.push(Math.min(slotCount[slot], BODY_COUNT_CAP))
      l.push(Math.floor(slotFirst[slot] / 2 ** TIER_FIRST_SHIFT))
      slotCount[slot] = 0
    }
    seen.length = 0
  }
  const parts: Uint8Array[] = [packList(Kind.BodyChar, summary)]
  const last = groups ? splitTier(lastTier!) : undefined
  for (let g = 0; g < TIER_GROUPS; g++) {
    if (last && !groups!.has(g)) {
      parts.push(last[1 + g])
      continue
    }
    const lists = classes.slice(g * (TIER_CLASSES + 1), (g + 1) * (TIER_CLASSES + 1)).map((l) => (l?.entries ? packList(Kind.BodyChar, l) : NO_BYTES))
    if (!lists.some((l) => l.length)) {
      parts.push(NO_BYTES)
      continue
    }
    const head = new ByteList()
    for (const l of lists) head.push(l.length)
    parts.push(Buffer.concat([head.data, ...lists]))
  }
  const out = new ByteList()
  for (const p of parts) out.push(p.length)
  for (const p of parts) out.append(p)
  return out.data
}

/** A tier's parts (`tierParts`): the summary, then each group. */
function splitTier(data: Uint8Array): Uint8Array[] {
  const r = new VarReader(data)
  const sizes = Array.from({ length: 1 + TIER_GROUPS }, () => r.next())
  let at = r.at
  return sizes.map((size) => data.subarray(at, (at += size)))
}

/** Places a tier's parts (`tierParts`) in the tier packs; the stub the bucket holds in place of the list. */
function placeTier(entries: number, data: Uint8Array, tiers: TierPacks): Uint8Array {
  const parts = splitTier(data)
  const { pack, start } = tiers.add([parts[0]])
  const stub = new ByteList()
  stub.push(entries)
  stub.push(pack)
  stub.push(start)
  stub.push(parts[0].length)
  for (const group of parts.slice(1)) stub.push(group.length ? group.length * 2 + (tiers.add([group]).opened ? 1 : 0) : 0)
  return stub.data
}

const utf8 = new TextEncoder()

/** A page's record as the records hold it (a heading's slug only when it is not the heading's own), its text's size still 0. */
function recordOf(entry: SearchEntry): SearchRecord[number] {
  return [entry.t, entry.p, entry.h.map(([title, slug]) => (slug === slugify(title) ? [title] : [title, slug])), 0]
}

/** The part of the index a list's buckets belong to. */
function partOf(kind: Kind): Part {
  return kind === Kind.BodyChar ? 'c' : kind === Kind.BodyGram || kind === Kind.BodyWord ? 'g' : kind === Kind.FieldChar ? 'fc' : 'fg'
}

/** The dictionary the texts of `entries` are deflated with: the start of the first pages' texts (as `add` gathers it). */
function dictionaryOf(entries: SearchEntry[]): Buffer {
  const parts: Buffer[] = []
  let bytes = 0
  for (const e of entries) {
    if (bytes >= DICTIONARY_BYTES) break
    const slice = Buffer.from(e.x.slice(0, DICTIONARY_SLICE))
    parts.push(slice)
    bytes += slice.length
  }
  return Buffer.concat(parts).subarray(0, DICTIONARY_BYTES)
}

/** The fields' (title's and headings') postings of one page, into the lists `list` gives. */
function fieldEntries(entry: SearchEntry, page: number, list: (part: Part, kind: Kind, key: string, name?: string) => ByteList): void {
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
      const l = list('fc', Kind.FieldChar, key)
      head(l)
      l.positions(at)
    }
    for (const [key, at] of keys.grams) {
      const l = list('fg', Kind.FieldGram, key)
      head(l)
      l.positions(at)
    }
    for (const [word, { key, at }] of keys.words) {
      const l = list('fg', Kind.FieldWord, key, word)
      head(l)
      l.positions(at)
    }
  })
}

/** One page's entry of every list of its keys, as `page` 0 (see `PageEntries`): what an edit of it takes out of the lists and puts in. */
function pageEntries(entry: SearchEntry): Map<string, PageEntries & { kind: Kind; name: string; key: string }> {
  const out = new Map<string, PageEntries & { kind: Kind; name: string; key: string }>()
  const body = new BodyPostings()
  body.add(fold(entry.x), 0)
  for (const { kind, name, key, chunks, entries } of body.take()) {
    // Past the page delta (0: one byte).
    const bytes = Buffer.concat(chunks).subarray(1)
    let positions: number[] | undefined
    if (kind === Kind.BodyGram) {
      const r = new VarReader(bytes)
      positions = []
      for (let n = r.next(), at = 0; n > 0; n--) positions.push((at += r.next()))
    }
    out.set(listId(kind, name), { kind, name, key, bytes, entries, positions })
  }
  const fields = new Map<string, { kind: Kind; name: string; key: string; list: ByteList }>()
  fieldEntries(entry, 0, (_part, kind, key, name = key) => {
    const id = listId(kind, name)
    let f = fields.get(id)
    if (!f) fields.set(id, (f = { kind, name, key, list: new ByteList() }))
    return f.list
  })
  for (const [id, { kind, name, key, list }] of fields) out.set(id, { kind, name, key, bytes: list.data.subarray(1), entries: list.entries })
  return out
}

/** How many pages an edit may change for the last build's lists to be patched rather than made again. */
const PATCH_PAGES = 32

/**
 * Makes the search index one page at a time (`add`, in index order), keeping only postings as
 * varints, the records' texts and the deflated page texts; `finish` packs them (see
 * `format/shards.ts`).
 */
export class SearchIndexBuilder {
  /** Lists by kind, then name. */
  private readonly lists: Map<string, List>[] = Array.from({ length: 6 }, () => new Map())
  private readonly parts: Record<Part, List[]> = { c: [], g: [], fc: [], fg: [] }
  private readonly records: SearchRecord[number][] = []
  /** Each page's body length (`lengthUnits`). */
  private readonly lengths: number[] = []
  /** Page texts, deflated with the dictionary (UTF-8, until the dictionary is complete). */
  private readonly texts: Uint8Array[] = []
  /** A digest of each page's text: what its deflated text and its part of a tier are made of. */
  private readonly textDigests: string[] = []
  private dictionary: Buffer | undefined
  private dictionaryDigest = ''
  private dictionaryParts: Buffer[] = []
  private dictionaryBytes = 0

  /** Each page's entry's digest (see `BuildState`). */
  private readonly digests: string[] = []
  /** The last build's lists, pages and items, when kept (`state`). */
  private readonly old: BuildState | undefined
  /** Entries added while the last build's state may still be patched: tokenised in `finish` only if it cannot be. */
  private pending: SearchEntry[] | undefined
  /** Lists patched (`patch`): made again from their varints; the rest kept as packed. */
  private patching = false
  /** Records kept from the last build (patching), by record. */
  private recordItems: (Uint8Array | undefined)[] = []
  private dictionaryItem: Uint8Array | undefined
  private patchStats = { encoded: 0, reused: 0 }

  /**
   * `items`: the items encoded by the last build, reused where their inputs are the same; `state`:
   * where the last build's lists are kept (see `BuildState`) and the code that packs them.
   */
  constructor(
    private readonly target = BUCKET_TARGET_BYTES,
    private readonly packTarget = PACK_TARGET_BYTES,
    private readonly tierBytes = TIER_BYTES,
    private readonly items = new ItemCache(),
    private readonly state?: { file: string; code: string },
  ) {
    if (!state) return
    this.old = readState(state.file, this.stateCode())
    if (this.old) this.pending = []
  }

  /** The code and the parameters the state is packed with. */
  private stateCode(): string {
    return `${this.state!.code} ${this.target} ${this.packTarget} ${this.tierBytes}`
  }

  /** The bodies' lists, until `finish` takes them. */
  private readonly body = new BodyPostings()

  private entry(part: Part, kind: Kind, key: string, name = key): List {
    let l = this.lists[kind].get(name)
    if (!l) {
      l = this.newList(part, kind, key, name)
      this.lists[kind].set(name, l)
    }
    return l
  }

  private list(part: Part, kind: Kind, key: string, name = key): ByteList {
    return this.entry(part, kind, key, name).list
  }

  // The order lists are made in does not matter: buckets sort theirs by kind and name.
  private newList(part: Part, kind: Kind, key: string, name = key): List {
    const l: List = { kind, name, key, list: new ByteList(true) }
    this.parts[part].push(l)
    return l
  }

  /** Adds the next page (kept for `finish` when the last build's state may be patched instead). */
  add(entry: SearchEntry): void {
    this.digests.push(hash('sha1', JSON.stringify(entry), 'base64'))
    if (this.pending) this.pending.push(entry)
    else this.addPage(entry)
  }

  /** Tokenises the next page into every list of its keys. */
  private addPage(entry: SearchEntry): void {
    const page = this.records.length
    this.body.add(fold(entry.x), page)
    fieldEntries(entry, page, (part, kind, key, name) => this.list(part, kind, key, name))
    const text = Buffer.from(entry.x)
    this.textDigests.push(hash('sha1', text, 'base64'))
    if (this.dictionary) this.texts.push(this.deflateText(page, text))
    else {
      this.texts.push(text)
      const slice = Buffer.from(entry.x.slice(0, DICTIONARY_SLICE))
      this.dictionaryParts.push(slice)
      this.dictionaryBytes += slice.length
      if (this.dictionaryBytes >= DICTIONARY_BYTES) this.completeDictionary()
    }
    this.lengths.push(lengthUnits(entry.x.length))
    this.records.push(recordOf(entry))
  }

  /** The dictionary from the texts so far; the texts kept as they were are deflated with it. */
  private completeDictionary(): void {
    this.dictionary = Buffer.concat(this.dictionaryParts).subarray(0, DICTIONARY_BYTES)
    this.dictionaryDigest = createHash('sha1').update(this.dictionary).digest('hex')
    this.dictionaryParts = []
    this.texts.forEach((text, i) => (this.texts[i] = this.deflateText(i, text)))
  }

  /** Page `page`'s text deflated, the last build's bytes when it and the dictionary are the same. */
  private deflateText(page: number, text: Uint8Array): Uint8Array {
    const key = `text ${this.dictionaryDigest} ${this.textDigests[page]}`
    return this.items.item(key, () => this.deflate(text))
  }

  /** A record (JSON) deflated, the last build's bytes when it and the dictionary are the same. */
  private deflateRecord(json: string): Uint8Array {
    const key = ItemCache.key((h) => h.update(`record ${this.dictionaryDigest}\n`).update(json))
    return this.items.item(key, () => this.deflate(json))
  }

  private deflate(data: Uint8Array | string): Buffer {
    // Copied out: zlib's result is a view of a 16 KB buffer of its own, which a text kept to the
    // end would hold whole (32 MB for 2,000 texts of 1.1 KB, and the collections that much
    // outside the heap brings on).
    return Buffer.from(deflateRawSync(data, { level: 6, dictionary: this.dictionary }))
  }

  /**
   * What a tiered list's parts are made of: its postings, and the text of each of its pages
   * (the slots come from the characters after each position).
   */
  private tierKey(l: List): string {
    const data = l.list.data
    return ItemCache.key((h) => {
      h.update(`tier ${l.list.entries}\n`).update(data)
      const r = new VarReader(data)
      let page = 0
      for (let e = 0; e < l.list.entries; e++) {
        page += r.next()
        for (let n = r.next(); n > 0; n--) r.next()
        h.update(this.textDigests[page])
      }
    })
  }

  /** A list packed: when patching, at once (its varints changed); else the last build's bytes when its postings are the same. */
  private packed(l: List): Uint8Array {
    return this.patching ? this.encoded(packList(l.kind, l.list)) : packedList(this.items, l.kind, l.list)
  }

  /** Counts an item encoded while patching. */
  private encoded(data: Uint8Array): Uint8Array {
    this.patchStats.encoded++
    return data
  }

  /**
   * Makes the lists, texts and records from the last build's (`old`) when the pages are its own
   * but for a few edited in place (as many, the same paths in the same order, the dictionary's
   * pages unchanged): each edited page's old and new entries are spliced out of and into the
   * lists of its old and new keys, which alone are packed again; every other list keeps its
   * packed bytes (and tier), every other text and record its deflated bytes. Whether the
   * state changed; false, touching nothing, when the pages are not such an edit (`finish` then
   * tokenises every page).
   */
  private patch(): boolean {
    const old = this.old!
    const entries = this.pending!
    if (entries.length !== old.pages.length) return false
    const edited: number[] = []
    for (let i = 0; i < entries.length; i++) if (this.digests[i] !== old.pages[i].digest) edited.push(i)
    if (edited.length > PATCH_PAGES) return false
    // Paths are compared from the records: a page moved is a page added and one deleted.
    const oldRecords = old.pages.map((p) => JSON.parse(p.record) as [string, string, SearchRecord[number][2]])
    if (edited.some((i) => oldRecords[i][1] !== entries[i].p)) return false
    const dictionary = dictionaryOf(entries)
    if (!dictionary.equals(old.dictionary)) return false
    this.pending = undefined
    this.patching = true
    this.dictionary = dictionary
    this.dictionaryDigest = createHash('sha1').update(dictionary).digest('hex')
    this.dictionaryItem = old.dictionaryItem
    const lists = old.lists
    const touched = new Set<string>()
    const tierGroups = new Map<string, Set<number>>()
    for (const page of edited) {
      const [t, , h] = oldRecords[page]
      const before = pageEntries({ t, p: '', h: h.map(([title]) => [title, '']), x: inflateRawSync(old.pages[page].text, { dictionary }).toString('utf8') })
      const after = pageEntries(entries[page])
      const low = fold(entries[page].x)
      for (const id of new Set([...before.keys(), ...after.keys()])) {
        const now = after.get(id)
        const l = lists.get(id) ?? (now && { kind: now.kind, name: now.name, key: now.key, entries: 0, data: new Uint8Array(0), packed: new Uint8Array(0) })
        if (!l) continue
        const spliced = spliceList(l.kind, l.data, l.entries, page, now)
        if (!spliced.entries) {
          lists.delete(id)
          continue
        }
        const added = (now?.positions ?? []).map((at) => tierSlot(low, at) + 1)
        let slots: Uint8Array | undefined
        if (l.slots) {
          const patched = spliceSlots(l.slots, spliced.before, spliced.removed, added)
          slots = patched.slots
          const groups = tierGroups.get(id) ?? new Set<number>()
          for (const slot of [...patched.removed, ...added]) if (slot > 0) groups.add(Math.floor((slot - 1) / (TIER_CLASSES + 1)))
          tierGroups.set(id, groups)
        }
        lists.set(id, { ...l, data: spliced.data, entries: spliced.entries, slots })
        touched.add(id)
      }
    }
    for (const [id, l] of lists) {
      const list: List = { kind: l.kind, name: l.name, key: l.key, list: ByteList.over([l.data], l.entries) }
      if (!touched.has(id)) {
        list.packed = l.packed
        list.tierParts = l.tier
        // Kept for the next edit, which may touch it.
        if (l.slots) list.slots = ByteList.over([l.slots], 0)
        this.patchStats.reused++
      } else if (l.slots) {
        list.slots = ByteList.over([l.slots], 0)
        // Its tier's groups no edited page touched are kept as they were.
        list.lastTier = l.tier
        list.groups = tierGroups.get(id)
      }
      this.parts[partOf(l.kind)].push(list)
    }
    const changed = new Set(edited)
    old.pages.forEach((p, i) => {
      const entry = entries[i]
      this.records.push(changed.has(i) ? recordOf(entry) : [...oldRecords[i], 0])
      this.texts.push(changed.has(i) ? this.encoded(this.deflate(Buffer.from(entry.x))) : p.text)
      this.lengths.push(changed.has(i) ? lengthUnits(entry.x.length) : p.length)
    })
    this.recordItems = old.records.map((r, g) => (edited.some((i) => Math.floor(i / RECORD_PAGES) === g) ? undefined : r))
    this.patchStats.reused += entries.length - edited.length
    return edited.length > 0
  }

  /** Packs the index; `dirUrl` is where the packs will be served from. */
  finish(dirUrl: string): SearchShards {
    const changed = this.pending ? this.patch() : true
    if (this.pending) {
      // The last build's lists could not be patched: every page is tokenised.
      for (const entry of this.pending) this.addPage(entry)
      this.pending = undefined
    }
    if (!this.dictionary) this.completeDictionary()
    for (const { kind, name, key, chunks, entries } of this.body.take()) this.parts[kind === Kind.BodyChar ? 'c' : 'g'].push({ kind, name, key, list: ByteList.over(chunks, entries) })
    // Which bigram lists are tiered is known once they are packed; their tiers need the characters after each position.
    const tiered: List[] = []
    for (const l of this.parts.g) {
      if (l.kind !== Kind.BodyGram) continue
      // A tier kept, or patched (its slots), needs only the list's size: its packed bytes are not stored.
      const size = l.tierParts ? Infinity : this.patching && l.slots ? packedListSize(l.kind, l.list) : (l.packed ??= this.packed(l)).length
      if (size > this.tierBytes) {
        l.tiered = true
        tiered.push(l)
      } else l.packed ??= this.packed(l)
    }
    // Tiers neither kept (`tierParts`) nor patched (`slots`): named by their inputs, or, when
    // patching, made from the texts (a list that has just grown past the tier's size).
    const unknown = tiered.filter((l) => !l.tierParts && !l.slots)
    if (!this.patching) for (const l of unknown) l.tier = this.tierKey(l)
    // Slots only for the tiers encoded again: they inflate the texts of the list's pages.
    const fresh = this.patching ? unknown : unknown.filter((l) => !this.items.has(l.tier!))
    if (fresh.length) this.slotsOf(fresh)
    const lists = new Map<string, StateList>()
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
    const tiers = new TierPacks(this.packTarget)
    // Raw, not compressed: a bucket is mostly Rice-coded bits, which deflate at level 1 made
    // 1.9 % smaller at 2,000 pages (level 6 no smaller than that), for 0.25–0.35 s of this thread.
    for (const part of PARTS) for (const bucket of this.buckets(this.parts[part], n[part], tiers, lists)) add(bucket, false)
    // The dictionary, the lengths, records and texts start a pack of their own: a host that ignores ranges sends buckets and texts apart.
    const dictionaryItem = (this.dictionaryItem ??= this.items.item(ItemCache.key((h) => h.update(`dictionary ${this.dictionaryDigest}`)), () => deflateRawSync(this.dictionary!, { level: 9 })))
    add(dictionaryItem, false, [], true)
    add(Uint8Array.from(this.lengths), false)
    const records: Uint8Array[] = []
    for (let first = 0; first < this.records.length; first += RECORD_PAGES) {
      const texts = this.texts.slice(first, first + RECORD_PAGES)
      let record = this.recordItems[first / RECORD_PAGES]
      if (!record) {
        const pages = this.records.slice(first, first + RECORD_PAGES).map((r, i): SearchRecord[number] => [r[0], r[1], r[2], texts[i].length])
        record = this.patching ? this.encoded(this.deflate(JSON.stringify(pages))) : this.deflateRecord(JSON.stringify(pages))
      } else this.patchStats.reused++
      records.push(record)
      add(record, true, texts)
    }
    close()
    // Tier packs last: the first part's sizes say nothing of them (the stubs in buckets do).
    for (const data of tiers.packs) files.push([`${files.length}.bin`, Buffer.concat(data)])
    const stats = this.patching ? this.patchStats : { encoded: this.items.encoded, reused: this.items.reused }
    if (!this.patching) this.items.save()
    if (this.state && changed) {
      const pages = this.records.map((r, i) => ({ digest: this.digests[i], record: JSON.stringify([r[0], r[1], r[2]]), text: this.texts[i], length: this.lengths[i] }))
      writeState(this.state.file, { code: this.stateCode(), dictionary: this.dictionary!, dictionaryItem, pages, records, lists })
    }
    return { manifest: { v: FORMAT_VERSION, s: dirUrl, n, p: this.records.length, r: RECORD_PAGES, z: encodeSizes(sizes), raw: RAW_ITEMS, k }, files, stats }
  }

  /**
   * The tier slot of every position of the tiered lists, from the page texts (read again, page by
   * page, only when a list is tiered: a site without one pays nothing for tiers while pages are added).
   */
  private slotsOf(tiered: List[]): void {
    const cursors = tiered.map((l) => {
      l.slots = new ByteList()
      const r = new VarReader(l.list.data)
      return { l, r, left: l.list.entries, page: r.next() }
    })
    for (let page = 0; page < this.texts.length; page++) {
      let low: string | undefined
      for (const c of cursors) {
        if (c.page !== page) continue
        low ??= fold(inflateRawSync(this.texts[page], { dictionary: this.dictionary }).toString('utf8'))
        const n = c.r.next()
        for (let i = 0, at = 0; i < n; i++) c.l.slots!.push(tierSlot(low, (at += c.r.next())) + 1)
        c.page = --c.left ? page + c.r.next() : -1
      }
    }
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

  /**
   * One family of buckets: every list in the bucket of its key, in kind then key order. A bodies'
   * bigram list past `tierBytes` is tiered: its tier goes to the tier packs, a stub to the bucket.
   */
  private buckets(lists: List[], n: number, tiers: TierPacks, kept: Map<string, StateList>): Uint8Array[] {
    const byBucket: List[][] = Array.from({ length: n }, () => [])
    for (const l of lists) byBucket[hashKey(l.key, n)].push(l)
    return byBucket.map((bucket) => {
      bucket.sort((a, b) => a.kind - b.kind || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      const head = new ByteList(false, 256)
      const pieces: Uint8Array[] = []
      let mark = 0
      for (const l of bucket) {
        let kind = l.kind
        const tieredList = l.tiered === true
        const packed = tieredList ? NO_BYTES : (l.packed ??= this.packed(l))
        let data = packed
        if (tieredList) {
          kind = Kind.BodyTier
          l.tierParts ??= l.tier ? this.items.item(l.tier, () => tierParts(l)) : this.encoded(tierParts(l))
          data = placeTier(l.list.entries, l.tierParts, tiers)
        }
        if (this.state) kept.set(listId(l.kind, l.name), { kind: l.kind, name: l.name, key: l.key, entries: l.list.entries, data: l.list.data, packed, tier: tieredList ? l.tierParts : undefined, slots: tieredList ? l.slots?.data : undefined })
        l.slots = l.packed = l.tier = l.tierParts = undefined
        const key = utf8.encode(l.name)
        head.push(kind)
        head.push(key.length)
        head.append(key)
        head.push(data.length)
        pieces.push(head.data.slice(mark), data)
        mark = head.length
      }
      // Copied once, into a buffer of its size (a buffer grown by doubling copied each bucket some ten times).
      return Buffer.concat(pieces)
    })
  }
}


/**
 * Splits the search index into a small first part and packs of deflated buckets, records and
 * page texts (see `format/shards.ts`). `dirUrl` is where the packs will be served from; the
 * number of buckets grows with the index, so each stays near `target` bytes before deflating.
 */
export function buildSearchShards(entries: Iterable<SearchEntry>, dirUrl: string, target = BUCKET_TARGET_BYTES, packTarget = PACK_TARGET_BYTES, tierBytes = TIER_BYTES): SearchShards {
  const builder = new SearchIndexBuilder(target, packTarget, tierBytes)
  for (const entry of entries) builder.add(entry)
  return builder.finish(dirUrl)
}
