/**
 * The second tier of the bodies' large bigram lists. A bigram on most pages (配置, 文件 on 91 %
 * of a 10,000-page site) has tens of thousands of positions: reading them all to find the few
 * pages where 配置文件 occurs cost a query some 40 KB a bigram. Past TIER_BYTES a list is not stored
 * in its bucket; the bucket holds a stub (`Kind.BodyTier`) saying where the key's tier lies in the
 * tier packs (after every other pack), and the tier holds:
 *
 * - a summary: per page, the bigram's count (up to BODY_COUNT_CAP) and first position. A term of
 *   two different characters ranks from it exactly (its occurrences cannot overlap);
 * - TIER_GROUPS groups, by the character after the bigram: group `hash(c) % TIER_GROUPS` holds the
 *   occurrences followed by `c`, in TIER_CLASSES + 1 classes by the two characters after the
 *   bigram (`hash(cd) % TIER_CLASSES`; the last class: `c` then no CJK character). Per page and
 *   class: how many occurrences (up to BODY_COUNT_CAP) and where the first lies, in steps of
 *   2^TIER_FIRST_SHIFT.
 *
 * A longer term reads one group of its first bigram (`配置文件`: the group of 文, class of 文件),
 * about 1/32 of the list, and bounds each page: at most that many matches, the first no sooner
 * than that. Those bounds are sound, not exact (another pair of characters may share the class),
 * so the engine ranks on them and reads the texts of the pages that the bounds put among the
 * suggestions until every page shown has its exact count (`rankHits` on the bounds of the pages
 * it has no text of; see the engine). Pure code, shared by the build and the browser.
 */
import { BODY_COUNT_CAP, isCjk, type BodyMatch, type Term } from './rank.js'
import { Kind, VarReader, countOccurrences, decodePositions, gramOffsets, hashKey, hashUnits, listValues, termKeys, termMatches, tierItem, type BucketOf } from './shards.js'

/** A bigram list longer than this (bytes as stored) is split in two tiers. */
export const TIER_BYTES = 16 * 1024
/** Groups of a tier, by the character after the bigram: a longer term reads one. */
export const TIER_GROUPS = 32
/** Classes of a group, by the two characters after the bigram (and one for a character then no CJK one). */
export const TIER_CLASSES = 64
/** First positions in a class are stored in steps of 2^this: a lower bound, cheaper than the position. */
export const TIER_FIRST_SHIFT = 4

let cjkUnits: Uint8Array | undefined
/** `isCjk` of a UTF-16 unit, from a table made once from `isCjk` itself (the build asks for every position of large lists). */
function cjkUnit(unit: number): boolean {
  if (!cjkUnits) {
    cjkUnits = new Uint8Array(65536)
    for (let u = 0; u < 65536; u++) cjkUnits[u] = isCjk(String.fromCharCode(u)) ? 1 : 0
  }
  return cjkUnits[unit] === 1
}

/**
 * Where the occurrence of a bigram at `at` (folded text) lies among its tier's groups and classes
 * (group × (TIER_CLASSES + 1) + class), or -1 when no CJK character follows: no longer term reads
 * it there. As a term's characters hash (`hashKey(c, TIER_GROUPS)`, `hashKey(c + d, TIER_CLASSES)`).
 */
export function tierSlot(low: string, at: number): number {
  const c = low.charCodeAt(at + 2)
  if (!(c >= 0) || !cjkUnit(c)) return -1
  const d = low.charCodeAt(at + 3)
  return hashUnits(TIER_GROUPS, c) * (TIER_CLASSES + 1) + (d >= 0 && cjkUnit(d) ? hashUnits(TIER_CLASSES, c, d) : TIER_CLASSES)
}

/** A part of a tier (its summary, or a group): which tier pack (counted after the first part's packs), and its bytes there. */
export interface TierPart {
  pack: number
  start: number
  end: number
}

/** A tiered key's stub, parsed: where its summary lies, and each group (none when empty). */
export interface TierStub {
  /** Pages the bigram lies on (`BodyStats.df`). */
  pages: number
  summary: TierPart
  groups: (TierPart | undefined)[]
}

