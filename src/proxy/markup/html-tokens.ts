/**
 * Reading comment HTML without a DOM, the same on Node and at the edge: a tokenizer that follows
 * the HTML tokenizer's rules for tags, attributes, comments and raw-text elements, character
 * references, and what sanitised HTML holds (its text, links and images). The sanitiser
 * (`policy/sanitize.ts`) writes new markup from these tokens; the store keys duplicates by the
 * text (`duplicate-key.ts`). Below both: it imports nothing of the service.
 */

/** Their content is text to the browser until the matching end tag; it is dropped with them. */
const RAW_TEXT = new Set(['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'textarea', 'title'])

// The HTML tokenizer's whitespace.
const WS = /[\t\n\f ]/

const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', colon: ':', Tab: '\t', NewLine: '\n',
  sol: '/', bsol: '\\', lpar: '(', rpar: ')', period: '.', comma: ',', excl: '!', num: '#', dollar: '$',
  percnt: '%', semi: ';', equals: '=', quest: '?', commat: '@', lsqb: '[', rsqb: ']', lowbar: '_', grave: '`',
  lcub: '{', rcub: '}', verbar: '|', plus: '+', ast: '*', hat: '^', copy: '\u00a9', reg: '\u00ae', trade: '\u2122',
  hellip: '\u2026', mdash: '\u2014', ndash: '\u2013', lsquo: '\u2018', rsquo: '\u2019', ldquo: '\u201c', rdquo: '\u201d',
  middot: '\u00b7', times: '\u00d7', divide: '\u00f7', laquo: '\u00ab', raquo: '\u00bb', bull: '\u2022', deg: '\u00b0',
}

const CHAR_REF_RE = /&(?:#(\d{1,8});?|#[xX]([0-9a-fA-F]{1,7});?|([A-Za-z][A-Za-z0-9]{1,31});)/g

function codePoint(n: number): string {
  // NUL, surrogates and out-of-range references become U+FFFD, as in a browser.
  return n === 0 || n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff) ? '\ufffd' : String.fromCodePoint(n)
}

/** Character references decoded (numeric ones, and the named ones above; others stay as written). */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s
  return s.replace(CHAR_REF_RE, (whole, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (dec !== undefined) return codePoint(Number.parseInt(dec, 10))
    if (hex !== undefined) return codePoint(Number.parseInt(hex, 16))
    return Object.hasOwn(NAMED, name!) ? NAMED[name!] : whole
  })
}

export interface Tag {
  name: string
  attrs: [string, string][]
  end: boolean
  /** Written `<x/>`: closes itself in foreign content (svg, math) only. */
  selfClosing: boolean
}

/** Tokens in document order: text (raw, undecoded) and tags; comments and doctypes vanish. */
export function* tokens(input: string): Generator<string | Tag> {
  const s = input.replace(/\u0000/g, '').replace(/\r\n?/g, '\n')
  const n = s.length
  let i = 0
  while (i < n) {
    const lt = s.indexOf('<', i)
    if (lt === -1) {
      yield s.slice(i)
      return
    }
    if (lt > i) yield s.slice(i, lt)
    i = lt
    const next = s[i + 1]
    if (s.startsWith('<!--', i)) {
      // `<!-->` and `<!--->` close at once; otherwise up to `-->` or `--!>`, or the end.
      if (s.startsWith('<!-->', i)) {
        i += 5
        continue
      }
      if (s.startsWith('<!--->', i)) {
        i += 6
        continue
      }
      const a = s.indexOf('-->', i + 4)
      const b = s.indexOf('--!>', i + 4)
      const end = a === -1 ? b : b === -1 ? a : Math.min(a, b)
      i = end === -1 ? n : end + (end === b ? 4 : 3)
      continue
    }
    if (next === '!' || next === '?' || (next === '/' && !/[A-Za-z>]/.test(s[i + 2] ?? ''))) {
      // Doctypes, CDATA, processing instructions, `</ x>`: bogus comments up to the next `>`.
      const gt = s.indexOf('>', i + 2)
      i = gt === -1 ? n : gt + 1
      continue
    }
    if (next === '/' && s[i + 2] === '>') {
      i += 3
      continue
    }
    const end = next === '/'
    const nameStart = i + (end ? 2 : 1)
    if (!/[A-Za-z]/.test(s[nameStart] ?? '')) {
      yield '<'
      i += 1
      continue
    }
    const tag = readTag(s, nameStart, end)
    if (tag === undefined) return // A tag cut off by the end of the input is dropped, as a browser does.
    i = tag.next
    yield tag.tag
    if (!end && tag.tag.name === 'plaintext') return
    if (!end && RAW_TEXT.has(tag.tag.name)) {
      // Raw text: everything up to `</name` followed by whitespace, `/` or `>` is not markup.
      const close = new RegExp(`</${tag.tag.name}(?=[\\t\\n\\f />])`, 'ig')
      close.lastIndex = i
      const m = close.exec(s)
      if (m === null) return
      i = m.index
    }
  }
}

