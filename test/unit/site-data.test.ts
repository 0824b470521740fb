import { describe, expect, it } from 'vitest'
import { buildSiteData, sidebarFor } from '../../src/render/site/site-data.js'
import { deepFreeze, parsedPages, siteConfig } from '../helpers/stage-data.js'

const SOURCES = {
  'README.md': '---\nhome: true\ntitle: 首页\n---\n\n欢迎。\n',
  'guide/old.md': '---\ntitle: 旧文\ndate: 2024-12-1\ntags: [甲, 乙]\n---\n\n正文。\n',
  'guide/new.md': '---\ntitle: 新文\ndate: 2025-2-1\ntags: [乙]\ncategories: [指南]\n---\n\n正文。\n',
  'guide/pinned.md': '---\ntitle: 置顶\ndate: 2023-1-1\nsticky: 1\n---\n\n## 小节\n\n正文。\n',
  'guide/hidden.md': '---\ntitle: 草稿\ndate: 2025-3-1\npublish: false\ntags: [甲]\n---\n\n正文。\n',
  'guide/untitled.md': '只有正文，没有标题。\n',
  'api/ref.md': '# 参考\n\n正文。\n',
}

describe('the siteData stage', () => {
  it('lists posts by the spec rules: no home, untitled or unpublished page; sticky first, then newest', async () => {
    const site = buildSiteData(await siteConfig(), deepFreeze(parsedPages(SOURCES)))
    expect(site.posts.map((p) => p.title)).toEqual(['置顶', '新文', '旧文', '参考'])
    expect(site.pagesByPath.get('/guide/untitled.html')?.title).toBe('')
  })

  it('collects tags and categories from listed posts only, most used first', async () => {
    const site = buildSiteData(await siteConfig(), parsedPages(SOURCES))
    expect(site.tags.map((t) => [t.name, t.posts.map((p) => p.title)])).toEqual([
      ['乙', ['新文', '旧文']],
      ['甲', ['旧文']],
    ])
    expect(site.tags[0].path).toBe('/tag/' + encodeURIComponent('乙') + '/')
    expect(site.categories.map((c) => c.name)).toEqual(['指南'])
  })

  it('resolves a sidebar per path prefix (the longest wins) and reports entries that name no page with their key path', async () => {
    const config = await siteConfig({
      themeConfig: {
        sidebar: {
          '/guide/': [{ title: '指南', children: ['/guide/new.html', ['/guide/old.html', '老文章'], '/guide/missing.html'] }],
          '/': ['/api/ref.html'],
        },
      },
    })
    const site = buildSiteData(config, parsedPages(SOURCES))
    expect(site.sidebarProblems).toEqual([{ path: 'themeConfig.sidebar["/guide/"][0].children[2]', kind: 'missing-page', target: '/guide/missing.html' }])
    const guide = sidebarFor(site, site.pagesByPath.get('/guide/new.html')!)
    expect(guide).toMatchObject([{ type: 'group', title: '指南', children: [{ path: '/guide/new.html', title: '新文' }, { path: '/guide/old.html', title: '老文章' }] }])
    expect(sidebarFor(site, site.pagesByPath.get('/api/ref.html')!)).toMatchObject([{ type: 'link', path: '/api/ref.html', title: '参考' }])
  })

  it("with 'auto', a page's sidebar is its own headings", async () => {
    const site = buildSiteData(await siteConfig(), parsedPages(SOURCES))
    expect(sidebarFor(site, site.pagesByPath.get('/guide/pinned.html')!)).toMatchObject([{ type: 'link', title: '置顶', headers: [{ title: '小节', level: 2 }] }])
    expect(sidebarFor(site, site.pagesByPath.get('/guide/old.html')!)).toEqual([])
  })
})
