// The theme keys a VuePress 1 / vuepress-theme-reco site carries over: how the config checks them
// (key paths in the messages), what the build makes of them for the browser (the site data's
// logo, edit link, footer and locales; the home route's hero, author card and friend links; the
// language menu) and the English locale's sidebar with the root sidebar's errors.
import { describe, expect, it } from 'vitest'
import { checkTheme } from '../../src/render/site/check-theme.js'
import { homeHeroOf } from '../../src/render/site/home-hero.js'
import { buildRoutes, languageMenu } from '../../src/render/site/routes.js'
import { safeStyle } from '../../src/render/site/safe-style.js'
import { buildSiteData, sidebarFor } from '../../src/render/site/site-data.js'
import { configImageRefs, publicAssetOf } from '../../src/render/site/theme-images.js'
import { cyberSecurityLinkOf, footerOf, themeSiteOf, yearIn } from '../../src/render/site/theme-site.js'
import { checkSiteConfig, resolveSiteConfig, type UserConfig } from '../../src/shared/site-config.js'
import { siteLocaleOf } from '../../src/shared/site-locale.js'
import type { HomeRoute, SiteConfig } from '../../src/shared/types.js'
import { parsedPages } from '../helpers/stage-data.js'

const messages = (user: unknown) => checkSiteConfig(user).map((p) => `${p.path} ${p.message}`)
const config = (user: UserConfig): SiteConfig => {
  expect(messages(user)).toEqual([])
  return resolveSiteConfig(user)
}

const BILINGUAL: UserConfig = {
  title: '中文站',
  description: '中文描述',
  locales: { '/': { lang: 'zh-CN' }, '/en/': { lang: 'en-US', title: 'English Site', description: 'English description' } },
  themeConfig: {
    nav: [{ text: '首页', link: '/' }],
    sidebar: { '/guide/': ['/guide/a.html'] },
    locales: {
      '/en/': {
        label: 'English',
        nav: [{ text: 'Home', link: '/en/' }],
        sidebar: { '/en/guide/': ['/en/guide/a.html', '/en/guide/missing.html'] },
        lastUpdated: 'Last Updated',
        editLinkText: 'Edit on GitHub',
        selectText: 'Languages',
      },
    },
  },
}

const SOURCES = {
  'README.md': '---\nhome: true\n---\n\n欢迎。\n',
  'guide/a.md': '---\ntitle: 甲\ntags: [一]\n---\n\n正文。\n',
  'en/README.md': '---\nhome: true\nheroText: Hello\n---\n\nWelcome.\n',
  'en/guide/a.md': '---\ntitle: A\n---\n\nText.\n',
  'en/guide/only-english.md': '---\ntitle: Only\n---\n\nText.\n',
}

describe('the theme keys in the config check', () => {
  it('accepts reco\'s and VuePress\'s keys as a migrated config writes them', () => {
    expect(
      messages({
        themeConfig: {
          logo: '/logo.png',
          authorAvatar: 'https://example.com/me.png',
          startYear: '2019',
          record: '京ICP备12345678号-1',
          recordLink: 'https://beian.miit.gov.cn/',
          cyberSecurityRecord: '京公网安备 11010502030143号',
          cyberSecurityLink: 'https://beian.mps.gov.cn/',
          friendLink: [{ title: '午后南杂', desc: '前端', email: 'a@b.c', link: 'https://www.recoluan.com' }, { title: '站内', logo: 'friend.png', link: '/about.html' }],
          editLink: { pattern: 'https://github.com/me/site/edit/main/content/:path', text: '在 GitHub 上编辑' },
          locales: { '/en/': { label: 'English', selectText: 'Languages', ariaLabel: 'Languages', nav: [], sidebar: 'auto', lastUpdated: false, editLinkText: 'Edit' } },
        },
      }),
    ).toEqual([])
    expect(resolveSiteConfig({ themeConfig: { startYear: '2019' } }).themeConfig.startYear).toBe(2019)
    expect(resolveSiteConfig({}).themeConfig.friendLink).toEqual([])
  })

  it('names the key path of each wrong value, and refuses links that are not web addresses', () => {
    expect(
      messages({
        themeConfig: {
          logo: 'javascript:alert(1)',
          startYear: 'last year',
          recordLink: '#',
          friendLink: [{ title: '甲', link: 'javascript:alert(1)' }, { link: 'https://x.cn' }],
          editLink: { pattern: 'https://github.com/me/site/edit/main/' },
          locales: { '/en/': { sidebar: [{ title: 'G', path: 3 }], navbar: false } },
        },
      }),
    ).toEqual([
      expect.stringMatching(/^themeConfig\.logo must be a path under content\/public\/ .* got "javascript:alert\(1\)"/),
      expect.stringMatching(/^themeConfig\.startYear must be a year like 2019/),
      expect.stringMatching(/^themeConfig\.recordLink must be an http\(s\) URL, got "#"/),
      expect.stringMatching(/^themeConfig\.friendLink\[0\]\.link must be a site path .* or an http\(s\) URL/),
      'themeConfig.friendLink[1].title is required',
      expect.stringMatching(/^themeConfig\.editLink\.pattern must contain ":path"/),
      expect.stringMatching(/^themeConfig\.locales\["\/en\/"\]\.sidebar\[0\]\.path must be a string/),
      expect.stringMatching(/^themeConfig\.locales\["\/en\/"\]\.navbar is not a known field/),
    ])
  })
})

