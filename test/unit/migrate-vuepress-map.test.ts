import { describe, expect, it } from 'vitest'
import { emitConfig } from '../../src/migrate/emit-config.js'
import { Findings } from '../../src/migrate/findings.js'
import { mapHead } from '../../src/migrate/map-head.js'
import { fitToSchema, keysOf } from '../../src/migrate/fit-schema.js'
import { mapConfig } from '../../src/migrate/map-config.js'
import { pluginPackage } from '../../src/migrate/map-plugins.js'
import { editLinkPattern } from '../../src/migrate/map-theme.js'
import { resolvePath, VuePressPages } from '../../src/migrate/vuepress-paths.js'

/** The migration's pure pieces: VuePress's path rules, plugin names, edit links, the written config. */

describe("VuePress 1's page paths", () => {
  it('resolvePath resolves entries as the default theme does', () => {
    expect(resolvePath('', '/guide/')).toBe('/guide/')
    expect(resolvePath('foo', '/guide/')).toBe('/guide/foo')
    expect(resolvePath('../api/', '/guide/')).toBe('/api/')
    expect(resolvePath('./a/b', '/guide/')).toBe('/guide/a/b')
    expect(resolvePath('/abs', '/guide/')).toBe('/abs')
    expect(resolvePath('#hash', '/guide/')).toBe('/guide/#hash')
    expect(resolvePath('foo', '/')).toBe('/foo')
  })

  it("finds a page by its regularPath (README and index are the folder; .md and .html are ignored) and answers gptnotes's route", () => {
    const pages = new VuePressPages(['README.md', 'guide/README.md', 'guide/foo.md', 'notes/index.md', '中文/页面.md'], ['/images/a.png'])
    expect(pages.resolve('', '/guide/')).toBe('/guide/')
    expect(pages.resolve('foo', '/guide/')).toBe('/guide/foo.html')
    expect(pages.resolve('foo.md', '/guide/')).toBe('/guide/foo.html')
    expect(pages.resolve('/guide/foo.html#part', '/')).toBe('/guide/foo.html#part')
    expect(pages.resolve('/notes/', '/')).toBe('/notes/')
    expect(pages.resolve('README', '/guide/')).toBeUndefined()
    expect(pages.resolve('/中文/页面', '/')).toBe('/中文/页面.html')
    expect(pages.resolve('https://example.com/', '/')).toBeUndefined()
    expect(pages.lands('/tag/')).toBe(true)
    expect(pages.lands('/images/a.png')).toBe(true)
    expect(pages.lands('/guide/foo.html')).toBe(true)
    expect(pages.lands('/guide/bar.html')).toBe(false)
  })
})

it('pluginPackage expands the shorthands as VuePress 1 does', () => {
  expect(pluginPackage('back-to-top')).toBe('vuepress-plugin-back-to-top')
  expect(pluginPackage('@vuepress/back-to-top')).toBe('@vuepress/plugin-back-to-top')
  expect(pluginPackage('@vuepress/plugin-back-to-top')).toBe('@vuepress/plugin-back-to-top')
  expect(pluginPackage('@vuepress-reco/comments')).toBe('@vuepress-reco/vuepress-plugin-comments')
  expect(pluginPackage('vuepress-plugin-sitemap')).toBe('vuepress-plugin-sitemap')
  expect(pluginPackage('@vssue/vuepress-plugin-vssue')).toBe('@vssue/vuepress-plugin-vssue')
})

it("editLinkPattern builds the default theme's edit links for GitHub, GitLab and Bitbucket", () => {
  expect(editLinkPattern({ repo: 'me/site' })).toBe('https://github.com/me/site/edit/master/:path')
  expect(editLinkPattern({ repo: 'me/site', docsRepo: 'me/docs', docsDir: 'docs/', docsBranch: 'main' })).toBe('https://github.com/me/docs/edit/main/docs/:path')
  expect(editLinkPattern({ docsRepo: 'https://gitlab.com/me/site', docsDir: 'docs' })).toBe('https://gitlab.com/me/site/-/edit/master/docs/:path')
  expect(editLinkPattern({ docsRepo: 'https://bitbucket.org/me/site/' })).toBe('https://bitbucket.org/me/site/src/master/:path?mode=edit&spa=0&at=master&fileviewer=file-view-default')
  expect(editLinkPattern({})).toBeUndefined()
})

