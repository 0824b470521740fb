import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { hydrated, useRealSite } from '../helpers/real-site.js'

/**
 * The mascot never covers text (the real site, 我的GPT笔记, under serve): at each window size
 * its box (canvas and buttons) stays clear of the sidebar's items, the article's text column and
 * the table of contents; where no corner is free it does not show, whatever the user agent;
 * where there is room it shows; and a resize decides again.
 */

const ARTICLE = 'handbook/ai-prompt.html' // long, with a table of contents and a long sidebar
const SIZES = [
  [1280, 800],
  [1024, 768],
  [800, 600],
  [375, 667],
] as const
/**
 * Where the mascot goes at each size: the article's sidebar, text column and table of contents
 * leave no corner below 1920 px; the home page, without a sidebar, has room at its left at 1280.
 */
const CORNERS: Record<string, Record<`${number}×${number}`, 'left' | 'right' | 'none'>> = {
  [ARTICLE]: { '1280×800': 'none', '1024×768': 'none', '800×600': 'none', '375×667': 'none' },
  '': { '1280×800': 'left', '1024×768': 'none', '800×600': 'none', '375×667': 'none' },
}

interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** The mascot's verdict (`left`, `right` or `none`, once measured) and the boxes to compare. */
async function layout(page: Page) {
  await page.waitForFunction(() => document.querySelector('.widget-slot[data-widget="mascot"]')?.hasAttribute('data-corner'))
  const corner = await page.locator('.widget-slot[data-widget="mascot"]').getAttribute('data-corner')
  if (corner !== 'none') await page.getByRole('img', { name: '看板娘' }).waitFor()
  return page.evaluate(() => {
    const box = (el: Element | null | undefined) => {
      const r = el?.getBoundingClientRect()
      return r && r.width > 0 && r.height > 0 ? { x: r.x, y: r.y, width: r.width, height: r.height } : undefined
    }
    const canvas = document.querySelector('.gm-canvas')
    const buttons = document.querySelector('.gm-buttons')
    const drawer = document.querySelector('.drawer')
    const sidebarShown = !!drawer && getComputedStyle(drawer).visibility !== 'hidden' && drawer.getBoundingClientRect().right > 0
    return {
      corner: document.querySelector('.widget-slot[data-widget="mascot"]')!.getAttribute('data-corner'),
      mascot: [box(canvas), box(buttons)].filter((b) => !!b),
      // Every sidebar item on screen (a group title, a link).
      sidebar: sidebarShown ? [...document.querySelectorAll('.sidebar a, .sidebar .sidebar-group-title')].map(box).filter((b) => !!b && b.y < innerHeight) : [],
      text: box(document.querySelector('main article, main > *')),
      toc: box(document.querySelector('.table-of-contents')),
      viewport: { width: innerWidth, height: innerHeight },
    }
  })
}

const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
/** Content scrolls under the fixed mascot, so any of its lines can pass: only the columns must not meet. */
const sharesColumn = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width

describe('the mascot never covers text (the real site under serve)', () => {
  const site = useRealSite()

  for (const path of [ARTICLE, '']) {
    for (const [width, height] of SIZES) {
      it(`${path || 'home'} at ${width}×${height}: in the corner it has room for (${CORNERS[path][`${width}×${height}`]}), clear of the sidebar, the article and its table of contents`, async () => {
        // A desktop user agent at every size: the window decides, not the agent.
        const page = await site.browser.newPage({ viewport: { width, height } })
        await page.goto(site.url + path)
        await hydrated(page)
        const l = await layout(page)
        const corner = CORNERS[path][`${width}×${height}`]
        expect(l.corner).toBe(corner)
        expect(l.text).toBeDefined()
        // The article has a table of contents to keep clear of; the home page has none.
        expect(l.toc !== undefined).toBe(path === ARTICLE)
        if (corner === 'none') {
          expect(await page.locator('.gm-canvas, .gm-buttons').count()).toBe(0)
        } else {
          expect(l.mascot.length).toBe(2)
          for (const m of l.mascot) {
            for (const s of l.sidebar) expect(intersects(m, s!), `sidebar item ${JSON.stringify(s)} under ${JSON.stringify(m)}`).toBe(false)
            expect(sharesColumn(m, l.text!), `text column ${JSON.stringify(l.text)} under ${JSON.stringify(m)}`).toBe(false)
            if (l.toc) expect(sharesColumn(m, l.toc), 'table of contents').toBe(false)
            expect(m.y + m.height).toBeLessThanOrEqual(l.viewport.height)
          }
        }
        await page.close()
      })
    }
  }

  it('shows where there is room (1920×1080: the corner beside the article, clear of it), hides in a narrow window and comes back on a resize', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1920, height: 1080 } })
    await page.goto(site.url + ARTICLE)
    await hydrated(page)
    let l = await layout(page)
    expect(l.corner).toBe('right')
    expect(l.mascot.length).toBe(2)
    for (const m of l.mascot) {
      expect(sharesColumn(m, l.text!)).toBe(false)
      for (const s of l.sidebar) expect(intersects(m, s!)).toBe(false)
    }
    await page.setViewportSize({ width: 800, height: 600 })
    await expect.poll(() => page.locator('.gm-canvas').count()).toBe(0)
    expect(await page.locator('.widget-slot[data-widget="mascot"]').getAttribute('data-corner')).toBe('none')
    await page.setViewportSize({ width: 1920, height: 1080 })
    await page.getByRole('img', { name: '看板娘' }).waitFor()
    l = await layout(page)
    expect(l.corner).toBe('right')
    await page.close()
  })
})
