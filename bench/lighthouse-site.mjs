// Lighthouse accessibility, best practices and SEO on the site itself (我的GPT笔记: this
// repository's content/ and config), built into a temporary folder and served as a static host
// would: an article, the home page and a list page, in the light and the dark theme (Chromium's
// preferred colour scheme; the site follows it until a reader chooses). One run each: these
// scores do not vary between runs as timings do. Prints a table and, under it, every audit that
// did not pass, so a regression names itself. Debian's chromium, headless.
//   node scripts/compile.mjs && node bench/lighthouse-site.mjs
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { buildSite } from '../lib/render/build-site.js'
import { serveDist } from './static-host.mjs'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const PAGES = [
  ['article', 'handbook/how_to_sign_up_for_chatgpt.html'],
  ['home', ''],
  ['list', 'categories/%E6%B3%A8%E5%86%8C%E6%95%99%E7%A8%8B/'],
]
// Blink's preferred colour scheme: 0 dark, 1 light.
const THEMES = [
  ['light', 1],
  ['dark', 0],
]
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage']
const CATEGORIES = ['accessibility', 'best-practices', 'seo']

async function audit(url, scheme) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: [...FLAGS, `--blink-settings=preferredColorScheme=${scheme}`] })
  try {
    const { lhr } = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES })
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]))
    const failed = CATEGORIES.flatMap((c) =>
      lhr.categories[c].auditRefs
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
        .map((ref) => `${c}/${ref.id}: ${lhr.audits[ref.id].title}`),
    )
    return { scores, failed }
  } finally {
    await chrome.kill()
  }
}

const dir = mkdtempSync(join(tmpdir(), 'gptnotes-lighthouse-'))
const dist = join(dir, 'dist')
try {
  await buildSite({ root: ROOT, out: dist })
  const host = await serveDist(dist)
  const rows = []
  try {
    for (const [theme, scheme] of THEMES) {
      for (const [name, path] of PAGES) rows.push({ theme, name, ...(await audit(host.url + path, scheme)) })
    }
  } finally {
    await host.close()
  }
  console.log('')
  console.log('| Lighthouse (mobile) | theme | accessibility | best practices | SEO |')
  console.log('|---|---|---|---|---|')
  for (const r of rows) console.log(`| ${r.name} | ${r.theme} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} |`)
  for (const r of rows) for (const f of r.failed) console.log(`  ${r.name} (${r.theme}) ${f}`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
