import { describe, expect, it } from 'vitest'
import { withWidgets, widgetsFor as widgetsOfRoute } from '../../src/render/site/route-widgets.js'
import { widgetSettings } from '../../src/render/widgets/index.js'
import { resolveSiteConfig } from '../../src/shared/site-config.js'
import type { Frontmatter, PostSummary, RouteData, RouteKind, SiteConfig, ThemeConfig } from '../../src/shared/types.js'
import { COMMENT_WIDGETS } from '../../src/shared/widgets/index.js'
import { counterServices } from '../../src/shared/widgets/valine-counter.js'

/** A config with these comments (widget A on a service, so it is on when chosen) and theme options. */
const withComments = (comments: Partial<ThemeConfig['comments']>, theme: Record<string, unknown> = {}): SiteConfig =>
  resolveSiteConfig({ themeConfig: { comments: { ...comments, valineConfig: { serverURLs: 'https://c.example.com' } }, ...theme } } as Parameters<typeof resolveSiteConfig>[0])
const off = withComments({ enabled: false, solution: '', options: {} })
const valine = withComments({ enabled: true, solution: 'valine', options: {} })
const vssue = withComments({ enabled: true, solution: 'vssue', options: {} })
/** The widgets of a route of this kind and frontmatter. */
const widgetsFor = (c: SiteConfig, kind: RouteKind, frontmatter: Frontmatter = {}) => widgetsOfRoute(c, { kind, path: '/a.html', page: { title: 'A', frontmatter } })
/** The settings a build makes of a config. */
const settingsOf = (c: SiteConfig) => widgetSettings(c)