/** A tag from its name to its `>`, following the tokenizer's attribute states. */
function readTag(s: string, start: number, end: boolean): { tag: Tag; next: number } | undefined {
  const n = s.length
  let i = start
  while (i < n && !WS.test(s[i]) && s[i] !== '/' && s[i] !== '>') i += 1
  const name = s.slice(start, i).toLowerCase()
  const attrs: [string, string][] = []
  const seen = new Set<string>()
  for (;;) {
    let slash = false
    while (i < n && (WS.test(s[i]) || s[i] === '/')) {
      slash = s[i] === '/'
      i += 1
    }
    if (i >= n) return undefined
    if (s[i] === '>') return { tag: { name, attrs, end, selfClosing: slash }, next: i + 1 }
    // An attribute name may start with `=`; it runs to whitespace, `/`, `>` or `=`.
    const nameStart = i
    i += 1
    while (i < n && !WS.test(s[i]) && s[i] !== '/' && s[i] !== '>' && s[i] !== '=') i += 1
    const attrName = s.slice(nameStart, i).toLowerCase()
    while (i < n && WS.test(s[i])) i += 1
    let value = ''
    if (s[i] === '=') {
      i += 1
      while (i < n && WS.test(s[i])) i += 1
      if (i >= n) return undefined
      const q = s[i]
      if (q === '"' || q === "'") {
        const close = s.indexOf(q, i + 1)
        if (close === -1) return undefined
        value = s.slice(i + 1, close)
        i = close + 1
      } else if (q !== '>') {
        const from = i
        while (i < n && !WS.test(s[i]) && s[i] !== '>') i += 1
        value = s.slice(from, i)
      }
    }
    // The first of two attributes with one name wins.
    if (!seen.has(attrName)) {
      seen.add(attrName)
      attrs.push([attrName, value])
    }
  }
}

/** The text a reader sees (tags removed, references decoded): for spam and word rules. */
export function htmlText(html: string): string {
  const out: string[] = []
  for (const token of tokens(html)) {
    if (typeof token === 'string') out.push(decodeEntities(token))
    else if (token.name === 'br' || token.name === 'p' || token.name === 'li') out.push(' ')
  }
  return out.join('')
}

/** The value of `attr` on every `element` in sanitised HTML, references decoded. */
function attributeValues(html: string, element: string, attr: string): string[] {
  const values: string[] = []
  for (const token of tokens(html)) {
    if (typeof token === 'string' || token.end || token.name !== element) continue
    const found = token.attrs.find(([a]) => a === attr)
    if (found) values.push(decodeEntities(found[1]))
  }
  return values
}

/** The `href` of every link in sanitised HTML. */
export const htmlLinks = (html: string): string[] => attributeValues(html, 'a', 'href')

/** The `src` of every image in sanitised HTML. */
export const htmlImages = (html: string): string[] => attributeValues(html, 'img', 'src')

/** True when sanitised HTML shows nothing: no text and no image (a comment of only `<script>`). */
export function isBlankHtml(html: string): boolean {
  return htmlText(html).trim() === '' && !/<img\s/.test(html)
}
