import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { Sidebar } from '../../src/client/components/sidebar.js'
import { SiteContext } from '../../src/client/context.js'
import { checkReferences } from '../../src/render/site/check-references.js'
import type { RouteTable } from '../../src/render/site/routes.js'
import { pickSidebar, resolveSidebar } from '../../src/render/site/sidebar.js'
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
    const { items, problems } = resolveSidebar(['/a', ['/guide/b.html', '第二篇'], { title: '组', collapsable: false, children: ['/guide/c d.html'] }, { title: '可折叠', children: [] }], { pagesByPath: pages, keyPath: 'themeConfig.sidebar' })
    expect(problems).toEqual([])
    expect(items[0]).toMatchObject({ type: 'link', path: '/a.html', title: 'A' })
    expect(items[1]).toMatchObject({ type: 'link', path: '/guide/b.html', title: '第二篇' })
    expect(items[2]).toMatchObject({ type: 'group', title: '组', collapsable: false, children: [{ type: 'link', path: '/guide/c%20d.html', title: 'C D' }] })
    expect(items[3]).toMatchObject({ type: 'group', collapsable: true })
  })

  it('returns a bad entry as a problem at its config key path, and the sidebar without it', () => {
    const deep = { title: '1', children: [{ title: '2', children: [{ title: '3', children: [{ title: '4', children: ['/a.html'] }] }] }] }
    const resolved = resolveSidebar(['/nope.html', '/a.html', { title: '组', path: '/gone', children: [] }, deep], { pagesByPath: pages, keyPath: 'themeConfig.sidebar' })
    expect(resolved.problems).toEqual([
      { path: 'themeConfig.sidebar[0]', kind: 'missing-page', target: '/nope.html' },
      { path: 'themeConfig.sidebar[2].path', kind: 'missing-page', target: '/gone' },
      { path: 'themeConfig.sidebar[3].children[0].children[0].children[0]', kind: 'too-deep', title: '4', maxDepth: 3 },
    ])
    // The rest is still drawn: the good link, the group without a page, the three levels that fit.
    expect(resolved.items.map((i) => i.title)).toEqual(['A', '组', '1'])
    expect(resolved.items[1]).not.toHaveProperty('path')
    expect(JSON.stringify(resolved.items[2])).not.toContain('"4"')
  })

  it('the build reports each problem through the catalogue: SidebarInvalid at the config line, what is wrong and how to fix it', () => {
    const configText = `export default {\n  themeConfig: {\n    sidebar: ['/nope.html', { title: '1', children: [{ title: '2', children: [{ title: '3', children: [{ title: '4', children: [] }] }] }] }],\n  },\n}\n`
    const deep = { title: '1', children: [{ title: '2', children: [{ title: '3', children: [{ title: '4', children: [] }] }] }] }
    const { problems } = resolveSidebar(['/nope.html', deep], { pagesByPath: pages, keyPath: 'themeConfig.sidebar' })
    // A site of no pages: the stage reads only the route paths, for the links it has none of.
    const noRoutes = { routes: [], redirects: {} } as unknown as RouteTable
    const { errors } = checkReferences([], [], noRoutes, new Set(), problems, { file: 'gptnotes.config.ts', source: configText })
    expect(errors.map((e) => ({ code: e.code, at: e.loc && `${e.loc.file}:${e.loc.line}:${e.loc.column}`, message: e.message, hint: e.hint }))).toEqual([
      {
        code: 'SidebarInvalid',
        at: 'gptnotes.config.ts:3:15',
        message: 'themeConfig.sidebar[0]: no matching page for "/nope.html"',
        hint: 'Sidebar paths are routes like "/handbook/page.html" (or "/handbook/page"); check the file exists under content/.',
      },
      {
        code: 'SidebarInvalid',
        at: 'gptnotes.config.ts:3:104',
        message: 'themeConfig.sidebar[1].children[0].children[0].children[0]: group "4" is nested deeper than 3 levels',
        hint: 'Flatten the sidebar: groups may nest at most 3 levels deep.',
      },
    ])
  })

  it('finds pages whose names hold dots: only .md and .html are extensions, as VuePress reads them', () => {
    const dotted = new Map([page('/guide/vuex%204.x.html', 'Vuex 4.x'), page('/guide/v1.2-notes.html', '1.2'), page('/guide/next.js.html', 'Next.js')].map((p) => [p.path, p]))
    const { items, problems } = resolveSidebar(['/guide/vuex 4.x', '/guide/vuex%204.x.md', './guide/vuex 4.x.html', '/guide/v1.2-notes', '/guide/next.js', '/guide/next.js.md'], { pagesByPath: dotted, keyPath: 'themeConfig.sidebar' })
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
