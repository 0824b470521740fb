import { describe, expect, it } from 'vitest'
import { defineConfig } from '../../src/index.js'
import {
  array,
  boolean,
  CALL_PARENT,
  called,
  callSites,
  ignored,
  type Infer,
  type Input,
  map,
  mergeVariant,
  number,
  object,
  optional,
  partial,
  record,
  refine,
  string,
  withDefault,
} from '../../src/shared/config-schema.js'
import {
  checkSiteConfig,
  defaultSiteConfig,
  resolveSiteConfig,
  type SidebarItemConfig,
  siteConfigSchema,
  type SiteConfig,
  type UserConfig,
} from '../../src/shared/site-config.js'

const messages = (user: unknown) => checkSiteConfig(user).map((p) => `${p.path} ${p.message}`)

describe('shared/config-schema combinators', () => {
  const point = object({ x: number, y: withDefault(number, 0), label: optional(string) })

  it('fills a left-out field from its default and leaves an optional one out', () => {
    expect(point.resolve({ x: 1 })).toEqual({ x: 1, y: 0 })
    expect('label' in point.resolve({ x: 1 })).toBe(false)
    expect(point.resolve({ x: 1, y: 2, label: 'a' })).toEqual({ x: 1, y: 2, label: 'a' })
  })

  it('gives an object a default only when every field can be left out', () => {
    expect('default' in point).toBe(false)
    expect(object({ on: withDefault(boolean, true), list: withDefault(array(string), ['a']) }).default).toEqual({ on: true, list: ['a'] })
  })

  it('reports a left-out required field, an unknown field and an ill-typed one with their key paths', () => {
    expect(point.check({ y: 'far', z: 1 }, 'p')).toEqual([
      { path: 'p.x', message: 'is required' },
      { path: 'p.y', message: 'must be a number, got string "far"' },
      { path: 'p.z', message: 'is not a known field (known: x, y, label)' },
    ])
  })

  it('infers the resolved type and the type a user writes', () => {
    const resolved: Infer<typeof point> = { x: 1, y: 0 }
    const written: Input<typeof point> = { x: 1 }
    // @ts-expect-error y has a default, so it is always there once resolved
    const missing: Infer<typeof point> = { x: 1 }
    // @ts-expect-error x is a number
    const wrong: Input<typeof point> = { x: '1' }
    expect([resolved, written, missing, wrong]).toHaveLength(4)
  })
})

describe('shared/config-schema: ignored, map, refine, called, partial', () => {
  const fields = {
    size: withDefault(
      map(number, (n) => Math.round(n)),
      2,
    ),
    tags: withDefault(
      map(array(string), (t) => [...new Set(t)]),
      [],
    ),
    legacy: ignored(boolean),
  }
  const box = refine(object(fields), (v, at) => (v.legacy ? [{ code: 'Legacy', params: { at }, path: `${at}.legacy` }] : []))

  it('accepts and checks an ignored field but never resolves it, in value or type', () => {
    expect(box.check({ legacy: 'yes' }, 'b')).toEqual([{ path: 'b.legacy', message: 'must be true or false, got string "yes"' }])
    expect(box.resolve({ legacy: true })).toEqual({ size: 2, tags: [] })
    // @ts-expect-error an ignored field is not part of the resolved type
    expect(box.resolve({}).legacy).toBeUndefined()
  })

  it('turns the resolved value with map, its default too', () => {
    expect(box.resolve({ size: 2.6, tags: ['a', 'a', 'b'] })).toEqual({ size: 3, tags: ['a', 'b'] })
    expect(map(withDefault(string, 'x'), (s) => s.toUpperCase()).default).toBe('X')
  })

  it('collects the findings of refinements at their key paths, through records and optional fields', () => {
    const site = object({ boxes: optional(record(box)) })
    expect(site.findings!({ boxes: { a: { legacy: false }, b: { legacy: true } } }, '')).toEqual([{ code: 'Legacy', params: { at: 'boxes["b"]' }, path: 'boxes["b"].legacy' }])
    expect(site.findings!({}, '')).toEqual([])
  })

  it('makes a variant of the same fields with nothing filled in, and merges it over a resolved value', () => {
    const variant = partial(fields)
    expect(variant.resolve({ tags: ['c', 'c'] })).toEqual({ tags: ['c'] })
    expect(variant.check({ size: 'big' }, 'v')).toEqual([{ path: 'v.size', message: 'must be a number, got string "big"' }])
    expect(mergeVariant(box.resolve({ size: 5 }), variant.resolve({ tags: ['c'] }))).toEqual({ size: 5, tags: ['c'] })
  })

  it('names where the original allowed a function, with the arguments the loader calls it with', () => {
    const svc = object({ proxy: optional(called(string, 'sample')), body: optional(called(string, { url: '{url}', options: CALL_PARENT })) })
    const site = object({ a: optional(svc), locales: optional(record(object({ a: optional(svc) }))) })
    expect(callSites(site)).toEqual([
      { path: ['a', 'proxy'], call: { args: ['sample'] } },
      { path: ['a', 'body'], call: { args: [{ url: '{url}', options: CALL_PARENT }] } },
      { path: ['locales', '*', 'a', 'proxy'], call: { args: ['sample'] } },
      { path: ['locales', '*', 'a', 'body'], call: { args: [{ url: '{url}', options: CALL_PARENT }] } },
    ])
  })
})

