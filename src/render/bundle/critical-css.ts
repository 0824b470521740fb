import { DARK_CLASS } from '../../shared/markup.js'

/**
 * The CSS a page's first paint needs: the theme's rules whose selectors can match an element of
 * the page's server HTML. The whole theme is one hashed stylesheet, loaded after the first paint
 * and cached across pages; each page inlines only its share, so its markup looks the same before
 * the stylesheet arrives as after (the stylesheet adds the rules of what the client makes later:
 * the search panel, menus when open, widgets, states).
 *
 * Matching is by presence, and errs on the side of keeping: a selector is kept when every tag,
 * class and id it names (outside pseudo-classes, whose arguments and states are not checked, and
 * attribute selectors) appears somewhere in the page. At-rules that hold no style rules
 * (`@keyframes`, `@font-face` …) are kept whole; `@media` and `@supports` keep their matching rules.
 */

/** One item of a style sheet: a style rule, or an at-rule with its block (or none). */
type CssNode = { kind: 'rule'; selectors: string[]; body: string } | { kind: 'group'; prelude: string; children: CssNode[] } | { kind: 'atom'; text: string }

/** The index after the string or comment that starts at `i`, or `i` when there is none. */
function skipQuoted(css: string, i: number): number {
  const c = css[i]
  if (c === '/' && css[i + 1] === '*') {
    const end = css.indexOf('*/', i + 2)
    return end < 0 ? css.length : end + 2
  }
  if (c === '"' || c === "'") {
    let j = i + 1
    while (j < css.length && css[j] !== c) j += css[j] === '\\' ? 2 : 1
    return j + 1
  }
  return i
}

/** The indices of `css` from `from` on that are outside strings and comments. */
function* codeIndices(css: string, from: number): Generator<number> {
  for (let i = from; i < css.length; ) {
    const skipped = skipQuoted(css, i)
    if (skipped !== i) i = skipped
    else yield i++
  }
}

/** The index of the next `stop` character at nesting depth 0 (outside strings and comments). */
function scan(css: string, from: number, stops: string): number {
  let depth = 0
  for (const i of codeIndices(css, from)) {
    const c = css[i]
    if (depth === 0 && stops.includes(c)) return i
    if (c === '(' || c === '[') depth++
    else if (c === ')' || c === ']') depth--
  }
  return css.length
}

/** The end of the block whose `{` is at `open` (the index after its `}`). */
function blockEnd(css: string, open: number): number {
  let depth = 0
  for (const i of codeIndices(css, open)) {
    if (css[i] === '{') depth++
    else if (css[i] === '}' && --depth === 0) return i + 1
  }
  return css.length
}

const GROUPS = /^@(media|supports|layer|container|document)\b/i

export function parseCss(css: string): CssNode[] {
  const nodes: CssNode[] = []
  let i = 0
  while (i < css.length) {
    const skipped = skipQuoted(css, i)
    if (skipped !== i || /\s/.test(css[i])) {
      i = skipped !== i ? skipped : i + 1
      continue
    }
    const stop = scan(css, i, '{;}')
    if (stop >= css.length || css[stop] === '}') break
    if (css[stop] === ';') {
      nodes.push({ kind: 'atom', text: css.slice(i, stop + 1) })
      i = stop + 1
      continue
    }
    const prelude = css.slice(i, stop).trim()
    const end = blockEnd(css, stop)
    if (prelude.startsWith('@')) {
      nodes.push(GROUPS.test(prelude) ? { kind: 'group', prelude, children: parseCss(css.slice(stop + 1, end - 1)) } : { kind: 'atom', text: css.slice(i, end) })
    } else {
      nodes.push({ kind: 'rule', selectors: splitList(prelude), body: css.slice(stop + 1, end - 1) })
    }
    i = end
  }
  return nodes
}

/** The parts of a selector list at its top-level commas. */
const splitList = (list: string): string[] => {
  const parts: string[] = []
  for (let i = 0; i < list.length; ) {
    const end = scan(list, i, ',')
    parts.push(list.slice(i, end).trim())
    i = end + 1
  }
  return parts.filter(Boolean)
}

/** What an element of the page must carry for `selector` to match: its tags, classes and ids. */
export function selectorNeeds(selector: string): string[] {
  let s = ''
  // Drop attribute selectors and the arguments of functional pseudo-classes (`:not(.x)` needs no `.x`).
  for (let i = 0; i < selector.length; ) {
    const c = selector[i]
    if (c === '[' || c === '(') {
      i = scan(selector, i + 1, c === '[' ? ']' : ')') + 1
      s += ' '
      continue
    }
    if (c === '"' || c === "'") {
      i = skipQuoted(selector, i)
      continue
    }
    s += c
    i++
  }
  const needs: string[] = []
  // Pseudo-classes and pseudo-elements (`:hover`, `::before`, `:root`) need nothing.
  for (const m of s.replace(/::?[-\w]+/g, ' ').matchAll(/([.#]?)(-?[_a-zA-Z][-\w]*|\\.)+/g)) {
    const token = m[0]
    if (m[1] === '' && /^[a-z][a-z0-9-]*$/i.test(token)) needs.push(token.toLowerCase())
    else if (m[1] !== '') needs.push(token.replace(/\\(.)/g, '$1'))
  }
  return needs
}

/** The tags (`div`), classes (`.x`) and ids (`#x`) present in an HTML document. */
export function htmlTokens(html: string): Set<string> {
  const tokens = new Set<string>(['html', 'head', 'body', '.' + DARK_CLASS])
  for (const m of html.matchAll(/<([a-zA-Z][a-zA-Z0-9-]*)([^>]*)>/g)) {
    tokens.add(m[1].toLowerCase())
    const attrs = m[2]
    if (!attrs) continue
    for (const a of attrs.matchAll(/\s(class|id)=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)) {
      const value = a[2] ?? a[3] ?? a[4] ?? ''
      if (a[1] === 'id') tokens.add('#' + value)
      else for (const c of value.split(/\s+/)) if (c) tokens.add('.' + c)
    }
  }
  return tokens
}

/** A style sheet's rules, parsed once, and the critical subset for any page's tokens. */
export class CriticalCss {
  private readonly nodes: CssNode[]
  private readonly needs = new Map<string, string[]>()

  constructor(css: string) {
    this.nodes = parseCss(css)
  }

  /** The rules of the sheet that can match the page, in their order. */
  forHtml(html: string): string {
    return this.emit(this.nodes, htmlTokens(html))
  }

  private emit(nodes: CssNode[], tokens: Set<string>): string {
    let out = ''
    for (const node of nodes) {
      if (node.kind === 'atom') out += node.text
      else if (node.kind === 'group') {
        const inner = this.emit(node.children, tokens)
        if (inner) out += `${node.prelude}{${inner}}`
      } else {
        const kept = node.selectors.filter((sel) => this.selectorNeeds(sel).every((t) => tokens.has(t)))
        if (kept.length) out += `${kept.join(',')}{${node.body}}`
      }
    }
    return out
  }

  private selectorNeeds(selector: string): string[] {
    let needs = this.needs.get(selector)
    if (!needs) this.needs.set(selector, (needs = selectorNeeds(selector)))
    return needs
  }
}
