import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { App } from '../../src/client/app.js'
import { SuggestionText } from '../../src/client/search/suggestion-text.js'
import { parsePage } from '../../src/render/content/parse-page.js'
import { buildSearchIndex } from '../../src/render/outputs/search-index.js'
import { buildSite, type SiteOutput } from '../../src/render/build-site.js'
import { createSearchEngine } from '../../src/search/query/engine.js'
import { inflateSync } from 'fflate'
import { decodeSizes, textItem, type SearchManifest } from '../../src/search/format/shards.js'
import type { InitialData } from '../../src/shared/types.js'
import { bucketNames, fullLocator, memoryReader, recordsOf } from '../helpers/search-packs.js'
import { copyFixture } from '../helpers/sites.js'

const asText = (contents: unknown) => (typeof contents === 'string' ? contents : Buffer.from(contents as Uint8Array).toString('utf8'))

/** The inline client data of a built page. */
function inlineData(out: SiteOutput, file: string): InitialData {
  const html = asText(out.files.get(file))
  const json = /<script id="__GPTNOTES_DATA__" type="application\/json">([\s\S]*?)<\/script>/.exec(html)![1]
  return JSON.parse(json) as InitialData
}

const searchFiles = (out: SiteOutput) => [...out.files.keys()].filter((f) => /^search-index\.json$/.test(f))

describe('search index of the fixture site', () => {
  let out: SiteOutput
  let manifest: SearchManifest
  let cleanup: () => void
  beforeAll(async () => {
    const site = copyFixture('search-site')
    cleanup = site.cleanup
    out = await buildSite({ root: site.root })
    const [file] = searchFiles(out)
    manifest = JSON.parse(asText(out.files.get(file))) as SearchManifest
  })
  afterAll(() => cleanup?.())

  it('is written once, as a hashed JSON file the pages point to', () => {
    const files = searchFiles(out)
    expect(files).toHaveLength(1)
    for (const page of ['index.html', 'guide/register-chatgpt.html', 'notes/note-01.html', '404.html']) {
      const { site } = inlineData(out, page)
      expect(site.search).toBe(true)
      expect(site.searchIndexUrl).toBe('/gpt/' + files[0])
      expect(site.searchMaxSuggestions).toBe(10)
    }
  })

  it('is not loaded with the page: no script, preload or link references it or its shards', () => {
    const html = asText(out.files.get('guide/register-chatgpt.html'))
    const outsideData = html.replace(/<script id="__GPTNOTES_DATA__"[\s\S]*?<\/script>/, '')
    expect(outsideData).not.toContain('search.')
    expect(html).not.toContain('assets/search/')
  })

  it('names its packs, and every one it names is written, holding every item it names', () => {
    expect(manifest.s).toMatch(/^\/gpt\/assets\/search\/[^/]+\/$/)
    const dir = manifest.s.slice('/gpt/'.length)
    const names = [...out.files.keys()].filter((f) => f.startsWith(dir)).map((f) => f.slice(dir.length))
    expect(names.sort()).toEqual(manifest.k.map((_, k) => `${k}.bin`).sort())
    // Items: every bucket (bodies' and fields', characters and grams), the dictionary, the page lengths, and every record, each followed in its pack by its pages' texts.
    const sizes = decodeSizes(manifest.z)
    const records = Math.ceil(manifest.p / manifest.r)
    expect(sizes).toHaveLength(bucketNames(manifest).length + 2 + 2 * records)
    const pack = (url: string) => out.files.get(url.slice('/gpt/'.length)) as Uint8Array
    const locate = fullLocator(manifest, pack)
    const all = [...bucketNames(manifest), 'd', 'l']
    for (let r = 0; r < records; r++) all.push(`r${r}`, ...Array.from({ length: Math.min(manifest.r, manifest.p - r * manifest.r) }, (_, k) => `t${r * manifest.r + k}`))
    const used = new Map<string, number>()
    for (const item of all) {
      const { url, start, end } = locate(item)
      expect(start, item).toBe(used.get(url) ?? 0)
      used.set(url, end)
    }
    manifest.k.forEach((_, k) => expect(pack(`${manifest.s}${k}.bin`).length).toBe(used.get(`${manifest.s}${k}.bin`)))
  })

  it('holds the title, path, headings and body text of every published page', async () => {
    const packOf = (url: string) => out.files.get(url.slice('/gpt/'.length)) as Uint8Array
    const pages = recordsOf(manifest, packOf).flat()
    const page = pages.findIndex(([, path]) => path === '/guide/register-chatgpt.html')
    expect(pages[page][0]).toBe('注册 ChatGPT 账号')
    const { url, start, end } = fullLocator(manifest, packOf)(textItem(page))
    const d = fullLocator(manifest, packOf)('d')
    const dictionary = inflateSync(packOf(d.url).slice(d.start, d.end))
    const text = asText(inflateSync(packOf(url).slice(start, end), { dictionary }))
    expect(text).toContain('本文介绍如何注册 ChatGPT 账号')
    expect(text).toContain('如果页面提示当前地区不可用，请检查网络环境后重试。')
    expect(pages.map(([, path]) => path)).toContain('/notes/note-12.html')
    // `publish: false` keeps a draft out of search, as out of every list.
    expect(pages.map(([title]) => title)).not.toContain('注册草稿')
    // Headings are found through the shards.
    const packs = new Map(manifest.k.map((_, k) => [`${manifest.s}${k}.bin`, out.files.get(`${manifest.s}${k}.bin`.slice('/gpt/'.length)) as Uint8Array]))
    const engine = createSearchEngine(manifest, memoryReader(manifest, packs))
    for (const heading of ['准备工作', '填写邮箱', '常见报错']) {
      expect(await engine.search(heading, 10)).toContainEqual(expect.objectContaining({ kind: 'heading', path: `/guide/register-chatgpt.html#${heading}` }))
    }
  })

  it('server-renders the closed search form only, so the client hydrates it unchanged', () => {
    const html = asText(out.files.get('guide/register-chatgpt.html'))
    expect(html).toMatch(/<form role="search"[^>]*><input type="search"[^>]*aria-label="搜索"/)
    expect(html).not.toContain('role="listbox"')
  })
})