describe('the site data the theme gives the browser', () => {
  it('the footer: years from startYear to the build\'s year, the owner, and the filings with their default links', () => {
    const c = config({ title: '站', themeConfig: { author: '小林', startYear: 2019, record: '京ICP备12345678号-1', cyberSecurityRecord: '京公网安备 11010502030143号' } })
    expect(footerOf(c, 2026)).toEqual({
      years: '2019–2026',
      owner: '小林',
      record: { text: '京ICP备12345678号-1', link: 'https://beian.miit.gov.cn/' },
      cyberSecurity: { text: '京公网安备 11010502030143号', link: 'https://beian.mps.gov.cn/#/query/webSearch?code=11010502030143' },
    })
    // reco leaves the start out when it is this year; no author: the site's title.
    expect(footerOf(config({ title: '站', themeConfig: { startYear: 2026 } }), 2026)).toEqual({ years: '2026', owner: '站' })
    expect(footerOf(config({ themeConfig: { record: 'ICP', recordLink: 'https://example.com/icp' } }), 2026).record).toEqual({ text: 'ICP', link: 'https://example.com/icp' })
    expect(cyberSecurityLinkOf('公网安备')).toBe('https://beian.mps.gov.cn/')
    // The year is the site's: New Year's Eve in UTC is already the next year in Shanghai.
    expect(yearIn('Asia/Shanghai', new Date('2025-12-31T17:00:00Z'))).toBe(2026)
  })

  it('the logo gets the base, the edit link its pattern, and each locale what differs (its home only when the page exists)', () => {
    const c = config({ ...BILINGUAL, base: '/docs/', themeConfig: { ...BILINGUAL.themeConfig, logo: '/logo.png', editLink: { pattern: 'https://git.example.com/edit/:path' } } })
    const site = themeSiteOf(c, (path) => path === '/en/', new Date('2026-06-01T00:00:00Z'))
    expect(site.logo).toBe('/docs/logo.png')
    expect(site.editLink).toEqual({ pattern: 'https://git.example.com/edit/:path' })
    expect(site.footer?.years).toBe('2026')
    expect(site.locales).toEqual({
      '/en/': { title: 'English Site', home: '/en/', nav: [{ text: 'Home', link: '/en/' }], lastUpdated: 'Last Updated', editLinkText: 'Edit on GitHub', selectText: 'Languages' },
    })
    expect(themeSiteOf(c, () => false).locales).toEqual({
      '/en/': { title: 'English Site', nav: [{ text: 'Home', link: '/en/' }], lastUpdated: 'Last Updated', editLinkText: 'Edit on GitHub', selectText: 'Languages' },
    })
    // One locale and no theme locales: nothing per locale.
    expect(themeSiteOf(config({}), () => true).locales).toBeUndefined()
    expect(themeSiteOf(config({ themeConfig: { logo: 'https://cdn.example.com/logo.png' } }), () => true).logo).toBe('https://cdn.example.com/logo.png')
  })

  it('a locale\'s title and description are its own, and so is its theme entry (longest path wins)', () => {
    const c = config(BILINGUAL)
    expect(siteLocaleOf(c, '/en/guide/a.html')).toMatchObject({ key: '/en/', lang: 'en-US', title: 'English Site', description: 'English description', theme: { label: 'English' } })
    expect(siteLocaleOf(c, '/guide/a.html')).toMatchObject({ key: '/', lang: 'zh-CN', title: '中文站', description: '中文描述', theme: {} })
  })

  it('the config\'s images under content/public/ are listed with their key paths (web addresses are not)', () => {
    const c = config({ themeConfig: { logo: '/logo.png', authorAvatar: 'https://example.com/a.png', friendLink: [{ title: 'a', link: 'https://a.cn' }, { title: 'b', logo: 'img/b%20c.png', link: 'https://b.cn' }] } })
    expect(configImageRefs(c)).toEqual([
      { keyPath: 'themeConfig.logo', ref: '/logo.png' },
      { keyPath: 'themeConfig.friendLink[1].logo', ref: 'img/b%20c.png' },
    ])
    expect(publicAssetOf('img/b%20c.png?v=1')).toBe('public/img/b c.png')
  })
})