describe('render/site/route-widgets', () => {
  it('names no widget by default (the default config turns every widget off)', () => {
    for (const kind of ['article', 'home', 'list', 'terms', 'notFound'] as RouteKind[]) expect(widgetsFor(off, kind, {})).toEqual([])
  })

  it('puts the configured comment widget on article pages only', () => {
    expect(widgetsFor(valine, 'article', {})).toEqual(['valine'])
    expect(widgetsFor(vssue, 'article', { title: 'x' })).toEqual(['vssue'])
    expect(widgetsFor(valine, 'article')).toEqual(['valine'])
    for (const kind of ['home', 'list', 'terms', 'notFound'] as RouteKind[]) expect(widgetsFor(valine, kind, {})).toEqual([])
  })

  it('leaves comments out of a page whose frontmatter says comments: false', () => {
    expect(widgetsFor(valine, 'article', { comments: false })).toEqual([])
    // Only `false` opts out; other values keep the site's choice.
    expect(widgetsFor(valine, 'article', { comments: true })).toEqual(['valine'])
    // reco's name for the same switch.
    expect(widgetsFor(valine, 'article', { isShowComments: false })).toEqual([])
    expect(widgetsFor(valine, 'article', { isShowComments: true })).toEqual(['valine'])
  })

  it('needs both enabled and a known solution', () => {
    expect(widgetsFor(withComments({ enabled: false, solution: 'valine', options: {} }), 'article', {})).toEqual([])
    expect(widgetsFor(withComments({ enabled: true, solution: '', options: {} }), 'article', {})).toEqual([])
  })

  it('puts the click effect on every route when themeConfig.clickEffect is set', () => {
    const withEffect = (clickEffect: ThemeConfig['clickEffect']) => ({ ...valine, themeConfig: { ...valine.themeConfig, clickEffect } }) as SiteConfig
    for (const kind of ['article', 'home', 'list', 'terms'] as RouteKind[]) {
      expect(widgetsFor(withEffect({ size: 2, shape: 'star', zIndex: 999999999 }), kind, {})).toContain('click-effect')
      expect(widgetsFor(withEffect(true), kind, {})).toContain('click-effect')
      expect(widgetsFor(withEffect(false), kind, {})).not.toContain('click-effect')
    }
    expect(widgetsFor(withEffect(true), 'article', {})).toEqual(['valine', 'click-effect'])
  })

  it('names widgets the client knows as comment widgets', () => {
    for (const c of [valine, vssue]) for (const name of widgetsFor(c, 'article', {})) expect(COMMENT_WIDGETS).toContain(name)
  })

  it("hands each article's comment slot the settings of its locale, made at build time", () => {
    const config = resolveSiteConfig({
      themeConfig: {
        comments: {
          enabled: true,
          solution: 'valine',
          valineConfig: { serverURLs: 'https://c.example.com', pageSize: 5 },
          locales: { '/en/': { valineConfig: { lang: 'en' } } },
        },
      },
    })
    const article = (path: string, frontmatter: Frontmatter = {}) => ({ data: { kind: 'article', path, page: { title: 'T', frontmatter } } as unknown as RouteData })
    const routes = [article('/en/a.html'), article('/a.html'), article('/b.html', { comments: false })]
    withWidgets({ routes }, settingsOf(config), '/gpt/')
    const props = (i: number) => routes[i].data.widgetProps as { valine?: { path: string; config: { lang: string } } } | undefined
    expect(props(0)!.valine).toMatchObject({ path: '/gpt/en/a.html', config: { lang: 'en', pageSize: 5, serverURLs: 'https://c.example.com' } })
    expect(props(1)!.valine!.config.lang).toBe('zh-CN')
    expect(routes[2].data.widgets).toBeUndefined()
    expect(props(2)).toBeUndefined()
  })
  describe("the visitor counter's service, chosen per page at build time", () => {
    const post = (path: string): PostSummary => ({ title: path, path, tags: [], categories: [] })
    const tableOf = (locales: object, base: object = {}) => {
      const config = resolveSiteConfig({
        themeConfig: { comments: { enabled: true, solution: 'valine', valineConfig: { serverURLs: 'https://c.example.com', ...base }, locales } },
      } as Parameters<typeof resolveSiteConfig>[0])
      const settings = settingsOf(config)
      const posts = ['/a.html', '/en/b.html', '/%E4%B8%AD.html', '/en/%E4%B8%AD.html'].map(post)
      const routes = [
        { data: { kind: 'home', path: '/', posts: posts.slice(0, 2) } },
        { data: { kind: 'list', list: 'timeline', path: '/timeline/', posts } },
        { data: { kind: 'article', path: '/en/b.html', page: { title: 'B', frontmatter: {} } } },
        { data: { kind: 'article', path: '/a.html', page: { title: 'A', frontmatter: {} } } },
      ] as unknown as { data: RouteData }[]
      withWidgets({ routes }, settings, '/gpt/')
      const counterOf = (data: RouteData) => (data.kind === 'article' ? data.counter : undefined)
      return { services: counterServices(settings.get('valine') as never), posts: posts.map((p) => p.counter), articles: [counterOf(routes[2].data), counterOf(routes[3].data)], json: JSON.stringify(routes[1].data) }
    }

    it('names each service once, and marks each listed post and article with its own locale’s', () => {
      const { services, posts, articles } = tableOf({ '/en/': { valineConfig: { serverURLs: 'https://en.example.com', appId: 'en-app' } } })
      expect(services).toEqual([
        { serverURLs: 'https://c.example.com', appId: 'gptnotes', appKey: 'gptnotes' },
        { serverURLs: 'https://en.example.com', appId: 'en-app', appKey: 'gptnotes' },
      ])
      expect(posts).toEqual([0, 1, 0, 1])
      expect(articles).toEqual([1, 0])
    })

    it('leaves the count out of the posts and articles of a locale with visitor: false', () => {
      const { services, posts, articles, json } = tableOf({ '/en/': { valineConfig: { visitor: false, lang: 'en' } } })
      expect(services).toEqual([{ serverURLs: 'https://c.example.com', appId: 'gptnotes', appKey: 'gptnotes' }])
      expect(posts).toEqual([0, undefined, 0, undefined])
      expect(articles).toEqual([undefined, 0])
      // In the route data a post without a count carries nothing for it.
      expect(json.match(/"counter"/g)).toHaveLength(2)
    })

    it('uses one service for locales that share it, and none when no locale counts', () => {
      expect(tableOf({ '/en/': { valineConfig: { lang: 'en' } } }).posts).toEqual([0, 0, 0, 0])
      const off = tableOf({ '/en/': { valineConfig: { lang: 'en' } } }, { visitor: false })
      expect(off.services).toEqual([])
      expect(off.posts).toEqual([undefined, undefined, undefined, undefined])
    })
  })

  describe('copy protection, a widget the build puts on the pages that ask', () => {
    const site = withComments({ enabled: false, solution: '', options: {} }, { author: '站长' })
    const page = (frontmatter: Frontmatter, kind: RouteKind = 'article') => ({ data: { kind, path: '/a.html', page: { title: 'A', frontmatter } } as unknown as RouteData })

    it('mounts only where the frontmatter turns it on, with the options made at build time', () => {
      const routes = [page({ copyright: true }), page({}), page({ copyright: { noCopy: true, authorName: '李四' } }, 'home'), page({ copyright: false })]
      withWidgets({ routes }, settingsOf(site), '/')
      expect(routes.map((r) => r.data.widgets)).toEqual([['copy-protection'], undefined, ['copy-protection'], undefined])
      expect(routes[0].data.widgetProps).toEqual({ 'copy-protection': { noSelect: false, noCopy: false, minLength: 10, authorName: '站长' } })
      expect(routes[2].data.widgetProps).toEqual({ 'copy-protection': { noSelect: false, noCopy: true, minLength: 10, authorName: '李四' } })
    })

    it("names the page's author over the site's", () => {
      const routes = [page({ copyright: true, author: '王五' })]
      withWidgets({ routes }, settingsOf(site), '/')
      expect(routes[0].data.widgetProps).toEqual({ 'copy-protection': { noSelect: false, noCopy: false, minLength: 10, authorName: '王五' } })
    })
  })
})
