import matter from 'gray-matter'
import { dateValue, DEFAULT_TIME_ZONE, formatSiteDate, inTimeZone, isRealDay, isRealTime, readSiteDate } from '../../shared/dates.js'
import type { Frontmatter } from '../../shared/types.js'
import { raise, warning, type BuildWarning, type FieldType } from '../errors/index.js'

export interface FrontmatterResult {
  frontmatter: Frontmatter
  body: string
  /** Lines taken by the frontmatter block, to map body positions back to the file. */
  bodyLineOffset: number
  /** What builds but a reader may miss (a placeholder description). */
  warnings?: BuildWarning[]
}

/** The value, or the field type it failed (the error catalogue words the message and hint). */
type FieldCheck = (value: unknown) => { value: unknown } | { invalid: FieldType; got?: unknown }

const str: FieldCheck = (v) => (typeof v === 'string' ? { value: v } : { invalid: 'text', got: v })
const bool: FieldCheck = (v) => (typeof v === 'boolean' ? { value: v } : { invalid: 'boolean', got: v })
const num: FieldCheck = (v) => (typeof v === 'number' && Number.isFinite(v) ? { value: v } : { invalid: 'number', got: v })
const strList: FieldCheck = (v) => {
  if (typeof v === 'string') return { value: [v] }
  if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')) return { value: v.map(String) }
  return { invalid: 'names', got: v }
}
const metaList: FieldCheck = (v) =>
  Array.isArray(v) && v.every((x) => typeof x === 'object' && x !== null && Object.values(x).every((y) => typeof y === 'string'))
    ? { value: v }
    : { invalid: 'attributes' }

/**
 * Dates as VuePress and reco authors write them (`2025-5-13`, `2025/05/13`, a time may follow,
 * an offset after it), checked for a real day and time, as the wall clock of the site's time
 * zone: a date with an offset is moved into it, one without is taken as written.
 */
const dateIn =
  (timeZone: string): FieldCheck =>
  (v) => {
    if (v instanceof Date) {
      // Only when the text as written was not found: YAML read it as UTC.
      if (Number.isNaN(v.getTime())) return { invalid: 'date', got: String(v) }
      const [hour, minute, second] = [v.getUTCHours(), v.getUTCMinutes(), v.getUTCSeconds()]
      const time = hour || minute || second ? { hour, minute, second } : undefined
      return { value: formatSiteDate({ year: v.getUTCFullYear(), month: v.getUTCMonth() + 1, day: v.getUTCDate(), time }) }
    }
    const written = typeof v === 'string' ? readSiteDate(v) : undefined
    if (!written) return { invalid: 'date', got: v }
    if (!isRealDay(written.year, written.month, written.day) || !isRealTime(written.time)) return { invalid: 'day', got: v }
    return { value: formatSiteDate(inTimeZone(written, timeZone)) }
  }

/** `sidebar: auto` (the page's own headings) or `sidebar: false` (none); `true` is the site's sidebar. */
const sidebar: FieldCheck = (v) => (v === 'auto' || typeof v === 'boolean' ? { value: v } : { invalid: 'sidebar', got: v })
/** Heading levels under the current page's sidebar link: 0 none, 1 h2, 2 h2 and h3. */
const depth: FieldCheck = (v) => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? { value: v } : { invalid: 'depth', got: v })
/** `prev`/`next`: the path of a page (as a sidebar entry names one), false to show no link, true for the sidebar's neighbour. */
const pageLink: FieldCheck = (v) => ((typeof v === 'string' && v.trim()) || typeof v === 'boolean' ? { value: typeof v === 'string' ? v.trim() : v } : { invalid: 'pageLink', got: v })

