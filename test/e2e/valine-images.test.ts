import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProxyServer, type ProxyServer } from '../../src/proxy/node.js'
import { resolveProxyOptions } from '../../src/proxy/options.js'
import { openSqliteStore } from '../../src/proxy/stores/sqlite.js'
import type { CommentStore } from '../../src/proxy/stores/store.js'
import { buildSite, newContext, recordProblems, withBrowser } from '../helpers/e2e.js'
import { freePort } from '../helpers/free-port.js'
import { copyFixture } from '../helpers/sites.js'
import { serveStatic } from '../helpers/static-server.js'

/**
 * A remote image in a comment (a tracking pixel), from the readers' side: the built fixture site
 * in Chromium, the real comment service under `auto` moderation, and a "tracker" on another
 * loopback port that counts every fetch of its pixel. The site is served without its `_headers`
 * (as GitHub Pages or nginx serve it), so no Content-Security-Policy stands between the page and
 * the tracker: only moderation and the image attributes do.
 */

const PAGES = ['images', 'emoji']
/** A 1 × 1 transparent PNG. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')

let browser: Browser
withBrowser((b) => (browser = b))

let siteUrl: string
let trackerUrl: string
let store: CommentStore
let proxy: ProxyServer
const closers: (() => Promise<void> | void)[] = []
/** Every fetch the tracker saw. */
const hits: { url: string; headers: IncomingHttpHeaders }[] = []
let clock = Date.now()

beforeAll(async () => {
  const tracker = createServer((req, res) => {
    hits.push({ url: req.url ?? '', headers: req.headers })
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' })
    res.end(PIXEL)
  })
  await new Promise<void>((resolve) => tracker.listen(0, '127.0.0.1', resolve))
  trackerUrl = `http://127.0.0.1:${(tracker.address() as AddressInfo).port}`
  closers.push(() => new Promise<void>((resolve) => tracker.close(() => resolve())))

  const port = await freePort()
  const serviceUrl = `http://127.0.0.1:${port}`
  const site = copyFixture('valine-site')
  closers.push(site.cleanup)
  for (const name of PAGES) writeFileSync(join(site.root, 'content', `${name}.md`), `---\ntitle: 文章 ${name}\n---\n\n# 文章 ${name}\n\n正文：${name}。\n`)
  writeFileSync(join(site.root, 'gptnotes.config.ts'), `export default { title: '留言测试站', themeConfig: { comments: { enabled: true, solution: 'valine', valineConfig: ${JSON.stringify({ serverURLs: serviceUrl })} } } }\n`)
  const dist = await buildSite(site.root)
  rmSync(join(dist, '_headers'))
  const host = await serveStatic(dist)
  closers.push(host.close)
  siteUrl = host.url

  const dir = mkdtempSync(join(tmpdir(), 'gptnotes-valine-images-'))
  closers.push(() => rmSync(dir, { recursive: true, force: true }))
  store = openSqliteStore(join(dir, 'comments.db'))
  const options = resolveProxyOptions({ flags: { port: String(port), host: '127.0.0.1', store: `sqlite:${join(dir, 'comments.db')}` }, env: { GPTNOTES_ORIGINS: new URL(siteUrl).origin, GPTNOTES_MODERATION: 'auto' } })
  proxy = await startProxyServer({ options, store, signals: false, log: () => {}, now: () => new Date(clock) })
}, 180_000)

afterAll(async () => {
  await proxy?.close()
  for (const close of closers.reverse()) await close()
})

/** A reader of its own (a fresh context: no shared cache or storage). */
async function reader(run: (page: Page, problems: string[]) => Promise<void>): Promise<void> {
  const context = await newContext(browser)
  try {
    const page = await context.newPage()
    const problems = recordProblems(page)
    await run(page, problems)
  } finally {
    await context.close()
  }
}

const open = async (page: Page, name: string) => {
  await page.goto(`${siteUrl}${name}.html`)
  await page.getByRole('textbox', { name: '评论内容' }).waitFor()
}

async function post(page: Page, text: string): Promise<void> {
  clock += 60_000
  await page.getByRole('textbox', { name: '昵称' }).fill('像素读者')
  await page.getByRole('textbox', { name: '评论内容' }).fill(text)
  await page.getByRole('button', { name: '提交', exact: true }).click()
}

describe('a remote image in a comment', () => {
  it('waits for approval: neither its author nor another reader fetches it; approved, it loads without a referrer, lazily, in a fixed box', async () => {
    const pixel = `${trackerUrl}/pixel.png?c=1`
    let id = ''
    await reader(async (page, problems) => {
      await open(page, 'images')
      await post(page, `看这张图 ![像素](${pixel})`)
      // The author sees the notice, not the comment (so their browser does not fetch it either).
      await expect.poll(() => page.locator('.vbox').getByRole('status').textContent()).toBe('评论已提交，审核通过后才会显示。')
      expect(await page.locator('.vlist > .vcard').count()).toBe(0)
      expect(await page.locator('img[src*="pixel.png"]').count()).toBe(0)
      expect(problems).toEqual([])
    })
    const [held] = await store.findComments({ where: { field: 'url', op: 'eq', value: '/gpt/images.html' }, status: ['waiting'], order: [{ field: 'createdAt', desc: false }], limit: 10, skip: 0 })
    expect(held.comment).toContain(`src="${pixel.replace('&', '&amp;')}"`)
    id = held.objectId

    await reader(async (page) => {
      await open(page, 'images')
      await expect.poll(() => page.getByText('快来做第一个评论的人吧~').isVisible()).toBe(true)
      expect(await page.locator('img[src*="pixel.png"]').count()).toBe(0)
    })
    expect(hits).toEqual([])

    expect(await store.setCommentStatus(id, 'approved', new Date(clock).toISOString())).toBe(true)
    await reader(async (page, problems) => {
      await open(page, 'images')
      const img = page.locator('.vcontent img')
      await img.waitFor()
      expect(await img.evaluate((el) => Object.fromEntries(['src', 'alt', 'referrerpolicy', 'loading', 'width', 'height'].map((a) => [a, el.getAttribute(a)])))).toEqual({
        src: pixel,
        alt: '像素',
        referrerpolicy: 'no-referrer',
        loading: 'lazy',
        width: '320',
        height: '240',
      })
      const box = () => img.evaluate((el) => [el.getBoundingClientRect().width, el.getBoundingClientRect().height])
      const before = await box()
      await img.scrollIntoViewIfNeeded()
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth)).toBe(1)
      // The 1 × 1 pixel arrived and nothing moved: the box is the written size.
      expect(await box()).toEqual(before)
      expect(before).toEqual([320, 240])
      expect(problems).toEqual([])
    })
    expect(hits.length).toBeGreaterThan(0)
    for (const hit of hits) {
      expect(hit.url).toBe('/pixel.png?c=1')
      expect(hit.headers.referer).toBeUndefined()
    }
  })

  it('the widget\'s emoji are text: a comment with one is shown at once and fetches nothing', async () => {
    const before = hits.length
    await reader(async (page, problems) => {
      await open(page, 'emoji')
      await post(page, '好看 :smile:')
      await expect.poll(() => page.locator('.vlist > .vcard .vcontent').textContent()).toContain('好看 😄')
      expect(await page.locator('.vcontent img').count()).toBe(0)
      expect(problems).toEqual([])
    })
    expect(hits.length).toBe(before)
  })
})
