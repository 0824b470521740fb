import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Sidebar } from '../../src/client/components/sidebar.js'
import { SiteContext } from '../../src/client/context.js'
import { pickSidebar, resolveSidebar, type SidebarProblem } from '../../src/render/site/sidebar.js'
import type { ClientSite, Header, Page, SidebarItem } from '../../src/shared/types.js'

const page = (path: string, title: string): Page => ({ title, path, regularPath: path, relativePath: path.slice(1).replace('.html', '.md'), key: path, type: 'page', frontmatter: {}, headers: [{ level: 2, title: '一', slug: '一' }] })
const pages = new Map([page('/a.html', 'A'), page('/guide/b.html', 'B'), page('/guide/c%20d.html', 'C D')].map((p) => [p.path, p]))

describe('render/site/sidebar', () => {
  it('picks the longest matching path prefix, falling back to the root', () => {
    const config = { '/': ['/a.html'], '/guide/': ['/guide/b.html'] }
    expect(pickSidebar(config, '/guide/b.html')).toEqual({ key: '/guide/', items: ['/guide/b.html'] })
    expect(pickSidebar(config, '/a.html')).toEqual({ key: '/', items: ['/a.html'] })
    // The key is the config's own, as written, for a route that is percent-encoded.
    expect(pickSidebar({ '/': [], '/指南/': ['/指南/a.html'] }, '/%E6%8C%87%E5%8D%97/a.html')).toEqual({ key: '/指南/', items: ['/指南/a.html'] })
    expect(pickSidebar(['/a.html'], '/a.html')).toEqual({ key: '', items: ['/a.html'] })
    expect(pickSidebar('auto', '/a.html')).toBe('auto')
    expect(pickSidebar(false, '/a.html')).toBeUndefined()
  })

  it('resolves paths, [path, title] pairs and groups (collapsable unless false)', () => {
    const problems: SidebarProblem[] = []
    const items = resolveSidebar(['/a', ['/guide/b.html', '第二篇'], { title: '组', collapsable: false, children: ['/guide/c d.html'] }, { title: '可折叠', children: [] }], { pagesByPath: pages, keyPath: 'themeConfig.sidebar', problems })
    expect(problems).toEqual([])
    expect(items[0]).toMatchObject({ type: 'link', path: '/a.html', title: 'A' })
    expect(items[1]).toMatchObject({ type: 'link', path: '/guide/b.html', title: '第二篇' })
    expect(items[2]).toMatchObject({ type: 'group', title: '组', collapsable: false, children: [{ type: 'link', path: '/guide/c%20d.html', title: 'C D' }] })
    expect(items[3]).toMatchObject({ type: 'group', collapsable: true })
  })

  it('reports a missing page and a group nested deeper than 3 levels with the config key path', () => {
    const problems: SidebarProblem[] = []
    const deep = { title: '1', children: [{ title: '2', children: [{ title: '3', children: [{ title: '4', children: ['/a.html'] }] }] }] }
    resolveSidebar(['/nope.html', deep], { pagesByPath: pages, keyPath: 'themeConfig.sidebar', problems })
    expect(problems).toEqual([
      { path: 'themeConfig.sidebar[0]', message: 'no matching page for "/nope.html"' },
      { path: 'themeConfig.sidebar[1].children[0].children[0].children[0]', message: 'group "4" is nested deeper than 3 levels' },
    ])
  })

  it('finds pages whose names hold dots: only .md and .html are extensions, as VuePress reads them', () => {
    const dotted = new Map([page('/guide/vuex%204.x.html', 'Vuex 4.x'), page('/guide/v1.2-notes.html', '1.2'), page('/guide/next.js.html', 'Next.js')].map((p) => [p.path, p]))
    const problems: SidebarProblem[] = []
    const items = resolveSidebar(['/guide/vuex 4.x', '/guide/vuex%204.x.md', './guide/vuex 4.x.html', '/guide/v1.2-notes', '/guide/next.js', '/guide/next.js.md'], { pagesByPath: dotted, keyPath: 'themeConfig.sidebar', problems })
    expect(problems).toEqual([])
    expect(items.map((i) => i.type === 'link' && i.path)).toEqual(['/guide/vuex%204.x.html', '/guide/vuex%204.x.html', '/guide/vuex%204.x.html', '/guide/v1.2-notes.html', '/guide/next.js.html', '/guide/next.js.html'])
  })
})

describe('client/components/sidebar: headings under the current page, as deep as VuePress says', () => {
  const headers: Header[] = [
    { level: 2, title: '二级', slug: 'h2' },
    { level: 3, title: '三级', slug: 'h3' },
  ]
  const link: SidebarItem = { type: 'link', path: '/a.html', title: 'A', headers }
  const group: SidebarItem = { type: 'group', title: '组', collapsable: false, sidebarDepth: 1, children: [{ ...link, path: '/b.html', title: 'B' }] }
  const shown = (current: string, depths: { pageDepth?: number; siteDepth?: number } = {}) => {
    const site: ClientSite = { title: '', description: '', base: '/gpt/', nav: [], smoothScroll: true, lastUpdated: false, routesUrl: '' }
    const html = renderToStaticMarkup(createElement(SiteContext.Provider, { value: site }, createElement(Sidebar, { items: [link, group], current, headers, ...depths })))
    return ['二级', '三级'].filter((t) => html.includes(`>${t}</a>`))
  }

  it('a link outside groups takes the theme\'s sidebarDepth (2 when unset), a group its own', () => {
    expect(shown('/a.html')).toEqual(['二级', '三级'])
    expect(shown('/a.html', { siteDepth: 1 })).toEqual(['二级'])
    expect(shown('/a.html', { siteDepth: 0 })).toEqual([])
    expect(shown('/b.html')).toEqual(['二级'])
  })

  it('the page\'s frontmatter sidebarDepth wins over both', () => {
    expect(shown('/a.html', { siteDepth: 2, pageDepth: 0 })).toEqual([])
    expect(shown('/b.html', { pageDepth: 2 })).toEqual(['二级', '三级'])
    expect(shown('/b.html', { pageDepth: 0 })).toEqual([])
  })
})
