/*
 * Large pages are parsed in pieces. micromark rewrites its whole list of document events each
 * time a block quote or footnote definition is closed by a blank line, so a page of many such
 * blocks costs time growing with the square of its size (0.25 MB of block quotes: minutes).
 * Cut at top-level blank lines where no construct is open, each piece costs time in proportion
 * to its own size, and the pieces together give the tree of the whole page.
 */

/** One piece of a page: its text and where it starts in the page (0-based offset, 1-based line). */
export interface Piece {
  text: string
  offset: number
  line: number
  /** False when the piece ends inside fenced code, a container or an HTML block (the page's last may). */
  closed: boolean
}

/** Pieces are cut at the first safe place after this many characters. */
export const PIECE_SIZE = 4096

const FENCE_RE = /^ {0,3}(`{3,}|~{3,})/
const CONTAINER_OPEN_RE = /^ {0,3}:{3,}[ \t]*[A-Za-z]/
const CONTAINER_CLOSE_RE = /^ {0,3}:{3,}[ \t]*$/
/** HTML blocks that a blank line does not end (CommonMark kinds 1 to 5), with what ends each. */
const HTML_BLOCKS: [RegExp, RegExp][] = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:[\s>]|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
]
/** A line that may continue what came before a blank line: indented, or a list item (a loose list goes on). */
const CONTINUES_RE = /^(?:[ \t]|[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$))/

/**
 * Split `source` into pieces that parse alone to the same blocks as the whole: each cut is
 * after a blank line, outside fenced code, `:::` containers and multi-line HTML blocks, before
 * a line that starts at the margin and is no list item.
 */
export function splitPieces(source: string, size = PIECE_SIZE): Piece[] {
  if (source.length <= size) return [{ text: source, offset: 0, line: 1, closed: false }]
  const pieces: Piece[] = []
  let start = 0
  let startLine = 1
  let fence: string | null = null
  let containers = 0
  let htmlEnd: RegExp | null = null
  let blank = false
  let pos = 0
  let line = 1
  while (pos < source.length) {
    const nl = source.indexOf('\n', pos)
    const end = nl < 0 ? source.length : nl
    const text = source.slice(pos, end).replace(/\r$/, '')
    if (blank && fence === null && containers === 0 && htmlEnd === null && pos - start >= size && text !== '' && !CONTINUES_RE.test(text)) {
      pieces.push({ text: source.slice(start, pos), offset: start, line: startLine, closed: true })
      start = pos
      startLine = line
    }
    if (htmlEnd) {
      if (htmlEnd.test(text)) htmlEnd = null
    } else if (fence !== null) {
      const f = FENCE_RE.exec(text)
      if (f && f[1][0] === fence[0] && f[1].length >= fence.length && text.trim() === f[1]) fence = null
    } else {
      const f = FENCE_RE.exec(text)
      if (f) fence = f[1]
      else if (CONTAINER_OPEN_RE.test(text)) containers++
      else if (CONTAINER_CLOSE_RE.test(text)) containers = Math.max(0, containers - 1)
      else {
        const html = HTML_BLOCKS.find(([open]) => open.test(text))
        if (html && !html[1].test(text.replace(html[0], ''))) htmlEnd = html[1]
      }
    }
    blank = text.trim() === ''
    pos = end + 1
    line++
  }
  pieces.push({ text: source.slice(start), offset: start, line: startLine, closed: fence === null && containers === 0 && htmlEnd === null })
  return pieces
}

/** A reference label as micromark compares them: whitespace collapsed, case folded. */
export function normalizeLabel(label: string): string {
  return label.replace(/[\t\n\r ]+/g, ' ').trim().toLowerCase().toUpperCase()
}

const DEFINITION_RE = /^ {0,3}\[(\^?)((?:[^\\\]\n]|\\.){1,999})\]:/gm
const REFERENCE_RE = /\[(\^?)((?:[^\\\][\n]|\\.){1,999})\]/g

/**
 * Link and footnote definitions are page-wide: a reference in one piece may name a
 * definition in another. Each piece gets a stand-in definition for every label it uses that
 * another piece defines (taken out of its tree again after parsing), so micromark reads the
 * reference the same way as in the whole page. Returns, per piece, the text to append.
 */
export function foreignDefinitions(pieces: Piece[]): string[] {
  const definedIn = new Map<string, number>()
  pieces.forEach((piece, i) => {
    for (const m of piece.text.matchAll(DEFINITION_RE)) {
      const key = m[1] + normalizeLabel(m[2])
      if (!definedIn.has(key)) definedIn.set(key, i)
    }
  })
  if (!definedIn.size) return pieces.map(() => '')
  return pieces.map((piece, i) => {
    // After an open block the stand-ins would become its text.
    if (!piece.closed) return ''
    const wanted = new Set<string>()
    for (const m of piece.text.matchAll(REFERENCE_RE)) {
      const key = m[1] + normalizeLabel(m[2])
      const home = definedIn.get(key)
      if (home !== undefined && home !== i) wanted.add(m[1] ? `[^${m[2]}]: .` : `[${m[2]}]: #`)
    }
    return wanted.size ? `\n\n${[...wanted].join('\n\n')}\n` : ''
  })
}

/** Container markers (`>`, list bullets and numbers) a line opens before its text. */
const MARKERS_RE = /^[ \t]*(?:(?:>[ \t]*)|(?:[-+*]|\d{1,9}[.)])(?:[ \t]+|$))+/

/** Most blocks one may nest in another (`>` in `>`, lists in lists); deeper input is refused. */
export const MAX_NESTING = 100

/**
 * The first line nesting blocks deeper than `MAX_NESTING` (counting the markers on a line and
 * its indentation), or undefined. micromark, the tree walks and the HTML writer all recurse
 * once per level: far deeper input overflows the stack or takes minutes.
 */
export function tooDeep(source: string): { line: number; depth: number } | undefined {
  let line = 0
  let fence: string | null = null
  for (const text of source.split('\n')) {
    line++
    const f = FENCE_RE.exec(text)
    if (f) {
      if (fence === null) fence = f[1]
      else if (f[1][0] === fence[0] && f[1].length >= fence.length) fence = null
      continue
    }
    if (fence !== null) continue
    const m = MARKERS_RE.exec(text)
    if (!m) continue
    const markers = (m[0].match(/>|[-+*](?=[ \t]|$)|\d{1,9}[.)]/g) ?? []).length
    const indent = /^[ \t]*/.exec(text)![0].replace(/\t/g, '    ').length
    const depth = markers + Math.floor(indent / 2)
    if (depth > MAX_NESTING) return { line, depth }
  }
  return undefined
}
