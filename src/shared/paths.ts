/**
 * The spec's path and link rules (section 2, "Path handling"), shared by the client router,
 * the dev server and the build so all three agree on which URL is which page.
 */

const EXTERNAL_RE = /^(?:https?:|mailto:|tel:)/i
const PERCENT_RE = /%[0-9a-f]{2}/i

/** Links starting with http, https, mailto or tel are external. Protocol-relative too. */
export function isExternal(href: string): boolean {
  return EXTERNAL_RE.test(href) || href.startsWith('//')
}

/** An absolute web address: `http:` or `https:` only (a `javascript:` link never reaches a page). */
export const isWebUrl = (href: string): boolean => /^https?:\/\/[^\s/]+\S*$/i.test(href)

/** A site path (`/logo.png`, `logo.png`, `/guide/`): no scheme, no spaces, not protocol-relative. */
export const isSitePath = (href: string): boolean => href !== '' && !/\s/.test(href) && !href.startsWith('//') && !/^[a-z][a-z\d+.-]*:/i.test(href)

/** decodeURI that returns its input unchanged when the input is not valid percent-encoding. */
export function safeDecode(path: string): string {
  try {
    return decodeURI(path)
  } catch {
    return path
  }
}

/** The element id a hash names (without its `#`): percent-decoded, as browsers look it up. */
export function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash)
  } catch {
    return hash
  }
}

/** The one spelling of a path used as a route key: decoded once, then encoded (`%20`, not a space). */
export function normalizePath(path: string): string {
  return encodeURI(safeDecode(path))
}

export function splitHash(href: string): [path: string, hash: string] {
  const i = href.indexOf('#')
  return i < 0 ? [href, ''] : [href.slice(0, i), href.slice(i)]
}

/** File extensions with a digit, or of one letter, that still name files (`a.mp4`, `b.7z`, `main.c`). */
const DIGIT_OR_LETTER_EXTENSIONS = new Set(['mp3', 'mp4', 'm4a', 'm4v', '3gp', '3g2', '7z', 'bz2', 'woff2', 'mp2', 'h264', 'x264', 'c', 'h', 'r', 's'])

/**
 * Whether the last segment of a path names a file rather than a page. As in VuePress, `.md`
 * and `.html` are a page's only extensions, so a page's name may hold dots (`vuex 4.x.md`,
 * `v1.2-notes.md`): a link without `.md` or `.html` (`./vuex 4.x`, `./v1.2-notes`) is a page
 * unless it ends in what reads as a file's extension, letters only (`.png`, `.pdf`, `.zip`) or a
 * known one (`.mp4`, `.7z`). A version's `.x` or `.2` is no extension.
 */
export function isFileName(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1)
  const m = /\.([a-z0-9]+)$/i.exec(name)
  if (!m) return false
  if (m.index === 0) return true // a dot-file (`.nojekyll`)
  const ext = m[1].toLowerCase()
  if (ext === 'md' || ext === 'html' || ext === 'htm') return false
  return /^[a-z]{2,}$/.test(ext) || DIGIT_OR_LETTER_EXTENSIONS.has(ext)
}

/**
 * Internal links get an `.html` suffix unless they end in a slash or name a file
 * (`isFileName`); a markdown file name (`a.md`, `README.md`) becomes its page. Hash fragments
 * and queries are kept.
 */
export function toHtmlLink(href: string): string {
  if (isExternal(href) || href.startsWith('#')) return href
  const [beforeHash, hash] = splitHash(href)
  const q = beforeHash.indexOf('?')
  let path = q < 0 ? beforeHash : beforeHash.slice(0, q)
  const query = q < 0 ? '' : beforeHash.slice(q)
  if (path === '') return href
  if (/(^|\/)(README|index)\.md$/i.test(path)) path = path.replace(/(README|index)\.md$/i, '')
  else if (/\.md$/i.test(path)) path = path.slice(0, -3) + '.html'
  else if (!path.endsWith('/') && !/\.html$/i.test(path) && !isFileName(path)) {
    path += '.html'
  }
  return path + query + hash
}

