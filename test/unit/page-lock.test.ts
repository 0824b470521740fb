// Password-protected pages (reco's frontmatter `keys` and `themeConfig.keyPage`): what the built
// site gives a reader who has no password holds nothing of a locked page's body (the HTML, its
// route data, the search index, feeds, sitemap, lists and meta), and the right key material
// opens the envelope in the browser's way (WebCrypto) to the page's HTML and headings.
import { createHash } from 'node:crypto'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { App } from '../../src/client/app.js'
import { openEnvelope } from '../../src/client/widgets/password/unlock.js'
import { createSearchEngine } from '../../src/search/query/engine.js'
import { buildSite, type SiteOutput } from '../../src/render/build-site.js'
import { keyMaterial, lockBody } from '../../src/render/content/lock-page.js'
import { parsePage } from '../../src/render/content/parse-page.js'
import { readInitialData } from '../../src/shared/inline-data.js'
import { localeLangs } from '../../src/shared/page-lang.js'
import type { LockEnvelope } from '../../src/shared/page-lock.js'
import type { SearchManifest } from '../../src/search/format/shards.js'
import type { InitialData } from '../../src/shared/types.js'
import { memoryReader } from '../helpers/search-packs.js'
import { copyFixture, FIXTURES } from '../helpers/sites.js'

const md5 = (text: string) => createHash('md5').update(text).digest('hex')
const asText = (contents: unknown) => (typeof contents === 'string' ? contents : Buffer.from(contents as Uint8Array).toString('utf8'))

/** Sentences of the locked bodies: none may appear in anything the build publishes. */
const SECRET_MARKERS = ['紫色大象在午夜弹钢琴', '秘密代码', '青蛙会说法语', '月亮是奶酪做的', '第一个秘密', '海豚在沙漠里冲浪', 'purple elephant', 'Frogs speak French', '青铜钥匙']
const SITE_MARKERS = ['银色狐狸在雪地里写诗', '橙色鲸鱼在云上唱歌', '欢迎词藏在这里', '小节一']

function inlineData(out: SiteOutput, file: string): InitialData {
  const html = asText(out.files.get(file))
  const json = /<script id="__GPTNOTES_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]
  const title = /<title>([\s\S]*?)<\/title>/.exec(html)![1]
  return readInitialData(json, title)
}

/** The envelope a locked page's island carries. */
function envelopeOf(out: SiteOutput, file: string): LockEnvelope {
  const html = asText(out.files.get(file))
  const props = /data-island="password" data-island-props="([^"]*)"/.exec(html)![1]
  const json = props.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')
  return (JSON.parse(json) as { envelope: LockEnvelope }).envelope
}

/** Every text file the build wrote, by path (packs and images left out). */
function textFiles(out: SiteOutput): [string, string][] {
  return [...out.files].flatMap(([path, contents]) => (/\.(html|js|json|xml|txt)$/.test(path) || path === '_redirects' ? [[path, asText(contents)] as [string, string]] : []))
}

/** The site search as the browser runs it, over the built index. */
async function searchOf(out: SiteOutput) {
  const [file] = [...out.files.keys()].filter((f) => /^search-index\.json$/.test(f))
  const manifest = JSON.parse(asText(out.files.get(file))) as SearchManifest
  const byUrl = new Map([...out.files].filter(([p]) => p.startsWith('assets/search/')).map(([p, c]) => ['/gpt/' + p, c as Uint8Array]))
  const engine = createSearchEngine(manifest, memoryReader(manifest, byUrl))
  return async (query: string) => (await engine.search(query, 10)).map((s) => s.path)
}

