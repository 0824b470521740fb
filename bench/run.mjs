// `npm run bench`: cold builds of a synthetic Chinese corpus at several sizes, and the bytes an
// article's first load downloads. Prints one stable markdown table (compare across versions).
//   env BENCH_SIZES=27,500,2000  BENCH_RUNS=3      (10000 runs too: BENCH_SIZES=27,500,2000,10000)
// A last small table: one large page (bench/large-page.mjs), parsed alone and built cold.
// Then the search index, and beside it Pagefind's over the same output at each size (bench/search-compare.mjs; BENCH_PAGEFIND=0 skips it).
// Then the comment service under load (bench/service.mjs) and widget A against it
// (bench/widget-a.mjs; BENCH_SERVICE=0 skips both), and
// Lighthouse on the probe article and the home page at each size (bench/lighthouse.mjs; BENCH_LIGHTHOUSE=0 skips it).
// Last, a CI-style build (no dist/, cache restored) beside Hugo's cold build (bench/ci-build.mjs, bench/hugo.mjs; "n/a" without hugo).
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { dirSize } from './dir-size.mjs'
import { firstLoad } from './first-load.mjs'
import { outputKinds } from './output-kinds.mjs'
import { reactRuntimeGz } from './react-runtime.mjs'
import { SAMPLE_QUERIES, searchSizes } from './search-sizes.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const corpusRoot = join(here, '.corpus')
// The corpus generator lives beside this file (the same deterministic generator the anchors were measured with).
const generator = join(here, 'gen-corpus.mjs')
const sizes = (process.env.BENCH_SIZES ?? '27,500,2000').split(',').map(Number)
const runs = Number(process.env.BENCH_RUNS ?? 3)
const PROBE = 'handbook/setup-0002.html'

function median(xs) {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

const kib = (n) => (n / 1024).toFixed(1)
const mib = (n) => (n / 1048576).toFixed(1)

/** The corpus's markdown: what the search index indexes. */
function markdownSize(dir) {
  let bytes = 0
  let files = 0
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile() || !e.name.endsWith('.md')) continue
    bytes += statSync(join(e.parentPath ?? e.path, e.name)).size
    files++
  }
  return { bytes, files }
}

const rows = []
for (const n of sizes) {
  const site = join(corpusRoot, `n${n}`)
  const content = join(site, 'content')
  if (!existsSync(join(content, 'corpus.json'))) {
    mkdirSync(site, { recursive: true })
    execFileSync(process.execPath, [generator, '--n', String(n), '--out', content], { stdio: 'ignore' })
  }
  const results = []
  const floor = []
  // Each cold build is followed by a floor run: the two alternate, so a machine that slows down
  // or speeds up during the bench moves both medians alike, not only the later one's.
  for (let i = 0; i < runs; i++) {
    // As the anchors were measured: the previous output and any cache are deleted before the clock
    // starts. The build then runs as `gptnotes build` does, with its cache folder (empty): pages
    // leave memory for it as they are parsed, so the peak is an owner's first build's.
    rmSync(join(site, 'dist'), { recursive: true, force: true })
    rmSync(join(site, 'node_modules'), { recursive: true, force: true })
    const t0 = performance.now()
    const child = spawnSync(process.execPath, [join(here, 'build-once.mjs'), site, '--cache'], { encoding: 'utf8' })
    const wall = performance.now() - t0
    if (child.status !== 0) {
      console.error(child.stderr || child.stdout)
      process.exit(1)
    }
    results.push({ wall, ...JSON.parse(child.stdout.trim().split('\n').pop()) })
    // The build's output reaches the disk after its clock stops: not while the floor runs.
    execFileSync('sync')
    floor.push(JSON.parse(execFileSync(process.execPath, [join(here, 'parser-floor.mjs'), site], { encoding: 'utf8' })))
  }
  const dist = join(site, 'dist')
  const wall = median(results.map((r) => r.wall)) / 1000
  const pages = results[0].pages
  const out = dirSize(dist)
  rows.push({
    n,
    pages,
    floor: median(floor.map((f) => f.ms)) / 1000,
    floorCpu: median(floor.map((f) => f.cpuMs)) / 1000,
    // Each build against the floor run right after it: a drift of the machine during the bench moves both.
    pairRatio: median(results.map((r, i) => r.wall / floor[i].ms)),
    cpu: median(results.map((r) => r.cpuMs)) / 1000,
    threads: floor[0].threads,
    wall,
    rss: Math.max(...results.map((r) => r.maxRssKiB)) / 1024,
    out,
    kinds: outputKinds(dist),
    markdown: markdownSize(content),
    fl: firstLoad(dist, PROBE),
    home: firstLoad(dist, 'index.html'),
    search: await searchSizes(dist),
  })
}

