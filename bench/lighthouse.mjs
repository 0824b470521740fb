// Lighthouse (mobile, its default simulated slow 4G and CPU throttling) on the built corpora:
// the probe article and the home page at each size, BENCH_LIGHTHOUSE_RUNS (3) runs each, the
// median of each figure, as the anchors were measured (shared/research/anchors-perf.md): every
// run in a fresh browser, as the Lighthouse CLI starts one, so no run finds the caches of the one
// before. Prints one table; `npm run bench` runs it after the builds, and alone:
//   node bench/lighthouse.mjs bench/.corpus/n27 bench/.corpus/n2000
// Each argument is a site folder whose dist/ was built. Debian's chromium, headless.
import { basename, join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { serveDist } from './static-host.mjs'

const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)
const PAGES = [
  ['article', 'handbook/setup-0002.html'],
  ['home', ''],
]
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage']

/** The median of each figure over the runs. */
function medians(runs) {
  const median = (key) => runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)]
  return Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(key)]))
}

async function audit(url, port) {
  const { lhr } = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] })
  const a = lhr.audits
  const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100)
  return {
    perf: score('performance'),
    lcp: a['largest-contentful-paint'].numericValue / 1000,
    fcp: a['first-contentful-paint'].numericValue / 1000,
    tbt: a['total-blocking-time'].numericValue,
    cls: a['cumulative-layout-shift'].numericValue,
    bytes: a['total-byte-weight'].numericValue,
    a11y: score('accessibility'),
    bp: score('best-practices'),
    seo: score('seo'),
  }
}

/** One audit in a browser of its own. */
async function auditFresh(url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS })
  try {
    return await audit(url, chrome.port)
  } finally {
    await chrome.kill()
  }
}

const sites = process.argv.slice(2)
const rows = []
for (const site of sites) {
  const host = await serveDist(join(site, 'dist'))
  try {
    for (const [name, path] of PAGES) {
      const results = []
      for (let i = 0; i < runs; i++) results.push(await auditFresh(host.url + path))
      rows.push({ n: basename(site).replace(/^n/, ''), name, ...medians(results) })
    }
  } finally {
    await host.close()
  }
}

console.log('')
console.log(`| N | Lighthouse (mobile, median of ${runs}) | performance | FCP s | LCP s | TBT ms | CLS | total KiB | accessibility | best practices | SEO |`)
console.log('|---|---|---|---|---|---|---|---|---|---|---|')
for (const r of rows) {
  console.log(`| ${r.n} | ${r.name} | ${r.perf} | ${r.fcp.toFixed(2)} | ${r.lcp.toFixed(2)} | ${Math.round(r.tbt)} | ${r.cls.toFixed(3)} | ${(r.bytes / 1024).toFixed(1)} | ${r.a11y} | ${r.bp} | ${r.seo} |`)
}