describe('pages locked by their own keys', () => {
  let out: SiteOutput
  let cleanup: () => void
  beforeAll(async () => {
    const site = copyFixture('password-site')
    cleanup = site.cleanup
    out = await buildSite({ root: site.root })
  })
  afterAll(() => cleanup?.())

  // The locked page has a `<!-- more -->` after its first paragraph: its excerpt stays out of the lists too.
  it('publishes nothing of a locked body: no HTML, route data, search text, feed, sitemap, list or meta holds it', () => {
    for (const [path, text] of textFiles(out)) {
      for (const marker of SECRET_MARKERS) expect(text.includes(marker), `${path} holds "${marker}"`).toBe(false)
    }
    // The open page is published as ever (the check above can see a body).
    expect(asText(out.files.get('guide/open.html'))).toContain('这一页谁都能读')
  })

  it('keeps the title and the address: the page is listed, in the sitemap and the feeds, with a lock and no description', () => {
    expect(asText(out.files.get('sitemap.xml'))).toContain('https://example.com/gpt/guide/secret.html')
    const rss = asText(out.files.get('rss.xml'))
    expect(rss).toContain('<title>秘密笔记</title>')
    const home = inlineData(out, 'index.html').route
    const listed = home.kind === 'home' ? home.posts.find((p) => p.path === '/guide/secret.html') : undefined
    expect(listed).toMatchObject({ title: '秘密笔记', locked: true })
    expect(listed?.description).toBeUndefined()
    const page = asText(out.files.get('guide/secret.html'))
    expect(page).not.toMatch(/<meta name="description" content="[^"]*青铜/)
  })

  it("serves the prompt in the page's language, with a labelled field and a note for readers without JavaScript", () => {
    const zh = asText(out.files.get('guide/secret.html'))
    expect(zh).toMatch(/<label for="page-lock-password">请输入密码<\/label><input id="page-lock-password" type="password"/)
    expect(zh).toContain('<noscript><p class="page-lock-noscript">此页面已加密，需要启用 JavaScript 才能输入密码解锁。</p></noscript>')
    const en = asText(out.files.get('en/secret.html'))
    expect(en).toContain('>Enter the password</label>')
    expect(en).toContain('JavaScript is needed to enter the password')
  })

  it('gives the route data no keys, headings or description of the locked page', () => {
    const { route } = inlineData(out, 'guide/secret.html')
    expect(route.kind).toBe('article')
    if (route.kind !== 'article') return
    expect(route.page.locked).toBe('page')
    expect(route.page.headers).toEqual([])
    expect(route.page.frontmatter.keys).toBeUndefined()
    expect(route.page.frontmatter.description).toBeUndefined()
    expect(JSON.stringify(route)).not.toContain('99481afbf070080dae6a1cf331e0f13c')
    expect(route.islands).toEqual(['password'])
  })

  it('shows no comment box under a locked page before it is opened (comments may quote it)', () => {
    const slot = (file: string) => {
      const { site, route } = inlineData(out, file)
      // The site as one with comments on: widget A declared at the article's end, and mounted here.
      const withComments = { ...site, widgets: { ...site.widgets, valine: { placement: 'article-end' as const } } }
      return renderToString(createElement(App, { site: withComments, initial: { ...route, widgets: ['valine'] } }))
    }
    expect(slot('guide/open.html')).toContain('data-widget="valine"')
    expect(slot('guide/secret.html')).not.toContain('data-widget="valine"')
  })

  it('finds a locked page by its title but not by its body', async () => {
    const search = await searchOf(out)
    expect(await search('秘密笔记')).toContain('/guide/secret.html')
    expect(await search('紫色大象')).toEqual([])
    expect(await search('青蛙会说法语')).toEqual([])
    expect(await search('第一个秘密')).not.toContain('/guide/secret.html')
    // The index does hold bodies and headings: an open page is found by both.
    expect(await search('谁都能读')).toEqual(['/guide/open.html'])
    expect(await search('公开的一节')).toContain('/guide/open.html#公开的一节')
  })

  it('opens with the MD5 hex of the right password, to the HTML and headings the page would have had; a wrong one opens nothing', async () => {
    const envelope = envelopeOf(out, 'guide/secret.html')
    expect(envelope.scope).toBe('page')
    expect(await openEnvelope(envelope, md5('紫藤花'))).toBeUndefined()
    expect(await openEnvelope(envelope, md5('123456'))).toBeUndefined()
    const body = await openEnvelope(envelope, md5('紫藤花开'))
    // The same page without its keys, as it would be published in clear.
    const source = readFileSync(join(FIXTURES, 'password-site/content/guide/secret.md'), 'utf8').replace(/keys:\n(  - .*\n)+/, '')
    const open = parsePage({ relativePath: 'guide/secret.md', source }, { base: '/gpt/', lang: out.config.lang, localeLangs: localeLangs(out.config.locales) })
    expect(body?.html).toBe(open.html)
    expect(body?.html).toContain('紫色大象在午夜弹钢琴')
    expect(body?.headers.map((h) => h.title)).toEqual(['第一个秘密', '第二个秘密'])
  })

  it('takes a key that is not MD5 hex as the password itself, hashed, and warns at its line that it sits in the source in clear', async () => {
    const warned = out.warnings.filter((w) => w.code === 'PasswordKeyInClear')
    expect(warned).toHaveLength(1)
    expect(warned[0].loc).toMatchObject({ file: 'content/guide/legacy.md', line: 4 })
    expect(warned[0].message).toContain('anyone who can read the source can read the page')
    const body = await openEnvelope(envelopeOf(out, 'guide/legacy.html'), md5('123456'))
    expect(body?.html).toContain('海豚在沙漠里冲浪')
    expect(keyMaterial(['123456', 'E10ADC3949BA59ABBE56E057F20F883E', ' e10adc3949ba59abbe56e057f20f883e '])).toEqual({ keys: [md5('123456')], plain: [0] })
  })

  it('says once per build what the password protects and what it does not', () => {
    const notices = out.warnings.filter((w) => w.code === 'PasswordTextOnly')
    expect(notices).toHaveLength(1)
    expect(notices[0].message).toBe("3 pages are password protected: the password protects the page's text only (encrypted in the built files), not its images or other files, and the keys in the source open it")
  })
})

