/**
 * The markup a visitor comment may hold, read by both of its sanitisers: the comment service's
 * (`src/proxy/policy/sanitize.ts`, without a DOM, on every write) and widget A's in the browser
 * (DOMPurify, on every body shown and on the preview). One list, so the two cannot drift: what
 * the service keeps, the browser shows; what it drops, the browser drops too.
 */

/** An attribute value kept (possibly normalised), or undefined: the attribute goes. */
export type ValueRule = (value: string) => string | undefined

/** A URL attribute: the schemes it may use, and whether a relative address is allowed. */
export interface UrlRule {
  schemes: readonly string[]
  relative: boolean
}

export type AttributeRule = ValueRule | UrlRule

export const isUrlRule = (rule: AttributeRule): rule is UrlRule => typeof rule !== 'function'

/** Links: http(s), mail, and addresses on the site or in the page (the reply marker's `#id`). */
export const LINK_URL: UrlRule = { schemes: ['http', 'https', 'mailto'], relative: true }
/** Images: http(s) only (pasted images never leave the reader's machine). */
export const IMAGE_URL: UrlRule = { schemes: ['http', 'https'], relative: false }

/**
 * Every image a comment shows is fetched without a referrer (its host learns nothing of the
 * page), only when it nears the viewport, and in a box of a known size, so nothing moves when it
 * arrives: the commenter's own `width` and `height` when both are written (1 to 1200), else
 * this box, in which the widget scales the image down (`object-fit`). Both sanitisers write them,
 * whatever the markup said.
 */
export const IMAGE_REFERRER_POLICY = 'no-referrer'
export const IMAGE_LOADING = 'lazy'
export const IMAGE_BOX = Object.freeze({ width: 320, height: 240 })
/** The image attributes a sanitiser writes rather than keeps. */
export const IMAGE_WRITTEN_ATTRIBUTES: readonly string[] = ['referrerpolicy', 'loading', 'width', 'height']

const dimension: ValueRule = (v) => (/^\d{1,4}$/.test(v.trim()) && Number(v) >= 1 && Number(v) <= 1200 ? String(Number(v)) : undefined)

/** The attributes every kept image gets, from the `width` and `height` it was written with (if any). */
export function imageAttributes(written: { width?: string | null; height?: string | null }): [string, string][] {
  const width = written.width == null ? undefined : dimension(written.width)
  const height = written.height == null ? undefined : dimension(written.height)
  const box = width !== undefined && height !== undefined ? { width, height } : { width: String(IMAGE_BOX.width), height: String(IMAGE_BOX.height) }
  return [['referrerpolicy', IMAGE_REFERRER_POLICY], ['loading', IMAGE_LOADING], ['width', box.width], ['height', box.height]]
}

/** Every link that leaves the page opens in a new tab that cannot reach back, and passes on no ranking. */
export const LINK_TARGET = '_blank'
export const LINK_REL = 'ugc nofollow noopener noreferrer'
/** A link to an `#id` stays in the page (the reply marker): no target, no rel. */
export const leavesPage = (href: string): boolean => !href.startsWith('#')

/** The class of the reply marker the widget writes: `<a class="at" href="#id">@nick</a>`. */
export const REPLY_MARKER_CLASS = 'at'