describe('search config', () => {
  let root: string
  let cleanup: () => void
  beforeAll(() => {
    const site = copyFixture('minimal')
    root = site.root
    cleanup = site.cleanup
  })
  afterAll(() => cleanup?.())

  it('themeConfig.search: false writes no index and renders no search box', async () => {
    writeFileSync(join(root, 'gptnotes.config.mjs'), 'export default { themeConfig: { search: false } }\n')
    const out = await buildSite({ root: root })
    expect(searchFiles(out)).toEqual([])
    expect([...out.files.keys()].filter((f) => f.startsWith('assets/search/'))).toEqual([])
    expect(inlineData(out, 'index.html').site.search).toBe(false)
    expect(asText(out.files.get('index.html'))).not.toContain('role="search"')
  })

  it('themeConfig.searchMaxSuggestions reaches the client', async () => {
    writeFileSync(join(root, 'gptnotes.config.mjs'), 'export default { themeConfig: { searchMaxSuggestions: 5 } }\n')
    const out = await buildSite({ root: root })
    expect(searchFiles(out)).toHaveLength(1)
    expect(inlineData(out, 'index.html').site.searchMaxSuggestions).toBe(5)
  })
})

describe('search text', () => {
  const parse = (source: string) => parsePage({ relativePath: 'a.md', source }, { base: '/gpt/' })

  it('keeps prose, separates blocks and leaves out code blocks, the table of contents and heading anchors', () => {
    const page = parse(
      ['# 标题', '', '[[toc]]', '', '## 第一节', '', '正文第一段。', '', '| 参数 | 说明 |', '|---|---|', '| max_tokens | 最大长度 |', '', '```js', 'const secret = 1', '```', '', '::: tip', '提示内容 & 符号', ':::'].join('\n'),
    )
    const text = page.text
    expect(text).toBe('第一节 正文第一段。 参数 说明 max_tokens 最大长度 提示 提示内容 & 符号')
  })

  it('decodes entities, so `<b>` in text is searched and shown as written', () => {
    expect(parse('写 `<b>注册</b>` 与 "引号"').text).toBe('写 <b>注册</b> 与 "引号"')
  })

  it('cuts very long pages to the limit', () => {
    const long = parse('注册。'.repeat(5000))
    const { pages } = buildSearchIndex([long], '站点', 1000)
    expect(pages[0].x.length).toBeLessThanOrEqual(1000)
    expect(pages[0].x.length).toBeGreaterThan(900)
  })
})

describe('suggestion rendering', () => {
  it('escapes page text and marks the match', () => {
    const html = renderToString(
      createElement(SuggestionText, {
        suggestion: {
          kind: 'body',
          path: '/m.html',
          title: [{ text: '标记 <script>alert(1)</script>' }],
          excerpt: [{ text: '写 <b>' }, { text: '注册', mark: true }, { text: '</b> 或 <img src=x onerror=alert(1)>' }],
        },
      }),
    )
    expect(html).toContain('<mark>注册</mark>')
    expect(html).toContain('&lt;b&gt;')
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).not.toMatch(/<(b|img|script)[\s>]/)
  })

  it('renders no search box when the site has search off', () => {
    const site = { title: 'T', description: '', base: '/gpt/', nav: [], smoothScroll: true, lastUpdated: false as const, routesUrl: '/gpt/r.js' }
    const route = { kind: 'notFound' as const, path: '/x', documentTitle: 'x', lang: 'zh-CN' }
    expect(renderToString(createElement(App, { site: { ...site, search: false }, initial: route }))).not.toContain('role="search"')
    expect(renderToString(createElement(App, { site: { ...site, search: true, searchIndexUrl: '/gpt/s.json' }, initial: route }))).toContain('aria-label="搜索"')
  })
})