describe('an envelope', () => {
  it('opens with each listed key, under one encryption of the body with a salt of its own', async () => {
    const body = { html: '<p>同一份正文</p>', headers: [] }
    const a = lockBody(body, [md5('甲'), md5('乙')], 'page', 1000)
    const b = lockBody(body, [md5('甲')], 'page', 1000)
    expect(a.keys).toHaveLength(2)
    expect(a.salt).not.toBe(b.salt)
    expect(await openEnvelope(a, md5('甲'))).toEqual(body)
    expect(await openEnvelope(a, md5('乙'))).toEqual(body)
    expect(await openEnvelope(a, md5('丙'))).toBeUndefined()
  })
})

describe('a site locked by keyPage', () => {
  let out: SiteOutput
  let cleanup: () => void
  beforeAll(async () => {
    const site = copyFixture('password-site-wide')
    cleanup = site.cleanup
    out = await buildSite({ root: site.root })
  })
  afterAll(() => cleanup?.())

  it('locks every page, the home page included, and publishes none of their bodies', async () => {
    for (const [path, text] of textFiles(out)) {
      for (const marker of SITE_MARKERS) expect(text.includes(marker), `${path} holds "${marker}"`).toBe(false)
    }
    for (const file of ['index.html', 'notes/one.html', 'notes/two.html']) {
      const envelope = envelopeOf(out, file)
      expect(envelope.scope).toBe('site')
      // The config's key was upper case: key material is lowercase MD5 hex.
      expect(await openEnvelope(envelope, md5('site-key-2025'))).toBeDefined()
    }
    expect((await openEnvelope(envelopeOf(out, 'notes/one.html'), md5('site-key-2025')))?.html).toContain('银色狐狸在雪地里写诗')
    expect(JSON.stringify(inlineData(out, 'notes/one.html'))).not.toMatch(/b5fc9b05/i)
    expect(out.warnings.filter((w) => w.code === 'PasswordKeyInClear')).toEqual([])
  })
})

describe('a keyPage key written as the password itself', () => {
  it('is hashed like a typed one, and warned about at its place in the config', async () => {
    const site = copyFixture('password-site-wide')
    try {
      const file = join(site.root, 'gptnotes.config.ts')
      writeFileSync(file, readFileSync(file, 'utf8').replace("keys: ['B5FC9B05EF5171F8B476C662DC6940DD']", "keys: [' site-key-2025 ']"))
      const out = await buildSite({ root: site.root })
      const warned = out.warnings.filter((w) => w.code === 'PasswordKeyInClear')
      expect(warned).toHaveLength(1)
      expect(warned[0].message).toContain('themeConfig.keyPage.keys')
      expect(warned[0].loc).toMatchObject({ file: 'gptnotes.config.ts', line: 11 })
      expect((await openEnvelope(envelopeOf(out, 'notes/two.html'), md5('site-key-2025')))?.html).toContain('橙色鲸鱼在云上唱歌')
    } finally {
      site.cleanup()
    }
  })
})
