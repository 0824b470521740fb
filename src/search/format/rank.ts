/**
 * Site search: the index entries the build makes and the query, ranking and highlighting the
 * browser runs over them. Pure code, so the rules are unit-tested without a browser. (Readers
 * download the index split into shards: `search-shards.ts`.)
 *
 * Matching: a run of CJK characters matches as a substring (a query of two or three Chinese
 * characters finds every page containing them); a Latin word or number matches case-insensitively
 * as the prefix of a word. Every term of the query must match. Ranking: a page whose title is the
 * query first, then every page by one BM25F-like score (where each term occurs: title, headings,
 * body; how often, in how long a page; and how rare the term is among the pages).
 */

/** One page of the index. Short keys: the build writes them into the shards readers download. */
export interface SearchEntry {
  /** Page title. */
  t: string
  /** Route path relative to the base (`/handbook/a.html`). */
  p: string
  /** h2/h3 headings as [title, slug]. */
  h: [title: string, slug: string][]
  /** Plain body text (code blocks left out, cut to a maximum length). */
  x: string
}

/** The whole index in one piece: what the shards are made from, and what tests compare them with. */
export interface SearchIndexData {
  v: 1
  pages: SearchEntry[]
}

/** A piece of displayed text; `mark` pieces matched the query. */
export interface Segment {
  text: string
  mark?: boolean
}

export type SuggestionKind = 'title' | 'heading' | 'body'

export interface Suggestion {
  kind: SuggestionKind
  /** Base-relative link: the page, with `#slug` for heading hits. */
  path: string
  title: Segment[]
  /** Heading hits: the heading. */
  heading?: Segment[]
  /** Body hits: a short excerpt around the first match. */
  excerpt?: Segment[]
}

export interface Term {
  text: string
  /** CJK terms match as substrings; other terms as word prefixes. */
  cjk: boolean
}

/** Text with its folded form (same length, so offsets agree). */
export interface Folded {
  raw: string
  low: string
}

export interface PreparedPage {
  order: number
  path: string
  title: Folded
  headers: (Folded & { slug: string })[]
  text: Folded
}

/** The index ready for queries (case folding done once, when it loads). */
export interface PreparedIndex {
  pages: PreparedPage[]
}

export const DEFAULT_MAX_SUGGESTIONS = 10
/** Characters of body text shown around a match. */
const EXCERPT_BEFORE = 16
const EXCERPT_LENGTH = 72
/** A query longer than this is cut (keeps every keystroke cheap). */
export const MAX_QUERY = 64
const MAX_TERMS = 8

