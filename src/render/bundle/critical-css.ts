import { inlineStyleReads, markupTokens, SHADOW_TOKEN, VAR_REF, type MarkupFacts } from './markup-tokens.js'

/**
 * The CSS a page's first paint needs: the theme's rules whose selectors can match an element of
 * the page's server HTML. The whole theme is one hashed stylesheet, loaded after the first paint
 * and cached across pages; each page inlines only its share, so its markup looks the same before
 * the stylesheet arrives as after (the stylesheet adds the rules of what the client makes later:
 * the search panel, menus when open, widgets, states).
 *
 * Matching is by presence, and errs on the side of keeping: a selector is kept when every tag,
 * class and id it names (outside pseudo-classes, whose arguments and states are not checked, and
 * attribute selectors) appears somewhere in the page, and it does not wait for the reader
 * (`:hover`, `:focus` …). At-rules that hold no style rules (`@font-face` …) are kept whole,
 * `@keyframes` when a kept rule names them; `@media` and `@supports` keep their matching rules.
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

/** Nodes written back as CSS (what the parser read, minus comments and spacing between rules). */
export const printCss = (nodes: CssNode[]): string =>
  nodes.map((n) => (n.kind === 'atom' ? n.text : n.kind === 'group' ? `${n.prelude}{${printCss(n.children)}}` : `${n.selectors.join(',')}{${n.body}}`)).join('')

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

/** One declaration of a rule: its property (lower case, custom properties as written) and its text. */
interface Declaration {
  prop: string
  text: string
  important: boolean
}

/** A rule or at-rule as a page keeps it: the selectors it keeps, its declarations as they will be written. */
type Kept = { kind: 'rule'; selectors: string[]; decls: Declaration[] } | { kind: 'group'; prelude: string; children: Kept[] } | { kind: 'atom'; text: string }

/** The declarations of a rule's body, split at its top-level semicolons. */
export function declarations(body: string): Declaration[] {
  const decls: Declaration[] = []
  for (let i = 0; i < body.length; ) {
    const end = scan(body, i, ';')
    const text = body.slice(i, end).trim()
    i = end + 1
    const colon = text.indexOf(':')
    if (colon <= 0) continue
    const name = text.slice(0, colon).trim()
    const custom = name.startsWith('--')
    // A custom property's value is read without the space around it (the minifier keeps that space).
    decls.push({ prop: custom ? name : name.toLowerCase(), text: custom ? `${name}:${text.slice(colon + 1).trim()}` : text, important: /!\s*important\s*$/i.test(text) })
  }
  return decls
}

/**
 * States only a reader's action brings (pointing, focus, a press): a page shows none of them on
 * its first paint, so their rules wait for the stylesheet.
 */
const ACTED_ON = /:(?:hover|focus|focus-visible|focus-within|active)(?![-\w])/i

/** A negation's argument: `:not(:hover)` is the resting state. */
const NEGATION = /:not\((?:[^()]|\([^()]*\))*\)/gi

