/**
 * Comment HTML, sanitised by an allowlist without a DOM, so the same code runs on Node and at
 * the edge. Why not a library: DOMPurify needs a DOM (jsdom on the server); js-xss filters the
 * markup as written instead of rebuilding it; sanitize-html brings postcss, which needs Node
 * built-ins. It reads the input with a small tokenizer that follows the HTML tokenizer's rules
 * for tags, attributes, comments and raw-text elements (`markup/html-tokens.ts`), then WRITES NEW MARKUP: only allowlisted elements
 * and attributes, every value re-escaped and double-quoted, every element closed. Whatever the
 * input, the output is in this canonical form, so a browser parses it into exactly the elements
 * written here; a difference between this tokenizer and a browser's can only change which text
 * is shown, never create an element or an attribute. The allow-list itself is the one widget
 * A's browser sanitiser reads too (`src/shared/comment-markup.ts`).
 */
import { decodeEntities, tokens } from '../markup/html-tokens.js'
import { attributeRule, COMMENT_ELEMENTS, DROPPED_WITH_CONTENT, IMAGE_WRITTEN_ATTRIBUTES, imageAttributes, keptValue, leavesPage, LINK_REL, LINK_TARGET } from '../../shared/comment-markup.js'

const VOID = new Set(['br', 'hr', 'img', 'area', 'base', 'col', 'embed', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr', 'keygen', 'image'])

/** Dropped with everything inside (the shared list; raw text is skipped by the tokenizer already). */
const DROP_SUBTREE = new Set(DROPPED_WITH_CONTENT)

const MAX_DEPTH = 50

const escapeAttr = (s: string): string => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

// A well-formed character reference in text is kept as written (it can only ever be text).
const TEXT_AMP_RE = /&(?!(?:#\d{1,8}|#[xX][0-9a-fA-F]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});)/g

const escapeText = (s: string): string => s.replace(TEXT_AMP_RE, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The start tag as written out; undefined for an image without a safe source (it shows nothing). */
function startTag(name: string, attrs: [string, string][]): string | undefined {
  const out: string[] = []
  let external = false
  const cell = attributeRule(name, 'align') !== undefined
  const size: { width?: string; height?: string } = {}
  for (const [attr, raw] of attrs) {
    const decoded = decodeEntities(raw)
    // An image's size, referrer policy and loading are written below, the same for every image.
    if (name === 'img' && IMAGE_WRITTEN_ATTRIBUTES.includes(attr)) {
      if (attr === 'width' || attr === 'height') size[attr] = decoded
      continue
    }
    // Markdown tables may align cells by style; only that one declaration survives, as `align`.
    if (attr === 'style' && cell && !attrs.some(([a]) => a === 'align')) {
      const m = /^\s*text-align\s*:\s*(left|center|right)\s*;?\s*$/i.exec(decoded)
      if (m) out.push(` align="${m[1].toLowerCase()}"`)
      continue
    }
    const rule = attributeRule(name, attr)
    const value = rule && keptValue(rule, decoded)
    if (value === undefined) continue
    if (name === 'a' && attr === 'href') external = leavesPage(value)
    out.push(` ${attr}="${escapeAttr(value)}"`)
  }
  if (name === 'img' && !out.some((a) => a.startsWith(' src='))) return undefined
  if (name === 'img') for (const [attr, value] of imageAttributes(size)) out.push(` ${attr}="${escapeAttr(value)}"`)
  if (external) out.push(` target="${LINK_TARGET}" rel="${LINK_REL}"`)
  return `<${name}${out.join('')}>`
}

/** Comment HTML made safe: see the module comment for what is kept. */
export function sanitizeHtml(html: string): string {
  const out: string[] = []
  const open: string[] = []
  // While inside a dropped subtree: its element name and depth of same-named nesting.
  let dropping: { name: string; depth: number } | undefined
  for (const token of tokens(html)) {
    if (typeof token === 'string') {
      if (dropping === undefined) out.push(escapeText(token))
      continue
    }
    const { name, end } = token
    if (dropping !== undefined) {
      if (name === dropping.name) dropping.depth += end ? -1 : 1
      if (dropping.depth === 0) dropping = undefined
      continue
    }
    if (!end && DROP_SUBTREE.has(name) && !(token.selfClosing && (name === 'svg' || name === 'math'))) {
      dropping = { name, depth: 1 }
      continue
    }
    if (!Object.hasOwn(COMMENT_ELEMENTS, name)) continue
    if (end) {
      const at = open.lastIndexOf(name)
      if (at === -1) continue
      while (open.length > at) out.push(`</${open.pop()}>`)
      continue
    }
    if (VOID.has(name)) {
      const tag = startTag(name, token.attrs)
      if (tag !== undefined) out.push(tag)
      continue
    }
    if (open.length >= MAX_DEPTH) continue
    out.push(startTag(name, token.attrs)!)
    open.push(name)
  }
  while (open.length > 0) out.push(`</${open.pop()}>`)
  return out.join('')
}

// What sanitised HTML holds is read in `markup/html-tokens.ts`; these names stay importable from here.
export { decodeEntities, htmlImages, htmlLinks, htmlText, isBlankHtml } from '../markup/html-tokens.js'
