// Widget A (the comment box) in the bench: its chunks' gzip sizes, the article's first load with
// comments on and off (the box must not be in it), and the time from the comment placeholder
// entering the viewport to the first comment shown, on loopback (the real comment service,
// SQLite, 30 comments on the page; Debian's chromium; median of BENCH_WIDGET_RUNS = 5, each in a
// fresh browser context, so every chunk is fetched). Alone: `node bench/widget-a.mjs` after
// `npm run compile`; `npm run bench` runs it after the service table.
import { execFileSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { firstLoad, firstLoadFiles, lazyLoad } from './first-load.mjs'
import { serveDist } from './static-host.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const CLI = join(here, '..', 'bin', 'gptnotes.js')
const root = join(here, '.corpus', 'widget-a')
const runs = Number(process.env.BENCH_WIDGET_RUNS ?? 5)
const ARTICLE = 'posts/long.html'
const kib = (n) => (n / 1024).toFixed(1)
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

async function freePort() {
  const server = createServer()
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address()
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** A site of one long article (the box starts below the first screen) with comments on or off. */
function writeSite(dir, comments) {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(join(dir, 'content', 'posts'), { recursive: true })
  writeFileSync(join(dir, 'content', 'README.md'), '---\nhome: true\n---\n\n欢迎。\n')
  const body = Array.from({ length: 40 }, (_, i) => `## 第 ${i + 1} 节\n\n这一节讲提示词的写法：先说清任务，再给例子，最后说明输出的格式。`).join('\n\n')
  writeFileSync(join(dir, 'content', 'posts', 'long.md'), `---\ntitle: 一篇长文章\ndate: 2025-5-13\n---\n\n${body}\n`)
  writeFileSync(join(dir, 'gptnotes.config.ts'), `export default { title: '评论测速', themeConfig: { comments: ${JSON.stringify(comments)} } }\n`)
  execFileSync(process.execPath, [CLI, 'build', '--root', dir], { stdio: 'ignore' })
  return join(dir, 'dist')
}

function seed(url) {
  const t0 = Date.UTC(2025, 0, 1)
  return Array.from({ length: 30 }, (_, n) => {
    const at = new Date(t0 + n * 60_000).toISOString()
    return {
      objectId: `widget${String(n).padStart(18, '0')}`,
      createdAt: at,
      updatedAt: at,
      insertedAt: at,
      url,
      rid: null,
      pid: null,
      nick: `读者${n}`,
      mail: '',
      mailHash: '',
      link: '',
      comment: `<p>第 ${n} 条留言：步骤写得很清楚，照着做一次就成功了。</p>`,
      ua: 'Mozilla/5.0 (bench)',
      ipHash: '',
      status: 'approved',
    }
  })
}

/** Each chunk with what it imports beyond the article's first load and the chunks loaded before it. */
const chunkSizes = (dist) => {
  const first = firstLoadFiles(dist, ARTICLE)
  const box = lazyLoad(dist, 'valine', first)
  const sdk = lazyLoad(dist, 'leancloud-sdk', box.files)
  return { box: box.gz, sdk: sdk.gz, preview: lazyLoad(dist, 'preview', sdk.files).gz, counter: lazyLoad(dist, 'visitor-counter', first).gz }
}

const { openStore, startProxyServer } = await import('../lib/proxy/node.js')
const { resolveProxyOptions } = await import('../lib/proxy/options.js')

const port = await freePort()
const serviceUrl = `http://127.0.0.1:${port}`
const offDist = writeSite(join(root, 'off'), { enabled: false })
const onDist = writeSite(join(root, 'on'), { enabled: true, solution: 'valine', valineConfig: { serverURLs: serviceUrl } })
const host = await serveDist(onDist)
const dbDir = join(root, 'store')
rmSync(dbDir, { recursive: true, force: true })
mkdirSync(dbDir, { recursive: true })
const store = await openStore(`sqlite:${join(dbDir, 'comments.db')}`)
await store.migrate()
await store.importRecords({ comments: seed('/gpt/' + ARTICLE), counters: [] })
const options = resolveProxyOptions({ flags: { port: String(port), host: '127.0.0.1' }, env: { GPTNOTES_ORIGINS: new URL(host.url).origin } })
const proxy = await startProxyServer({ options, store, signals: false, log: () => {} })
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'] })

const times = []
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    // In the page: when the placeholder first intersects the viewport, and when the first card shows.
    await page.addInitScript(() => {
      const marks = (window.__widgetA = {})
      const watch = () => {
        const slot = document.querySelector('[data-widget="valine"]')
        if (!slot) return requestAnimationFrame(watch)
        new IntersectionObserver((entries) => {
          if (entries.some((e) => e.isIntersecting) && marks.inView === undefined) marks.inView = performance.now()
        }).observe(slot)
        new MutationObserver(() => {
          if (marks.shown === undefined && slot.querySelector('.vcard')) marks.shown = performance.now()
        }).observe(slot, { childList: true, subtree: true })
      }
      addEventListener('DOMContentLoaded', watch)
    })
    await page.goto(host.url + ARTICLE)
    await page.waitForFunction(() => !!history.state?.key)
    await page.locator('[data-widget="valine"]').scrollIntoViewIfNeeded()
    await page.waitForFunction(() => window.__widgetA.shown !== undefined, null, { timeout: 30_000 })
    const marks = await page.evaluate(() => window.__widgetA)
    times.push(marks.shown - marks.inView)
    await context.close()
  }
} finally {
  await browser.close()
  await proxy.close()
  await host.close()
}

const sizes = chunkSizes(onDist)
const on = firstLoad(onDist, ARTICLE)
const off = firstLoad(offDist, ARTICLE)
console.log('')
console.log(`| widget A (loopback, median of ${runs}) | comment box KiB gzip | SDK KiB gzip | markdown preview KiB gzip (when writing) | view counter KiB gzip | box + SDK KiB gzip | placeholder in view → comments shown ms | article first-load JS / CSS KiB gzip, comments on | … comments off |`)
console.log('|---|---|---|---|---|---|---|---|---|')
console.log(
  `| 30 comments on the page | ${kib(sizes.box)} | ${kib(sizes.sdk)} | ${kib(sizes.preview)} | ${kib(sizes.counter)} | ${kib(sizes.box + sizes.sdk)} | ${Math.round(median(times))} | ${kib(on.jsGz)} / ${kib(on.cssGz)} | ${kib(off.jsGz)} / ${kib(off.cssGz)} |`,
)