console.log(`gptnotes bench — cold build (median of ${runs}, process start to output written), node ${process.version}, ${process.platform}-${process.arch}, ${availableParallelism()} cores`)
console.log('')
console.log('| N | pages | cold build s | pages/s | peak RSS MiB | output MiB (files) | first-load JS KiB raw / gzip (files) | inline page data KiB | CSS KiB raw / gzip | HTML KiB raw / gzip |')
console.log('|---|---|---|---|---|---|---|---|---|---|')
for (const r of rows) {
  console.log(
    `| ${r.n} | ${r.pages} | ${r.wall.toFixed(2)} | ${Math.round(r.pages / r.wall)} | ${r.rss.toFixed(0)} | ${(r.out.bytes / 1048576).toFixed(1)} (${r.out.files}) | ${kib(r.fl.jsRaw)} / ${kib(r.fl.jsGz)} (${r.fl.jsFiles}) | ${kib(r.fl.inlineData)} | ${kib(r.fl.cssRaw)} / ${kib(r.fl.cssGz)} | ${kib(r.fl.htmlRaw)} / ${kib(r.fl.htmlGz)} |`,
  )
}

// The output by kind of file, against the markdown it is made from (a static host counts files and bytes).
console.log('')
console.log('| N | markdown MiB (files) | HTML MiB (files) | page chunks MiB (files) | search MiB (files) | other MiB (files) | files per page | search / markdown bytes |')
console.log('|---|---|---|---|---|---|---|---|')
for (const r of rows) {
  const k = r.kinds
  const cell = (x) => `${mib(x.bytes)} (${x.files})`
  console.log(
    `| ${r.n} | ${cell(r.markdown)} | ${cell(k.html)} | ${cell(k.chunks)} | ${cell(k.search)} | ${cell(k.other)} | ${(r.out.files / r.pages).toFixed(2)} | ${(k.search.bytes / r.markdown.bytes).toFixed(2)} |`,
  )
}

// The first-load JavaScript against React's client runtime alone (the budget: React + 12 KB gzip).
const react = await reactRuntimeGz(join(here, '..'))
console.log('')
console.log(`| N | React's runtime alone KiB gzip | article first-load JS above it KiB gzip | home page first-load JS KiB gzip (files) | home above React KiB gzip |`)
console.log('|---|---|---|---|---|')
for (const r of rows) console.log(`| ${r.n} | ${kib(react)} | ${kib(r.fl.jsGz - react)} | ${kib(r.home.jsGz)} (${r.home.jsFiles}) | ${kib(r.home.jsGz - react)} |`)

// The floor: what parsing markdown alone costs on this machine (bench/parser-floor.mjs).
console.log('')
// Wall time against it (the target), and CPU time of every thread against its CPU time: on a
// machine whose cores the build keeps busy, the second bounds the first. The last column is the
// median of each build's wall time over the floor run next to it (steadier on a shared machine
// whose speed drifts; the same as the fifth with one run).
console.log('| N | markdown → mdast alone s (micromark + mdast-util-from-markdown) | threads | share of cold build | cold build / floor, wall | CPU s, build / floor | cold build / floor, CPU | cold build / floor, wall, median of pairs |')
console.log('|---|---|---|---|---|---|---|---|')
for (const r of rows) console.log(`| ${r.n} | ${r.floor.toFixed(2)} | ${r.threads} | ${Math.round((100 * r.floor) / r.wall)} % | ${(r.wall / r.floor).toFixed(2)}× | ${r.cpu.toFixed(1)} / ${r.floorCpu.toFixed(1)} | ${(r.cpu / r.floorCpu).toFixed(2)}× | ${r.pairRatio.toFixed(2)}× |`)

// One large page: parse time must grow linearly with its size (bench/large-page.mjs).
const largeSite = join(corpusRoot, 'large-page')
const largeCorpus = join(corpusRoot, `n${sizes[0]}`, 'content')
const large = []
for (let i = 0; i < runs; i++) {
  const parsed = JSON.parse(execFileSync(process.execPath, [join(here, 'large-page.mjs'), largeSite, largeCorpus], { encoding: 'utf8' }))
  rmSync(join(largeSite, 'node_modules'), { recursive: true, force: true })
  const t0 = performance.now()
  const child = spawnSync(process.execPath, [join(here, 'build-once.mjs'), largeSite], { encoding: 'utf8' })
  const wall = performance.now() - t0
  if (child.status !== 0) {
    console.error(child.stderr || child.stdout)
    process.exit(1)
  }
  large.push({ ...parsed, wall, ...JSON.parse(child.stdout.trim().split('\n').pop()) })
}
console.log('')
console.log('| one large page | MiB | parsePage alone s | cold build s | peak RSS MiB |')
console.log('|---|---|---|---|---|')
console.log(
  `| articles, quotes, footnotes, lists | ${(large[0].bytes / 2 ** 20).toFixed(2)} | ${(median(large.map((r) => r.parseMs)) / 1000).toFixed(2)} | ${(median(large.map((r) => r.wall)) / 1000).toFixed(2)} | ${Math.round(Math.max(...large.map((r) => r.maxRssKiB)) / 1024)} |`,
)