describe('the home route and the locales in the routes', () => {
  it('the English pages take their locale\'s sidebar, with a missing entry reported at its key path', () => {
    const c = config(BILINGUAL)
    const site = buildSiteData(c, parsedPages(SOURCES))
    expect(site.sidebarProblems).toEqual([{ path: 'themeConfig.locales["/en/"].sidebar["/en/guide/"][1]', kind: 'missing-page', target: '/en/guide/missing.html' }])
    expect(sidebarFor(site, site.pagesByPath.get('/en/guide/a.html')!)).toMatchObject([{ type: 'link', path: '/en/guide/a.html', title: 'A' }])
    expect(sidebarFor(site, site.pagesByPath.get('/guide/a.html')!)).toMatchObject([{ type: 'link', path: '/guide/a.html', title: '甲' }])
  })

  it('document titles of English pages end in the English title; the language menu keeps the page where it can', () => {
    const c = config(BILINGUAL)
    const parsed = parsedPages(SOURCES)
    const table = buildRoutes(buildSiteData(c, parsed), parsed)
    const route = (path: string) => table.routes.find((r) => r.path === path)!.data
    expect(route('/en/guide/a.html').documentTitle).toBe('A | English Site')
    expect(route('/en/').documentTitle).toBe('English Site')
    expect(route('/guide/a.html').documentTitle).toBe('甲 | 中文站')
    expect(route('/en/guide/a.html').languages).toEqual([
      { text: 'zh-CN', link: '/guide/a.html' },
      { text: 'English', link: '/en/guide/a.html', current: true },
    ])
    // No Chinese page of the same name: the Chinese home.
    expect(route('/en/guide/only-english.html').languages?.[0]).toEqual({ text: 'zh-CN', link: '/' })
    expect(table.notFound.data.languages).toHaveLength(2)
    // One locale: no menu.
    expect(languageMenu(config({}), new Set())).toBeUndefined()
  })

  it('the home route carries its hero, the author card and the friend links', () => {
    const c = config({
      title: '站',
      description: '站点描述',
      themeConfig: { author: '小林', authorAvatar: '/me.png', friendLink: [{ title: '友', desc: '说明', logo: 'f.png', link: 'https://f.cn' }] },
    })
    const parsed = parsedPages({ 'README.md': '---\nhome: true\nactionText: 开始\nactionLink: /guide/a.html\n---\n', 'guide/a.md': SOURCES['guide/a.md'] })
    const home = buildRoutes(buildSiteData(c, parsed), parsed).routes.find((r) => r.path === '/')!.data as HomeRoute
    expect(home.hero).toEqual({ text: '站', tagline: '站点描述', action: { text: '开始', link: '/guide/a.html' } })
    expect(home.author).toEqual({ name: '小林', avatar: '/gpt/me.png', posts: 1, tags: 1 })
    expect(home.friendLinks).toEqual([{ title: '友', desc: '说明', logo: '/gpt/f.png', link: 'https://f.cn' }])
  })
})

