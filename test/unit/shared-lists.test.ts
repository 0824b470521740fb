import { describe, expect, it } from 'vitest'
import { monthDay } from '../../src/shared/dates.js'
import { filterPosts, groupByYear, sortPosts, toSummary } from '../../src/shared/lists.js'
import type { Frontmatter, Page } from '../../src/shared/types.js'

const page = (path: string, fm: Frontmatter, title = fm.title ?? path): Page => ({
  title,
  path,
  regularPath: path,
  relativePath: path.slice(1).replace('.html', '.md'),
  key: path,
  type: 'page',
  frontmatter: fm,
  headers: [],
})

describe('shared/lists: the spec list rules', () => {
  it('excludes the home page, untitled pages and publish: false', () => {
    const pages = [page('/', { home: true, title: '首页' }), page('/a.html', {}, ''), page('/b.html', { title: 'B', publish: false }), page('/c.html', { title: 'C' })]
    expect(filterPosts(pages).map((p) => p.path)).toEqual(['/c.html'])
  })
  it('excludes pages without a date when a date is required, and removes duplicates', () => {
    const c = page('/c.html', { title: 'C', date: '2025-1-2' })
    const pages = [c, page('/d.html', { title: 'D' }), c]
    expect(filterPosts(pages, { requireDate: true }).map((p) => p.path)).toEqual(['/c.html'])
    expect(filterPosts(pages).map((p) => p.path)).toEqual(['/c.html', '/d.html'])
  })
  it('sorts newest first, sticky first with lower numbers first, equal sticky by date', () => {
    const pages = [
      page('/old.html', { title: 'old', date: '2025-1-5' }),
      page('/new.html', { title: 'new', date: '2025-11-20' }),
      page('/s2.html', { title: 's2', date: '2025-3-1', sticky: 2 }),
      page('/s1.html', { title: 's1', date: '2025-2-1', sticky: 1 }),
      page('/s2b.html', { title: 's2b', date: '2025-6-1', sticky: 2 }),
      page('/mid.html', { title: 'mid', date: '2025-5-13' }),
    ]
    expect(sortPosts(pages).map((p) => p.title)).toEqual(['s1', 's2b', 's2', 'new', 'mid', 'old'])
  })
  it('groups by year and shows month-day', () => {
    const posts = [page('/a.html', { title: 'a', date: '2024-12-31' }), page('/b.html', { title: 'b', date: '2025-5-13 10:00' })].map(toSummary)
    expect(groupByYear(posts).map((g) => [g.year, g.posts.map((p) => p.title)])).toEqual([
      ['2025', ['b']],
      ['2024', ['a']],
    ])
    expect(monthDay('2025-05-03')).toBe('5-3')
  })
})
