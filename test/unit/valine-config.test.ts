// Widget A's config as a site owner writes it (Valine's option names) and what the pages get:
// the check and its key paths, the defaults, the per-locale merge, the ignored options' warnings
// with their place in the config file, and the visitor counter's requests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { COUNTS_PER_REQUEST, createRequest, findRequest, groupByService, incrementRequest, rowsOf } from '../../src/client/widgets/visitor-counter/counter-rest.js'
import { buildSite } from '../../src/render/build-site.js'
import { hintOf, warningHint } from '../../src/render/errors/index.js'
import { checkSiteConfig, resolveSiteConfig, type UserConfig } from '../../src/shared/site-config.js'
import { commentsOf, valineConfigFor } from '../../src/shared/widgets/valine.js'

const SERVICE = 'https://comments.example.com'
const withValine = (valineConfig: object, extra: object = {}): UserConfig =>
  ({ themeConfig: { comments: { enabled: true, solution: 'valine', valineConfig: { serverURLs: SERVICE, ...valineConfig }, ...extra } } }) as UserConfig
const problemsOf = (config: unknown) => checkSiteConfig(config).map((p) => `${p.path} ${p.message}`)

describe('themeConfig.comments.valineConfig: the check', () => {
  it("takes Valine 1.5's option names, so an existing config carries over", () => {
    const carried = {
      appId: 'abc-MdYXbMMI',
      appKey: 'key',
      placeholder: 'just go go',
      path: '',
      meta: ['nick', 'mail'],
      requiredFields: ['nick'],
      pageSize: 20,
      lang: 'en',
      visitor: true,
      avatar: 'retro',
      highlight: false,
      emojiMaps: { smile: '😄' },
      recordIP: false,
      enableQQ: false,
      notify: false,
      verify: false,
      avatarForce: false,
      el: '#vcomments',
      emojiCDN: '',
    }
    expect(problemsOf(withValine(carried))).toEqual([])
  })

  it('names the key path of a wrong value and of an unknown option (as everywhere in the config)', () => {
    const at = 'themeConfig.comments.valineConfig'
    expect(problemsOf(withValine({ pageSize: 0 }))).toEqual([`${at}.pageSize must be a whole number from 1 to 100, got 0`])
    expect(problemsOf(withValine({ meta: ['nick', 'qq'] }))).toEqual([`${at}.meta[1] must be one of "nick", "mail", "link", got string "qq"`])
    expect(problemsOf(withValine({ lang: 'fr' }))[0]).toMatch(new RegExp(`^${at}.lang must be one of "zh-CN", "zh-TW", "en", "ja"`))
    expect(problemsOf(withValine({ visitor: 'yes' }))).toEqual([`${at}.visitor must be true or false, got string "yes"`])
    expect(problemsOf(withValine({ placehoder: '留言' }))[0]).toMatch(new RegExp(`^${at}.placehoder is not a known field \\(known: appId, appKey, placeholder,`))
  })

  it('checks the locale variants at their own key paths', () => {
    const config = withValine({}, { locales: { '/en/': { valineConfig: { lang: 'de' } }, '/ja/': { valineConfig: { serverURLs: 'ftp://x' } } } })
    expect(checkSiteConfig(config).map((p) => p.path)).toEqual([
      'themeConfig.comments.locales["/en/"].valineConfig.lang',
      'themeConfig.comments.locales["/ja/"].valineConfig.serverURLs',
    ])
  })
})

