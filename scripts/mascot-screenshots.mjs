// Screenshots of the built-in mascot (小笺) for the README: idle, mid-blink, waving after a tap,
// and asleep. `node scripts/mascot-screenshots.mjs [outDir]` (needs /usr/bin/chromium and lib/).
// The page's clock is Playwright's fake one, so each state is caught at the right moment
// without any hook in the mascot's code: time only moves when the script says.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { startDevServer } from '../lib/dev-server/dev-server.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const out = process.argv[2] ?? join(root, 'docs/screenshots')
mkdirSync(out, { recursive: true })
const dev = await startDevServer({ root: join(root, 'test/fixtures/mascot-site'), port: 0, host: '127.0.0.1', watch: false, log: () => {} })
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--hide-scrollbars'],
})
const VIEW = { width: 480, height: 400 }
const CLIP = { x: 0, y: VIEW.height - 270, width: 200, height: 270 }

/** A page with the mascot drawn, time frozen; `sleepy` sets the session flag first. */
async function open({ sleepy = false } = {}) {
  const context = await browser.newContext({ viewport: VIEW, deviceScaleFactor: 2, colorScheme: 'light' })
  // Fixed choices (which idle motion, when she blinks): the same pictures on every run.
  await context.addInitScript((asleep) => {
    let next = 0.5
    Math.random = () => next
    window.__setRandom = (n) => (next = n)
    if (asleep) sessionStorage.setItem('Sleepy', '1')
  }, sleepy)
  const page = await context.newPage()
  await page.clock.install({ time: new Date('2025-06-01T08:00:00Z') })
  await page.goto(dev.url + 'guide/plain.html')
  const canvas = page.getByRole('img', { name: '看板娘' })
  for (let i = 0; i < 200 && !(await canvas.count()); i++) await page.clock.runFor(50)
  await canvas.waitFor()
  // Only the mascot: the page behind her is left blank.
  await page.addStyleTag({ content: 'body *{visibility:hidden}[data-widget="mascot"],[data-widget="mascot"] *{visibility:visible}' })
  return { page, context }
}

/** Opaque white pixels in her face: the whites of open eyes (none when they are shut). */
const eyeWhites = (page) =>
  page.getByRole('img', { name: '看板娘' }).evaluate((el) => {
    const d = el.getContext('2d').getImageData(0, Math.round(el.height * 0.3), el.width, Math.round(el.height * 0.22)).data
    let n = 0
    for (let i = 0; i < d.length; i += 4) if (d[i] > 245 && d[i + 1] > 245 && d[i + 2] > 245 && d[i + 3] > 240) n++
    return n
  })

const shot = (page, name) => page.screenshot({ path: join(out, `mascot-${name}.png`), clip: CLIP })

{
  const { page, context } = await open()
  await page.clock.runFor(2500)
  await shot(page, 'idle')
  // The first blink comes about 4 s after she appears: step until her eyes are shut.
  const whites = await eyeWhites(page)
  for (let i = 0; i < 200 && (await eyeWhites(page)) > whites * 0.1; i++) await page.clock.runFor(10)
  await shot(page, 'blink')
  await context.close()
}
{
  const { page, context } = await open()
  await page.clock.runFor(1500)
  // A tap on her body, with the choice set to the first tap motion (waving).
  await page.evaluate(() => window.__setRandom(0.1))
  const box = await page.getByRole('img', { name: '看板娘' }).boundingBox()
  await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.75)
  await page.clock.runFor(900)
  await shot(page, 'tap')
  await context.close()
}
{
  const { page, context } = await open({ sleepy: true })
  await page.clock.runFor(4500)
  await shot(page, 'sleepy')
  await context.close()
}
await browser.close()
await dev.close()
console.log(`mascot screenshots written to ${out}`)
