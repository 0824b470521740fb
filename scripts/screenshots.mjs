// Screenshots of the site for the README: home, an article and the timeline, at 1280 and
// 375 px wide, light and dark. `node scripts/screenshots.mjs [outDir]` (needs /usr/bin/chromium).
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { startDevServer } from '../lib/dev-server/dev-server.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = process.argv[2] ?? join(root, 'docs/screenshots')
mkdirSync(out, { recursive: true })
const dev = await startDevServer({ root, port: 0, host: '127.0.0.1', watch: false, log: () => {} })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--hide-scrollbars'],
})
const pages = { home: '', article: 'handbook/how_to_sign_up_for_chatgpt.html', timeline: 'timeline/' }
for (const scheme of ['light', 'dark']) {
  for (const width of [1280, 375]) {
    const context = await browser.newContext({ viewport: { width, height: width > 500 ? 800 : 740 }, colorScheme: scheme, deviceScaleFactor: 1 })
    const page = await context.newPage()
    for (const [name, path] of Object.entries(pages)) {
      await page.goto(dev.url + path, { waitUntil: 'networkidle' })
      await page.screenshot({ path: join(out, `${name}-${width}-${scheme}.png`) })
    }
    await context.close()
  }
}
await browser.close()
await dev.close()
console.log(`screenshots written to ${out}`)
