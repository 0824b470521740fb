// Our search index beside Pagefind's (the extended build, which segments Chinese) over the same
// built output of the bench corpus: index CPU, peak memory, bytes and files; what a reader's
// first and second query download in a real browser, from a host that answers byte ranges and
// from one that ignores them; and how each ranks (bench/ranking-queries.mjs).
//   node bench/search-compare.mjs DIST      (DIST = SITE/dist of a built corpus, base /gpt/; after `npm run compile`)
//   env BENCH_RUNS=1 (builds of each index, alternating; the median is printed)
// Fails (non-zero) when Pagefind's binary, /usr/bin/time or Chromium is missing.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { dirSize } from './dir-size.mjs'
import { outputKinds } from './output-kinds.mjs'
import { rankingCeiling } from './ranking-ceiling.mjs'
import { rankingQueries, readCorpus } from './ranking-queries.mjs'
import { SAMPLE_QUERIES } from './search-sizes.mjs'
import { serveDist } from './static-host.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const BASE = '/gpt/'
const PROBE = 'handbook/setup-0002.html'
const PAGEFIND = join(here, '..', 'node_modules', '@pagefind', `${process.platform}-${process.arch}`, 'bin', 'pagefind_extended')
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const TIME = '/usr/bin/time'
// Pagefind indexes what our index holds: the article (title, headings, text), code blocks left out.
const PAGEFIND_ARGS = ['--root-selector', 'article', '--exclude-selectors', 'pre', '--silent']

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

function requireTools() {
  const missing = [
    [PAGEFIND, 'Pagefind (the dev dependency `pagefind`, its platform package @pagefind/*)'],
    [TIME, 'GNU time (Debian: apt-get install time)'],
    [CHROMIUM, 'Chromium (Debian: apt-get install chromium; or CHROMIUM_PATH)'],
  ].filter(([file]) => !existsSync(file))
  if (missing.length) throw new Error(`search comparison: missing ${missing.map(([f, what]) => `${what} at ${f}`).join('; ')}`)
}

/** One cold build of `site` (its caches deleted first): CPU ms and peak RSS KiB, as bench/build-once.mjs reports them. */
function coldBuild(site) {
  rmSync(join(site, 'dist'), { recursive: true, force: true })
  rmSync(join(site, 'node_modules'), { recursive: true, force: true })
  const child = spawnSync(process.execPath, [join(here, 'build-once.mjs'), site, '--cache'], { encoding: 'utf8' })
  if (child.status !== 0) throw new Error(`build of ${site} failed:\n${child.stderr || child.stdout}`)
  return JSON.parse(child.stdout.trim().split('\n').pop())
}

/** A site folder reading `content` in place, with search on or off (the only config it sets; both read a config file alike). */
function scratchSite(content, search) {
  const site = mkdtempSync(join(tmpdir(), `gptnotes-search-${search ? 'on' : 'off'}-`))
  symlinkSync(resolve(content), join(site, 'content'))
  writeFileSync(join(site, 'gptnotes.config.mjs'), `export default { themeConfig: { search: ${search} } }\n`)
  return site
}

/** Pagefind's index over `copy` (its old index deleted): CPU s (user + system, every thread) and peak RSS KiB of the process. */
function pagefindIndex(copy) {
  rmSync(join(copy, 'pagefind'), { recursive: true, force: true })
  const child = spawnSync(TIME, ['-f', 'cpu %U %S %M', PAGEFIND, '--site', copy, ...PAGEFIND_ARGS], { encoding: 'utf8' })
  const m = /cpu ([\d.]+) ([\d.]+) (\d+)\s*$/.exec(child.stderr)
  if (child.status !== 0 || !m || !existsSync(join(copy, 'pagefind', 'pagefind.js'))) throw new Error(`pagefind failed (status ${child.status}):\n${child.stderr}${child.stdout}`)
  return { cpuMs: (Number(m[1]) + Number(m[2])) * 1000, maxRssKiB: Number(m[3]) }
}