// The search index: the first part the box fetches on focus, the shards, and what sample queries download (bench/search-sizes.mjs).
console.log('')
// Items (buckets, page texts) travel deflated, read by range from the packs; a host that ignores ranges sends whole packs.
console.log(
  `| N | search first part KiB gzip | shards: buckets + page texts | largest bucket KiB gzip | first query ${SAMPLE_QUERIES[0]}: KiB gzip (files, round trips) | then ${SAMPLE_QUERIES[1]}: KiB gzip (files, round trips) | packs | first query, host without ranges: KiB (files) |`,
)
console.log('|---|---|---|---|---|---|---|---|')
for (const r of rows) {
  const [first, next] = r.search.downloads
  console.log(
    `| ${r.n} | ${kib(r.search.firstGz)} | ${r.search.shards} + ${r.search.texts} | ${kib(r.search.largestShardGz)} | ${kib(first.gz)} (${first.files}, ${first.rounds}) | ${kib(next.gz)} (${next.files}, ${next.rounds}) | ${r.search.packs} | ${kib(first.wholeGz)} (${first.wholeFiles}) |`,
  )
}

// Our search index beside Pagefind's over the same output, one table per size (bench/search-compare.mjs; BENCH_PAGEFIND=0 skips it).
if (process.env.BENCH_PAGEFIND !== '0') {
  const { printSearchCompare, searchCompare } = await import('./search-compare.mjs')
  for (const r of rows) printSearchCompare(r.n, await searchCompare(join(corpusRoot, `n${r.n}`, 'dist'), { runs }))
}

// The comment service under load, SQLite and PostgreSQL (bench/service.mjs prints its own table).
if (process.env.BENCH_SERVICE !== '0') {
  const service = spawnSync(process.execPath, [join(here, 'service.mjs')], { stdio: 'inherit' })
  if (service.status !== 0) process.exit(service.status ?? 1)
}

// Widget A: its chunks, the article's first load with comments on and off, the time to comments shown.
if (process.env.BENCH_SERVICE !== '0') {
  const widget = spawnSync(process.execPath, [join(here, 'widget-a.mjs')], { stdio: 'inherit' })
  if (widget.status !== 0) process.exit(widget.status ?? 1)
}

// Lighthouse on the built corpora (bench/lighthouse.mjs prints its own table; BENCH_LIGHTHOUSE=0 skips it).
if (process.env.BENCH_LIGHTHOUSE !== '0') {
  const audit = spawnSync(process.execPath, [join(here, 'lighthouse.mjs'), ...sizes.map((n) => join(corpusRoot, `n${n}`))], { stdio: 'inherit' })
  if (audit.status !== 0) process.exit(audit.status ?? 1)
}

// CI as fast as Hugo: a build with the cache restored and no dist/, beside Hugo's cold build in the same run (bench/ci-build.mjs; BENCH_CI_SIZES, default 2000 when run).
const ci = await import('./ci-build.mjs')
const ciSizes = (process.env.BENCH_CI_SIZES ?? '2000').split(',').map(Number).filter((n) => sizes.includes(n))
if (ciSizes.length) ci.printCiTable(ciSizes.map((n) => ({ n, ...ci.ciRow(join(corpusRoot, `n${n}`), runs) })), runs)

// The edit loop: one page edited with the cache and the output kept (bench/edit-rebuild.mjs), and
// in `serve` from the file saved to the new text in a real browser's DOM (bench/serve-edit.mjs);
// BENCH_EDIT_SIZES (default 2000 when run), BENCH_EDITS (default 10).
const edit = await import('./edit-rebuild.mjs')
const serveEdit = await import('./serve-edit.mjs')
const editSizes = (process.env.BENCH_EDIT_SIZES ?? '2000').split(',').map(Number).filter((n) => sizes.includes(n))
const edits = Number(process.env.BENCH_EDITS ?? 10)
if (editSizes.length) {
  edit.printEditTable(editSizes.map((n) => ({ n, ...edit.editRows(join(corpusRoot, `n${n}`), edits) })), edits)
  const served = []
  for (const n of editSizes) served.push({ n, ...(await serveEdit.serveEditRow(join(corpusRoot, `n${n}`), edits)) })
  serveEdit.printServeTable(served, edits)
}