describe('the site data: widget A settings per locale', () => {
  it('fills in the defaults of every option', () => {
    const comments = commentsOf(resolveSiteConfig(withValine({})))
    expect(comments).toEqual({
      solution: 'valine',
      valine: {
        serverURLs: SERVICE,
        appId: 'gptnotes',
        appKey: 'gptnotes',
        placeholder: '',
        path: '',
        meta: ['nick', 'mail', 'link'],
        requiredFields: [],
        pageSize: 10,
        lang: 'zh-CN',
        visitor: true,
        avatar: '',
        highlight: true,
        emojiMaps: {},
      },
    })
  })

  it('keeps what applies and drops what cannot (image emoji, foreign services)', () => {
    const { valine } = commentsOf(resolveSiteConfig(withValine({ avatar: 'mm', emojiMaps: { doge: '6ea5.png', ok: '👌' }, recordIP: true, enableQQ: true, emojiCDN: '//i0.hdslb.com/bfs/emote/' })))!
    expect(valine.avatar).toBe('mp')
    expect(valine.emojiMaps).toEqual({ ok: '👌' })
    expect(Object.keys(valine)).not.toContain('recordIP')
    expect(Object.keys(valine)).not.toContain('emojiCDN')
  })

  it('gives the dev server’s service when the config names none, and nothing without either', () => {
    const config = resolveSiteConfig({ themeConfig: { comments: { enabled: true, solution: 'valine' } } })
    expect(commentsOf(config, 'http://127.0.0.1:4173/__gptnotes/comments')?.valine.serverURLs).toBe('http://127.0.0.1:4173/__gptnotes/comments')
    expect(commentsOf(config)).toBeUndefined()
    expect(commentsOf(resolveSiteConfig({ themeConfig: { comments: { enabled: false, solution: 'valine', valineConfig: { serverURLs: SERVICE } } } }))).toBeUndefined()
  })

  it("merges a locale's variant over the base for the pages under it (longest locale path wins)", () => {
    const config = resolveSiteConfig(
      withValine(
        { placeholder: '说点什么', pageSize: 5, meta: ['nick'] },
        { locales: { '/en/': { valineConfig: { lang: 'en', placeholder: 'Say something', visitor: false } }, '/en/old/': { valineConfig: { pageSize: 50 } } } },
      ),
    )
    const comments = commentsOf(config)!
    const home = valineConfigFor(comments, '/handbook/a.html')
    const en = valineConfigFor(comments, '/en/guide.html')
    const old = valineConfigFor(comments, '/en/old/x.html')
    expect([home.lang, home.placeholder, home.pageSize, home.visitor]).toEqual(['zh-CN', '说点什么', 5, true])
    expect([en.lang, en.placeholder, en.pageSize, en.meta, en.visitor, en.serverURLs]).toEqual(['en', 'Say something', 5, ['nick'], false, SERVICE])
    // Each locale merges over the base only, not over a shorter locale.
    expect([old.lang, old.pageSize]).toEqual(['zh-CN', 50])
    // Locale paths are matched against the decoded route path, as config.locales is.
    const zh = commentsOf(resolveSiteConfig(withValine({}, { locales: { '/教程/': { valineConfig: { pageSize: 3 } } } })))!
    expect(valineConfigFor(zh, encodeURI('/教程/a.html')).pageSize).toBe(3)
  })
})

describe('ignored Valine options: a warning each, at its place in the config', () => {
  let root: string | undefined
  afterEach(() => root && rmSync(root, { recursive: true, force: true }))

  async function warningsOf(config: string) {
    root = mkdtempSync(join(tmpdir(), 'gptnotes-valine-'))
    mkdirSync(join(root, 'content'))
    writeFileSync(join(root, 'content/index.md'), '# 首页\n')
    writeFileSync(join(root, 'gptnotes.config.ts'), config)
    const out = await buildSite({ root })
    return out.warnings.filter((w) => w.code === 'ValineOptionIgnored')
  }

  it('warns for each option that cannot apply, with its key path, file, line and column', async () => {
    const warnings = await warningsOf(`export default {
  themeConfig: {
    comments: {
      enabled: true,
      solution: 'valine',
      valineConfig: {
        serverURLs: '${SERVICE}',
        recordIP: true,
        enableQQ: true,
        notify: true,
        emojiCDN: '//img.t.sinajs.cn/t4/appstyle/expression/ext/normal/',
        emojiMaps: { smile: 'e3/2018new_weixioa02_org.png', ok: '👌' },
      },
      locales: { '/en/': { valineConfig: { verify: true } } },
    },
  },
}
`)
    expect(warnings.map((w) => [w.message.split(' is ignored')[0], `${w.loc?.file}:${w.loc?.line}:${w.loc?.column}`])).toEqual([
      ['themeConfig.comments.valineConfig.emojiCDN', 'gptnotes.config.ts:11:9'],
      ['themeConfig.comments.valineConfig.recordIP', 'gptnotes.config.ts:8:9'],
      ['themeConfig.comments.valineConfig.enableQQ', 'gptnotes.config.ts:9:9'],
      ['themeConfig.comments.valineConfig.notify', 'gptnotes.config.ts:10:9'],
      ['themeConfig.comments.valineConfig.emojiMaps["smile"]', 'gptnotes.config.ts:12:22'],
      ['themeConfig.comments.locales["/en/"].valineConfig.verify', 'gptnotes.config.ts:14:44'],
    ])
    expect(warnings[1].message).toContain('the comment service keeps each IP itself, hashed')
    expect(warnings[0].message).toContain('another host')
    expect(warningHint('ValineOptionIgnored')).toBe(hintOf('ValineOptionIgnored', { path: '', reason: 'el' }))
    expect(warningHint('ValineOptionIgnored')).toMatch(/^Remove the option/)
  })

  it('stays quiet about options left at values that ask nothing (recordIP: false…)', async () => {
    const warnings = await warningsOf(`export default { themeConfig: { comments: { enabled: true, solution: 'valine', valineConfig: { serverURLs: '${SERVICE}', recordIP: false, enableQQ: false, notify: false, verify: false, emojiCDN: '', clazzName: 'Comment' } } } }\n`)
    expect(warnings).toEqual([])
  })
})

