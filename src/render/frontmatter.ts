import matter from 'gray-matter'
import type { Frontmatter } from '../shared/types.js'
import { GptnotesError } from './errors.js'

export interface FrontmatterResult {
  frontmatter: Frontmatter
  body: string
  /** Lines taken by the frontmatter block, to map body positions back to the file. */
  bodyLineOffset: number
}

type FieldCheck = (value: unknown) => { value: unknown } | { error: string; hint: string }

const str: FieldCheck = (v) => (typeof v === 'string' ? { value: v } : { error: `must be text, got ${JSON.stringify(v)}`, hint: 'Quote the value: title: "…"' })
const bool: FieldCheck = (v) => (typeof v === 'boolean' ? { value: v } : { error: `must be true or false, got ${JSON.stringify(v)}`, hint: 'Write true or false without quotes.' })
const num: FieldCheck = (v) =>
  typeof v === 'number' && Number.isFinite(v) ? { value: v } : { error: `must be a number, got ${JSON.stringify(v)}`, hint: 'Write a number without quotes, e.g. sticky: 1' }
const strList: FieldCheck = (v) => {
  if (typeof v === 'string') return { value: [v] }
  if (Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'number')) return { value: v.map(String) }
  return { error: `must be a name or a list of names, got ${JSON.stringify(v)}`, hint: 'Write a YAML list:\n  tags:\n    - ChatGPT\n    - 教程' }
}
const metaList: FieldCheck = (v) =>
  Array.isArray(v) && v.every((x) => typeof x === 'object' && x !== null && Object.values(x).every((y) => typeof y === 'string'))
    ? { value: v }
    : { error: 'must be a list of attribute objects', hint: 'For example:\n  meta:\n    - name: keywords\n      content: ChatGPT,教程' }

const pad = (n: number) => String(n).padStart(2, '0')

/** Dates as authors write them (`2025-5-13`, optionally with a time), checked for a real day. */
const date: FieldCheck = (v) => {
  const hint = 'Write the date as year-month-day, e.g. date: 2025-5-13 (a time may follow: 2025-5-13 10:30).'
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return { error: 'is not a valid date', hint }
    const time = v.getUTCHours() || v.getUTCMinutes() || v.getUTCSeconds() ? ` ${pad(v.getUTCHours())}:${pad(v.getUTCMinutes())}:${pad(v.getUTCSeconds())}` : ''
    return { value: `${v.getUTCFullYear()}-${v.getUTCMonth() + 1}-${v.getUTCDate()}${time}` }
  }
  const m = typeof v === 'string' ? /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(v.trim()) : null
  if (!m) return { error: `must be a date like 2025-5-13, got ${JSON.stringify(v)}`, hint }
  const [y, mo, d] = [+m[1], +m[2], +m[3]]
  const day = new Date(Date.UTC(y, mo - 1, d))
  if (mo < 1 || mo > 12 || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d) {
    return { error: `is not a real day: ${JSON.stringify(v)}`, hint }
  }
  const time = m[4] ? ` ${pad(+m[4])}:${m[5]}${m[6] ? ':' + m[6] : ''}` : ''
  return { value: `${y}-${mo}-${d}${time}` }
}

/** The spec's frontmatter fields with their types; other fields pass through untouched. */
const FIELDS: Record<string, FieldCheck> = {
  title: str,
  metaTitle: str,
  author: str,
  date,
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
  tag: strList,
  category: strList,
}

/** Split and validate the YAML frontmatter of `source`; errors point at file:line:column. */
export function parseFrontmatter(source: string, file: string): FrontmatterResult {
  let parsed: matter.GrayMatterFile<string>
  try {
    // gray-matter caches by content; pass an object-free string each time and no cache reuse of errors.
    parsed = matter(source, {})
  } catch (err) {
    const mark = (err as { mark?: { line: number; column: number } }).mark
    const reason = (err as { reason?: string }).reason ?? (err as Error).message
    throw new GptnotesError({
      name: 'FrontmatterSyntax',
      message: `the frontmatter is not valid YAML: ${reason}`,
      hint: 'Frontmatter sits between two lines of ---; each line is `key: value`. Quote values that contain a colon.',
      loc: mark ? { file, line: mark.line + 2, column: mark.column + 1 } : { file, line: 1, column: 1 },
      source,
    })
  }
  const data = (parsed.data ?? {}) as Record<string, unknown>
  // Only the frontmatter block is searched for keys' positions (not the whole page).
  const head = source.slice(0, source.length - parsed.content.length)
  const frontmatter: Frontmatter = {}
  for (const [key, value] of Object.entries(data)) {
    const check = FIELDS[key]
    if (!check || value === null || value === undefined) {
      if (value !== null && value !== undefined) frontmatter[key] = value
      continue
    }
    // YAML turns 2025-13-40 into a valid (overflowed) Date: check the text as written instead.
    const raw = value instanceof Date ? rawValue(head, key) : undefined
    const result = check(raw && /^\d{4}-\d{1,2}-\d{1,2}/.test(raw) ? raw : value)
    if ('error' in result) {
      const loc = locateKey(head, key)
      throw new GptnotesError({
        name: 'FrontmatterInvalid',
        message: `frontmatter field "${key}" ${result.error}`,
        hint: result.hint,
        loc: { file, ...loc },
        source,
      })
    }
    frontmatter[key] = result.value
  }
  // VuePress accepts `tag`/`category` as aliases of the list fields.
  if (frontmatter.tag && !frontmatter.tags) frontmatter.tags = frontmatter.tag as string[]
  if (frontmatter.category && !frontmatter.categories) frontmatter.categories = frontmatter.category as string[]
  delete frontmatter.tag
  delete frontmatter.category
  const bodyLineOffset = head ? head.split('\n').length - 1 : 0
  return { frontmatter, body: parsed.content, bodyLineOffset }
}

function rawValue(source: string, key: string): string | undefined {
  const { line, column } = locateKey(source, key)
  return source.split('\n')[line - 1]?.slice(column - 1).trim().replace(/^['"]|['"]$/g, '')
}

/** Line and column of `key:`'s value inside the leading frontmatter block. */
function locateKey(source: string, key: string): { line: number; column: number } {
  const lines = source.split('\n')
  for (let i = 1; i < lines.length && lines[i].trim() !== '---'; i++) {
    const m = new RegExp(`^(\\s*)${key}\\s*:\\s*`).exec(lines[i])
    if (m) return { line: i + 1, column: m[0].length + 1 }
  }
  return { line: 1, column: 1 }
}