/** The spec's frontmatter fields with their types (and VuePress's page fields); other fields pass through untouched. */
const fieldsIn = (timeZone: string): Record<string, FieldCheck> => ({
  title: str,
  metaTitle: str,
  author: str,
  date: dateIn(timeZone),
  description: str,
  meta: metaList,
  lang: str,
  canonicalUrl: str,
  layout: str,
  home: bool,
  publish: bool,
  sticky: num,
  tags: strList,
  categories: strList,
  /** reco's page password: MD5 hex of each password that opens the page (src/render/content/lock-page.ts). */
  keys: strList,
  tag: strList,
  category: strList,
  sidebar,
  sidebarDepth: depth,
  prev: pageLink,
  next: pageLink,
  image: str,
})

const fieldsByZone = new Map<string, Record<string, FieldCheck>>()

function fieldsFor(timeZone: string): Record<string, FieldCheck> {
  const known = fieldsByZone.get(timeZone)
  if (known) return known
  const fields = fieldsIn(timeZone)
  fieldsByZone.set(timeZone, fields)
  return fields
}

export interface FrontmatterOptions {
  /** The site's time zone (IANA name), which dates without an offset are on. @default 'Asia/Shanghai' */
  timeZone?: string
}

/** Fields whose `null` means something: the home page's `heroText: null` and `tagline: null` hide them (VuePress tests `!== null`). */
const NULL_HIDES = new Set(['heroText', 'tagline'])

/** Split and validate the YAML frontmatter of `source`; errors point at file:line:column. */
export function parseFrontmatter(source: string, file: string, { timeZone = DEFAULT_TIME_ZONE }: FrontmatterOptions = {}): FrontmatterResult {
  const fields = fieldsFor(timeZone)
  const tab = tabIndent(source)
  if (tab) raise('FrontmatterTabIndent', {}, { file, ...tab }, { source })
  let parsed: matter.GrayMatterFile<string>
  try {
    // gray-matter caches by content; pass an object-free string each time and no cache reuse of errors.
    parsed = matter(source, { engines: NO_CODE_ENGINES })
  } catch (err) {
    const mark = (err as { mark?: { line: number; column: number } }).mark
    const reason = (err as { reason?: string }).reason ?? (err as Error).message
    // YAML gets the block from the newline after the opening ---, so its 0-based line n is the file's line n + 1.
    raise('FrontmatterSyntax', { reason }, mark ? { file, line: mark.line + 1, column: mark.column + 1 } : { file, line: 1, column: 1 }, { source })
  }
  const data = (parsed.data ?? {}) as Record<string, unknown>
  // Only the frontmatter block is searched for keys' positions (not the whole page).
  const head = source.slice(0, source.length - parsed.content.length)
  const bloat = oversized(data)
  if (bloat) raise('FrontmatterTooLarge', { reason: bloat }, { file, ...firstAlias(head) }, { source })
  const frontmatter: Frontmatter = {}
  for (const [key, value] of Object.entries(data)) {
    const check = fields[key]
    if (!check || value === null || value === undefined) {
      if ((value !== null || NULL_HIDES.has(key)) && value !== undefined) frontmatter[key] = value
      continue
    }
    // YAML turns 2025-13-40 into a valid (overflowed) Date: check the text as written instead.
    const raw = value instanceof Date ? rawValue(head, key) : undefined
    const result = check(raw && !Number.isNaN(dateValue(raw)) ? raw : value)
    if ('invalid' in result) raise('FrontmatterInvalid', { field: key, type: result.invalid, got: result.got }, { file, ...locateKey(head, key) }, { source })
    frontmatter[key] = result.value
  }
  // VuePress accepts `tag`/`category` as aliases of the list fields.
  if (frontmatter.tag && !frontmatter.tags) frontmatter.tags = frontmatter.tag as string[]
  if (frontmatter.category && !frontmatter.categories) frontmatter.categories = frontmatter.category as string[]
  delete frontmatter.tag
  delete frontmatter.category
  const bodyLineOffset = head ? head.split('\n').length - 1 : 0
  const result: FrontmatterResult = { frontmatter, body: parsed.content, bodyLineOffset }
  if (typeof frontmatter.description === 'string' && PLACEHOLDER.test(frontmatter.description)) {
    result.warnings = [warning('PlaceholderDescription', { description: frontmatter.description }, { file, ...locateKey(head, 'description') })]
  }
  return result
}

