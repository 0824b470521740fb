import { describe, expect, it } from 'vitest'
import { hasRoute, packRoutes } from '../../src/shared/route-list.js'

describe('the route list (route-list.ts)', () => {
  const paths = ['/gpt/', '/gpt/404.html', '/gpt/handbook/a.html', '/gpt/handbook/a%20b.html', '/gpt/tag/', '/gpt/tag/%E6%8F%92%E4%BB%B6/', '/gpt/handbook/b.html', '/gpt/handbook/deep/']
  const packed = packRoutes(paths)

  it('knows every path it was given', () => {
    for (const path of paths) expect(hasRoute(packed, path)).toBe(true)
  })

  it('knows no other: not a name in another folder, a folder without its slash, a prefix or a part of a name', () => {
    const others = ['/gpt', '/', '/gpt/a.html', '/gpt/handbook/', '/gpt/handbook/c.html', '/gpt/handbook/a', '/gpt/handbook/a.htm', '/gpt/handbook/.html', '/gpt/tag/a.html', '/gpt/handbook/deep', '/gpt/handbook/deep/x.html', '/gpt/tag/%E6%8F%92%E4%BB%B6', 'gpt/handbook/a.html', '', 'a.html', '/gpt/handbook/a.html\n/gpt/handbook/b.html']
    for (const path of others) expect(hasRoute(packed, path), path).toBe(false)
  })

  it("a folder's own page is known only where it is a route, whatever folder follows", () => {
    // `/gpt/handbook/` has pages but is no route; the folder after it, `/gpt/tag/`, is one.
    expect(hasRoute(packed, '/gpt/handbook/')).toBe(false)
    expect(hasRoute(packed, '/gpt/tag/')).toBe(true)
    expect(hasRoute(packRoutes(['/gpt/x/a.html', '/gpt/y/']), '/gpt/x/')).toBe(false)
  })

  it('names each folder once and each route once, grouped by folder in the order folders first appear', () => {
    const lines = ['', '/gpt/', '', '404.html', '/gpt/handbook/', 'a.html', 'a%20b.html', 'b.html', '/gpt/tag/', '', '/gpt/tag/%E6%8F%92%E4%BB%B6/', '', '/gpt/handbook/deep/', '', '']
    expect(packed).toBe(lines.join('\n'))
  })

  it('refuses what is not a route path (relative, or holding a line break): the list could not tell it apart', () => {
    expect(() => packRoutes(['gpt/a.html'])).toThrow(/not a route path/)
    expect(() => packRoutes(['/gpt/a\n.html'])).toThrow(/not a route path/)
  })

  it('grows by the names, not the whole paths: 10,000 routes in one folder take about their names', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => `/gpt/handbook/page-${String(i).padStart(4, '0')}.html`)
    const list = packRoutes(many)
    // Each name and its line break, and the folder once.
    expect(list.length).toBe(many.reduce((n, p) => n + p.length - '/gpt/handbook/'.length + 1, 0) + '\n/gpt/handbook/\n'.length)
    expect(hasRoute(list, '/gpt/handbook/page-9999.html')).toBe(true)
    expect(hasRoute(list, '/gpt/handbook/page-10000.html')).toBe(false)
  })
})
