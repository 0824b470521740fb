import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { MODES, recordProblems, type Site, waitForRouter, withBrowser, withPage, withSite } from '../helpers/e2e.js'

/**
 * Text first: a page paints from its HTML alone (the theme's styles it needs are inline), and the
 * client and the theme's whole stylesheet are fetched only after that paint, so no script competes with the HTML and the first image for
 * bandwidth or adds work before the reader sees the text. The client still starts and takes over.
 */

interface Timing {
  fcp: number | undefined
  resources: { path: string; start: number }[]
  entry: string
  preload: string[]
}

/** When the page first painted text, and when each of its resources was requested. */
const timing = (page: Page): Promise<Timing> =>
  page.evaluate(() => {
    const loader = document.querySelector('script[data-entry]')!
    return {
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      resources: performance.getEntriesByType('resource').map((e) => ({ path: new URL(e.name).pathname, start: e.startTime })),
      entry: loader.getAttribute('data-entry')!,
      // Named relative to the entry's address, as the loader resolves them.
      preload: loader
        .getAttribute('data-preload')!
        .split(' ')
        .map((name) => new URL(name, new URL(loader.getAttribute('data-entry')!, location.href)).pathname),
    }
  })

let browser: Browser
withBrowser((b) => (browser = b))

describe.each(MODES)('first paint (%s)', (mode) => {
  let site: Site
  let page: Page
  withSite(mode, (s) => (site = s))
  withPage(
    () => browser,
    (p) => (page = p),
  )

  it.each(['handbook/getting-started.html', ''])('/gpt/%s paints without a stylesheet or a script, then starts the client', async (path) => {
    const problems = recordProblems(page)
    await page.goto(site.url + path)
    await waitForRouter(page)
    const { fcp, resources, entry, preload } = await timing(page)
    expect(fcp).toBeGreaterThan(0)
    // No stylesheet before the text was on screen; the theme's whole stylesheet once, after it.
    const sheets = resources.filter((r) => r.path.endsWith('.css'))
    expect(sheets.map((r) => r.path)).toEqual([expect.stringMatching(/^\/gpt\/assets\/css\/theme\.[A-Za-z0-9]{8}\.css$/)])
    for (const s of sheets) expect(s.start, s.path).toBeGreaterThanOrEqual(fcp!)
    const scripts = resources.filter((r) => r.path.endsWith('.js'))
    // The entry and every module it imports statically were fetched, each once…
    for (const url of [entry, ...preload]) expect(scripts.filter((s) => s.path === url).length, url).toBe(1)
    // …and no script of any kind before the text was on screen.
    for (const s of scripts) expect(s.start, s.path).toBeGreaterThanOrEqual(fcp!)
    expect(problems).toEqual([])
  })

  it('leaves the bandwidth to the first image: the client is fetched once the image has arrived', async () => {
    // A slow image near the top (the page's largest paint on a phone) holds the load event back.
    await page.route('**/images/architecture.svg', async (route) => {
      await new Promise((r) => setTimeout(r, 1500))
      await route.continue()
    })
    const problems = recordProblems(page)
    await page.goto(site.url + 'handbook/configuration.html', { waitUntil: 'commit' })
    await waitForRouter(page)
    const { image, main } = await page.evaluate(() => {
      const entry = document.querySelector('script[data-entry]')!.getAttribute('data-entry')!
      const resources = performance.getEntriesByType('resource')
      return {
        image: (resources.find((e) => e.name.endsWith("/architecture.svg")) as PerformanceResourceTiming).responseEnd,
        main: resources.find((e) => new URL(e.name).pathname === entry)!.startTime,
      }
    })
    expect(image).toBeGreaterThan(1500)
    expect(main).toBeGreaterThanOrEqual(image)
    expect(problems).toEqual([])
  })

  it('starts the client at the load event in a browser without paint timing', async () => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'PerformanceObserver', { value: undefined })
    })
    const problems = recordProblems(page)
    await page.goto(site.url + 'handbook/install.html')
    await waitForRouter(page)
    const started = await page.evaluate(() => {
      const entry = document.querySelector('script[data-entry]')!.getAttribute('data-entry')!
      const main = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === entry)
      return { main: main?.startTime, load: performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming }
    })
    expect(started.main).toBeGreaterThanOrEqual(started.load.loadEventStart)
    // Still a working client: a link is followed without a full load.
    await page.evaluate(() => ((window as Window & { __marker?: number }).__marker = 1))
    await page.locator('#app a[href$="/gpt/handbook/configuration.html"]').first().click()
    await page.waitForURL(/configuration\.html$/)
    expect(await page.evaluate(() => (window as Window & { __marker?: number }).__marker)).toBe(1)
    expect(problems).toEqual([])
  })
})