/** What the page templates (and habit) leave in a description to be written later. */
const PLACEHOLDER = /^\s*(待补充|待填写|TODO\b|TBD\b)/i

/**
 * The first line of the frontmatter block indented with a tab, with the tab's column. YAML
 * forbids tabs in indentation, yet js-yaml reads `\t- a` under a key and folds the
 * space-indented items after it into that one item's text.
 */
function tabIndent(source: string): { line: number; column: number } | undefined {
  if (!source.startsWith('---')) return undefined
  const lines = source.split('\n')
  for (let i = 1; i < lines.length && !/^---\s*$/.test(lines[i]); i++) {
    const indent = /^[ \t]*/.exec(lines[i])![0]
    const at = indent.indexOf('\t')
    if (at >= 0 && lines[i].trim()) return { line: i + 1, column: at + 1 }
  }
  return undefined
}

/** gray-matter runs `---js` frontmatter as code: only YAML is read. */
const refuseCode = () => {
  throw new Error('only YAML frontmatter is read (this block names another language after ---)')
}
const NO_CODE_ENGINES = { js: refuseCode, javascript: refuseCode, coffee: refuseCode, coffeescript: refuseCode, cson: refuseCode }

/** A few fields make a few hundred values; YAML aliases can make billions out of a few lines. */
const MAX_VALUES = 10_000
const MAX_TEXT = 1_000_000

/**
 * Why the frontmatter's data is too large once aliases are expanded (they share one object in
 * memory, but the parse cache and the page data write each copy out), or undefined. Counts
 * with a budget, so a "billion laughs" is refused after a few thousand steps.
 */
function oversized(data: unknown): string | undefined {
  let values = 0
  let text = 0
  const stack: unknown[] = [data]
  while (stack.length) {
    const v = stack.pop()
    if (++values > MAX_VALUES) return `it expands to more than ${MAX_VALUES} values (YAML aliases repeat their anchor's data)`
    if (typeof v === 'string' && (text += v.length) > MAX_TEXT) return `it expands to more than ${MAX_TEXT} characters of text (YAML aliases repeat their anchor's data)`
    const children = Array.isArray(v) ? v : v && typeof v === 'object' && !(v instanceof Date) ? Object.values(v) : []
    for (const child of children) if (stack.push(child) + values > MAX_VALUES) break
  }
  return undefined
}

/** Where the first alias (`*name`) is written, else the frontmatter's first line. */
function firstAlias(head: string): { line: number; column: number } {
  const lines = head.split('\n')
  for (let i = 1; i < lines.length; i++) {
    const m = /(^|[\s,[{:-])\*[^\s,[\]{}]+/.exec(lines[i])
    if (m) return { line: i + 1, column: m.index + m[1].length + 1 }
  }
  return { line: 1, column: 1 }
}

function rawValue(source: string, key: string): string | undefined {
  const { line, column } = locateKey(source, key)
  // A comment after the value is no part of it.
  return source.split('\n')[line - 1]?.slice(column - 1).replace(/\s+#.*$/, '').trim().replace(/^['"]|['"]$/g, '')
}

/** Line and column of `key:`'s value inside the leading frontmatter block of a page's source (1:1 when it has none). */
export function locateFrontmatterKey(source: string, key: string): { line: number; column: number } {
  return source.startsWith('---') ? locateKey(source, key) : { line: 1, column: 1 }
}

/** Line and column of `key:`'s value inside the leading frontmatter block (its first line when absent). */
export function locateKey(source: string, key: string): { line: number; column: number } {
  const lines = source.split('\n')
  for (let i = 1; i < lines.length && lines[i].trim() !== '---'; i++) {
    const m = new RegExp(`^(\\s*)${key}\\s*:\\s*`).exec(lines[i])
    if (m) return { line: i + 1, column: m[0].length + 1 }
  }
  return { line: 1, column: 1 }
}
