import { BODY_COUNT_CAP, isCjk, isWordChar } from '../format/rank.js'
import { Kind, latinWordAt } from '../format/shards.js'

/**
 * The bodies' posting lists while pages are added (`SearchIndexBuilder.add`), kept as columns:
 * a list is a number, its fields are slots of typed arrays, and its bytes lie in shared slabs.
 * A page touches about a thousand of the site's tens of thousands of lists, in no order; an
 * object per list (and one per list's buffer, and one per buffer's view) made each touch a chain
 * of cache misses, which cost more than the rest of the indexing. `take` hands the lists over,
 * their bytes as views of the slabs, once every page is in.
 */

/**
 * What `isCjk` and `isWordChar` say of each UTF-16 code unit, read from tables: a page's body is
 * scanned a code unit at a time, and a regular expression per unit cost more than the rest of it.
 */
let unitTables: { cjk: Uint8Array; word: Uint8Array } | undefined
function unitClasses(): { cjk: Uint8Array; word: Uint8Array } {
  if (unitTables) return unitTables
  const cjk = new Uint8Array(65536)
  const word = new Uint8Array(65536)
  for (let u = 0; u < 65536; u++) {
    const c = String.fromCharCode(u)
    cjk[u] = isCjk(c) ? 1 : 0
    word[u] = isWordChar(c) ? 1 : 0
  }
  return (unitTables = { cjk, word })
}

/** One list as handed over: its kind, the names it is stored and found under, its varints (in chunks, end to end) and entries. */
export interface BodyList {
  kind: Kind
  name: string
  key: string
  chunks: Uint8Array[]
  entries: number
}

const SLAB_BYTES = 1 << 20
/** A chunk larger than this gets a buffer of its own (a slab holds many small ones). */
const SLAB_CHUNK_MAX = 1 << 14
const FIRST_CHUNK = 16
const NO_LIST = -1

/** Writes `v` (below 2^35) as an unsigned varint at `at` in `bytes`, which has room; where it ends. */
function varint(bytes: Uint8Array, at: number, v: number): number {
  while (v >= 128) {
    bytes[at++] = (v & 127) | 128
    v = Math.floor(v / 128)
  }
  bytes[at++] = v
  return at
}

function grown(a: Int32Array<ArrayBuffer>, size: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(size)
  b.set(a)
  return b
}

export class BodyPostings {
  private size = 0
  private capacity = 1024
  // Per list.
  private kind = new Int32Array(this.capacity)
  /** The page being added's count, first position and chain of positions (`chainAt`) while `page` is the current one. */
  private page = new Int32Array(this.capacity)
  private count = new Int32Array(this.capacity)
  private first = new Int32Array(this.capacity)
  private head = new Int32Array(this.capacity)
  private last = new Int32Array(this.capacity)
  /** The page of the last entry written (entries are delta-coded by page), and how many there are. */
  private written = new Int32Array(this.capacity)
  private entries = new Int32Array(this.capacity)
  /** The chunk being filled: its slab, start, next free byte and end. */
  private slab = new Int32Array(this.capacity)
  private start = new Int32Array(this.capacity)
  private at = new Int32Array(this.capacity)
  private end = new Int32Array(this.capacity)
  private readonly names: string[] = []
  private readonly keys: string[] = []

  /** Slabs, and buffers of their own for large chunks; the slab chunks are cut from, and its bytes cut. */
  private readonly slabs: Uint8Array[] = []
  private cutting = -1
  private slabUsed = SLAB_BYTES
  /** Full chunks, in the order they filled: list, slab, start, end. */
  private full = new Int32Array(4 * 1024)
  private fullCount = 0

  /** Lists by first unit (characters), by both units (bigrams, open addressing), by name (words, characters past U+FFFF). */
  private readonly units = new Int32Array(65536).fill(NO_LIST)
  private pairKeys = new Int32Array(1 << 12).fill(-1)
  private pairLists = new Int32Array(1 << 12)
  /** Leaves the top log2(table size) bits of a multiplicative hash. */
  private pairShift = 32 - 12
  private pairCount = 0
  private readonly named = new Map<string, number>()

