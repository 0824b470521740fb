import { describe, expect, it } from 'vitest'
import { listChunks } from '../../src/render/chunks/list-chunks.js'
import { clientRouteData, pageChunks } from '../../src/render/chunks/page-chunks.js'
import { routeMap } from '../../src/render/chunks/route-map.js'
import { buildRoutes } from '../../src/render/site/routes.js'
import { buildSiteData } from '../../src/render/site/site-data.js'
import type { HomeRoute, ListRoute } from '../../src/shared/types.js'
import { listSliceUrl, sliceOfPage } from '../../src/shared/pagination.js'
import { hasRoute } from '../../src/shared/route-list.js'
import { deepFreeze, parsedPages, siteConfig } from '../helpers/stage-data.js'

/** A home page and `n` dated posts tagged 多 (the first three also 少). */
function sources(n: number): Record<string, string> {
  const s: Record<string, string> = { 'README.md': '---\nhome: true\n---\n\n首页。\n' }
  for (let i = 1; i <= n; i++) s[`p/${i}.md`] = `---\ntitle: 第${i}篇\ndate: 2025-${Math.ceil(i / 28)}-${((i - 1) % 28) + 1}\ntags: [多${i <= 3 ? ', 少' : ''}]\n---\n\n正文。\n`
  return s
}

async function table(n: number) {
  const config = await siteConfig()
  const parsed = parsedPages(sources(n))
  return deepFreeze(buildRoutes(buildSiteData(config, parsed), parsed))
}
const load = (code: string) => JSON.parse(JSON.parse(/JSON\.parse\((.*)\)\n$/.exec(code)![1]))

