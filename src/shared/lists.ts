import { dateValue } from './dates.js'
import type { Page, PostSummary } from './types.js'

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
    ...(p.locked ? { locked: true } : {}),
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