describe('the visitor counter’s requests (Valine’s Counter calls)', () => {
  const service = { serverURLs: `${SERVICE}/`, appId: 'id', appKey: 'key', url: '/gpt/handbook/教程.html' }
  const whereOf = (url: string) => JSON.parse(new URL(url).searchParams.get('where')!) as unknown

  it('finds one page by url, and a list with one $in', () => {
    const one = findRequest(service, ['/gpt/a.html'])
    expect(one.url.startsWith(`${SERVICE}/1.1/classes/Counter?`)).toBe(true)
    expect(whereOf(one.url)).toEqual({ url: '/gpt/a.html' })
    expect(one.init).toEqual({ method: 'GET', headers: { 'X-LC-Id': 'id', 'X-LC-Key': 'key', 'Content-Type': 'application/json' } })
    const list = findRequest(service, ['/gpt/a.html', '/gpt/b.html'])
    expect(whereOf(list.url)).toEqual({ url: { $in: ['/gpt/a.html', '/gpt/b.html'] } })
    expect(new URL(list.url).searchParams.get('limit')).toBe('2')
  })

  it('creates with url, xid, title and time, and increments by one', () => {
    const create = createRequest(service, { xid: encodeURI(service.url), title: '教程' })
    expect([create.url, create.init.method, JSON.parse(create.init.body!)]).toEqual([
      `${SERVICE}/1.1/classes/Counter`,
      'POST',
      { url: '/gpt/handbook/教程.html', xid: '/gpt/handbook/%E6%95%99%E7%A8%8B.html', title: '教程', time: 1 },
    ])
    const inc = incrementRequest(service, 'abc123')
    expect([inc.url, inc.init.method, JSON.parse(inc.init.body!)]).toEqual([`${SERVICE}/1.1/classes/Counter/abc123`, 'PUT', { time: { __op: 'Increment', amount: 1 } }])
  })

  it('asks each service once per 100 pages, each page once', () => {
    const other = { ...service, serverURLs: 'https://other.example.com' }
    const many = Array.from({ length: COUNTS_PER_REQUEST + 1 }, (_, i) => ({ ...service, url: `/gpt/p${i}.html` }))
    const groups = groupByService([...many, { ...many[0] }, { ...other, url: '/gpt/x.html' }])
    expect(groups.map((g) => [g.service.serverURLs, g.urls.length])).toEqual([
      [`${SERVICE}/`, 100],
      [`${SERVICE}/`, 1],
      ['https://other.example.com', 1],
    ])
  })

  it('reads the counters of an answer and refuses what is not one', () => {
    expect(rowsOf({ results: [{ objectId: 'a', url: '/gpt/a.html', time: 3 }, { objectId: 'b' }] })).toEqual([{ objectId: 'a', url: '/gpt/a.html', time: 3 }])
    expect(() => rowsOf({ code: 1, error: 'x' })).toThrow()
  })
})