describe('the home hero from frontmatter', () => {
  const input = { base: '/gpt/', locale: siteLocaleOf(resolveSiteConfig({ title: '站', description: '描述' }), '/'), pageTitle: '首页' }

  it('reads VuePress\'s and reco\'s fields, images with the base', () => {
    const { hero, findings, images } = homeHeroOf(
      {
        heroText: '你好',
        tagline: '副标题',
        heroImage: '/hero.png',
        heroAlt: '插图',
        heroImageStyle: { maxHeight: '180px', 'margin-top': 0 },
        bgImage: '/bg.png',
        bgImageStyle: { height: '450px' },
        actionText: '开始 →',
        actionLink: '/guide/',
        features: [{ title: '简洁', details: '少配置' }, { title: 2024 }],
        footer: 'MIT Licensed',
      },
      input,
    )
    expect(findings).toEqual([])
    expect(images).toEqual([
      { field: 'heroImage', ref: '/hero.png' },
      { field: 'bgImage', ref: '/bg.png' },
    ])
    expect(hero).toEqual({
      text: '你好',
      tagline: '副标题',
      image: { src: '/gpt/hero.png', alt: '插图', style: { maxHeight: '180px', marginTop: '0' } },
      style: { backgroundImage: 'url("/gpt/bg.png")', backgroundPosition: 'center', backgroundSize: 'cover', backgroundRepeat: 'no-repeat', height: '450px' },
      action: { text: '开始 →', link: '/guide/' },
      features: [
        { title: '简洁', details: '少配置' },
        { title: '2024', details: '' },
      ],
      footer: 'MIT Licensed',
    })
  })

  it('falls back to the title and description; null hides the heading or the tagline', () => {
    expect(homeHeroOf({}, input).hero).toEqual({ text: '站', tagline: '描述' })
    expect(homeHeroOf({ heroText: null, tagline: null }, input).hero).toEqual({})
  })

  it('leaves out what it cannot show, and says why', () => {
    const { hero, findings } = homeHeroOf(
      { heroImage: 'javascript:alert(1)', bgImage: '/a b.png', actionText: '去', actionLink: 'javascript:alert(1)', features: 'many', heroText: ['x'] },
      input,
    )
    expect(hero).toEqual({ text: '站', tagline: '描述' })
    expect(findings.map((f) => f.field)).toEqual(['heroText', 'heroImage', 'bgImage', 'actionLink', 'features'])
  })
})

describe('hero styles', () => {
  it('lets sizes, spacing and colours through and keeps out positioning and anything that loads or escapes', () => {
    const { style, dropped } = safeStyle({
      maxWidth: 300,
      'background-color': '#fff',
      opacity: 0.8,
      position: 'fixed',
      zIndex: 9999,
      color: 'red; background: url(https://evil.example/x.png)',
      backgroundSize: 'image-set("a.png" 1x)',
      margin: '6rem auto 1.5rem',
      height: { a: 1 },
    })
    expect(style).toEqual({ maxWidth: '300px', backgroundColor: '#fff', opacity: '0.8', margin: '6rem auto 1.5rem' })
    expect(dropped.map((d) => d.property)).toEqual(['position', 'zIndex', 'color', 'backgroundSize', 'height'])
    expect(safeStyle('height: 1px').dropped).toHaveLength(1)
  })
})

describe('the build\'s check of the theme\'s images', () => {
  it('a config image or a hero image missing from content/public/ is an error at its key path; a bad hero field a warning at its line', () => {
    const c = config({ themeConfig: { logo: '/logo.png', friendLink: [{ title: '甲', logo: '/missing.png', link: 'https://a.cn' }] } })
    const sources = [{ relativePath: 'README.md', source: '---\nhome: true\nheroImage: /hero.png\nbgImage: /bg.png\nheroImageStyle:\n  zIndex: 99\n---\n' }]
    const parsed = parsedPages(Object.fromEntries(sources.map((s) => [s.relativePath, s.source])))
    const configFile = { file: 'gptnotes.config.ts', source: "export default {\n  themeConfig: {\n    logo: '/logo.png',\n    friendLink: [{ title: '甲', logo: '/missing.png', link: 'https://a.cn' }],\n  },\n}\n" }
    const report = checkTheme(c, parsed, sources, new Set(['public/logo.png', 'public/bg.png']), configFile)
    expect(report.errors.map((e) => [e.code, e.message, `${e.loc?.file}:${e.loc?.line}`])).toEqual([
      ['ThemeImageMissing', 'themeConfig.friendLink[0].logo names "/missing.png", which is not in content/: content/public/missing.png not found', 'gptnotes.config.ts:4'],
      ['ThemeImageMissing', 'heroImage names "/hero.png", which is not in content/: content/public/hero.png not found', 'content/README.md:3'],
    ])
    expect(report.warnings.map((w) => [w.code, `${w.loc?.file}:${w.loc?.line}`])).toEqual([['HomeFieldIgnored', 'content/README.md:5']])
    expect(report.warnings[0].message).toContain('"zIndex"')
  })
})