/** The article's text of a built page (what both indexes hold), by URL path under the base. */
function articleTexts(dist) {
  const cache = new Map()
  return (path) => {
    const rel = decodeURIComponent(path.replace(/[#?].*$/, '')).replace(/^\/gpt\//, '').replace(/^\//, '')
    const file = join(dist, rel === '' || rel.endsWith('/') ? rel + 'index.html' : rel.endsWith('.html') ? rel : rel + '.html')
    if (!cache.has(file)) {
      const html = existsSync(file) ? readFileSync(file, 'utf8') : ''
      const article = /<article[\s\S]*?<\/article>/.exec(html)?.[0] ?? ''
      const text = article
        .replace(/<pre[\s\S]*?<\/pre>/g, '')
        .replace(/<[^>]+>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, '&')
      cache.set(file, text)
    }
    return cache.get(file)
  }
}

/** Pages of `dist` whose article holds `phrase`. */
function pagesHolding(dist, phrase, textOf) {
  let n = 0
  for (const e of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (e.isFile() && e.name.endsWith('.html') && textOf('/' + join(e.parentPath ?? e.path, e.name).slice(dist.length + 1)).includes(phrase)) n++
  }
  return n
}

/** Resolves once `host` has sent nothing for `ms`. */
async function hostQuiet(host, ms) {
  for (let last = host.sent(), quiet = 0; quiet < ms; quiet += 100) {
    await new Promise((r) => setTimeout(r, 100))
    const now = host.sent()
    if (now.bytes !== last.bytes || now.requests !== last.requests) [last, quiet] = [now, 0]
  }
}

/**
 * A page of the site in a fresh browser context (an empty cache), once it has loaded what it
 * loads by itself (the route map comes at idle time), and what the host sends from `start()` to
 * `stop()`. Counted at the host, so the fetches of a page's workers count too.
 */
async function openCounted(browser, host, path) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(host.url + path, { waitUntil: 'networkidle' })
  await hostQuiet(host, 1500)
  let from
  return {
    page,
    start() {
      from = host.sent()
    },
    /** Once the host has sent nothing for 300 ms: the bytes (status lines and headers included) and requests since `start()`. */
    async stop() {
      await hostQuiet(host, 300)
      const to = host.sent()
      return { bytes: to.bytes - from.bytes, files: to.requests - from.requests }
    },
    close: () => context.close(),
  }
}

/** Our search box: type `query` as an input method commits it (one input event), wait for its suggestions, return their pages. */
async function askOurs(page, query) {
  const box = page.getByRole('search').getByRole('searchbox', { name: '搜索', exact: true })
  await box.fill(query)
  await page.waitForFunction(
    (q) => {
      const status = document.querySelector('.search-status')?.textContent ?? ''
      if (status.includes(`没有找到与“${q}”`)) return true
      return /条建议/.test(status) && document.querySelector('.search-suggestions [role=option] mark')?.textContent === q
    },
    query,
    { timeout: 60_000 },
  )
  return page.$$eval('.search-suggestions [role=option] a', (links) => links.map((a) => new URL(a.href).pathname))
}

/** Pagefind's search as its UI runs it: the query, then the data (fragments) of the first 10 results. */
function askPagefind(page, query) {
  return page.evaluate(async ([base, q]) => {
    const pf = await import(`${base}pagefind/pagefind.js`)
    await pf.options({ baseUrl: base }) // as a site served under its base configures it
    const r = await pf.search(q)
    const top = await Promise.all(r.results.slice(0, 10).map((x) => x.data()))
    return { total: r.results.length, pages: top.map((d) => new URL(d.url, location.href).pathname) }
  }, [BASE, query])
}

/** First and second query's bytes and files through a host with or without ranges; with ranges also ranking and precision. */
async function browserFigures(browser, dir, { ranges, queries, ranking, textOf }) {
  const host = await serveDist(dir, BASE, { ranges })
  const out = {}
  try {
    for (const [engine, ask] of [
      ['ours', askOurs],
      ['pagefind', async (page, q) => (await askPagefind(page, q)).pages],
    ]) {
      const tab = await openCounted(browser, host, PROBE)
      if (engine === 'ours') await tab.page.getByRole('search').getByRole('searchbox', { name: '搜索', exact: true }).waitFor()
      const downloads = []
      let top
      for (const q of queries) {
        tab.start()
        const pages = await ask(tab.page, q)
        downloads.push(await tab.stop())
        top ??= pages
      }
      const fig = { downloads }
      if (ranking) {
        fig.precision = top.length ? top.filter((p) => textOf(p).includes(queries[0])).length / top.length : undefined
        fig.topCount = top.length
        fig.ranked = 0
        for (const { query, page } of ranking) if ((await ask(tab.page, query)).slice(0, 10).some((p) => p === BASE + page)) fig.ranked++
      }
      out[engine] = fig
      await tab.close()
    }
  } finally {
    await host.close()
  }
  return out
}

/**
 * The comparison for one built corpus (`dist` = SITE/dist, SITE/content beside it). Our index is
 * made inside the build, on a thread of its own, so its CPU is a cold build's with search on less
 * one's with it off; each run is such a pair then Pagefind's run, alternating, and the medians are
 * printed. Our peak memory is the whole build's, the index's share included.
 */
export async function searchCompare(dist, { runs = 1 } = {}) {
  requireTools()
  dist = resolve(dist)
  const content = join(dirname(dist), 'content')
  const queries = SAMPLE_QUERIES
  const work = mkdtempSync(join(tmpdir(), 'gptnotes-pagefind-'))
  const copy = join(work, 'dist')
  cpSync(dist, copy, { recursive: true })
  const on = scratchSite(content, true)
  const off = scratchSite(content, false)
  const ours = { cpuMs: [], rssKiB: [] }
  const pf = { cpuMs: [], rssKiB: [] }
  try {
    for (let i = 0; i < runs; i++) {
      const withSearch = coldBuild(on)
      const without = coldBuild(off)
      ours.cpuMs.push(withSearch.cpuMs - without.cpuMs)
      ours.rssKiB.push(withSearch.maxRssKiB)
      const p = pagefindIndex(copy)
      pf.cpuMs.push(p.cpuMs)
      pf.rssKiB.push(p.maxRssKiB)
    }
    const textOf = articleTexts(dist)
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    })
    const corpus = readCorpus(content)
    const ranking = rankingQueries(content, { corpus })
    let ranged, whole
    try {
      ranged = await browserFigures(browser, copy, { ranges: true, queries, ranking, textOf })
      whole = await browserFigures(browser, copy, { ranges: false, queries })
    } finally {
      await browser.close()
    }
    const search = outputKinds(dist).search
    const pfSize = dirSize(join(copy, 'pagefind'))
    const row = (cpu, rss, size, engine) => ({
      cpuS: median(cpu) / 1000,
      peakMiB: Math.max(...rss) / 1024,
      bytes: size.bytes,
      files: size.files,
      ranged: ranged[engine].downloads,
      whole: whole[engine].downloads,
      ranked: ranged[engine].ranked,
      precision: ranged[engine].precision,
      topCount: ranged[engine].topCount,
    })
    return {
      runs,
      queries,
      rankingQueries: ranking.length,
      // The best a ranking by term statistics does on the same queries (over the markdown).
      rankingCeiling: rankingCeiling(corpus, ranking).found,
      holding: pagesHolding(dist, queries[0], textOf),
      ours: row(ours.cpuMs, ours.rssKiB, search, 'ours'),
      pagefind: row(pf.cpuMs, pf.rssKiB, pfSize, 'pagefind'),
    }
  } finally {
    for (const dir of [work, on, off]) rmSync(dir, { recursive: true, force: true })
  }
}