const CJK_RE = /[\u3040-\u30ff\u3105-\u312f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/
const WORD_RE = /[\p{L}\p{N}]/u
/** Full-width digits and letters (after lower-casing): folded to ASCII. */
const FULLWIDTH_RE = /[\uff10-\uff19\uff41-\uff5a]/g
const toAscii = (c: string) => String.fromCharCode(c.charCodeAt(0) - 0xfee0)

export const isCjk = (c: string) => CJK_RE.test(c)
/** A letter or digit of a Latin-like word (CJK characters are not: they border words). */
export const isWordChar = (c: string | undefined) => !!c && WORD_RE.test(c) && !isCjk(c)

/**
 * Case folding that keeps every character in place: lower case, and full-width letters and digits
 * (`ＧＰＴ`, typed by Chinese IMEs) as ASCII. Offsets in the folded text are offsets in the text.
 */
export function fold(text: string): string {
  const lower = text.toLowerCase()
  if (lower.length === text.length) return lower.replace(FULLWIDTH_RE, toAscii)
  // Rare: a character whose lower case is longer (İ); fold one at a time to keep offsets.
  let out = ''
  for (let i = 0; i < text.length; i++) {
    const l = text[i].toLowerCase()
    out += l.length === 1 ? l : text[i]
  }
  return out.replace(FULLWIDTH_RE, toAscii)
}

/** Split a query into terms: runs of CJK characters, and words of letters and digits. */
export function parseQuery(query: string): Term[] {
  const low = fold(query.slice(0, MAX_QUERY))
  const terms: Term[] = []
  let run = ''
  let runCjk = false
  const flush = () => {
    if (run && !terms.some((t) => t.text === run)) terms.push({ text: run, cjk: runCjk })
    run = ''
  }
  for (const c of low) {
    const cjk = isCjk(c)
    if (!cjk && !isWordChar(c)) {
      flush()
      continue
    }
    if (run && cjk !== runCjk) flush()
    runCjk = cjk
    run += c
  }
  flush()
  return terms.slice(0, MAX_TERMS)
}

/** Position of `term` in folded text at or after `from`, or -1. */
export function find(low: string, term: Term, from = 0): number {
  let i = low.indexOf(term.text, from)
  if (term.cjk) return i
  while (i >= 0 && isWordChar(low[i - 1])) i = low.indexOf(term.text, i + 1)
  return i
}

export const foldText = (raw: string): Folded => ({ raw, low: fold(raw) })

export function prepareIndex(data: SearchIndexData): PreparedIndex {
  return {
    pages: data.pages.map((e, order) => ({
      order,
      path: e.p,
      title: foldText(e.t),
      headers: e.h.map(([title, slug]) => ({ ...foldText(title), slug })),
      text: foldText(e.x),
    })),
  }
}

type Score = number[]
const byScore = (a: { score: Score }, b: { score: Score }) => {
  for (let i = 0; i < a.score.length; i++) if (a.score[i] !== b.score[i]) return a.score[i] - b.score[i]
  return 0
}

/**
 * What ranking reads of a short field (a title or a heading): where each term first occurs, its
 * length, and whether it is exactly the query. From the text (`textField`), or from postings.
 */
export interface RankField {
  /** Length of the field's text (UTF-16 units). */
  length: number
  /** Where `term` first occurs (as `find` finds it), or -1. */
  find(term: Term): number
  /** Whether the field, trimmed, is `joined`: the query's terms joined by spaces. */
  exact(terms: Term[], joined: string): boolean
}

/** A page as ranking reads it. */
export interface RankPage {
  order: number
  title: RankField
  /** Headings, each with its index among the page's headings; those that cannot match may be left out. */
  headers: [index: number, field: RankField][]
}

/** A field read from its text. */
export const textField = (field: Folded): RankField => ({
  length: field.raw.length,
  find: (t) => find(field.low, t),
  exact: (_, joined) => field.low.trim() === joined,
})

/** How well `terms` match a short field (title, heading): lower is better; null if not all match. */
function fieldScore(field: RankField, terms: Term[], all: Term[], joined: string): Score | null {
  let first = Infinity
  for (const t of terms) {
    const i = field.find(t)
    if (i < 0) return null
    first = Math.min(first, i)
  }
  const rank = field.exact(all, joined) ? 0 : first === 0 ? 1 : 2
  return [rank, first, field.length]
}

/**
 * Body occurrences counted per page: ranking looks no further (20 mentions rank like 200), and
 * the sharded index stores single-character counts only up to this.
 */
export const BODY_COUNT_CAP = 20

/** One term in a page's body: non-overlapping occurrences (up to BODY_COUNT_CAP) and the first one. */
export interface BodyMatch {
  count: number
  first: number
}

/** Where a term occurs in a page's body (by the page's order); null when it does not. */
export type BodyMatcher = (page: number, term: Term) => BodyMatch | null

/**
 * Page lengths as ranking reads them: in steps of LENGTH_STEP characters, at most 255 (one byte a
 * page in the index: `LENGTHS_ITEM`). Texts are cut at 8,000 characters, so no page reaches the cap.
 */
export const LENGTH_STEP = 32
export const lengthUnits = (length: number): number => Math.min(255, Math.max(1, Math.ceil(length / LENGTH_STEP)))

/** What the body score reads besides a page's matches: every page's length, and on how many pages each term lies. */
export interface BodyStats {
  /** A page's length (`lengthUnits`). */
  units(page: number): number
  /** The mean of every page's `units`. */
  meanUnits: number
  /** Pages in the index. */
  pages: number
  /**
   * On how many pages the term's first key lies in the body: for a CJK term its first bigram (its
   * character when it has one), for a Latin one the term itself. Exact from postings or a scan alike.
   */
  df(term: Term): number
}

/** A term's first key, as `BodyStats.df` counts it: what a scan looks for. */
export const dfTerm = (term: Term): Term => (term.cjk && term.text.length > 2 ? { text: term.text.slice(0, 2), cjk: true } : term)

/** The stats of a whole index, from its texts (the reference; the engine's come from the index). */
export function textStats(texts: string[], terms: Term[]): BodyStats {
  const units = texts.map((t) => lengthUnits(t.length))
  const df = new Map(terms.map((t) => [t, texts.reduce((n, low) => n + (find(low, dfTerm(t)) >= 0 ? 1 : 0), 0)]))
  return statsOf(units, (t) => df.get(t) ?? 0)
}

/** Stats from every page's length units and the terms' page counts. */
export function statsOf(units: ArrayLike<number>, df: (term: Term) => number): BodyStats {
  let sum = 0
  for (let i = 0; i < units.length; i++) sum += units[i]
  return { units: (page) => units[page], meanUnits: units.length ? sum / units.length : 1, pages: units.length, df }
}

/**
 * BM25's parameters: how soon more occurrences stop counting, and how much a page's length
 * counts. The usual values; on the bench corpus (`bench/search-ranking.mjs`, a thousand queries
 * of its own seed) b from 0.6 to 0.8 does as well, and k1 matters only with several terms.
 */
const BM25_K1 = 1.2
const BM25_B = 0.75

/**
 * What a word in the title adds (BM25F): one occurrence. The title is not in the text, so it counts
 * as a mention there would: a title that names the word outranks one mention in a text as long
 * (and ties go to title hits), not a page that says it more. A heading adds nothing: it is in the
 * text already. Higher weights let every page that names a common word in its title or a heading
 * outrank the page that is about it: on the bench corpus, where titles and headings are drawn from
 * the same words as the text, a title worth 2 and a heading 1.5 found the page a word came from
 * for 431 of 1,000 words at 2,000 pages, these weights 487 and none at all 506.
 */
const TITLE_WEIGHT = 1

/**
 * A page's relevance for the terms (higher is better): for each term, its occurrences in the text
 * (up to BODY_COUNT_CAP) and `TITLE_WEIGHT` if the title holds it, saturated and normalised by the
 * page's length as BM25 does, times how rare the term is (idf).
 */
function pageScore(page: RankPage, terms: Term[], matches: (BodyMatch | null)[], stats: BodyStats): number {
  const norm = 1 - BM25_B + (BM25_B * stats.units(page.order)) / stats.meanUnits
  let score = 0
  terms.forEach((term, k) => {
    let tf = Math.min(matches[k]?.count ?? 0, BODY_COUNT_CAP)
    if (page.title.find(term) >= 0) tf += TITLE_WEIGHT
    if (!tf) return
    const df = stats.df(term)
    const idf = Math.log(1 + (stats.pages - df + 0.5) / (df + 0.5))
    score += (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * norm)
  })
  return score
}

/** The reference matcher: scans the text. */
export function matchInText(low: string, term: Term): BodyMatch | null {
  let count = 0
  let first = -1
  for (let i = find(low, term); i >= 0 && count < BODY_COUNT_CAP; i = find(low, term, i + term.text.length)) {
    if (!count) first = i
    count++
  }
  return count ? { count, first } : null
}

/** A ranked suggestion before its text is made: the page (its order), and the heading's index for heading hits. */
export interface Hit {
  kind: SuggestionKind
  page: number
  header?: number
}

/**
 * The suggestions for `query`, best first, at most `max`: one per page that holds every term (in
 * its title, headings or text), as a title, heading or body hit (see `rankHits`).
 */
export function search(index: PreparedIndex, query: string, max = DEFAULT_MAX_SUGGESTIONS): Suggestion[] {
  const terms = parseQuery(query)
  if (!terms.length || max <= 0) return []
  const pages: RankPage[] = index.pages.map((p) => ({ order: p.order, title: textField(p.title), headers: p.headers.map((h, n) => [n, textField(h)]) }))
  const inBody: BodyMatcher = (page, term) => matchInText(index.pages[page].text.low, term)
  const stats = textStats(
    index.pages.map((p) => p.text.low),
    terms,
  )
  return rankHits(pages, terms, max, inBody, stats).map((hit) => toSuggestion(hit, index.pages[hit.page], terms))
}

/**
 * Ranks the pages for `terms` (see `search`). Fields and body are read through `RankField` and
 * `inBody`, so an index that holds postings instead of text ranks exactly as one that holds the
 * text. A page whose title is exactly the query comes first (the page asked for by name); every
 * other page by one score over its fields (`pageScore`, from `stats`), then the first match
 * (title hits before heading hits before body hits, then the match's place), then page order.
 * A page is a title hit when its title holds every term, a heading hit when a heading does (or a
 * heading and the title together: the best such heading is shown), else a body hit.
 */
export function rankHits(pages: Iterable<RankPage>, terms: Term[], max: number, inBody: BodyMatcher, stats: BodyStats): Hit[] {
  if (!terms.length || max <= 0) return []
  const joined = terms.map((t) => t.text).join(' ')
  const ranked: { score: Score; hit: Hit }[] = []
  for (const page of pages) {
    const inTitle = terms.filter((t) => page.title.find(t) >= 0)
    const matches = terms.map((t) => inBody(page.order, t))
    // Every term somewhere on the page.
    if (!terms.every((t, k) => matches[k] || inTitle.includes(t) || page.headers.some(([, h]) => h.find(t) >= 0))) continue
    const title = inTitle.length === terms.length ? fieldScore(page.title, terms, terms, joined) : null
    let where: { score: Score; hit: Hit } | undefined
    if (title) where = { score: [title[0] === 0 ? 0 : 1, 0, title[1], title[2]], hit: { kind: 'title', page: page.order } }
    else {
      // A heading hit: every term in the heading, or in the heading and the page title together.
      for (const [n, h] of page.headers) {
        const rest = terms.filter((t) => !inTitle.includes(t) || h.find(t) >= 0)
        if (!rest.length) continue
        const score = fieldScore(h, rest, terms, joined)
        if (!score) continue
        const key: Score = [1, 1, rest.length === terms.length ? 0 : 1, ...score, n]
        if (!where || byScore({ score: key }, where) < 0) where = { score: key, hit: { kind: 'heading', page: page.order, header: n } }
      }
    }
    if (!where) {
      // A body hit: at least one term in the text.
      let first = Infinity
      for (const m of matches) if (m) first = Math.min(first, m.first)
      if (first === Infinity) continue
      where = { score: [1, 2, first], hit: { kind: 'body', page: page.order } }
    }
    const [exact, ...rest] = where.score
    ranked.push({ score: [exact, -pageScore(page, terms, matches, stats), ...rest, page.order], hit: where.hit })
  }
  return ranked
    .sort(byScore)
    .slice(0, max)
    .map((r) => r.hit)
}
/** What a ranked hit shows, from its page's text (a body hit needs the body text). */
export function toSuggestion({ kind, header }: Hit, page: PreparedPage, terms: Term[]): Suggestion {
  const title = highlight(page.title, terms)
  if (kind === 'title') return { kind, path: page.path, title }
  if (kind === 'heading') {
    const h = page.headers[header!]
    return { kind, path: `${page.path}#${h.slug}`, title, heading: highlight(h, terms) }
  }
  return { kind, path: page.path, title, excerpt: excerpt(page.text, terms) }
}

function firstMatch(low: string, terms: Term[]): number {
  let first = Infinity
  for (const t of terms) {
    const i = find(low, t)
    if (i >= 0) first = Math.min(first, i)
  }
  return first === Infinity ? -1 : first
}

/** Split `text[start, end)` into plain and marked pieces where the terms match. */
export function highlight(text: Folded | string, terms: Term[], start = 0, end?: number): Segment[] {
  const { raw, low } = typeof text === 'string' ? foldText(text) : text
  const stop = end ?? raw.length
  const ranges: [number, number][] = []
  for (const t of terms) {
    for (let i = find(low, t, start); i >= 0 && i < stop; i = find(low, t, i + t.text.length)) {
      ranges.push([i, Math.min(i + t.text.length, stop)])
    }
  }
  ranges.sort((a, b) => a[0] - b[0] || b[1] - a[1])
  const segments: Segment[] = []
  let at = start
  for (const [from, to] of ranges) {
    if (to <= at) continue
    const s = Math.max(from, at)
    if (s > at) segments.push({ text: raw.slice(at, s) })
    segments.push({ text: raw.slice(s, to), mark: true })
    at = to
  }
  if (at < stop) segments.push({ text: raw.slice(at, stop) })
  return segments
}

/** A short piece of the body around the first match, with `…` where it was cut. */
export function excerpt(text: Folded | string, terms: Term[]): Segment[] {
  const folded = typeof text === 'string' ? foldText(text) : text
  const hit = Math.max(0, firstMatch(folded.low, terms))
  let start = Math.max(0, hit - EXCERPT_BEFORE)
  // Start at the sentence of the match when it begins close before it, else not inside a word.
  const before = folded.raw.slice(start, hit)
  const stop = Math.max(before.lastIndexOf('。'), before.lastIndexOf('！'), before.lastIndexOf('？'), before.lastIndexOf('；'), before.lastIndexOf('. '))
  if (stop >= 0) start += stop + 1
  while (stop < 0 && start > 0 && start < hit && isWordChar(folded.low[start - 1]) && isWordChar(folded.low[start])) start++
  while (start < hit && folded.raw[start] === ' ') start++
  let end = Math.min(folded.raw.length, start + EXCERPT_LENGTH)
  if (end < folded.raw.length && /[\uD800-\uDBFF]/.test(folded.raw[end - 1])) end-- // keep surrogate pairs whole
  const segments = highlight(folded, terms, start, end)
  if (start > 0 && stop < 0) segments.unshift({ text: '…' })
  if (end < folded.raw.length) segments.push({ text: '…' })
  return segments
}
