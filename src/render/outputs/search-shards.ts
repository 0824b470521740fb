import { deflateRawSync } from 'node:zlib'
import { BODY_COUNT_CAP, fold, type SearchEntry } from '../../shared/search.js'
import { hashKey, scanKeys, type Family, type SearchManifest, type SearchShard, type ShardHeading } from '../../shared/search-shards.js'
import { slugify } from '../../shared/slug.js'

/**
 * Average bucket size aimed at (raw JSON; about a third of it gzipped). A query reads one to
 * three buckets, so at 2,000 pages its first download stays near 100 KB with the first part.
 */
export const BUCKET_TARGET_BYTES = 8 * 1024
const MAX_BUCKETS = 4096
/**
 * Size a pack grows to (deflated items end to end). Queries read byte ranges, so a pack's size
 * costs them nothing; it bounds what one item costs on a host that ignores ranges, and the
 * number of files (about 25 packs at 2,000 pages, 125 at 10,000).
 */
export const PACK_TARGET_BYTES = 512 * 1024

/** The index before packing: the first part without item sizes, and every item as JSON. */
export interface SearchItems {
  manifest: Omit<SearchManifest, 'z' | 'k'>
  /** Item names (`c<k>`, `g<k>`, `t<page>`) and their JSON, in pack order. */
  items: [name: string, json: string][]
}

export interface SearchShards {
  manifest: SearchManifest
  /** Folder-relative pack names (`<k>.bin`) and their bytes. */
  files: [name: string, data: Uint8Array][]
}

/** Postings of one key, delta-encoded while pages are added in order. */
class Postings {
  readonly data: number[] = []
  private page = 0
  private start(page: number): void {
    this.data.push(page - this.page)
    this.page = page
  }
  /** [page Δ, count, first]. */
  addCount(page: number, count: number, first: number): void {
    this.start(page)
    this.data.push(count, first)
  }
  /** [page Δ, n, position Δ × n]. */
  addPositions(page: number, positions: number[]): void {
    this.start(page)
    this.data.push(positions.length)
    for (let k = 0; k < positions.length; k++) this.data.push(positions[k] - (k ? positions[k - 1] : 0))
  }
}

/** Every key of one folded text: single characters counted, bigrams and words with their positions. */
function keysOf(low: string) {
  const chars = new Map<string, [count: number, first: number]>()
  const grams = new Map<string, number[]>()
  const words = new Map<string, { key: string; at: number[] }>()
  const push = <T>(map: Map<string, T[]>, key: string, v: T) => (map.get(key) ?? map.set(key, []).get(key)!).push(v)
  scanKeys(low, {
    char(key, at) {
      const c = chars.get(key)
      if (!c) chars.set(key, [1, at])
      else c[0]++
    },
    gram: (key, at) => push(grams, key, at),
    word(word, key, at) {
      const w = words.get(word)
      if (w) w.at.push(at)
      else words.set(word, { key, at: [at] })
    },
  })
  return { chars, grams, words }
}

/** One posting list on its way into a bucket. */
interface Item {
  field: 'c' | 'g' | 'w'
  /** What it is stored under in the bucket (a Latin word is found by its first two letters). */
  name: string
  data: number[]
}

/** Smallest power of two of buckets whose average size is at most `target`. */
function bucketCount(items: Map<string, Item[]>, headings: { record: ShardHeading; keys: string[] }[], target: number): number {
  let postings = 0
  for (const [key, list] of items) for (const item of list) postings += key.length * 3 + 6 + JSON.stringify(item.data).length
  const sizes = headings.map((h) => JSON.stringify(h.record).length + 1)
  const total = (n: number) => postings + headings.reduce((sum, h, i) => sum + sizes[i] * new Set(h.keys.map((k) => hashKey(k, n))).size, 0)
  let n = 1
  while (n < MAX_BUCKETS && total(n) / n > target) n *= 2
  return n
}

/** One family of buckets: every item and heading in the bucket of its key. */
function fill(items: Map<string, Item[]>, headings: { record: ShardHeading; keys: string[] }[], n: number): SearchShard[] {
  const buckets: SearchShard[] = Array.from({ length: n }, () => ({}))
  for (const [key, list] of items) {
    const b = buckets[hashKey(key, n)]
    for (const { field, name, data } of list) (b[field] ??= {})[name] = data
  }
  for (const { record, keys } of headings) {
    for (const b of new Set(keys.map((k) => hashKey(k, n)))) (buckets[b].h ??= []).push(record)
  }
  return buckets
}