/**
 * A stub's bytes: the pages the bigram lies on; the summary's pack, start and size; then per group 0 when it is empty, else its
 * size × 2 + 1 when it starts the next pack (at 0), + 0 when it follows the part before it. A
 * tier's parts lie in order, so a host that ignores ranges fetches small packs, not whole tiers.
 */
export function parseTierStub(data: Uint8Array): TierStub {
  const r = new VarReader(data)
  const pages = r.next()
  const pack = r.next()
  const start = r.next()
  const summary = { pack, start, end: start + r.next() }
  const groups: (TierPart | undefined)[] = []
  let last = summary
  for (let g = 0; g < TIER_GROUPS; g++) {
    const v = r.next()
    if (!v) {
      groups.push(undefined)
      continue
    }
    const size = Math.floor(v / 2)
    const at = v % 2 ? { pack: last.pack + 1, start: 0 } : { pack: last.pack, start: last.end }
    groups.push((last = { ...at, end: at.start + size }))
  }
  return { pages, summary, groups }
}

/**
 * On how many pages the term's first key lies (`BodyStats.df`), from its bounds (`termBounds`:
 * every page where a term of one or two characters, or a Latin one, lies) or, for a longer CJK
 * term, its first bigram's list (its entries) or stub.
 */
export function termPages(term: Term, bucketOf: BucketOf, bounds: Map<number, BodyBound>): number {
  if (!term.cjk || term.text.length <= 2) return bounds.size
  const [key] = termKeys(term)
  const { lists } = bucketOf(key)
  const stub = lists.get(Kind.BodyTier + key.key)
  if (stub) return parseTierStub(stub).pages
  const data = lists.get(Kind.BodyGram + key.key)
  return data ? new VarReader(data).next() : 0
}

/** A term's body matches on a page: exact, or bounds (at most `count`, the first no sooner than `first`). */
export interface BodyBound extends BodyMatch {
  exact: boolean
}

/** What a term's body matches are read from. */
type Source =
  | { kind: 'positions'; offset: number; pages: Map<number, number[]> }
  | { kind: 'summary'; item: string }
  | { kind: 'group'; item: string; offset: number; classes: number[] }

/** How to read a term's body matches: exact from postings, or from these sources (tier items to fetch first). */
export interface TermPlan {
  term: Term
  exact?: Map<number, BodyMatch>
  sources: Source[]
  /** Tier items the sources read. */
  items: string[]
}

const partItem = ({ pack, start, end }: TierPart) => tierItem(pack, start, end)

/**
 * What `term` reads in the bodies (`bucketOf` gives a key's body bucket, fetched). A term none of
 * whose bigrams is tiered is exact from postings, as before. Otherwise: a two-character term reads
 * its summary; a longer one reads the positions of its small bigrams and, of each tiered bigram a
 * character after which lies in the term, the group of that character (one class when two lie in
 * it). Its first bigram always does, so every page the term may be on is bounded.
 */
export function termPlan(term: Term, bucketOf: BucketOf): TermPlan {
  const { text } = term
  const keys = termKeys(term)
  const stubs = keys.map((k) => (k.family === 'g' && term.cjk ? bucketOf(k).lists.get(Kind.BodyTier + k.key) : undefined))
  if (!stubs.some(Boolean)) return { term, exact: termMatches(term, bucketOf), sources: [], items: [] }
  if (text.length === 2) {
    const item = partItem(parseTierStub(stubs[0]!).summary)
    return { term, sources: [{ kind: 'summary', item }], items: [item] }
  }
  const sources: Source[] = []
  gramOffsets(text.length).forEach((offset, k) => {
    const stub = stubs[k]
    if (!stub) {
      sources.push({ kind: 'positions', offset, pages: decodePositions(Kind.BodyGram, bucketOf(keys[k]).lists.get(Kind.BodyGram + keys[k].key), undefined) })
      return
    }
    const c = text[offset + 2]
    if (c === undefined) return
    const d = text[offset + 3]
    const classes = d === undefined ? Array.from({ length: TIER_CLASSES + 1 }, (_, i) => i) : [hashKey(c + d, TIER_CLASSES)]
    const part = parseTierStub(stub).groups[hashKey(c, TIER_GROUPS)]
    if (part) sources.push({ kind: 'group', item: partItem(part), offset, classes })
    else sources.push({ kind: 'group', item: '', offset, classes: [] })
  })
  return { term, sources, items: [...new Set(sources.flatMap((s) => (s.kind === 'positions' || !s.item ? [] : [s.item])))] }
}

