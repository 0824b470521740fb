/*
 * HTML compared as the CommonMark spec runner compares it (its `normalize.py`): what a browser
 * would make the same is made the same. Whitespace collapses outside `<pre>` and goes next to
 * block-level tags; character references are decoded and the few specials escaped again; tag
 * and attribute names are lowercased and attributes sorted; `<br />` is `<br>`, `x=""` is `x`.
 */

const BLOCK_TAGS = new Set(
  (
    'article header aside hgroup blockquote hr iframe body li map button object canvas ol caption output col p colgroup pre dd ' +
    'progress div section dl table td dt tbody embed textarea fieldset tfoot figcaption th figure thead footer tr form ul h1 h2 h3 h4 h5 h6 video script style'
  ).split(' '),
)

const NAMED: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', nbsp: '\u00a0' }

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|quot|amp|lt|gt|nbsp);/gi, (all, ref: string) => {
    const name = ref.toLowerCase()
    if (name in NAMED) return NAMED[name]
    const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all
  })
}

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Comments (`<!-->` and `<!--->` close at once, as in a browser), tags, declarations and instructions. */
const MARKUP = /<!--(?:>|->|[\s\S]*?-->)|<\/?[A-Za-z][^>]*>|<[!?][^>]*>/g
const TAG = /^<(\/?)([A-Za-z][A-Za-z0-9-]*)([\s\S]*?)\/?>$/
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g

export function normalizeHtml(html: string): string {
  let out = ''
  let inPre = 0
  let afterBlock = true
  const text = (raw: string) => {
    let value = decode(raw)
    if (!inPre) {
      value = value.replace(/\s+/g, ' ')
      if (afterBlock) value = value.replace(/^ /, '')
    }
    if (value) {
      out += escape(value)
      afterBlock = false
    }
  }
  let last = 0
  for (const m of html.matchAll(MARKUP)) {
    if (m.index > last) text(html.slice(last, m.index))
    last = m.index + m[0].length
    const tag = TAG.exec(m[0])
    if (!tag) {
      out += m[0]
      afterBlock = false
      continue
    }
    const [, closing, rawName, rest] = tag
    const name = rawName.toLowerCase()
    const block = BLOCK_TAGS.has(name)
    if (block && !inPre) out = out.replace(/ $/, '')
    if (closing) {
      out += `</${name}>`
      if (name === 'pre') inPre = Math.max(0, inPre - 1)
    } else {
      const attributes: [string, string][] = []
      for (const a of rest.matchAll(ATTRIBUTE)) attributes.push([a[1].toLowerCase(), decode(a[2] ?? a[3] ?? a[4] ?? '')])
      attributes.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      out += `<${name}${attributes.map(([k, v]) => (v === '' ? ` ${k}` : ` ${k}="${escape(v)}"`)).join('')}>`
      if (name === 'pre') inPre++
    }
    afterBlock = block
  }
  if (last < html.length) text(html.slice(last))
  return out.trim()
}