/**
 * Splits the search index into a small first part and packs of deflated buckets and page texts
 * (see `shared/search-shards.ts`). `dirUrl` is where the packs will be served from; the number
 * of buckets grows with the index, so each stays near `target` bytes (JSON, before deflating).
 */
export function buildSearchShards(entries: SearchEntry[], dirUrl: string, target = BUCKET_TARGET_BYTES, packTarget = PACK_TARGET_BYTES): SearchShards {
  const { manifest, items } = buildSearchItems(entries, dirUrl, target)
  const z: number[] = []
  const k: number[] = []
  const files: [string, Uint8Array][] = []
  let pack: Buffer[] = []
  let size = 0
  const close = () => {
    if (pack.length) files.push([`${files.length}.bin`, Buffer.concat(pack)])
    pack = []
    size = 0
  }
  items.forEach(([name, json], i) => {
    // Texts start a pack of their own: a host that ignores ranges sends buckets and texts apart.
    if (size >= packTarget || (name[0] === 't' && items[i - 1]?.[0][0] !== 't')) close()
    if (!pack.length) k.push(i)
    const data = deflateRawSync(json, { level: 9 })
    pack.push(data)
    size += data.length
    z.push(data.length)
  })
  close()
  return { manifest: { ...manifest, z, k }, files }
}

/** The index's items before packing: buckets (`c<k>`, `g<k>`) and page texts (`t<page>`), as JSON. */
export function buildSearchItems(entries: SearchEntry[], dirUrl: string, target = BUCKET_TARGET_BYTES): SearchItems {
  const families: Record<Family, { items: Map<string, Item[]>; headings: { record: ShardHeading; keys: string[] }[] }> = {
    c: { items: new Map(), headings: [] },
    g: { items: new Map(), headings: [] },
  }
  const lists = { c: new Map<string, Postings>(), g: new Map<string, Postings>(), w: new Map<string, Postings>() }
  /** The posting list of a key, created in its family's bucket on first use. */
  const list = (family: Family, key: string, field: Item['field'], name = key) => {
    let p = lists[field].get(name)
    if (!p) {
      lists[field].set(name, (p = new Postings()))
      const items = families[family].items
      ;(items.get(key) ?? items.set(key, []).get(key)!).push({ field, name, data: p.data })
    }
    return p
  }

  entries.forEach((entry, page) => {
    const keys = keysOf(fold(entry.x))
    // Counts are kept up to the cap ranking reads; the first position is exact.
    for (const [key, [count, first]] of keys.chars) list('c', key, 'c').addCount(page, Math.min(count, BODY_COUNT_CAP), first)
    for (const [key, at] of keys.grams) list('g', key, 'g').addPositions(page, at)
    for (const [word, { key, at }] of keys.words) list('g', key, 'w', word).addPositions(page, at)
    entry.h.forEach(([title, slug], n) => {
      const k = keysOf(fold(title))
      const record: ShardHeading = slug === slugify(title) ? [page, n, title] : [page, n, title, slug]
      // A heading with no letter, digit or CJK character has no key: no query can match it.
      if (k.chars.size) families.c.headings.push({ record, keys: [...k.chars.keys()] })
      const grams = [...new Set([...k.grams.keys(), ...[...k.words.values()].map((w) => w.key)])]
      if (grams.length) families.g.headings.push({ record, keys: grams })
    })
  })

  const n = { c: 1, g: 1 }
  const files: [string, string][] = []
  for (const family of ['c', 'g'] as const) {
    const { items, headings } = families[family]
    n[family] = bucketCount(items, headings, target)
    fill(items, headings, n[family]).forEach((b, k) => files.push([`${family}${k}`, JSON.stringify(b)]))
  }
  entries.forEach((e, page) => files.push([`t${page}`, JSON.stringify(e.x)]))
  return { manifest: { v: 3, t: entries.map((e) => e.t), p: entries.map((e) => e.p), s: dirUrl, n }, items: files }
}
