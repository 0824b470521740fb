import { describe, expect, it } from 'vitest'
import { buildRoutes } from '../../src/render/site/routes.js'
import { buildSiteData } from '../../src/render/site/site-data.js'
import type { ArticleRoute, HomeRoute, ListRoute, TermsRoute } from '../../src/shared/types.js'
import { deepFreeze, parsedPages, siteConfig } from '../helpers/stage-data.js'

const SOURCES = {
  'README.md': '---\nhome: true\ntitle: 首页\n---\n\n欢迎。\n',
  'handbook/a.md': '---\ntitle: 甲\ndate: 2025-3-1\ntags: [教程, 入门]\ncategories: [指南]\n---\n\n## 第一节\n\n正文。\n',
  'handbook/b.md': '---\ntitle: 乙\ndate: 2025-5-2\ntags: [教程]\nlang: en-US\n---\n\n正文。\n',
  'handbook/c.md': '---\ntitle: 丙\n---\n\n没有日期。\n',
}

async function table(themeConfig = {}, locales?: Record<string, { lang: string }>) {
  const config = await siteConfig({ title: '站点', themeConfig, ...(locales ? { locales } : {}) })
  const parsed = deepFreeze(parsedPages(SOURCES))
  const site = deepFreeze(buildSiteData(config, parsed))
  const updated = deepFreeze(new Map([['handbook/a.md', '2025-6-1']]))
  return buildRoutes(site, parsed, updated)
}
const byPath = (t: Awaited<ReturnType<typeof table>>, path: string) => t.routes.find((r) => r.path === path)?.data

