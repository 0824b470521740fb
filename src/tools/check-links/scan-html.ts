/**
 * A small HTML tag scanner: start and end tags with their attributes and offsets, in document
 * order. Enough for the documents the build writes (React SSR + markdown HTML) and for the raw
 * HTML authors put in markdown; no tree is built. Comments are skipped and the contents of
 * raw-text elements (script, style…) are handed back whole instead of being scanned as markup.
 */

import { decodeEntities } from '../../shared/escape.js'

export interface HtmlAttribute {
  /** Entity-decoded value (`&amp;` → `&`). */
  value: string
  /** The value as written in the file, to find it again in a source. */
  raw: string
}

export interface StartTag {
  type: 'start'
  name: string
  attrs: Map<string, HtmlAttribute>
  /** Offset of the `<` in the document. */
  offset: number
  selfClosing: boolean
  /** For raw-text elements (script, style, textarea, title): the text up to the end tag. */
  text?: string
}

export interface EndTag {
  type: 'end'
  name: string
  offset: number
}

const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noembed', 'noframes'])

const isNameStart = (c: string | undefined) => c !== undefined && /[a-z]/i.test(c)
const isSpace = (c: string | undefined) => c === ' ' || c === '\n' || c === '\t' || c === '\r' || c === '\f'

export function* scanHtml(html: string): Generator<StartTag | EndTag> {
  const n = html.length
  let i = 0
  while (i < n) {
    const lt = html.indexOf('<', i)
    if (lt < 0) return
    i = lt + 1
    if (html.startsWith('!--', i)) {
      const end = html.indexOf('-->', i + 3)
      i = end < 0 ? n : end + 3
      continue
    }
    if (html[i] === '!' || html[i] === '?') {
      const end = html.indexOf('>', i)
      i = end < 0 ? n : end + 1
      continue
    }
    if (html[i] === '/' && isNameStart(html[i + 1])) {
      const end = html.indexOf('>', i)
      const name = /^[^\s/>]+/.exec(html.slice(i + 1, end < 0 ? n : end))![0].toLowerCase()
      i = end < 0 ? n : end + 1
      yield { type: 'end', name, offset: lt }
      continue
    }
    if (!isNameStart(html[i])) continue // a lone `<` in text
    let j = i
    while (j < n && !isSpace(html[j]) && html[j] !== '>' && html[j] !== '/') j++
    const name = html.slice(i, j).toLowerCase()
    const attrs = new Map<string, HtmlAttribute>()
    let selfClosing = false
    // Attributes: name, name=value, name="value", name='value'.
    while (j < n) {
      while (isSpace(html[j])) j++
      if (html[j] === '>') {
        j++
        break
      }
      if (html[j] === '/') {
        if (html[j + 1] === '>') {
          selfClosing = true
          j += 2
          break
        }
        j++
        continue
      }
      const nameStart = j
      while (j < n && !isSpace(html[j]) && html[j] !== '=' && html[j] !== '>' && !(html[j] === '/' && html[j + 1] === '>')) j++
      const attrName = html.slice(nameStart, j).toLowerCase()
      let k = j
      while (isSpace(html[k])) k++
      let raw = ''
      if (html[k] === '=') {
        k++
        while (isSpace(html[k])) k++
        const quote = html[k]
        if (quote === '"' || quote === "'") {
          const close = html.indexOf(quote, k + 1)
          raw = html.slice(k + 1, close < 0 ? n : close)
          k = close < 0 ? n : close + 1
        } else {
          const start = k
          while (k < n && !isSpace(html[k]) && html[k] !== '>') k++
          raw = html.slice(start, k)
        }
        j = k
      }
      if (attrName && !attrs.has(attrName)) attrs.set(attrName, { value: decodeEntities(raw), raw })
    }
    i = j
    const tag: StartTag = { type: 'start', name, attrs, offset: lt, selfClosing }
    if (RAW_TEXT.has(name) && !selfClosing) {
      const re = new RegExp(`</${name}[\\s/>]`, 'gi')
      re.lastIndex = i
      const close = re.exec(html)?.index ?? -1
      tag.text = html.slice(i, close < 0 ? n : close)
      i = close < 0 ? n : close
    }
    yield tag
  }
}

/** 1-based line numbers for offsets of one document. */
export function lineIndex(text: string): (offset: number) => number {
  const starts = [0]
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  return (offset) => {
    let lo = 0
    let hi = starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (starts[mid] <= offset) lo = mid
      else hi = mid - 1
    }
    return lo + 1
  }
}
