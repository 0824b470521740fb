/**
 * Where a config key path (`themeConfig.sidebar["/handbook/"][2]`) is written in the config
 * file's source, so config and sidebar errors get a location and a code frame. A small scanner
 * over the object literal of `export default`: it follows `defineConfig(…)`, and names bound by
 * a top-level `const x = …`, but evaluates nothing; what it cannot follow it leaves unlocated.
 */
import type { SourceLocation } from './problem.js'

interface Token {
  type: 'string' | 'word' | 'punct'
  value: string
  start: number
  /** Index of the innermost enclosing bracket token; -1 at the top level. */
  parent: number
  /** For brackets: the index of the matching one. */
  match?: number
}

type Segment = string | number

const OPEN: Record<string, string> = { '{': '}', '[': ']', '(': ')' }
const SEGMENT_RE = /(?:^|\.)([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y
/** Values a scanner may stop at without looking further (keywords and literals, not bindings). */
const LITERAL_WORDS = new Set(['true', 'false', 'null', 'undefined'])

export interface KeyPathPosition {
  line: number
  column: number
  /** False when only a prefix of the path was found (a missing key points at its parent). */
  exact: boolean
}

/** Line and column (1-based) of the entry `keyPath` names, or of its longest prefix written in `source`. */
export function locateKeyPath(source: string, keyPath: string): KeyPathPosition | undefined {
  const tokens = tokenize(source)
  const segments = parseKeyPath(keyPath)
  if (!tokens || !segments) return undefined
  const exported = tokens.findIndex((t, i) => t.parent === -1 && t.value === 'export' && tokens[i + 1]?.value === 'default')
  if (exported < 0) return undefined
  let value = exported + 2
  let at: number | undefined
  let found = 0
  for (const segment of segments) {
    const container = resolveValue(tokens, value)
    const entry = container === undefined ? undefined : typeof segment === 'number' ? element(tokens, container, segment) : property(tokens, container, segment)
    if (!entry) break
    at = entry.at
    value = entry.value
    found++
  }
  if (at === undefined) return undefined
  return { ...positionOf(source, tokens[at].start), exact: found === segments.length }
}

function parseKeyPath(keyPath: string): Segment[] | undefined {
  const out: Segment[] = []
  SEGMENT_RE.lastIndex = 0
  while (SEGMENT_RE.lastIndex < keyPath.length) {
    const m = SEGMENT_RE.exec(keyPath)
    if (!m) return undefined
    out.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : (JSON.parse(m[3]) as string)))
  }
  return out
}

/** The token where the value starting at `i` really begins: through `defineConfig(…)` and `const` bindings. */
function resolveValue(tokens: Token[], i: number, seen = 0): number | undefined {
  const t = tokens[i]
  if (!t || seen > 8) return undefined
  if (t.type !== 'word' || LITERAL_WORDS.has(t.value) || /^\d/.test(t.value)) return i
  if (tokens[i + 1]?.value === '(') return resolveValue(tokens, i + 2, seen + 1)
  const declared = tokens.findIndex(
    (d, j) => d.parent === -1 && d.type === 'word' && d.value === t.value && ['const', 'let', 'var'].includes(tokens[j - 1]?.value ?? ''),
  )
  if (declared < 0) return undefined
  // Past a type annotation (`const sidebar: SidebarConfig = …`) to the `=`.
  let j = declared + 1
  while (j < tokens.length && !(tokens[j].parent === -1 && tokens[j].value === '=')) j++
  return resolveValue(tokens, j + 1, seen + 1)
}

/** The key token and value token of `key` directly inside the object literal at `open`. */
function property(tokens: Token[], open: number, key: string): { at: number; value: number } | undefined {
  if (tokens[open].value !== '{') return undefined
  for (let i = open + 1; i < tokens[open].match!; i++) {
    const t = tokens[i]
    if (t.parent !== open || (t.type !== 'word' && t.type !== 'string') || t.value !== key) continue
    const before = tokens[i - 1].value
    if (before !== '{' && before !== ',') continue
    const after = tokens[i + 1]?.value
    if (after === ':') return { at: i, value: i + 2 }
    if (after === ',' || after === '}') return { at: i, value: i } // shorthand `{ sidebar }`
  }
  return undefined
}

/** The first token of element `n` of the array literal at `open`. */
function element(tokens: Token[], open: number, n: number): { at: number; value: number } | undefined {
  if (tokens[open].value !== '[') return undefined
  let index = 0
  let startsHere = true
  for (let i = open + 1; i < tokens[open].match!; i++) {
    const t = tokens[i]
    if (t.parent !== open) continue
    if (t.value === ',') {
      index++
      startsHere = true
    } else if (startsHere) {
      if (index === n) return { at: i, value: i }
      startsHere = false
    }
  }
  return undefined
}

function positionOf(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset)
  const lineStart = before.lastIndexOf('\n') + 1
  return { line: before.split('\n').length, column: offset - lineStart + 1 }
}

/** Strings, words and punctuation of a TypeScript source, with bracket nesting; comments dropped. */
function tokenize(text: string): Token[] | undefined {
  const tokens: Token[] = []
  const stack: number[] = []
  const parent = () => stack[stack.length - 1] ?? -1
  let i = 0
  while (i < text.length) {
    const c = text[i]
    if (/\s/.test(c)) i++
    else if (text.startsWith('//', i)) i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i)
    else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2)
      if (end < 0) return undefined
      i = end + 2
    } else if (c === '"' || c === "'" || c === '`') {
      const end = stringEnd(text, i)
      if (end === undefined) return undefined
      tokens.push({ type: 'string', value: unquote(text.slice(i + 1, end - 1)), start: i, parent: parent() })
      i = end
    } else if (/[\w$]/.test(c)) {
      const start = i
      while (i < text.length && /[\w$]/.test(text[i])) i++
      tokens.push({ type: 'word', value: text.slice(start, i), start, parent: parent() })
    } else {
      if (c === '}' || c === ']' || c === ')') {
        const open = stack.pop()
        if (open === undefined || OPEN[tokens[open].value] !== c) return undefined
        tokens[open].match = tokens.length
        tokens.push({ type: 'punct', value: c, start: i, parent: parent(), match: open })
      } else {
        tokens.push({ type: 'punct', value: c, start: i, parent: parent() })
        if (OPEN[c]) stack.push(tokens.length - 1)
      }
      i++
    }
  }
  return stack.length ? undefined : tokens
}

/** Index just past the string or template literal opening at `i` (templates' `${…}` skipped whole). */
function stringEnd(text: string, i: number): number | undefined {
  const quote = text[i]
  let depth = 0
  for (let j = i + 1; j < text.length; j++) {
    const c = text[j]
    if (c === '\\') j++
    else if (quote === '`' && c === '$' && text[j + 1] === '{') {
      depth++
      j++
    } else if (depth && c === '}') depth--
    else if (!depth && c === quote) return j + 1
    else if (c === '\n' && quote !== '`') return undefined
  }
  return undefined
}

function unquote(raw: string): string {
  return raw.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c))
}

/** The location of `keyPath` in the config file `file` (as shown to the user), for an error. */
export function configLocation(file: string, source: string, keyPath: string): SourceLocation | undefined {
  const at = locateKeyPath(source, keyPath)
  return at && { file, line: at.line, column: at.column }
}