describe('the routes stage', () => {
  it('makes an article route per page, the home route with every post, and changes none of its inputs', async () => {
    const t = await table()
    const a = byPath(t, '/handbook/a.html') as ArticleRoute
    expect(a.kind).toBe('article')
    expect(a.documentTitle).toBe('甲 | 站点')
    expect(a.lastUpdated).toBe('2025-6-1')
    expect(a.sidebar?.[0]).toMatchObject({ type: 'link', path: '/handbook/a.html', headers: [{ title: '第一节' }] })
    expect((byPath(t, '/handbook/b.html') as ArticleRoute).lastUpdated).toBeUndefined()
    const home = byPath(t, '/') as HomeRoute
    expect(home.kind).toBe('home')
    expect(home.documentTitle).toBe('站点')
    // Newest first; the home page itself is not a post.
    expect(home.posts.map((p) => p.path)).toEqual(['/handbook/b.html', '/handbook/a.html', '/handbook/c.html'])
  })

  it('titles the documents of a site that has no title by their own titles, the home page too', async () => {
    const config = await siteConfig({ title: '' })
    const parsed = parsedPages(SOURCES)
    const t = buildRoutes(buildSiteData(config, parsed), parsed, new Map())
    expect((byPath(t, '/') as HomeRoute).documentTitle).toBe('首页')
    expect((byPath(t, '/handbook/a.html') as ArticleRoute).documentTitle).toBe('甲')
    expect((byPath(t, '/tag/') as TermsRoute).documentTitle).toBe('标签')
    const untitled = parsedPages({ 'README.md': '---\nhome: true\n---\n\n欢迎。\n' })
    expect((buildRoutes(buildSiteData(config, untitled), untitled, new Map()).routes.find((r) => r.path === '/')!.data as HomeRoute).documentTitle).toBe('首页')
  })

  it('takes the language from the frontmatter, else the longest matching locale, else the site', async () => {
    const t = await table({}, { '/': { lang: 'zh-CN' }, '/handbook/': { lang: 'zh-TW' } })
    expect(byPath(t, '/handbook/a.html')?.lang).toBe('zh-TW')
    expect(byPath(t, '/handbook/b.html')?.lang).toBe('en-US')
    expect(byPath(t, '/tag/')?.lang).toBe('zh-CN')
  })

  it('lists tags and categories with counts, a page per term, and the dated posts on the timeline', async () => {
    const t = await table()
    const tags = byPath(t, '/tag/') as TermsRoute
    expect(tags).toMatchObject({ kind: 'terms', taxonomy: 'tag', documentTitle: '标签 | 站点' })
    expect(tags.terms.map((x) => [x.name, x.count])).toEqual([
      ['教程', 2],
      ['入门', 1],
    ])
    const tag = byPath(t, tags.terms[0].path) as ListRoute
    expect(tag).toMatchObject({ kind: 'list', list: 'tag', term: '教程', documentTitle: '教程 标签 | 站点' })
    expect(tag.posts.map((p) => p.title)).toEqual(['乙', '甲'])
    expect((byPath(t, '/categories/') as TermsRoute).terms.map((x) => x.name)).toEqual(['指南'])
    const timeline = byPath(t, '/timeline/') as ListRoute
    expect(timeline.list).toBe('timeline')
    expect(timeline.posts.map((p) => p.title)).toEqual(['乙', '甲'])
  })

  it('prev and next follow the configured sidebar order', async () => {
    const t = await table({ sidebar: [{ title: '手册', children: ['/handbook/a.html', '/handbook/b.html', '/handbook/c.html'] }] })
    const b = byPath(t, '/handbook/b.html') as ArticleRoute
    expect(b.prev).toEqual({ title: '甲', path: '/handbook/a.html' })
    expect(b.next).toEqual({ title: '丙', path: '/handbook/c.html' })
    expect((byPath(t, '/handbook/a.html') as ArticleRoute).prev).toBeUndefined()
  })

  describe('a page\'s own frontmatter, as VuePress reads it', () => {
    const PAGES = {
      'guide/README.md': '---\ntitle: 指南\n---\n\n## 开始\n\n正文。\n',
      'guide/a.md': '---\ntitle: 甲\nnext: ../other/vuex 4.x.md\n---\n\n## 一\n\n### 一之一\n\n正文。\n',
      'guide/b.md': '---\ntitle: 乙\nprev: false\nnext: false\nsidebar: false\n---\n\n## 二\n\n正文。\n',
      'guide/c.md': '---\ntitle: 丙\nsidebar: auto\nprev: /guide/\nnext: https://vuex.vuejs.org/\n---\n\n## 三\n\n正文。\n',
      'other/vuex 4.x.md': '---\ntitle: Vuex 4.x\nprev: ./v1.2-notes\n---\n\n## 四\n\n正文。\n',
      'other/v1.2-notes.md': '---\ntitle: 1.2 版说明\n---\n\n正文。\n',
    }
    async function pages(themeConfig = {}) {
      const config = await siteConfig({ title: '站点', themeConfig })
      const parsed = deepFreeze(parsedPages(PAGES))
      const site = buildSiteData(config, parsed)
      const t = buildRoutes(site, parsed)
      return { site, page: (path: string) => t.routes.find((r) => r.path === path)?.data as ArticleRoute }
    }
    const SIDEBAR = { sidebar: [{ title: '指南', children: ['/guide/', '/guide/a', '/guide/b', '/guide/c'] }] }

    it('sidebar: false shows no sidebar; sidebar: auto shows the page\'s own headings whatever the config says', async () => {
      const { page } = await pages(SIDEBAR)
      expect(page('/guide/a.html').sidebar?.[0]).toMatchObject({ type: 'group', title: '指南' })
      expect(page('/guide/b.html').sidebar).toBeUndefined()
      expect(page('/guide/c.html').sidebar).toEqual([{ type: 'link', path: '/guide/c.html', title: '丙', headers: [{ level: 2, title: '三', slug: '三' }] }])
    })

    it('prev and next name a page (relative to the page, or from the root, dotted names too) with its title, or hide the link', async () => {
      const { page, site } = await pages(SIDEBAR)
      // a: prev from the sidebar, next from its frontmatter.
      expect(page('/guide/a.html').prev).toEqual({ title: '指南', path: '/guide/' })
      expect(page('/guide/a.html').next).toEqual({ title: 'Vuex 4.x', path: '/other/vuex%204.x.html' })
      // b: both false (reco showed next anyway; VuePress hides it).
      expect(page('/guide/b.html').prev).toBeUndefined()
      expect(page('/guide/b.html').next).toBeUndefined()
      // c: prev named as a folder; next another site's address, as it is.
      expect(page('/guide/c.html').prev).toEqual({ title: '指南', path: '/guide/' })
      expect(page('/guide/c.html').next).toEqual({ title: 'https://vuex.vuejs.org/', path: 'https://vuex.vuejs.org/' })
      // Outside any sidebar, the frontmatter's link still shows.
      expect(page('/other/vuex%204.x.html').prev).toEqual({ title: '1.2 版说明', path: '/other/v1.2-notes.html' })
      expect(site.pageLinkProblems).toEqual([])
    })

    it('the theme\'s prevLinks/nextLinks: false hide the sidebar\'s neighbours, not a page\'s own, as VuePress\'s', async () => {
      const { page } = await pages({ ...SIDEBAR, prevLinks: false, nextLinks: false })
      expect(page('/guide/a.html').prev).toBeUndefined()
      expect(page('/guide/a.html').next).toEqual({ title: 'Vuex 4.x', path: '/other/vuex%204.x.html' })
      expect(page('/guide/c.html').prev).toEqual({ title: '指南', path: '/guide/' })
      const config = await siteConfig({ themeConfig: { ...SIDEBAR, nextLinks: false } })
      const parsed = parsedPages({ ...PAGES, 'guide/README.md': '---\ntitle: 指南\nnext: true\n---\n\n正文。\n' })
      const home = buildRoutes(buildSiteData(config, parsed), parsed).routes.find((r) => r.path === '/guide/')!.data as ArticleRoute
      expect(home.next).toEqual({ title: '甲', path: '/guide/a.html' })
    })

    it('a prev or next that names no page is a problem of that page (the sidebar order stands in)', async () => {
      const config = await siteConfig({ themeConfig: SIDEBAR })
      const parsed = parsedPages({ ...PAGES, 'guide/a.md': '---\ntitle: 甲\nnext: ./nope\n---\n\n正文。\n' })
      const site = buildSiteData(config, parsed)
      expect(site.pageLinkProblems).toEqual([{ relativePath: 'guide/a.md', field: 'next', target: './nope' }])
      const a = buildRoutes(site, parsed).routes.find((r) => r.path === '/guide/a.html')!.data as ArticleRoute
      expect(a.next).toEqual({ title: '乙', path: '/guide/b.html' })
    })
  })

  it('redirects every index.html to its folder, and has the not-found route with its output files', async () => {
    const t = await table()
    expect(t.redirects).toMatchObject({ '/index.html': '/', '/tag/index.html': '/tag/', '/timeline/index.html': '/timeline/' })
    expect(t.notFound.data.kind).toBe('notFound')
    expect(t.routes.find((r) => r.path === '/tag/')?.file).toBe('tag/index.html')
    expect(t.routes.find((r) => r.path === '/handbook/a.html')?.chunkName).toBe('handbook_a')
    const tagRoute = t.routes.find((r) => r.data.kind === 'list' && r.data.term === '教程')!
    expect(tagRoute.file).toBe('tag/教程/index.html')
    expect(tagRoute.chunkName).toMatch(/^tag_[0-9a-f]{6}$/)
  })
})
