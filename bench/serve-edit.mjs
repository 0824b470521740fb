// `gptnotes serve`'s edit loop in a real browser: the dev server (watching, with the site's cache
// folder, as `gptnotes serve` runs it, in a process of its own: bench/serve-child.mjs) serves the probe article to headless Chromium; the page's
// source is written with a new sentence, and the clock runs until that sentence is in the page's
// DOM (the watcher, the rebuild and the reload included). Prints the median of `EDITS` edits
// (default 10) and puts the page back as it was.
//   node bench/serve-edit.mjs SITE [EDITS]
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { PROBE_SOURCE } from './edit-rebuild.mjs'

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const PROBE_PAGE = 'handbook/setup-0002.html'
const here = dirname(fileURLToPath(import.meta.url))

export async function serveEditRow(site, edits = 10) {
  const child = spawn(process.execPath, [join(here, 'serve-child.mjs'), site], { stdio: ['pipe', 'pipe', 'inherit'] })
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  const nextLine = async () => {
    const { value, done } = await lines.next()
    if (done) throw new Error('the dev server stopped')
    return value
  }
  const settled = async () => {
    child.stdin.write('settle\n')
    while ((await nextLine()) !== 'settled');
  }
  const stamp = (what) => process.env.BENCH_SERVE_LOG && console.error(`${(performance.timeOrigin + performance.now()) / 1000 % 1000} ${what}`)
  const { url, firstBuild } = JSON.parse(await nextLine())
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })
  const file = join(site, PROBE_SOURCE)
  const original = readFileSync(file, 'utf8')
  const times = []
  try {
    const page = await browser.newPage()
    if (process.env.BENCH_SERVE_LOG) page.on('requestfinished', (r) => stamp(`finished ${r.url().slice(url.length)}`))
    const connected = page.waitForResponse((r) => r.url().includes('/__gptnotes/reload'))
    await page.goto(url + PROBE_PAGE)
    await connected
    for (let i = 0; i < edits; i++) {
      const marker = `第${i + 1}次保存后出现的句子${Date.now()}`
      const start = performance.now()
      stamp('write')
      writeFileSync(file, `${original}\n\n${marker}\n`)
      await page.waitForFunction((m) => document.body?.textContent?.includes(m), marker, { polling: 'raf', timeout: 120_000 })
      times.push(performance.now() - start)
      stamp('in the DOM')
      await settled()
      await page.waitForLoadState('load')
    }
  } finally {
    writeFileSync(file, original)
    await settled().catch(() => {})
    await browser.close()
    child.stdin.end()
    await new Promise((resolve) => child.once('exit', resolve))
  }
  return { firstBuild, ms: median(times), max: Math.max(...times) }
}

export function printServeTable(rows, edits) {
  console.log('')
  console.log('| N | serve: file saved → new text in the DOM, ms (median) | slowest ms | first build s |')
  console.log('|---|---|---|---|')
  for (const r of rows) console.log(`| ${r.n} | ${r.ms.toFixed(0)} | ${r.max.toFixed(0)} | ${r.firstBuild.toFixed(1)} |`)
  console.log(`(median of ${edits} edits of one page's body; Chromium headless on the dev server, watching)`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const site = process.argv[2]
  const edits = Number(process.argv[3] ?? 10)
  const n = Number(/n(\d+)$/.exec(site)?.[1] ?? 0) || '—'
  printServeTable([{ n, ...(await serveEditRow(site, edits)) }], edits)
}