describe('shared/site-config schema', () => {
  it('takes every default from the schema', () => {
    expect(siteConfigSchema.shape.themeConfig.shape.sidebarDepth.default).toBe(2)
    expect(defaultSiteConfig.base).toBe('/gpt/')
    expect(defaultSiteConfig.locales).toEqual({ '/': { lang: 'zh-CN' } })
    expect(defaultSiteConfig.themeConfig.lastUpdated).toBe('上次更新')
    expect(defaultSiteConfig.themeConfig.comments).toEqual({ enabled: false, solution: '', options: {} })
    expect(resolveSiteConfig({})).toEqual(defaultSiteConfig)
  })

  it('fills nested defaults around what the config gives, and replaces lists and locales whole', () => {
    const config = resolveSiteConfig({
      title: 'T',
      locales: { '/en/': { lang: 'en-US' } },
      themeConfig: { feeds: { rss: true }, nav: [{ text: 'a', link: '/a.html' }] },
    })
    expect(config.title).toBe('T')
    expect(config.base).toBe('/gpt/')
    expect(config.locales).toEqual({ '/en/': { lang: 'en-US' } })
    expect(config.themeConfig.feeds).toEqual({ rss: true, atom: false, json: false })
    expect(config.themeConfig.nav).toEqual([{ text: 'a', link: '/a.html' }])
    expect(config.themeConfig.sidebar).toBe('auto')
  })

  it('names an unknown field and an ill-typed field by key path', () => {
    expect(messages({ titel: 'x' })[0]).toMatch(/^titel is not a known field \(known: title, description, base, /)
    expect(messages({ themeConfig: { search: 'yes' } })).toEqual(['themeConfig.search must be true or false, got string "yes"'])
    expect(messages({ hostname: 'https://example.com/' })[0]).toContain('hostname must be an origin like "https://example.com"')
  })

  it('takes the site\'s time zone as an IANA name, Asia/Shanghai when left out', () => {
    expect(defaultSiteConfig.timezone).toBe('Asia/Shanghai')
    expect(resolveSiteConfig({ timezone: 'Europe/Berlin' }).timezone).toBe('Europe/Berlin')
    expect(messages({ timezone: 'Beijing' })).toEqual(['timezone must be an IANA time zone name (like "Asia/Shanghai" or "UTC"), got "Beijing"'])
    expect(messages({ timezone: 8 })[0]).toMatch(/^timezone must be an IANA time zone name/)
  })

  it('takes themeConfig.clickEffect as false, true or the original options, filling their defaults', () => {
    expect(defaultSiteConfig.themeConfig.clickEffect).toBe(false)
    expect(resolveSiteConfig({ themeConfig: { clickEffect: true } }).themeConfig.clickEffect).toBe(true)
    expect(resolveSiteConfig({ themeConfig: { clickEffect: { shape: 'circle' } } }).themeConfig.clickEffect).toEqual({ size: 2, shape: 'circle', zIndex: 999999999 })
    expect(messages({ themeConfig: { clickEffect: { shape: 'heart' } } })).toEqual(['themeConfig.clickEffect.shape must be one of "star", "circle", got string "heart"'])
    expect(messages({ themeConfig: { clickEffect: 'on' } })[0]).toMatch(/^themeConfig\.clickEffect must be false, true or \{ size\?, shape\?, zIndex\? \}/)
  })

  it('has no authorLinks field any more', () => {
    expect(messages({ themeConfig: { authorLinks: [] } })[0]).toMatch(/^themeConfig\.authorLinks is not a known field/)
  })

  it('names the index of an item in a nested list', () => {
    expect(messages({ themeConfig: { sidebar: ['/a.html', '/b.html', { title: '组', path: 3 }] } })).toEqual([
      'themeConfig.sidebar[2].path must be a string, got number 3',
    ])
    expect(messages({ themeConfig: { sidebar: { '/x/': [{ title: 'g', children: ['/a.html', ['/b.html', 2]] }] } } })).toEqual([
      'themeConfig.sidebar["/x/"][0].children[1][1] must be a string, got number 2',
    ])
    expect(messages({ themeConfig: { nav: [{ text: 'a', link: '/' }, { text: 'g', items: [{ text: 'b' }] }] } })).toEqual([
      'themeConfig.nav[1].items[0].link is required',
    ])
    expect(messages({ head: [['meta', { name: 3 }]] })).toEqual(['head[0][1]["name"] must be a string, got number 3'])
    expect(messages({ head: [['meta']] })).toEqual(['head[0] must be [tag, attributes] or [tag, attributes, content]'])
    expect(messages({ themeConfig: { sidebar: 3 } })[0]).toBe(
      "themeConfig.sidebar must be 'auto', false, a list of items or an object of path prefix → list, got number 3",
    )
  })

  it('accepts the forms the README documents', () => {
    const user: UserConfig = {
      head: [['link', { rel: 'icon', href: '/gpt/favicon.svg' }], ['script', { async: true }, 'x()']],
      themeConfig: {
        lastUpdated: false,
        sidebar: [{ title: 'g', collapsable: false, children: ['/a.html', ['/b.html', 'B'], { title: 'sub', children: [] }] }],
        comments: { solution: 'valine', options: { appId: 'x' } },
      },
    }
    expect(checkSiteConfig(user)).toEqual([])
  })

  it('resolves to a frozen, read-only config', () => {
    const config = resolveSiteConfig({ themeConfig: { nav: [{ text: 'a', link: '/' }] } })
    expect(Object.isFrozen(config)).toBe(true)
    expect(Object.isFrozen(config.themeConfig.nav[0])).toBe(true)
    expect(Object.isFrozen(defaultSiteConfig.themeConfig.feeds)).toBe(true)
    expect(() => {
      // @ts-expect-error the resolved config is read-only
      config.themeConfig.feeds.rss = true
    }).toThrow(TypeError)
    // @ts-expect-error its lists too
    expect(() => config.head.push(['meta', {}])).toThrow(TypeError)
  })

  it('types gptnotes.config.ts through defineConfig', () => {
    const sidebar: SidebarItemConfig[] = ['/a.html', ['/b.html', 'B']]
    expect(defineConfig({ themeConfig: { sidebar } }).themeConfig?.sidebar).toBe(sidebar)
    // @ts-expect-error sidebarDepth is a number
    defineConfig({ themeConfig: { sidebarDepth: 'two' } })
    // @ts-expect-error unknown fields are type errors as well
    defineConfig({ titel: 'x' })
    // @ts-expect-error a nav link needs its link
    defineConfig({ themeConfig: { nav: [{ text: 'a' }] } })
    const full: SiteConfig = defaultSiteConfig
    // @ts-expect-error a user config is not a resolved one: fields may be missing
    const partial: SiteConfig = { title: 'x' }
    expect([full, partial]).toHaveLength(2)
  })
})