describe('mapConfig', () => {
  const pages = new VuePressPages(['README.md', 'guide/README.md', 'guide/a.md', 'guide/deep/b.md'])

  it("reports a sidebar key that VuePress's first-match rule shadowed, and leaves out a per-prefix 'auto'", () => {
    const { config, findings } = mapConfig({ themeConfig: { sidebar: { '/': [''], '/guide/': ['a', { title: '组', path: 'deep/b' }], '/x/': 'auto' } } }, pages)
    expect((config.themeConfig as { sidebar: unknown }).sidebar).toEqual({ '/': ['/'], '/guide/': ['/guide/a.html', ['/guide/deep/b.html', '组']] })
    expect(findings.find((f) => f.from === 'themeConfig.sidebar["/guide/"]')?.reason).toContain('the first matching key')
    expect(findings.find((f) => f.from === 'themeConfig.sidebar["/x/"]')?.kind).toBe('dropped')
  })

  it('maps Vssue to widget B, refusing the public client secret and the CORS proxy', () => {
    const { config, findings } = mapConfig(
      { plugins: { '@vssue/vssue': { platform: 'github', owner: 'me', repo: 'site', clientId: 'id', clientSecret: 'secret', proxy: { '\u0000function': 'url => url' } } } },
      pages,
    )
    expect((config.themeConfig as { comments: unknown }).comments).toEqual({ enabled: true, solution: 'vssue', vssueConfig: { platform: 'github', owner: 'me', repo: 'site', clientId: 'id' } })
    expect(findings.find((f) => f.from === "plugins[\"@vssue/vssue\"] (@vssue/vssue) options.clientSecret")?.todo).toContain('rotate it')
  })

  it('maps the feed and sitemap plugins to hostname and feeds, and leaves feeds out without an origin', () => {
    const withOrigin = mapConfig({ plugins: [['feed', { canonical_base: 'https://blog.example.com/path', feeds: { json1: { enable: false } } }]] }, pages)
    expect(withOrigin.config.hostname).toBe('https://blog.example.com')
    expect((withOrigin.config.themeConfig as { feeds: unknown }).feeds).toEqual({ rss: true, atom: true, json: false })
    const without = mapConfig({ plugins: ['feed'] }, pages)
    expect(without.config.hostname).toBeUndefined()
    expect(without.findings.find((f) => f.from === 'plugins[0] (feed)')?.kind).toBe('dropped')
  })
})

it('emitConfig writes a formatted config with a comment above each changed field', () => {
  const text = emitConfig({ title: "它's", base: '/', themeConfig: { nav: [{ text: '首页', link: '/' }], sidebarDepth: 1 } }, new Map([['themeConfig.sidebarDepth', "VuePress's default"]]), 'header')
  expect(text).toBe(`import { defineConfig } from 'gptnotes'

// header
export default defineConfig({
  title: "它's",
  base: '/',
  themeConfig: {
    nav: [{ text: '首页', link: '/' }],
    // VuePress's default
    sidebarDepth: 1,
  },
})
`)
})

it("fitToSchema takes out what gptnotes's schema refuses and reports it, leaving the fields it does not read yet alone", () => {
  const config = { themeConfig: { comments: { enabled: true, solution: 'valine', valineConfig: { appId: 'a', pageSize: 'ten' } }, nav: [{ text: '坏' }], logo: '/x.png' } }
  const dropped = fitToSchema(config, ['themeConfig.logo'])
  expect(config.themeConfig.comments.valineConfig).toEqual({ appId: 'a' })
  expect(config.themeConfig.nav).toEqual([])
  expect(config.themeConfig.logo).toBe('/x.png')
  expect(dropped.map((f) => f.from).sort()).toEqual(['themeConfig.comments.valineConfig.pageSize', 'themeConfig.nav[0].link'].sort())
  expect(keysOf('themeConfig.sidebar["/a.b/"][2].children')).toEqual(['themeConfig', 'sidebar', '/a.b/', 2, 'children'])
})

describe('head tags', () => {
  it('a relative address is written from the site\'s root with the base (VuePress\'s pages in folders asked their own folder); a root one gets the base; other hosts are dropped', () => {
    const findings = new Findings()
    const head = mapHead(
      [
        ['link', { rel: 'icon', href: 'favicon.ico' }],
        ['link', { rel: 'manifest', href: '/manifest.json' }],
        ['script', { src: 'https://hm.example.com/hm.js' }],
        ['meta', { name: 'viewport', content: 'width=device-width' }],
      ],
      '/myBlog/',
      findings,
    )
    expect(head).toEqual([
      ['link', { rel: 'icon', href: '/myBlog/favicon.ico' }],
      ['link', { rel: 'manifest', href: '/myBlog/manifest.json' }],
      ['meta', { name: 'viewport', content: 'width=device-width' }],
    ])
    expect(findings.list.filter((f) => f.kind === 'dropped').map((f) => f.from)).toEqual(['head[2] (script https://hm.example.com/hm.js)'])
  })
})
