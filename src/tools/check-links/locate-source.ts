import { decodeHash } from '../../shared/paths.js'

/** A link of a built page, to look for in its markdown source. */
export interface SourceLink {
  /** The attribute value as written in the HTML. */
  raw: string
  /** The resolved URL. */
  url: string
  /** The site's base (`/gpt/`), which the markdown leaves out. */
  base: string
  /** Which of the page's links to this target it is, in document order (from 0). */
  occurrence?: number
  /** How many links to this target the page has. */
  total?: number
}

/**
 * Find the line of a markdown source where a link of its built page was written. The build
 * rewrites links (`./b.md#细节` → `/gpt/guide/b.html#%E7%BB%86%E8%8A%82`), so the search tries
 * spellings from the exact attribute value down to the bare file name, widening until it has
 * found as many places as the page has such links (`total`); `occurrence` picks one of them in
 * document order.
 */
export function locateInSource(source: string, { raw, url, base, occurrence = 0, total = 1 }: SourceLink): number | undefined {
  const lines = source.split(/\r?\n/)
  const found = new Map<number, number>() // line → links found on it
  const pick = () => {
    const places = [...found].sort((a, b) => a[0] - b[0]).flatMap(([line, n]) => Array<number>(n).fill(line))
    return places[Math.min(occurrence, places.length - 1)]
  }
  let count = 0
  for (const candidate of spellings(raw, url, base)) {
    lines.forEach((text, i) => {
      const n = text.split(candidate).length - 1
      const before = found.get(i + 1) ?? 0
      if (n > before) {
        found.set(i + 1, n)
        count += n - before
      }
    })
    if (count >= total) return pick()
  }
  return found.size ? pick() : undefined
}

function safeDecodeUri(text: string): string {
  try {
    return decodeURI(text)
  } catch {
    return text
  }
}

/** Spellings of a link, most specific first; paths and hashes both decoded and encoded. */
export function spellings(raw: string, url: string, base: string): string[] {
  const out: string[] = [raw, url, safeDecodeUri(url)]
  const hashAt = url.indexOf('#')
  const path = (hashAt < 0 ? url : url.slice(0, hashAt)).split('?')[0]
  const hashes = hashAt < 0 ? [] : [...new Set(['#' + decodeHash(url.slice(hashAt + 1)), url.slice(hashAt)])]
  const decodedPath = safeDecodeUri(path)
  const both = (s: string) => [...new Set([s, encodeURI(s)])]
  const baseless = decodedPath.startsWith(base) ? both(decodedPath.slice(base.length - 1)) : []
  const names = both(decodedPath.split('/').pop() ?? '').filter(Boolean)
  const stems = names.map((n) => n.replace(/\.html?$/i, '')).filter((s, i) => s !== names[i])
  // Spellings that keep the hash come first: the bare path may be another link to the same page.
  for (const h of hashes) {
    for (const b of baseless) out.push(b + h)
    for (const s of stems) out.push(`${s}.md${h}`, `${s}${h}`)
    for (const n of names) out.push(n + h)
  }
  out.push(...baseless, ...stems.map((s) => `${s}.md`), ...names, ...hashes)
  return [...new Set(out.filter((s) => s.length > 0 && s !== '/'))]
}