const CODE_CLASS_RE = /^(?:lang(?:uage)?-[\w+#.-]{1,30}|hljs(?:-[\w-]{1,30})?)$/
/** Markdown heading ids carry the widget's `v-` prefix, so they cannot clobber the page's ids. */
const HEADING_ID_RE = /^v-[\p{L}\p{N}_-]{0,100}$/u

/** Highlighting classes only (`language-js`, `hljs-keyword`): no layout can be injected. */
export const codeClass: ValueRule = (v) => {
  const kept = v.split(/\s+/).filter((c) => CODE_CLASS_RE.test(c))
  return kept.length > 0 ? kept.join(' ') : undefined
}

export const headingId: ValueRule = (v) => (HEADING_ID_RE.test(v) ? v : undefined)

const replyMarker: ValueRule = (v) => (v.trim() === REPLY_MARKER_CLASS ? REPLY_MARKER_CLASS : undefined)
const text: ValueRule = (v) => v
/** Table cells' alignment, as markdown writes it. */
export const align: ValueRule = (v) => (/^(left|center|right)$/i.test(v.trim()) ? v.trim().toLowerCase() : undefined)
const fixed = (only: string): ValueRule => (v) => (v.trim().toLowerCase() === only ? only : undefined)
const listStart: ValueRule = (v) => (/^\d{1,6}$/.test(v.trim()) ? v.trim() : undefined)

const code = { class: codeClass }
const heading = { id: headingId }
const cell = { align }

/** The elements kept, with the attributes each may keep; everything else goes (its text stays). */
export const COMMENT_ELEMENTS: Readonly<Record<string, Readonly<Record<string, AttributeRule>>>> = {
  p: {}, br: {}, hr: {},
  strong: {}, b: {}, em: {}, i: {}, del: {}, s: {}, ins: {}, u: {}, sub: {}, sup: {}, kbd: {}, mark: {},
  code, pre: code, span: code,
  blockquote: {}, ul: {}, ol: { start: listStart }, li: {},
  h1: heading, h2: heading, h3: heading, h4: heading, h5: heading, h6: heading,
  a: { href: LINK_URL, title: text, class: replyMarker },
  img: { src: IMAGE_URL, alt: text, title: text, width: dimension, height: dimension, referrerpolicy: fixed(IMAGE_REFERRER_POLICY), loading: fixed(IMAGE_LOADING) },
  table: {}, thead: {}, tbody: {}, tfoot: {}, tr: {}, th: cell, td: cell,
}

/** The rule for `attr` on `element`, or undefined when the attribute is not allowed there. */
export function attributeRule(element: string, attr: string): AttributeRule | undefined {
  const rules = Object.hasOwn(COMMENT_ELEMENTS, element) ? COMMENT_ELEMENTS[element] : undefined
  return rules && Object.hasOwn(rules, attr) ? rules[attr] : undefined
}

/**
 * Dropped with everything inside them: script and other raw text, foreign content (svg, math)
 * and containers of inert or active markup. Any other element that is not allowed goes, and
 * its content stays.
 */
export const DROPPED_WITH_CONTENT: readonly string[] = [
  'script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'textarea', 'title',
  'svg', 'math', 'template', 'object', 'applet', 'frameset', 'select',
]

// Whitespace and controls a browser strips or ignores around or inside a URL's scheme.
const URL_JUNK_RE = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]/g
const URL_EDGE_RE = /^[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff]+$/g

/**
 * A URL attribute (already entity-decoded) if its scheme is allowed. The scheme is read with
 * every whitespace and control character removed, so `java&#9;script:`, `\u2028javascript:` and
 * `java\u0003script:` are all seen as `javascript:`.
 */
export function safeUrl(decoded: string, schemes: readonly string[], relative: boolean): string | undefined {
  const value = decoded.replace(URL_EDGE_RE, '').replace(/[\t\n\r]/g, '')
  if (value === '' || /[\u0000-\u001f\u007f]/.test(value)) return undefined
  const probe = decoded.replace(URL_JUNK_RE, '').toLowerCase()
  const scheme = /^([a-z][a-z0-9+.-]*):/.exec(probe)
  if (scheme) return schemes.includes(scheme[1]) ? value : undefined
  // Anything that could still be read as a scheme by some parser is refused outright.
  if (/^[^/?#]*:/.test(probe)) return undefined
  return relative ? value : undefined
}

/** An attribute's value as a sanitiser keeps it (entity-decoded input), or undefined. */
export function keptValue(rule: AttributeRule, value: string): string | undefined {
  return isUrlRule(rule) ? safeUrl(value, rule.schemes, rule.relative) : rule(value)
}