const kib = (n) => (n / 1024).toFixed(1)
const dl = (d) => `${kib(d.bytes)} (${d.files})`

/** The comparison's table for corpus size `n`, stable for comparing across versions. */
export function printSearchCompare(n, r) {
  const [q1, q2] = r.queries
  console.log('')
  console.log(
    `| N = ${n} | index CPU s | peak RSS MiB | index MiB | index files | 1st query ${q1}, ranges: KiB (requests) | 2nd query ${q2}, ranges | 1st, host without ranges | 2nd, without ranges | ranking: source page in top 10${r.rankingCeiling === undefined ? '' : ` (ceiling ${r.rankingCeiling})`} | ${q1} top-10 precision |`,
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|---|')
  for (const [name, x] of [
    ['gptnotes', r.ours],
    ['Pagefind 1.6 extended', r.pagefind],
  ]) {
    console.log(
      `| ${name} | ${x.cpuS.toFixed(2)} | ${x.peakMiB.toFixed(0)} | ${(x.bytes / 1048576).toFixed(2)} | ${x.files} | ${dl(x.ranged[0])} | ${dl(x.ranged[1])} | ${dl(x.whole[0])} | ${dl(x.whole[1])} | ${x.ranked}/${r.rankingQueries} | ${x.topCount ? `${x.precision.toFixed(2)} (of ${x.topCount})` : 'none found'} |`,
    )
  }
  console.log(`| ours / Pagefind | ${(r.ours.cpuS / r.pagefind.cpuS).toFixed(2)}× | | ${(r.ours.bytes / r.pagefind.bytes).toFixed(2)}× | | ${(r.ours.ranged[0].bytes / r.pagefind.ranged[0].bytes).toFixed(2)}× | ${(r.ours.ranged[1].bytes / r.pagefind.ranged[1].bytes).toFixed(2)}× | ${(r.ours.whole[0].bytes / r.pagefind.whole[0].bytes).toFixed(2)}× | ${(r.ours.whole[1].bytes / r.pagefind.whole[1].bytes).toFixed(2)}× | | |`)
  console.log(`\n${r.holding} pages hold ${q1}. Median of ${r.runs} run(s).`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2]
  if (!dist || !existsSync(join(dist, 'index.html'))) {
    console.error('usage: node bench/search-compare.mjs SITE/dist   (a built bench corpus, SITE/content beside it)')
    process.exit(2)
  }
  try {
    const result = await searchCompare(dist, { runs: Number(process.env.BENCH_RUNS ?? 1) })
    printSearchCompare(JSON.parse(readFileSync(join(dist, '..', 'content', 'corpus.json'), 'utf8')).n, result)
  } catch (err) {
    console.error(err instanceof Error ? err.message : err)
    process.exit(1)
  }
}
