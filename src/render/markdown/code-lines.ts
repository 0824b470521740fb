import type { Code, Root } from 'mdast'
import { visit } from './visit.js'

/*
 * Line highlighting and line numbers of fenced code, as VuePress 1 authors write them:
 * ```` ```js{1,3-4} ```` (the braces anywhere in the info string, with or without a space before
 * them) marks lines 1, 3 and 4; the site option `markdown.lineNumbers` numbers every block.
 * `fenceLines` reads the braces out of the info string once, after the parse, so every later
 * pass sees the plain language; both HTML writers then read the lines from the node's data.
 */

/** What a code node's HTML needs besides its code and language. */
export interface CodeLines {
  /** The lines to highlight, 1-based, in ascending order (none: no line is marked). */
  highlight?: number[]
  /** Number every line. */
  numbers?: boolean
}

/** `{1,3-4}` in an info string (blanks allowed inside: `{ 1, 3 - 4 }`). */
const RANGES = /\{([\d\s,-]*\d[\d\s,-]*)\}/

/**
 * The 1-based line numbers `1,3-4` names, up to `last` (a reversed range counts as written the
 * right way round; lines past the end are dropped, so `{1-999999999}` costs no more than the block).
 */
function parseRanges(text: string, last: number): number[] {
  const lines = new Set<number>()
  for (const part of text.split(',')) {
    const [from, to] = part.split('-').map((n) => Number.parseInt(n.trim(), 10))
    if (!Number.isFinite(from)) continue
    const end = Number.isFinite(to) ? to : from
    for (let n = Math.max(1, Math.min(from, end)); n <= Math.min(last, Math.max(from, end)); n++) lines.add(n)
  }
  return [...lines].sort((a, b) => a - b)
}

/** The language, the lines to highlight and what is left of the info string, from a fence's `lang` and `meta`. */
function readInfo(lang: string | null | undefined, meta: string | null | undefined, lineCount: number): { lang: string | null; meta: string | null; highlight?: number[] } {
  const info = (lang ?? '') + (meta ? ' ' + meta : '')
  const m = RANGES.exec(info)
  if (!m) return { lang: lang ?? null, meta: meta ?? null }
  const rest = (info.slice(0, m.index) + ' ' + info.slice(m.index + m[0].length)).trim()
  const space = rest.search(/\s/)
  return {
    lang: (space < 0 ? rest : rest.slice(0, space)) || null,
    meta: space < 0 ? null : rest.slice(space).trim() || null,
    highlight: parseRanges(m[1], lineCount),
  }
}

/** The lines a code node is written with (set by `fenceLines`). */
export function codeLinesOf(node: Code): CodeLines | undefined {
  return (node.data as { codeLines?: CodeLines } | undefined)?.codeLines
}

/**
 * Every code block of the tree: the `{…}` of its info string taken out of its language and
 * kept in its data with `numbers` (the site's `markdown.lineNumbers`). Indented code has no
 * info string, and is numbered all the same.
 */
export function fenceLines(tree: Root, numbers: boolean): void {
  visit(tree, 'code', (node) => {
    const info = readInfo(node.lang, node.meta, node.value.split('\n').length)
    const lines: CodeLines = {}
    if (info.highlight?.length) lines.highlight = info.highlight
    if (numbers) lines.numbers = true
    node.lang = info.lang
    node.meta = info.meta
    if (lines.highlight || lines.numbers) node.data = { ...node.data, codeLines: lines } as Code['data']
  })
}

const TAG = /<span[^>]*>|<\/span>|\n/g

/**
 * Highlighted HTML cut at its line breaks into lines that stand alone: a token that runs over
 * a line break (a block comment, a template string) is closed at the end of each line and
 * opened again at the start of the next, so each line can be wrapped on its own. The text is
 * untouched: the lines joined with `\n` read as the code.
 */
export function splitLines(html: string): string[] {
  const lines: string[] = []
  const open: string[] = []
  let line = ''
  let last = 0
  TAG.lastIndex = 0
  for (let m = TAG.exec(html); m; m = TAG.exec(html)) {
    line += html.slice(last, m.index)
    last = m.index + m[0].length
    if (m[0] === '\n') {
      lines.push(line + '</span>'.repeat(open.length))
      line = open.join('')
    } else {
      line += m[0]
      if (m[0] === '</span>') open.pop()
      else open.push(m[0])
    }
  }
  lines.push(line + html.slice(last))
  return lines
}

// The classes the theme's stylesheet styles (base.css, theme.css).
/** On each marked line (with `line`). */
const HIGHLIGHTED_CLASS = 'highlighted'
/** On a block whose lines are numbered (VuePress's name). */
const NUMBERED_CLASS = 'line-numbers-mode'
/** On a block with marked lines. */
const HAS_HIGHLIGHTS_CLASS = 'has-highlighted-lines'

/** The classes a block's wrapper adds for its lines. */
export function linesClasses(lines: CodeLines | undefined): string[] {
  const out: string[] = []
  if (lines?.highlight?.length) out.push(HAS_HIGHLIGHTS_CLASS)
  if (lines?.numbers) out.push(NUMBERED_CLASS)
  return out
}

/**
 * What goes inside `<pre>`: the `<code>` with the highlighted HTML (then `tail`: the final line
 * ending), each marked line in a `<span class="line highlighted">`, and before it, when lines
 * are numbered, the numbers in a column of their own that assistive tools skip (it is outside
 * `<code>`, so copying the code never takes them; the stylesheet makes them unselectable too).
 */
export function preInner(html: string, lineCount: number, lines: CodeLines | undefined, tail = ''): string {
  if (!lines?.highlight?.length && !lines?.numbers) return `<code>${html}${tail}</code>`
  let code = html
  if (lines.highlight?.length) {
    const marked = new Set(lines.highlight)
    code = splitLines(html)
      .map((line, i) => (marked.has(i + 1) ? `<span class="line ${HIGHLIGHTED_CLASS}">${line}</span>` : line))
      .join('\n')
  }
  if (!lines.numbers) return `<code>${code}${tail}</code>`
  let numbers = ''
  for (let n = 1; n <= lineCount; n++) numbers += (n > 1 ? '\n' : '') + n
  return `<span class="line-numbers" aria-hidden="true">${numbers}</span><code>${code}${tail}</code>`
}
