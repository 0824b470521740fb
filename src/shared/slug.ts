/**
 * Heading slugs in the VuePress style, keeping Chinese characters: lower-case Latin letters,
 * drop punctuation (ASCII and CJK), spaces become `-`.
 */
// eslint-disable-next-line no-control-regex
const SPECIAL_RE = /[\u0000-\u001f\s!"#$%&'()*+,./:;<=>?@[\\\]^`{|}~\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65\u2010-\u201f\u2026\u00b7]+/g

export function slugify(text: string): string {
  const slug = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(SPECIAL_RE, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '')
  // Anchors must not start with a digit in older selectors; VuePress prefixes an underscore.
  return /^\d/.test(slug) ? `_${slug}` : slug
}

/** Returns a slugger that makes slugs unique within one page (`a`, `a-1`, `a-2`). */
export function createSlugger(): (text: string) => string {
  const seen = new Map<string, number>()
  return (text) => {
    const base = slugify(text) || 'section'
    const count = seen.get(base)
    if (count === undefined) {
      seen.set(base, 0)
      return base
    }
    let n = count + 1
    while (seen.has(`${base}-${n}`)) n++
    seen.set(base, n)
    seen.set(`${base}-${n}`, 0)
    return `${base}-${n}`
  }
}
