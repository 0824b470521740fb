/**
 * Where an internal URL lands in the output folder, the way a static host serves it: the site
 * base (`/gpt/`) is the folder, `/gpt/x/` is `x/index.html`, `%20` is a space in the file name,
 * and `#hash` names an element id of the target page.
 */

/** A made-up origin to resolve relative URLs against; any other origin is external. */
const SITE_ORIGIN = 'http://gptnotes.invalid'

export type ClassifiedUrl =
  | { kind: 'skip' }
  | { kind: 'external'; url: string }
  | { kind: 'internal'; pathname: string; hash: string }

/** The URL a built file is served at (`handbook/a b.html` → `/gpt/handbook/a%20b.html`). */
export function pageUrl(base: string, file: string): string {
  return SITE_ORIGIN + base + file.split('/').map(encodeURIComponent).join('/')
}

/** Internal (this site), external (http/https elsewhere) or nothing to check (mailto:, data:…). */
export function classifyUrl(url: string, fromPage: string): ClassifiedUrl {
  if (url === '' || url === '#') return { kind: 'skip' }
  let parsed: URL
  try {
    parsed = new URL(url, fromPage)
  } catch {
    return { kind: 'skip' }
  }
  if (parsed.origin === SITE_ORIGIN) return { kind: 'internal', pathname: parsed.pathname, hash: parsed.hash.slice(1) }
  if (parsed.protocol === 'http:' || parsed.protocol === 'https:') {
    parsed.hash = ''
    return { kind: 'external', url: parsed.href }
  }
  return { kind: 'skip' }
}

export type FileResolution = { ok: true; file: string } | { ok: false; reason: string; file?: string }

/**
 * The output file an internal path names before any folder fallback (`/gpt/` → `index.html`,
 * `/gpt/a%20b.html` → `a b.html`), or why it names none.
 */
export function outputPathOf(pathname: string, base: string): { ok: true; rel: string } | { ok: false; reason: string } {
  const baseDir = base.endsWith('/') ? base : base + '/'
  if (pathname !== baseDir.slice(0, -1) && !pathname.startsWith(baseDir)) return { ok: false, reason: `outside the site base ${baseDir}` }
  let rel: string
  try {
    rel = pathname.slice(baseDir.length).split('/').map(decodeURIComponent).join('/')
  } catch {
    return { ok: false, reason: 'malformed percent-encoding' }
  }
  if (rel === '' || rel.endsWith('/')) rel += 'index.html'
  return { ok: true, rel }
}

/** The output file an internal path names; `files` and `dirs` list the output folder (`/`-separated). */
export function resolveFile(pathname: string, base: string, files: ReadonlySet<string>, dirs: ReadonlySet<string>): FileResolution {
  const path = outputPathOf(pathname, base)
  if (!path.ok) return path
  const { rel } = path
  if (files.has(rel)) return { ok: true, file: rel }
  // `/gpt/tag` is a folder: static hosts redirect it to `/gpt/tag/`, which serves its index.html.
  if (dirs.has(rel) && files.has(rel + '/index.html')) return { ok: true, file: rel + '/index.html' }
  return { ok: false, reason: 'file not found', file: dirs.has(rel) ? rel + '/index.html' : rel }
}