/** Resolve `target` against the directory of route path `from` (both base-relative). */
export function resolveRelative(from: string, target: string): string {
  if (target.startsWith('/')) return target
  const dir = from.endsWith('/') ? from : from.slice(0, from.lastIndexOf('/') + 1)
  const out: string[] = []
  for (const seg of (dir + target).split('/')) {
    if (seg === '..') out.pop()
    else if (seg !== '.') out.push(seg)
  }
  const joined = out.join('/')
  return joined.startsWith('/') ? joined : '/' + joined
}

export type PathResolution =
  | { kind: 'found'; path: string }
  | { kind: 'redirect'; path: string }
  | { kind: 'notFound'; path: string }

/**
 * Path handling of the spec:
 * - a known route is used as is;
 * - a path ending in `/` is retried with the slash replaced by `.html`;
 * - a path ending in neither `/` nor `.html` is retried with `.html`, then with `/`;
 * - a path ending in `.html` or matching a known route is let through; otherwise, if it holds
 *   percent-encoded characters, the reader is redirected to the decoded path.
 * `isKnown` answers for normalised paths; `redirects` maps known aliases to their route.
 */
export function resolvePath(
  rawPath: string,
  isKnown: (path: string) => boolean,
  redirects: Record<string, string> = {},
): PathResolution {
  const path = normalizePath(rawPath)
  const redirect = redirects[path]
  if (redirect) return { kind: 'redirect', path: redirect }
  if (isKnown(path)) return path === rawPath ? { kind: 'found', path } : { kind: 'redirect', path }
  const candidates: string[] = []
  if (path.endsWith('/')) candidates.push(path.slice(0, -1) + '.html')
  else if (!path.endsWith('.html')) candidates.push(path + '.html', path + '/')
  for (const candidate of candidates) {
    if (isKnown(candidate)) return { kind: 'redirect', path: candidate }
  }
  if (!rawPath.endsWith('.html') && PERCENT_RE.test(rawPath)) {
    const decoded = safeDecode(rawPath)
    // Never to the address itself (`%00`, `%5C` decode and encode back to what was asked): that loops.
    if (decoded !== rawPath && encodeURI(decoded) !== rawPath) return { kind: 'redirect', path: encodeURI(decoded) }
  }
  return { kind: 'notFound', path: rawPath }
}

/** Join the site base (`/gpt/`) and a base-relative path (`/handbook/a.html`). */
export function withBase(base: string, path: string): string {
  if (isExternal(path)) return path
  return base.replace(/\/$/, '') + (path.startsWith('/') ? path : '/' + path)
}

/** The base-relative route path of a markdown file (`handbook/a.md` → `/handbook/a.html`). */
export function routePathOf(relativePath: string): string {
  const p = '/' + relativePath.replace(/\\/g, '/')
  if (/(^|\/)(README|index)\.md$/i.test(p)) return encodeURI(p.replace(/(README|index)\.md$/i, ''))
  return encodeURI(p.replace(/\.md$/i, '.html'))
}

/** The output file of a base-relative route path, decoded (`/tag/a/` → `tag/a/index.html`). */
export function outputFileOf(path: string): string {
  const decoded = safeDecode(path)
  return (decoded.endsWith('/') ? decoded + 'index.html' : decoded).replace(/^\//, '')
}

/** The longest of `prefixes` that `path` starts with (locales and multi-sidebars pick by it). */
export function longestPrefix(prefixes: Iterable<string>, path: string): string | undefined {
  let best: string | undefined
  for (const p of prefixes) if (path.startsWith(p) && (best === undefined || p.length > best.length)) best = p
  return best
}

/**
 * Whether a `#hash` (decoded, without `#`) lands on a page with these element ids: the one rule
 * of the build and check-links. An empty hash and `#top` always do (browsers scroll to the top).
 */
export function hashResolves(hash: string, ids: ReadonlySet<string>): boolean {
  return hash === '' || hash.toLowerCase() === 'top' || ids.has(hash)
}