/** Parts of a shadow tree: the client makes those (a declarative one in the HTML keeps them). */
const SHADOW_PART = /::(?:part|slotted)\(/i

/** Properties that only act after the paint: a transition needs a state to leave, a cursor a pointer over it. */
const AFTER_PAINT_PROPS = /^(?:transition(?:-|$)|cursor$)/

/** A style sheet's rules, parsed once, and the critical subset for any page's tokens. */
export class CriticalCss {
  private readonly nodes: CssNode[]
  private readonly needs = new Map<string, string[] | null>()
  private readonly decls = new Map<string, Declaration[]>()

  /** Every token a selector of the sheet needs: the only ones that change what a page keeps. */
  private readonly relevant = new Set<string>()
  /** Pages of one layout mostly differ in text only: their CSS is worked out once. */
  private readonly byKey = new Map<string, string>()

  constructor(css: string) {
    this.nodes = parseCss(css)
    const walk = (nodes: CssNode[]): void => {
      for (const node of nodes) {
        if (node.kind === 'group') walk(node.children)
        else if (node.kind === 'rule') for (const sel of node.selectors) for (const t of this.selectorNeeds(sel) ?? []) this.relevant.add(t)
      }
    }
    walk(this.nodes)
  }

  /**
   * The rules of the sheet that can match the page's first paint, in their order: the page's own
   * elements in their resting state. Left out, as the stylesheet brings them: states a reader
   * acts on (`:hover`, `:focus` …) and shadow parts the client makes, transitions, declarations a
   * later rule for the same selector overrides, custom properties no kept rule (nor the page's
   * inline styles) reads, and keyframes no kept rule names.
   *
   * `body`: the facts of a part of the page left out of `html` (the page's markdown body, which
   * the parse read as it wrote it): `html` is then only the rest, the layout around it.
   */
  forHtml(html: string, body?: MarkupFacts): string {
    const tokens = markupTokens(html)
    // What decides the result: the tokens the sheet's selectors need, and the custom properties
    // the inline styles read (what they set changes nothing here: tags' colours differ page to
    // page, and keyed by the styles' text, nearly every page missed the cache).
    let styles = inlineStyleReads(html)
    if (body) {
      for (const t of body.tokens.split(' ')) if (t) tokens.add(t)
      if (body.styles) styles = [...new Set([...styles, ...body.styles.split(' ')])].sort()
    }
    const key = [...tokens].filter((t) => this.relevant.has(t)).sort().join(' ') + '\n' + styles.join(' ')
    let css = this.byKey.get(key)
    if (css === undefined) {
      const kept = this.keep(this.nodes, tokens)
      dropOverridden(kept)
      const used = usedProperties(kept, styles)
      const keyframes = usedKeyframes(kept)
      // With no keyframes to run, an animation does nothing (the rules that set one only turn it off).
      css = serialize(kept, (d) => (d.prop.startsWith('--') ? used.has(d.prop) : keyframes.size > 0 || !ANIMATION.test(d.prop)), keyframes)
      if (this.byKey.size >= MAX_KEYS) this.byKey.clear()
      this.byKey.set(key, css)
    }
    return css
  }

  private keep(nodes: CssNode[], tokens: Set<string>): Kept[] {
    const out: Kept[] = []
    for (const node of nodes) {
      if (node.kind === 'atom') out.push(node)
      else if (node.kind === 'group') {
        const children = this.keep(node.children, tokens)
        if (children.length) out.push({ kind: 'group', prelude: node.prelude, children })
      } else {
        const selectors = node.selectors.filter((sel) => this.selectorNeeds(sel)?.every((t) => tokens.has(t)))
        if (!selectors.length) continue
        const decls = this.declarations(node.body).filter((d) => !AFTER_PAINT_PROPS.test(d.prop))
        if (decls.length) out.push({ kind: 'rule', selectors, decls })
      }
    }
    return out
  }

  /** What the selector needs of the page, or null when it only matches after the reader acts. */
  private selectorNeeds(selector: string): string[] | null {
    let needs = this.needs.get(selector)
    if (needs === undefined) {
      needs = ACTED_ON.test(selector.replace(NEGATION, '')) ? null : [...selectorNeeds(selector), ...(SHADOW_PART.test(selector) ? [SHADOW_TOKEN] : [])]
      this.needs.set(selector, needs)
    }
    return needs
  }

  private declarations(body: string): Declaration[] {
    let decls = this.decls.get(body)
    if (!decls) this.decls.set(body, (decls = declarations(body)))
    return decls
  }
}

/** The shorthands that set a longhand (`padding` sets `padding-left`), for the longhands a theme tends to set alone. */
const SHORTHANDS = new Map<string, string[]>([
  ...['top', 'right', 'bottom', 'left'].flatMap((side) => [
    [`margin-${side}`, ['margin']],
    [`padding-${side}`, ['padding']],
    [`border-${side}`, ['border']],
    ...['color', 'style', 'width'].map((part): [string, string[]] => [`border-${side}-${part}`, ['border', `border-${side}`, `border-${part}`]]),
  ]) as [string, string[]][],
  ...['color', 'style', 'width'].map((part): [string, string[]] => [`border-${part}`, ['border']]),
  ...['color', 'image', 'position', 'size', 'repeat'].map((part): [string, string[]] => [`background-${part}`, ['background']]),
  ...['style', 'weight', 'size', 'family'].map((part): [string, string[]] => [`font-${part}`, ['font']]),
  ['line-height', ['font']],
  ...['direction', 'wrap'].map((part): [string, string[]] => [`flex-${part}`, ['flex-flow']]),
])

/**
 * Drops, in each block, the declarations a later rule of the block sets again for every selector
 * that carries them (same property or a shorthand of it, same selector: the later one always
 * wins, unless only the earlier is `!important`). A property set twice in one rule is a fallback
 * and stays.
 */
function dropOverridden(nodes: Kept[]): void {
  // For each selector, the properties later rules of this block set (and whether as important).
  const later = new Map<string, Map<string, boolean>>()
  for (let n = nodes.length - 1; n >= 0; n--) {
    const node = nodes[n]
    if (node.kind === 'group') dropOverridden(node.children)
    if (node.kind !== 'rule') continue
    const own = node.decls
    node.decls = own.filter(
      (d) =>
        !node.selectors.every((sel) => {
          const props = later.get(sel)
          if (!props) return false
          return [d.prop, ...(SHORTHANDS.get(d.prop) ?? [])].some((prop) => {
            const important = props.get(prop)
            return important !== undefined && (important || !d.important)
          })
        }),
    )
    for (const sel of node.selectors) {
      const props = later.get(sel) ?? new Map<string, boolean>()
      for (const d of own) props.set(d.prop, (props.get(d.prop) ?? false) || d.important)
      later.set(sel, props)
    }
  }
}

/** Distinct sheets a build keeps worked out (a site has a few layouts, each with a few variants). */
const MAX_KEYS = 512

/** The custom properties the kept rules and the page's inline styles (`styleReads`) read, with those they read in turn. */
function usedProperties(nodes: Kept[], styleReads: string[]): Set<string> {
  const values = new Map<string, string[]>()
  const used = new Set<string>(styleReads)
  const read = (text: string) => {
    for (const m of text.matchAll(VAR_REF)) used.add(m[1])
  }
  const walk = (list: Kept[]) => {
    for (const node of list) {
      if (node.kind === 'group') walk(node.children)
      else if (node.kind === 'atom') read(node.text)
      else for (const d of node.decls) d.prop.startsWith('--') ? values.set(d.prop, [...(values.get(d.prop) ?? []), d.text]) : read(d.text)
    }
  }
  walk(nodes)
  // A property's value may read others: follow until nothing new is read.
  for (let size = -1; size !== used.size; ) {
    size = used.size
    for (const name of [...used]) for (const text of values.get(name) ?? []) read(text)
  }
  return used
}

/** The names of the keyframes the kept rules' animations name (any word of their values). */
function usedKeyframes(nodes: Kept[]): Set<string> {
  const names = new Set<string>()
  const walk = (list: Kept[]) => {
    for (const node of list) {
      if (node.kind === 'group') walk(node.children)
      else if (node.kind === 'rule') for (const d of node.decls) if (ANIMATION.test(d.prop)) for (const w of d.text.slice(d.text.indexOf(':') + 1).match(/[-\w]+/g) ?? []) if (w !== 'none') names.add(w)
    }
  }
  walk(nodes)
  return names
}

const ANIMATION = /^(?:-webkit-)?animation(?:-name)?$/

const KEYFRAMES = /^@(?:-webkit-)?keyframes\s+([-\w]+)/i

function serialize(nodes: Kept[], keepDecl: (d: Declaration) => boolean, keyframes: Set<string>): string {
  let out = ''
  for (const node of nodes) {
    if (node.kind === 'atom') {
      const name = KEYFRAMES.exec(node.text)?.[1]
      if (name === undefined || keyframes.has(name)) out += node.text
    } else if (node.kind === 'group') {
      const inner = serialize(node.children, keepDecl, keyframes)
      if (inner) out += `${node.prelude}{${inner}}`
    } else {
      const decls = node.decls.filter(keepDecl)
      if (decls.length) out += `${node.selectors.join(',')}{${decls.map((d) => d.text).join(';')}}`
    }
  }
  return out
}
