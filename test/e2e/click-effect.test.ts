import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { article, delay, h1, ready, recordProblems, recordScripts, type Site, visible, withBrowser, withPage, withSite } from '../helpers/e2e.js'

/**
 * The click effect (themeConfig.clickEffect) on the built site: a press draws sparks near the
 * pointer that fall away; the canvas never takes a click, focus or a selection; nothing is
 * drawn while idle, on a hidden tab or for readers who prefer reduced motion.
 */

const PLAIN = 'guide/plain.html'
const CHUNK = /^click-effect\.[\w-]+\.js$/

/** Before any page script: counts what the page draws on any 2D canvas. */
const COUNT_DRAWS = () => {
  const w = window as Window & { __draws?: number }
  w.__draws = 0
  const proto = CanvasRenderingContext2D.prototype
  for (const name of ['clearRect', 'fill'] as const) {
    const original = proto[name] as (...args: unknown[]) => void
    ;(proto as unknown as Record<string, unknown>)[name] = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
      w.__draws!++
      return original.apply(this, args)
    }
  }
}

let browser: Browser
withBrowser((b) => (browser = b))

const canvas = (page: Page) => page.locator('[data-widget="click-effect"] canvas')
const draws = (page: Page) => page.evaluate(() => (window as Window & { __draws?: number }).__draws ?? 0)
/** Opaque pixels of the canvas within `radius` CSS px of (x, y); the whole canvas without a point. */
const painted = (page: Page, at?: { x: number; y: number; radius: number }) =>
  canvas(page).evaluate((el: HTMLCanvasElement, a) => {
    const scale = el.width / el.getBoundingClientRect().width
    const box = a
      ? { x: Math.max(0, Math.floor((a.x - a.radius) * scale)), y: Math.max(0, Math.floor((a.y - a.radius) * scale)), w: Math.ceil(a.radius * 2 * scale), h: Math.ceil(a.radius * 2 * scale) }
      : { x: 0, y: 0, w: el.width, h: el.height }
    const data = el.getContext('2d')!.getImageData(box.x, box.y, box.w, box.h).data
    let n = 0
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++
    return n
  }, at)

describe('the click effect (static)', () => {
  let site: Site
  let page: Page
  let scripts: string[]
  let problems: string[]
  withSite('static', (s) => (site = s), { fixture: 'effects-site' })
  withPage(
    () => browser,
    (p) => {
      page = p
      scripts = recordScripts(page)
      problems = recordProblems(page)
    },
    { deviceScaleFactor: 2, viewport: { width: 1000, height: 700 }, prepare: (c) => c.addInitScript(COUNT_DRAWS) },
  )

  const open = async (path = PLAIN) => {
    await page.goto(site.url + path)
    await ready(page)
    await canvas(page).waitFor({ state: 'attached' })
  }

  it('loads its own small chunk after the page, as a full-window canvas hidden from assistive tools and sized for the screen', async () => {
    await open()
    expect(scripts.filter((s) => CHUNK.test(s))).toHaveLength(1)
    // Not part of the page's first load.
    expect(await page.locator('link[rel="modulepreload"][href*="click-effect"]').count()).toBe(0)
    const info = await canvas(page).evaluate((el: HTMLCanvasElement) => {
      const style = getComputedStyle(el)
      return { w: el.width, h: el.height, pe: style.pointerEvents, pos: style.position, z: style.zIndex, hidden: el.getAttribute('aria-hidden'), tab: el.tabIndex }
    })
    expect(info).toEqual({ w: 2000, h: 1400, pe: 'none', pos: 'fixed', z: '999999999', hidden: 'true', tab: -1 })
    expect(problems).toEqual([])
  })

  it('a click draws sparks near the pointer, they fall away, and then nothing is drawn while idle', async () => {
    await open()
    expect(await painted(page)).toBe(0)
    await page.mouse.click(500, 400)
    await expect.poll(() => painted(page, { x: 500, y: 400, radius: 120 }), { interval: 16 }).toBeGreaterThan(0)
    // Gravity takes them off the bottom edge; the canvas is blank again.
    await expect.poll(() => painted(page), { timeout: 8000 }).toBe(0)
    const idle = await draws(page)
    await delay(500)
    expect(await draws(page)).toBe(idle)
    // Chromium's advice about the test's own pixel reads is no problem of the page.
    expect(problems.filter((p) => !p.includes('willReadFrequently'))).toEqual([])
  })

  it('never takes the click, the focus or a selection: a link under it still works', async () => {
    await open()
    const link = article(page).getByRole('link', { name: '代码演示', exact: true })
    const box = (await link.boundingBox())!
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.tagName, [box.x + box.width / 2, box.y + box.height / 2])
    expect(hit).toBe('A')
    // Double-clicking a word selects it, and focus stays where the page puts it.
    const text = article(page).getByText('静态站点生成器把一组')
    await text.dblclick()
    expect(await page.evaluate(() => window.getSelection()?.toString().length)).toBeGreaterThan(0)
    expect(await page.evaluate(() => document.activeElement?.tagName)).not.toBe('CANVAS')
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    await visible(h1(page, '代码演示'))
    expect(problems).toEqual([])
  })

  it('a hidden tab clears the sparks at once', async () => {
    await open()
    await page.mouse.click(500, 300)
    await expect.poll(() => painted(page), { interval: 16 }).toBeGreaterThan(0)
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    expect(await painted(page)).toBe(0)
    const after = await draws(page)
    await delay(300)
    expect(await draws(page)).toBe(after)
  })

  it('resizes the canvas after the window stops resizing (debounced), for the screen pixels', async () => {
    await open()
    // Not at once: the resize waits for the window to settle. The width is read inside the
    // page, in the resize event's own task (after the effect's listener), so a busy machine
    // cannot let the debounce fire before the read.
    await canvas(page).evaluate((el: HTMLCanvasElement) => {
      const w = window as Window & { widthsAtResize?: number[] }
      w.widthsAtResize = []
      addEventListener('resize', () => w.widthsAtResize!.push(el.width))
    })
    await page.setViewportSize({ width: 800, height: 600 })
    await expect.poll(() => page.evaluate(() => (window as Window & { widthsAtResize?: number[] }).widthsAtResize!.length)).toBeGreaterThan(0)
    expect(await page.evaluate(() => (window as Window & { widthsAtResize?: number[] }).widthsAtResize![0])).toBe(2000)
    await expect.poll(() => canvas(page).evaluate((el: HTMLCanvasElement) => [el.width, el.height])).toEqual([1600, 1200])
  })
})

describe('the click effect with reduced motion (static)', () => {
  let site: Site
  let page: Page
  let scripts: string[]
  withSite('static', (s) => (site = s), { fixture: 'effects-site' })
  withPage(
    () => browser,
    (p) => {
      page = p
      scripts = recordScripts(page)
    },
    { reducedMotion: 'reduce', prepare: (c) => c.addInitScript(COUNT_DRAWS) },
  )

  it('draws nothing for a reader who prefers reduced motion', async () => {
    await page.goto(site.url + PLAIN)
    await ready(page)
    await expect.poll(() => scripts.filter((s) => CHUNK.test(s)).length).toBe(1)
    await delay(300)
    await page.mouse.click(500, 400)
    await delay(300)
    expect(await canvas(page).count()).toBe(0)
    expect(await draws(page)).toBe(0)
  })
})
