import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gzipSync } from 'node:zlib'
import { fold, parseQuery, prepareIndex, search, type PreparedIndex, type SearchEntry } from '../../src/search/format/rank.js'
import { bucketItem, recordItem, termKeys, textItem, type SearchManifest } from '../../src/search/format/shards.js'
import { buildSite, ready, recordProblems, visible, withBrowser, withPage } from '../helpers/e2e.js'
import { corpusSite, entriesOf } from '../helpers/search-corpus.js'
import { fullLocator, itemNames, pathsOf } from '../helpers/search-packs.js'
import { serveStatic } from '../helpers/static-server.js'

/** A site of 300 generated Chinese articles: the search box fetches only what each query needs. */
const PAGES = 300

let browser: Browser
withBrowser((b) => (browser = b))

const searchBox = (page: Page) => page.getByRole('search').getByRole('searchbox', { name: '搜索', exact: true })
const options = (page: Page) => page.getByRole('listbox', { name: '搜索建议' }).getByRole('option')

describe(`site search over ${PAGES} generated pages`, () => {
  let url: string
  let dist: string
  let manifest: SearchManifest
  let entries: SearchEntry[]
  /** Page paths in index order. */
  let paths: string[]
  let pack: (url: string) => Uint8Array
  let reference: PreparedIndex
  let close: () => Promise<void>
  let cleanup: () => void
  let page: Page
  let problems: string[]
  /** Search files the browser fetched, in order: the first part's path, then the items read from the packs (`c3`, `g17`, `t42`). */
  let requested: string[]
  /** Pack and offset → item. */
  let items: Map<string, string>

  beforeAll(async () => {
    const site = corpusSite(PAGES)
    cleanup = site.cleanup
    dist = await buildSite(site.root)
    manifest = JSON.parse(readFileSync(join(dist, 'search-index.json'), 'utf8')) as SearchManifest
    // The brute-force answer: every page's text parsed again from its markdown, scanned whole.
    pack = (url) => readFileSync(join(dist, url.slice('/gpt/'.length)))
    paths = pathsOf(manifest, pack)
    entries = entriesOf(site.root, paths, 'GPT 中文教程')
    reference = prepareIndex({ v: 1, pages: entries })
    items = itemNames(manifest, pack)
    const host = await serveStatic(dist)
    url = host.url
    close = async () => {
      host.server.closeAllConnections?.()
      await host.close()
    }
  })
  afterAll(async () => {
    await close?.()
    cleanup?.()
  })

  withPage(
    () => browser,
    (p) => {
      page = p
      problems = recordProblems(page)
      requested = []
      page.on('requestfinished', (r) => {
        const path = decodeURI(new URL(r.url()).pathname)
        const range = /^bytes=(\d+)-/.exec(r.headers()['range'] ?? '')
        if (path === '/gpt/search-index.json') requested.push(path)
        else if (/^\/gpt\/assets\/search\//.test(path)) requested.push(range ? (items.get(`${path} ${range[1]}`) ?? `${path} ${range[1]}`) : path)
      })
    },
  )

  /** What a query must fetch beyond the first part: its buckets (fields' and bodies'), the dictionary, every page's length, the records of the pages it shows, and the texts of those it shows an excerpt of. */
  const needed = (query: string) => {
    const keys = parseQuery(query).flatMap(termKeys)
    const shown = search(reference, query)
    // Both kinds of bucket: one score ranks every page from its fields and its body.
    const buckets = [...keys.map((k) => bucketItem(manifest, k, true)), ...keys.map((k) => bucketItem(manifest, k))]
    const records = shown.map((s) => recordItem(manifest, paths.indexOf(s.path.split('#')[0])))
    const texts = shown.flatMap((s) => (s.kind === 'body' ? [textItem(paths.indexOf(s.path))] : []))
    // Every page's length comes with the buckets: ranking reads it.
    return new Set([...buckets, 'd', 'l', ...records, ...texts])
  }
  /** What travels: the first part gzipped (as a host that compresses sends it), the items as stored (deflated). */
  const gzipped = (paths: string[]) =>
    paths.reduce((n, p) => {
      if (p.startsWith('/')) return n + gzipSync(readFileSync(join(dist, p.slice('/gpt/'.length)))).length
      const { start, end } = fullLocator(manifest, pack)(p)
      return n + end - start
    }, 0)

  /** Counts the bytes the browser receives for the index (first part and packs) from now on; the total, once the requests finished. */
  function searchBytes(): () => Promise<number> {
    const sizes: Promise<number>[] = []
    page.on('requestfinished', (r) => {
      if (/\/gpt\/assets\/(search\/|js\/search\.)/.test(new URL(r.url()).pathname)) sizes.push(r.sizes().then((s) => s.responseBodySize))
    })
    return async () => (await Promise.all(sizes)).reduce((a, b) => a + b, 0)
  }

  /** The suggestions shown for `query`: link and visible text of each option. */
  async function shown(query: string): Promise<{ href: string; text: string }[]> {
    await searchBox(page).fill(query)
    await visible(page.getByRole('listbox', { name: '搜索建议' }))
    return options(page).evaluateAll((els) => els.map((el) => ({ href: el.querySelector('a')!.getAttribute('href')!, text: el.textContent! })))
  }

  const expected = (query: string) =>
    search(reference, query).map((s) => ({ href: '/gpt' + s.path, text: [s.title, s.heading ?? [], s.excerpt ?? []].flat().map((p) => p.text).join('') }))

  async function open(): Promise<void> {
    await page.goto(url + 'handbook/' + paths[5].split('/').pop())
    await ready(page)
    const firstPart = page.waitForResponse((r) => r.url().endsWith('/search-index.json'))
    await searchBox(page).focus()
    await firstPart
  }

  it('the first query fetches the first part and only the buckets and texts it needs; a follow-up only new ones', async () => {
    const received = searchBytes()
    await open()
    await expect.poll(() => requested.length).toBe(1)

    expect(await shown('配置文件')).toEqual(expected('配置文件'))
    await expect.poll(() => new Set(requested.slice(1))).toEqual(needed('配置文件'))
    const first = requested.slice(1)
    // The first part, the buckets of 配置 and 文件, the records and up to ten page texts: far below 100 KB here.
    expect(gzipped(requested)).toBeLessThan(100 * 1024)
    // As the browser received them (byte ranges of the packs).
    expect(await received()).toBeLessThan(100 * 1024)

    // 配置参数 shares the bigram 配置: only its other bucket and the texts not yet here are fetched.
    expect(await shown('配置参数')).toEqual(expected('配置参数'))
    const fresh = new Set([...needed('配置参数')].filter((f) => !first.includes(f)))
    await expect.poll(() => new Set(requested.slice(1 + first.length))).toEqual(fresh)
    expect(fresh.size).toBeLessThan(needed('配置参数').size)
    // Nothing was fetched twice.
    expect(new Set(requested).size).toBe(requested.length)
    expect(problems).toEqual([])
  })

  it('suggests the same pages, in the same order, with the same excerpts as a scan of every page', async () => {
    await open()
    for (const query of ['例如', '配', 'json', 'node.js 版本', '提示词', '服务器']) {
      expect(await shown(query), query).toEqual(expected(query))
    }
    expect(problems).toEqual([])
  })

  it('a shard that fails to load says so, and focusing the box again tries again', async () => {
    await page.route('**/gpt/assets/search/**', (route) => route.abort())
    await open()
    await searchBox(page).fill('配置')
    await visible(page.getByRole('search').getByText('搜索索引加载失败，请检查网络后重新点击搜索框。', { exact: true }))
    await page.unroute('**/gpt/assets/search/**')
    await searchBox(page).blur()
    await searchBox(page).focus()
    await visible(page.getByRole('listbox', { name: '搜索建议' }))
    expect(await options(page).count()).toBe(10)
  })

  it('from a host that ignores ranges: the same suggestions, from whole packs fetched once each, the first query under 300 KB', async () => {
    const whole = await serveStatic(dist, '/gpt/', { ranges: false })
    try {
      const packs: string[] = []
      const received = searchBytes()
      page.on('requestfinished', (r) => {
        const path = decodeURI(new URL(r.url()).pathname)
        if (/^\/gpt\/assets\/search\//.test(path)) packs.push(path)
      })
      await page.goto(whole.url + 'handbook/' + paths[5].split('/').pop())
      await ready(page)
      await searchBox(page).focus()
      expect(await shown('配置文件')).toEqual(expected('配置文件'))
      const first = packs.slice()
      expect(first.length).toBeGreaterThan(0)
      // Whole packs, yet small ones: what the browser received for the first part and the first query.
      expect(await received()).toBeLessThan(300 * 1024)
      // An answer of 200 turns range requests off: later reads slice the packs already here, and fetch each other pack once.
      for (const query of ['配置参数', '例如', '配置']) expect(await shown(query), query).toEqual(expected(query))
      const later = packs.slice(first.length)
      expect(later.filter((p) => first.includes(p))).toEqual([])
      expect(new Set(later).size).toBe(later.length)
      expect(problems).toEqual([])
    } finally {
      whole.server.closeAllConnections?.()
      await whole.close()
    }
  })

  it('a rare phrase finds exactly the pages whose title, headings or text contain it', async () => {
    // Phrases of four characters from the pages' own text, kept when a handful of pages hold them.
    const holders = (q: string) => entries.filter((e) => [e.t, e.x, ...e.h.map(([h]) => h)].some((s) => fold(s).includes(q))).map((e) => e.p)
    const rare: string[] = []
    for (const e of entries) {
      for (let at = 0; at + 4 <= e.x.length && rare.length < 3; at += 97) {
        const q = e.x.slice(at, at + 4)
        if (!/^[\u4e00-\u9fff]{4}$/.test(q) || rare.includes(q)) continue
        const n = holders(q).length
        if (n >= 2 && n <= 6) rare.push(q)
      }
    }
    expect(rare).toHaveLength(3)
    await open()
    for (const q of rare) {
      const pages = (await shown(q)).map((s) => decodeURI(s.href).replace(/^\/gpt/, '').split('#')[0])
      expect(new Set(pages), q).toEqual(new Set(holders(q)))
    }
    expect(problems).toEqual([])
  })
})
