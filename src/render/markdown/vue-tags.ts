/*
 * The tags of a piece of raw HTML as Vue's template compiler would see them, and which of them
 * VuePress would resolve as components. Read by the heading pass (badges), the component pass
 * and the interpolation (which fills in only the text between tags).
 */

export interface Tag {
  /** Where the tag starts and ends in the HTML. */
  start: number
  end: number
  raw: string
  /** As written (`Badge`, `code-group`). */
  name: string
  closing: boolean
  selfClosing: boolean
  /** Static attributes, values as written (character references not decoded); a bare attribute is ''. */
  attrs: Record<string, string>
}

const TAG_RE = /<!--[\s\S]*?-->|<(\/?)([A-Za-z][\w-]*)((?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*)\s*(\/?)>/g
const ATTR_RE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g
/** A bound attribute (`:text="'beta'"`) whose expression is a string literal is as good as a static one. */
const STRING_LITERAL = /^\s*(?:'([^'\\]*)'|"([^"\\]*)")\s*$/

function attributesOf(text: string): Record<string, string> {
  const attrs: Record<string, string> = {}
  for (const m of text.matchAll(ATTR_RE)) {
    const value = m[2] ?? m[3] ?? m[4] ?? ''
    const bound = /^(?::|v-bind:)(.+)$/.exec(m[1])
    if (!bound) attrs[m[1]] = value
    else {
      const literal = STRING_LITERAL.exec(value)
      if (literal) attrs[bound[1]] = literal[1] ?? literal[2]
    }
  }
  return attrs
}

/** Every tag of `html`, in order (comments are skipped). */
export function tagsOf(html: string): Tag[] {
  const tags: Tag[] = []
  if (!html.includes('<')) return tags
  for (const m of html.matchAll(TAG_RE)) {
    if (m[2] === undefined) continue
    tags.push({ start: m.index, end: m.index + m[0].length, raw: m[0], name: m[2], closing: m[1] === '/', selfClosing: m[4] === '/', attrs: attributesOf(m[3] ?? '') })
  }
  return tags
}

/** `html` with each tag replaced by what `fn` returns for it (the tag as written when it returns undefined). */
export function replaceTags(html: string, fn: (tag: Tag) => string | undefined): string {
  let out = ''
  let last = 0
  for (const tag of tagsOf(html)) {
    const replacement = fn(tag)
    if (replacement === undefined) continue
    out += html.slice(last, tag.start) + replacement
    last = tag.end
  }
  return last ? out + html.slice(last) : html
}

// HTML's elements (and SVG's and MathML's with a capital or a hyphen), which Vue leaves as they are.
const HTML_ELEMENTS = new Set(
  (
    'a abbr address area article aside audio b base bdi bdo blockquote body br button canvas caption cite code col colgroup data datalist dd del ' +
    'details dfn dialog div dl dt em embed fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins ' +
    'kbd label legend li link main map mark menu meta meter nav noscript object ol optgroup option output p param picture pre progress q rp rt ruby s ' +
    'samp script search section select slot small source span strong style sub summary sup table tbody td template textarea tfoot th thead time title ' +
    'tr track u ul var video wbr center font big strike tt marquee svg math'
  ).split(' '),
)
const HYPHENATED_ELEMENTS = new Set(['annotation-xml', 'color-profile', 'font-face', 'font-face-src', 'font-face-uri', 'font-face-format', 'font-face-name', 'missing-glyph'])

/** The components this build draws itself, by their kebab-case names (Vue resolves `Badge`, `badge` and `<badge>` alike). */
export const KNOWN_COMPONENTS = new Set(['badge', 'client-only', 'code-group', 'code-block'])

const kebab = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase()

/**
 * The kebab-case name of the component Vue would resolve for a tag name, or undefined for an
 * element of HTML: a name with a hyphen (a custom element), one that starts with a capital, or a
 * built-in component's own name in lower case (`<badge>`).
 */
export function componentNameOf(name: string): string | undefined {
  const lower = name.toLowerCase()
  if (name.includes('-')) return HYPHENATED_ELEMENTS.has(lower) ? undefined : kebab(name)
  if (/^[A-Z]/.test(name)) return HTML_ELEMENTS.has(lower) ? undefined : kebab(name)
  return KNOWN_COMPONENTS.has(lower) ? lower : undefined
}