describe('list chunks, page chunks and the route map', () => {
  it('a list longer than a page gets a chunk of its own; the page chunk keeps the first page and says where the rest is', async () => {
    const t = await table(12)
    const lists = listChunks(t, '/gpt/')
    const home = t.routes.find((r) => r.path === '/')!
    const many = t.routes.find((r) => r.data.kind === 'list' && r.data.term === '多')!
    const few = t.routes.find((r) => r.data.kind === 'list' && r.data.term === '少')!
    const timeline = t.routes.find((r) => r.path === '/timeline/')!
    expect([...lists.keys()].map((r) => r.path).sort()).toEqual(['/', many.path].sort())
    expect(lists.has(few)).toBe(false)
    expect(lists.has(timeline)).toBe(false) // the timeline keeps a whole file's posts in its data
    const homeList = lists.get(home)!
    expect(homeList.files.map((f) => f.path)).toEqual([expect.stringMatching(/^assets\/js\/list_index\.[A-Za-z0-9]{8}\.0\.js$/)])
    expect(listSliceUrl(homeList.url, 0)).toBe('/gpt/' + homeList.files[0].path)
    expect(load(homeList.files[0].code)).toHaveLength(12)

    const chunks = pageChunks(t, lists, '/gpt/')
    const data = chunks.get(home)!.data as HomeRoute
    expect(data.posts).toHaveLength(10)
    expect(data.postCount).toBe(12)
    expect(data.listUrl).toBe(homeList.url)
    // The client reads this data from the home page itself (its inline script): no copy elsewhere.
    expect(chunks.get(home)!.url).toBe('/gpt/')
    // The routes stage's data is left as it was: every post, no list URL.
    expect((home.data as HomeRoute).posts).toHaveLength(12)
    expect((home.data as HomeRoute).listUrl).toBeUndefined()
    expect((chunks.get(timeline)!.data as ListRoute).posts).toHaveLength(12)
    expect(chunks.get(t.notFound)!.data.kind).toBe('notFound')
  })

  it('a long list is cut into files of whole pages: each page of it is in the file the client computes, once, and in order', async () => {
    const t = await table(45)
    const home = t.routes.find((r) => r.path === '/')!
    const all = (home.data as HomeRoute).posts
    const list = listChunks(t, '/gpt/', 20).get(home)!
    expect(list.total).toBe(45)
    expect(list.files.map((f) => load(f.code).length)).toEqual([20, 20, 5])
    // One hash for the list, a number per file: the client needs one address.
    expect(list.files.map((f) => f.path)).toEqual([0, 1, 2].map((i) => listSliceUrl(list.url, i).slice('/gpt/'.length)))
    expect(list.files.flatMap((f) => load(f.code))).toEqual(JSON.parse(JSON.stringify(all)))
    for (let page = 1; page <= 5; page++) {
      const file = load(list.files[sliceOfPage(page, 20)].code) as { path: string }[]
      const at = ((page - 1) * 10) % 20
      expect(file.slice(at, at + 10).map((p) => p.path)).toEqual(all.slice((page - 1) * 10, page * 10).map((p) => p.path))
    }
    // Another post changes every file's name: no file of the old list is taken for the new one.
    const t46 = await table(46)
    const more = listChunks(t46, '/gpt/', 20).get(t46.routes.find((r) => r.path === '/')!)!
    expect(more.url).not.toBe(list.url)
    expect(() => listChunks(t, '/gpt/', 15)).toThrow(/whole pages/)
  })

  it("a timeline longer than a file keeps that file's posts in its data and the rest in the same files as a list", async () => {
    const t = await table(45)
    const timeline = t.routes.find((r) => r.path === '/timeline/')!
    const all = (timeline.data as ListRoute).posts
    const list = listChunks(t, '/gpt/', 20).get(timeline)!
    expect(list.files.map((f) => load(f.code).length)).toEqual([20, 20, 5])
    expect(list.files[0].path).toMatch(/^assets\/js\/list_timeline\.\w{8}\.0\.js$/)
    const data = clientRouteData(timeline.data, list) as ListRoute
    expect(data.posts.map((p) => p.path)).toEqual(all.slice(0, 20).map((p) => p.path))
    expect(data.postCount).toBe(45)
    expect(data.listUrl).toBe(list.url)
    // No longer than a file: no files, every post in the data.
    expect(listChunks(t, '/gpt/', 50).has(t.routes.find((r) => r.path === '/timeline/')!)).toBe(false)
  })

  it("a route's chunk is its own HTML page: its address, stable across builds, and no file of its own", async () => {
    const t = await table(3)
    const chunks = pageChunks(t, new Map(), '/gpt/')
    expect(chunks.get(t.routes.find((r) => r.path === '/p/2.html')!)!.url).toBe('/gpt/p/2.html')
    expect(chunks.get(t.routes.find((r) => r.path === '/')!)!.url).toBe('/gpt/')
    expect(chunks.get(t.routes.find((r) => r.path === '/timeline/')!)!.url).toBe('/gpt/timeline/')
    expect(chunks.get(t.notFound)!.url).toBe('/gpt/404.html')
    for (const chunk of chunks.values()) expect(Object.keys(chunk).sort()).toEqual(['data', 'url'])
    const config = await siteConfig()
    const changed = sources(3)
    changed['p/2.md'] = changed['p/2.md'].replace('正文。', '改过的正文。')
    const parsed = parsedPages(changed)
    const other = pageChunks(buildRoutes(buildSiteData(config, parsed), parsed), new Map(), '/gpt/')
    expect([...other.values()].map((c) => c.url).sort()).toEqual([...chunks.values()].map((c) => c.url).sort())
  })

  it('the route map knows every route (base included) and only those, names the not-found page, with the redirects for static hosts', async () => {
    const t = await table(2)
    const chunks = pageChunks(t, new Map(), '/gpt/')
    const out = routeMap(t, chunks, '/gpt/')
    // The router loads a route from its path: each route's chunk is that address.
    for (const route of t.routes) {
      expect(hasRoute(out.map.routes, chunks.get(route)!.url)).toBe(true)
      expect(chunks.get(route)!.url).toBe('/gpt' + route.path)
    }
    expect(t.routes.map((r) => r.path)).toContain('/p/1.html')
    for (const other of ['/p/1.html', '/gpt/p/3.html', '/gpt/p/1', '/gpt/p/', '/gpt/404.html', '/gpt/index.html']) expect(hasRoute(out.map.routes, other)).toBe(false)
    // Each path once: the map does not grow by an address per route.
    expect(out.map.routes.split('\n').filter((line) => line === '1.html')).toHaveLength(1)
    expect(out.map.notFound).toBe(chunks.get(t.notFound)!.url)
    expect(out.map.redirects['/gpt/index.html']).toBe('/gpt/')
    expect(load(out.file.code)).toEqual(out.map)
    expect(out.redirectsFile.split('\n')).toContain('/gpt/tag/index.html /gpt/tag/ 301!')
  })
})
