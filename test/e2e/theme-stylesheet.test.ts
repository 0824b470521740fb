import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { newContext, type Site, withBrowser, withSite } from '../helpers/e2e.js'

/**
 * Each page inlines only the theme's rules its own markup can match; the whole theme comes after
 * the first paint as one hashed stylesheet. On every layout, at a phone's and a desktop's width,
 * the page looks as it did when it inlined the whole theme (every element's box and look), before
 * the stylesheet arrives and after; and the stylesheet does arrive and apply (a rule that only it
 * holds styles what the client adds later, and the states a reader brings about: hover, focus).
 */

let browser: Browser
withBrowser((b) => (browser = b))

const LAYOUTS = [
  ['home', ''],
  ['article', 'handbook/getting-started.html'],
  ['article with images and a table', 'handbook/configuration.html'],
  ['tags', 'tag/'],
  ['tag list', 'tag/教程/'],
  ['categories', 'categories/'],
  ['timeline', 'timeline/'],
  ['not found', 'handbook/no-such-page.html'],
] as const
const WIDTHS = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const
/** Each width in the light theme and in the dark one (set by the theme script before the paint). */
const CASES = WIDTHS.flatMap(([width, viewport]) => (['light', 'dark'] as const).map((colorScheme) => [`${width}, ${colorScheme}`, viewport, colorScheme] as const))

/** What a reader sees of every element under #app: its box and its look. */
const snapshot = (page: Page) =>
  page.evaluate(() => {
    const props = ['display', 'position', 'color', 'background-color', 'font-size', 'font-weight', 'font-family', 'line-height', 'margin', 'padding', 'border', 'border-radius', 'visibility', 'opacity', 'text-decoration-line', 'list-style-type', 'box-shadow', 'overflow']
    return [...document.querySelectorAll('#app *')].map((el) => {
      const s = getComputedStyle(el)
      const r = el.getBoundingClientRect()
      return `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''} ${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)} ${props.map((p) => s.getPropertyValue(p)).join('|')}`
    })
  })

describe('the theme stylesheet after the first paint', () => {
  let site: Site
  withSite('static', (s) => (site = s))
  const theme = () => {
    const dir = join(site.dist!, 'assets/css')
    const [file] = readdirSync(dir).filter((f) => /^theme\.[A-Za-z0-9]{8}\.css$/.test(f))
    return { path: `/gpt/assets/css/${file}`, css: readFileSync(join(dir, file), 'utf8') }
  }

  it.each(CASES)('every layout looks as with the whole theme inline, before and after the stylesheet, which arrives and applies (%s)', { timeout: 150_000 }, async (_, viewport, colorScheme) => {
    const { path: sheet, css } = theme()
    // The inline scripts run (the theme script sets the dark class), the client does not (so the markup stays the server's).
    const noClient = async () => {
      const context = await newContext(browser, { viewport, colorScheme })
      await context.route('**/assets/js/**', (route) => route.abort())
      return context
    }
    // Before the stylesheet: the page as painted first, from its own inline share only.
    const noJs = await noClient()
    await noJs.route('**/assets/css/**', (route) => route.abort())
    // With the loader: the stylesheet added.
    const withSheet = await noClient()
    // The reference: the whole theme inline, as every page had it.
    const whole = await noClient()
    await whole.route('**/assets/css/**', (route) => route.abort())
    await whole.route('**/gpt/**', async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback()
      const response = await route.fetch()
      const html = (await response.text()).replace(/<style>[\s\S]*?<\/style>/, () => `<style>${css}</style>`)
      await route.fulfill({ response, body: html })
    })
    try {
      for (const [name, path] of LAYOUTS) {
        const [a, b, c] = await Promise.all([whole.newPage(), noJs.newPage(), withSheet.newPage()])
        await a.goto(site.url + path)
        await b.goto(site.url + path)
        await c.goto(site.url + path)
        expect(await b.evaluate(() => document.documentElement.classList.contains('dark')), name).toBe(colorScheme === 'dark')
        const inline = await b.evaluate(() => document.querySelector('style')!.textContent!.length)
        expect(inline, name).toBeLessThan(css.length / 2)
        const reference = await snapshot(a)
        expect(reference.length, name).toBeGreaterThan(10)
        expect(await snapshot(b), `${name}, before the stylesheet`).toEqual(reference)
        // The loader adds the stylesheet after the paint; it loads, and every rule of it is in.
        await c.waitForFunction((href) => [...document.styleSheets].some((s) => s.href?.endsWith(href) && s.cssRules.length > 0), sheet)
        expect(await snapshot(c), `${name}, with the stylesheet`).toEqual(reference)
        // A rule only the stylesheet holds (the loading bar the router adds) applies with it, not without.
        const probe = (p: Page) =>
          p.evaluate(() => {
            const el = document.body.appendChild(document.createElement('div'))
            el.className = 'gn-progress'
            return getComputedStyle(el).position
          })
        expect(await probe(b), name).toBe('static')
        expect(await probe(c), name).toBe('fixed')
        // States a reader brings about wait for the stylesheet: with it, a pointed link and a
        // focused search box take their look; the first paint holds no rule for either.
        const states = async (p: Page) => {
          await p.hover('.site-title')
          const link = await p.evaluate(() => getComputedStyle(document.querySelector('.site-title')!).textDecorationLine)
          await p.focus('.search-input')
          const ring = await p.evaluate(() => getComputedStyle(document.querySelector('.search-input')!).boxShadow)
          await p.mouse.move(0, 0)
          await p.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
          return { link, focused: ring !== 'none' }
        }
        expect(await states(c), `${name}, with the stylesheet`).toEqual({ link: 'underline', focused: true })
        expect(await states(b), `${name}, before the stylesheet`).toEqual({ link: 'none', focused: false })
        await Promise.all([a.close(), b.close(), c.close()])
      }
    } finally {
      await Promise.all([noJs.close(), withSheet.close(), whole.close()])
    }
  })
})
