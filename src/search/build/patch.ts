import { Kind, VarReader, walkList } from '../format/shards.js'

/**
 * One list's entries of one page, as the list holds them but for the first entry's page delta
 * (which depends on the entry before it): the bytes, how many entries (a field list has one per
 * field holding the key), and for a body bigram list its positions (a tier's slots come from them).
 */
export interface PageEntries {
  bytes: Uint8Array
  entries: number
  positions?: number[]
}

/** Where the `n` varints from `at` end (a varint ends at a byte below 128). */
function skipVarints(data: Uint8Array, at: number, n: number): number {
  while (n > 0 && at < data.length) if (data[at++] < 128) n--
  return at
}

function pushVarint(out: number[], v: number): void {
  while (v >= 128) {
    out.push((v & 127) | 128)
    v = Math.floor(v / 128)
  }
  out.push(v)
}

/**
 * A list's varints with page `page`'s entries replaced by `now` (none: the page no longer holds
 * the key). Entries are delta-coded by page, so only the page's own and the next entry's delta
 * change: the bytes before and after are copied. `before`: positions of the entries before the
 * page (body bigram lists), `removed`: the page's old positions (to patch a tier's slots).
 */
export function spliceList(kind: Kind, data: Uint8Array, entries: number, page: number, now?: PageEntries): { data: Uint8Array; entries: number; before: number; removed: number } {
  const r = new VarReader(data)
  const counted = kind === Kind.BodyGram
  let last = 0 // page of the last entry before `page`
  let pageStart = -1 // where the page's own entries start (or the next page's)
  let after = -1 // the first entry past the page: its page, and where its delta ends
  let afterDeltaEnd = data.length
  let old = 0
  let before = 0
  let removed = 0
  let current = 0
  for (let e = 0; e < entries; e++) {
    const at = r.at
    const delta = r.next()
    const p = current + delta
    if (p > page) {
      if (pageStart < 0) pageStart = at
      after = p
      afterDeltaEnd = r.at
      break
    }
    if (p === page && pageStart < 0) pageStart = at
    current = p
    if (p < page) last = p
    else old++
    // The rest of the entry (its delta read), counting a bigram list's positions.
    if (kind === Kind.BodyChar) r.at = skipVarints(data, r.at, 2)
    else if (kind === Kind.BodyGram || kind === Kind.BodyWord) {
      const n = r.next()
      if (counted) {
        if (p < page) before += n
        else removed += n
      }
      r.at = skipVarints(data, r.at, n)
    } else {
      let i = 0
      walkList(kind, 1, () => (i++ === 0 ? delta : r.next()))
    }
  }
  if (pageStart < 0) pageStart = r.at
  const head: number[] = []
  if (now) pushVarint(head, page - last)
  const middle = now?.bytes ?? new Uint8Array(0)
  const tail: number[] = []
  if (after >= 0) pushVarint(tail, after - (now ? page : last))
  const rest = after >= 0 ? data.subarray(afterDeltaEnd) : new Uint8Array(0)
  const out = new Uint8Array(pageStart + head.length + middle.length + tail.length + rest.length)
  out.set(data.subarray(0, pageStart))
  let o = pageStart
  out.set(head, o)
  out.set(middle, (o += head.length))
  out.set(tail, (o += middle.length))
  out.set(rest, o + tail.length)
  return { data: out, entries: entries - old + (now?.entries ?? 0), before, removed }
}

/** A tiered list's slots (varints, one a position) with `removed` of them after the first `before` replaced by `added`; and the slots removed. */
export function spliceSlots(slots: Uint8Array, before: number, removed: number, added: number[]): { slots: Uint8Array; removed: number[] } {
  const r = new VarReader(slots)
  r.at = skipVarints(slots, 0, before)
  const start = r.at
  const gone: number[] = []
  for (let i = 0; i < removed; i++) gone.push(r.next())
  const mid: number[] = []
  for (const s of added) pushVarint(mid, s)
  const out = new Uint8Array(start + mid.length + slots.length - r.at)
  out.set(slots.subarray(0, start))
  out.set(mid, start)
  out.set(slots.subarray(r.at), start + mid.length)
  return { slots: out, removed: gone }
}
