import type { Page, PostSummary } from './types.js'

/** Parse a `2025-5-13` (optionally with time) date into a sortable number; NaN when absent. */
export function dateValue(date: string | undefined): number {
  if (!date) return Number.NaN
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?/.exec(date)
  if (!m) return Number.NaN
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0))
}

/**
 * The spec's list rules: exclude the home page, pages without a title, `publish: false`, and
 * (when a date is required) pages without a date; remove duplicates.
 */
export function filterPosts(pages: Page[], { requireDate = false } = {}): Page[] {
  const seen = new Set<string>()
  return pages.filter((p) => {
    const fm = p.frontmatter
    if (fm.home === true || p.path === '/' || !p.title || fm.publish === false) return false
    if (requireDate && Number.isNaN(dateValue(fm.date))) return false
    if (seen.has(p.path)) return false
    seen.add(p.path)
    return true
  })
}

/** Newest first (no date counts as equal); sticky pages first, lower sticky number first. */
export function sortPosts<T extends Page>(pages: T[]): T[] {
  const byDate = (a: T, b: T) => {
    const da = dateValue(a.frontmatter.date)
    const db = dateValue(b.frontmatter.date)
    if (Number.isNaN(da) || Number.isNaN(db)) return 0
    return db - da
  }
  const sticky = (p: T) => (typeof p.frontmatter.sticky === 'number' ? p.frontmatter.sticky : undefined)
  return [...pages].sort((a, b) => {
    const sa = sticky(a)
    const sb = sticky(b)
    if (sa !== undefined && sb !== undefined) return sa - sb || byDate(a, b)
    if (sa !== undefined) return -1
    if (sb !== undefined) return 1
    return byDate(a, b)
  })
}

export function toSummary(p: Page): PostSummary {
  const fm = p.frontmatter
  return {
    title: p.title,
    path: p.path,
    date: fm.date,
    description: fm.description,
    author: fm.author,
    tags: fm.tags ?? [],
    categories: fm.categories ?? [],
    ...(typeof fm.sticky === 'number' ? { sticky: fm.sticky } : {}),
  }
}

/** Group posts by year, newest year first (timeline). */
export function groupByYear(posts: PostSummary[]): { year: string; posts: PostSummary[] }[] {
  const groups = new Map<string, PostSummary[]>()
  for (const p of [...posts].sort((a, b) => (dateValue(b.date) || 0) - (dateValue(a.date) || 0))) {
    const year = p.date?.slice(0, 4) ?? ''
    if (!groups.has(year)) groups.set(year, [])
    groups.get(year)!.push(p)
  }
  return [...groups].map(([year, list]) => ({ year, posts: list }))
}

/** `2025-5-13` → `5-13` for the timeline. */
export function monthDay(date: string | undefined): string {
  const m = date && /^\d{4}-(\d{1,2})-(\d{1,2})/.exec(date)
  return m ? `${+m[1]}-${+m[2]}` : ''
}

/** `2025-5-3` (a time may follow) → `2025-05-03`: the ISO day for `datetime` attributes and sitemaps. */
export function isoDay(date: string): string {
  const [y, m, d] = date.split(' ')[0].split('-')
  return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`
}