  /** Positions of the page being added, chained per list: a position per code unit at most. */
  private chainAt = new Int32Array(0)
  private chainNext = new Int32Array(0)
  private touched = new Int32Array(0)

  /**
   * A page's body keys into their lists, as `scanKeys` visits them: each CJK character, each
   * bigram of two, each Latin word (its first letter and, from two letters, the word). Each list
   * the page touches gets one entry: characters their capped count and first position, bigrams
   * and words every position.
   */
  add(low: string, page: number): void {
    const { cjk, word } = unitClasses()
    const n = low.length
    // A position per code unit at most (a bigram's or a word's, never both), and two lists (a
    // character's and a bigram's or word's): room for twice that, so few pages grow them.
    if (this.chainAt.length < n) {
      this.chainAt = new Int32Array(n * 2)
      this.chainNext = new Int32Array(n * 2)
    }
    if (this.touched.length < 2 * n) this.touched = new Int32Array(n * 4)
    let touched = 0
    let links = 0
    const note = (l: number, at: number): void => {
      if (this.page[l] === page) {
        this.count[l]++
        if (this.kind[l] === Kind.BodyChar) return
        this.chainAt[links] = at
        this.chainNext[this.last[l]] = links
        this.last[l] = links++
        return
      }
      this.page[l] = page
      this.count[l] = 1
      this.first[l] = at
      this.touched[touched++] = l
      if (this.kind[l] === Kind.BodyChar) return
      this.chainAt[links] = at
      this.head[l] = this.last[l] = links++
    }
    let next = n ? low.charCodeAt(0) : 0
    for (let i = 0; i < n; i++) {
      const unit = next
      next = i + 1 < n ? low.charCodeAt(i + 1) : 0
      if (cjk[unit]) {
        note(this.unitList(unit, String.fromCharCode(unit)), i)
        if (i + 1 < n && cjk[next]) note(this.pairList(unit, next), i)
        continue
      }
      if (i > 0 && word[low.charCodeAt(i - 1)]) continue
      // A Latin word's start (rare beside CJK characters): as `scanKeys` reads it.
      const w = latinWordAt(low, i)
      if (!w) continue
      note(w.first.length === 1 ? this.unitList(unit, w.first) : this.namedList(Kind.BodyChar, w.first, w.first), i)
      if (w.key) note(this.namedList(Kind.BodyWord, w.text, w.key), i)
    }
    for (let t = 0; t < touched; t++) this.write(this.touched[t], page)
  }

  /** Every list with its bytes (views of the slabs, in order), in no set order. */
  take(): BodyList[] {
    const parts: Uint8Array[][] = Array.from({ length: this.size }, () => [])
    for (let c = 0; c < this.fullCount; c++) {
      const f = 4 * c
      parts[this.full[f]].push(this.slabs[this.full[f + 1]].subarray(this.full[f + 2], this.full[f + 3]))
    }
    return parts.map((chunks, l) => {
      chunks.push(this.slabs[this.slab[l]].subarray(this.start[l], this.at[l]))
      return { kind: this.kind[l], name: this.names[l], key: this.keys[l], chunks, entries: this.entries[l] }
    })
  }

  /** Writes list `l`'s entry for `page`, from what `add` gathered. */
  private write(l: number, page: number): void {
    const count = this.count[l]
    const bigram = this.kind[l] !== Kind.BodyChar
    // Varints of at most 5 bytes: the page, the count, and the first position or each position.
    const room = 5 * (2 + (bigram ? count : 1))
    if (this.at[l] + room > this.end[l]) this.newChunk(l, room)
    const bytes = this.slabs[this.slab[l]]
    let at = varint(bytes, this.at[l], page - this.written[l])
    if (!bigram) {
      at = varint(bytes, at, Math.min(count, BODY_COUNT_CAP))
      at = varint(bytes, at, this.first[l])
    } else {
      // The positions in order, each from the one before: the list's chain of links.
      at = varint(bytes, at, count)
      let link = this.head[l]
      let last = this.chainAt[link]
      at = varint(bytes, at, last)
      for (let k = 1; k < count; k++) {
        link = this.chainNext[link]
        const position = this.chainAt[link]
        at = varint(bytes, at, position - last)
        last = position
      }
    }
    this.at[l] = at
    this.written[l] = page
    this.entries[l]++
  }