/** Pages of a class list: count and first (as stored). */
function readCounts(data: Uint8Array): Map<number, BodyMatch> {
  const out = new Map<number, BodyMatch>()
  if (!data.length) return out
  const r = listValues(Kind.BodyChar, data)
  for (let page = 0; r.more; ) out.set((page += r.next()), { count: r.next(), first: r.next() })
  return out
}

/** A group's classes: their sizes (varints), then each class's list. */
function readGroup(data: Uint8Array, classes: number[]): Map<number, BodyMatch> {
  const r = new VarReader(data)
  const sizes: number[] = []
  for (let c = 0; c <= TIER_CLASSES; c++) sizes.push(r.next())
  const out = new Map<number, BodyMatch>()
  let at = r.at
  sizes.forEach((size, c) => {
    if (classes.includes(c)) {
      for (const [page, { count, first }] of readCounts(data.subarray(at, at + size))) {
        const low = first * 2 ** TIER_FIRST_SHIFT
        const seen = out.get(page)
        out.set(page, seen ? { count: seen.count + count, first: Math.min(seen.first, low) } : { count, first: low })
      }
    }
    at += size
  })
  return out
}

/**
 * The term's matches per page from its plan (`item` gives a fetched tier item's bytes): exact, or
 * bounds. A page absent has no match (exactly). Every bound is sound: a page's true count is at
 * most the least of its sources' counts, its first match no sooner than the latest of their firsts.
 */
export function termBounds(plan: TermPlan, item: (name: string) => Uint8Array): Map<number, BodyBound> {
  const out = new Map<number, BodyBound>()
  const { term } = plan
  if (plan.exact) {
    for (const [page, m] of plan.exact) out.set(page, { ...m, exact: true })
    return out
  }
  const [first] = plan.sources
  if (first.kind === 'summary') {
    // Two different characters cannot overlap: every occurrence counts. 哈哈 in 哈哈哈 counts once.
    const exact = term.text[0] !== term.text[1]
    for (const [page, m] of readCounts(item(first.item))) out.set(page, { ...m, exact })
    return out
  }
  const length = term.text.length
  const positions = plan.sources.filter((s) => s.kind === 'positions')
  const groups = plan.sources.flatMap((s) => (s.kind === 'group' ? [{ offset: s.offset, pages: s.item ? readGroup(item(s.item), s.classes) : new Map<number, BodyMatch>() }] : []))
  // Pages every source has: the smallest source's pages, checked in the others.
  const all = [...positions.map((s) => s.pages), ...groups.map((g) => g.pages)]
  const smallest = all.reduce((a, b) => (b.size < a.size ? b : a))
  for (const page of smallest.keys()) {
    if (!all.every((m) => m.has(page))) continue
    let count = BODY_COUNT_CAP
    let firstAt = 0
    if (positions.length) {
      // Where every small bigram lies at its offset: a superset of the term's positions, counted as `find` counts.
      const [head, ...rest] = positions
      const sets = rest.map((s) => new Set(s.pages.get(page)))
      const starts = head.pages.get(page)!.map((at) => at - head.offset).filter((p) => p >= 0 && rest.every((s, k) => sets[k].has(p + s.offset)))
      const m = countOccurrences(starts, length)
      if (!m) continue
      count = m.count
      firstAt = m.first
    }
    for (const g of groups) {
      const m = g.pages.get(page)!
      count = Math.min(count, m.count)
      firstAt = Math.max(firstAt, m.first - g.offset)
    }
    out.set(page, { count: Math.min(count, BODY_COUNT_CAP), first: firstAt, exact: false })
  }
  return out
}
