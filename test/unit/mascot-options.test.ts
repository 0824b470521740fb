import { describe, expect, it } from 'vitest'
import { isHome, isMobileUserAgent, mascotOptions, styleOf } from '../../src/client/widgets/mascot/options.js'
import { otherTheme, unsupportedThemes } from '../../src/client/widgets/mascot/themes.js'
import { widgetsFor as widgetsOfRoute } from '../../src/render/site/route-widgets.js'
import { checkSiteConfig, defaultSiteConfig, resolveSiteConfig } from '../../src/shared/site-config.js'
import type { SiteConfig } from '../../src/shared/types.js'
import { mascotOf as mascotOfOption } from '../../src/shared/widgets/mascot.js'

/** The browser's options for a config (the declaration's reading of `themeConfig.mascot`). */
const mascotOf = (config: SiteConfig) => mascotOfOption(config.themeConfig.mascot)
/** The widgets of a route of this kind. */
const widgetsFor = (config: SiteConfig, kind: string) => widgetsOfRoute(config, { kind, path: '/a.html', page: { title: 'A', frontmatter: {} } })

describe('mascot options', () => {
  // The slot's props as the build resolves them (`mascot: true`), with what the overlay adds.
  const resolved = mascotOf(resolveSiteConfig({ themeConfig: { mascot: true } }))!
  it("fills the original plugin's defaults: the built-in theme, 150×220, Chinese messages greeting with the site title", () => {
    const o = mascotOptions({ ...resolved, title: '我的GPT笔记', base: '/gpt/' })
    expect(o).toMatchObject({ themes: ['builtin'], clean: false, width: 150, height: 220, base: '/gpt/' })
    expect(o.messages).toEqual({ welcome: '欢迎来到 我的GPT笔记', home: '心里的花，我想要带你回家。', theme: '好吧，希望你能喜欢我的其他小伙伴。', close: '你知道我喜欢吃什么吗？痴痴地望着你。' })
    expect(mascotOptions({ ...resolved, messages: { close: '再见' } }).messages.close).toBe('再见')
    expect(styleOf({ 'z-index': 3, right: '90px', bad: {} })).toEqual({ zIndex: 3, right: '90px' })
  })

  it('knows the mobile user agents, the home page and which themes it can draw', () => {
    expect(isMobileUserAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe(true)
    expect(isMobileUserAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe(true)
    expect(isMobileUserAgent('Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36')).toBe(false)
    expect(isHome('/gpt/', '/gpt/')).toBe(true)
    expect(isHome('/gpt/index.html', '/gpt/')).toBe(true)
    expect(isHome('/gpt/guide/a.html', '/gpt/')).toBe(false)
    expect(unsupportedThemes(['builtin', 'builtin-sakura', 'Shizuku', 'nope'])).toEqual(['Shizuku', 'nope'])
  })

  it('changes to a random other theme, never the current one', () => {
    expect(otherTheme(['a', 'b', 'c'], 'a', () => 0)).toBe('b')
    expect(otherTheme(['a', 'b', 'c'], 'a', () => 0.99)).toBe('c')
    expect(otherTheme(['a'], 'a')).toBe('a')
  })
})

describe('themeConfig.mascot', () => {
  it('is off by default; true is the built-in character with the defaults; its switch puts the slot on every route', () => {
    expect(defaultSiteConfig.themeConfig.mascot).toBe(false)
    expect(mascotOf(defaultSiteConfig)).toBeUndefined()
    expect(widgetsFor(defaultSiteConfig, 'article')).not.toContain('mascot')
    const on = resolveSiteConfig({ themeConfig: { mascot: true } })
    expect(mascotOf(on)).toEqual({ theme: ['builtin'], clean: false, messages: {}, messageStyle: {}, modelStyle: {}, btnStyle: {}, width: 150, height: 220 })
    for (const kind of ['article', 'home', 'list', 'terms'] as const) expect(widgetsFor(on, kind)).toContain('mascot')
  })

  it('takes the original option names, keeps the core path out of the pages, and names a bad field', () => {
    const c = resolveSiteConfig({ themeConfig: { mascot: { theme: ['shizuku'], clean: true, core: 'vendor/live2d.min.js', modelStyle: { right: '90px' } } } })
    expect(mascotOf(c)).toMatchObject({ theme: ['shizuku'], clean: true, modelStyle: { right: '90px' } })
    expect(mascotOf(c)).not.toHaveProperty('core')
    expect(checkSiteConfig({ themeConfig: { mascot: { theme: 'builtin' } } }).map((p) => p.path)).toEqual(['themeConfig.mascot.theme'])
    expect(checkSiteConfig({ themeConfig: { mascot: 'on' } })[0].message).toMatch(/^must be false, true or/)
  })
})

describe('mascot console messages', () => {
  it("logs a failed resource with the spec's Chinese message, a WebGL failure as itself, never anything for readers", async () => {
    const { vi } = await import('vitest')
    const { logLoadFailure, RESOURCE_FAILED } = await import('../../src/client/widgets/mascot/log.js')
    const { MascotLoadError } = await import('../../src/client/widgets/mascot/framework/renderer.js')
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    logLoadFailure(new MascotLoadError('Failed to load (404) : model/shizuku/moc/shizuku.moc', 'resource'))
    logLoadFailure(new MascotLoadError('Failed to create WebGL context.', 'webgl'))
    expect(error.mock.calls).toEqual([
      [`[gptnotes] 看板娘：${RESOURCE_FAILED}`, 'Failed to load (404) : model/shizuku/moc/shizuku.moc'],
      ['[gptnotes] 看板娘：Failed to create WebGL context.'],
    ])
    expect(RESOURCE_FAILED).toBe('看板娘的资源加载失败了，请稍后刷新页面重试！')
    error.mockRestore()
  })
})