  /** Gives list `l` a chunk with room for `room` bytes, twice its last: the full one is logged and kept. */
  private newChunk(l: number, room: number): void {
    const used = this.at[l] - this.start[l]
    if (used) {
      if (4 * (this.fullCount + 1) > this.full.length) this.full = grown(this.full, this.full.length * 2)
      this.full.set([l, this.slab[l], this.start[l], this.at[l]], 4 * this.fullCount++)
    }
    this.place(l, Math.max(2 * (this.end[l] - this.start[l]), room))
  }

  /** Cuts a chunk of `size` bytes for list `l` from the slab (or a buffer of its own when large). */
  private place(l: number, size: number): void {
    if (size > SLAB_CHUNK_MAX) {
      this.slab[l] = this.slabs.push(new Uint8Array(size)) - 1
      this.start[l] = this.at[l] = 0
      this.end[l] = size
      return
    }
    if (this.slabUsed + size > SLAB_BYTES) {
      this.cutting = this.slabs.push(new Uint8Array(SLAB_BYTES)) - 1
      this.slabUsed = 0
    }
    this.slab[l] = this.cutting
    this.start[l] = this.at[l] = this.slabUsed
    this.end[l] = this.slabUsed += size
  }

  private unitList(unit: number, name: string): number {
    const l = this.units[unit]
    return l !== NO_LIST ? l : (this.units[unit] = this.newList(Kind.BodyChar, name, name))
  }

  private pairList(a: number, b: number): number {
    const key = (a << 16) | b
    const mask = this.pairKeys.length - 1
    let h = Math.imul(key, 0x9e3779b1) >>> this.pairShift
    while (this.pairKeys[h] !== -1) {
      if (this.pairKeys[h] === key) return this.pairLists[h]
      h = (h + 1) & mask
    }
    const name = String.fromCharCode(a, b)
    const l = this.newList(Kind.BodyGram, name, name)
    this.pairKeys[h] = key
    this.pairLists[h] = l
    if (++this.pairCount * 2 > this.pairKeys.length) this.rehashPairs()
    return l
  }

  /** Twice the table, every pair placed again (kept at most half full). */
  private rehashPairs(): void {
    const keys = this.pairKeys
    const lists = this.pairLists
    this.pairKeys = new Int32Array(keys.length * 2).fill(-1)
    this.pairLists = new Int32Array(keys.length * 2)
    this.pairShift--
    const mask = this.pairKeys.length - 1
    for (let i = 0; i < keys.length; i++) {
      if (keys[i] === -1) continue
      let h = Math.imul(keys[i], 0x9e3779b1) >>> this.pairShift
      while (this.pairKeys[h] !== -1) h = (h + 1) & mask
      this.pairKeys[h] = keys[i]
      this.pairLists[h] = lists[i]
    }
  }

  private namedList(kind: Kind, name: string, key: string): number {
    const id = kind + '\0' + name
    const l = this.named.get(id)
    if (l !== undefined) return l
    const made = this.newList(kind, name, key)
    this.named.set(id, made)
    return made
  }

  private newList(kind: Kind, name: string, key: string): number {
    if (this.size === this.capacity) this.grow()
    const l = this.size++
    this.kind[l] = kind
    this.page[l] = -1
    this.names.push(name)
    this.keys.push(key)
    this.place(l, FIRST_CHUNK)
    return l
  }

  private grow(): void {
    const size = this.capacity * 2
    this.kind = grown(this.kind, size)
    this.page = grown(this.page, size)
    this.count = grown(this.count, size)
    this.first = grown(this.first, size)
    this.head = grown(this.head, size)
    this.last = grown(this.last, size)
    this.written = grown(this.written, size)
    this.entries = grown(this.entries, size)
    this.slab = grown(this.slab, size)
    this.start = grown(this.start, size)
    this.at = grown(this.at, size)
    this.end = grown(this.end, size)
    this.capacity = size
  }
}
