import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { article, delay, h1, MODES, ready, type Site, visible, withBrowser, withPage, withSite } from '../helpers/e2e.js'

let browser: Browser
withBrowser((b) => (browser = b))

/** The pages the router fetches answer ~800 ms late, like a slow network. */
const SLOW_MS = 800

/** While set, the router's fetches wait for the test to open this gate instead of a fixed delay. */
let gate: Promise<void> | undefined

/** Records, in the page, whether a progress bar was ever shown since the last reset. */
const WATCH_PROGRESS = () => {
  const w = window as Window & { __progressSeen?: number }
  w.__progressSeen = 0
  const check = () => {
    if (document.querySelector('[role="progressbar"]')) w.__progressSeen!++
  }
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['role'] })
}

const progressSeen = (page: Page) => page.evaluate(() => (window as Window & { __progressSeen?: number }).__progressSeen ?? -1)
const resetProgressSeen = (page: Page) => page.evaluate(() => ((window as Window & { __progressSeen?: number }).__progressSeen = 0))

describe.each(MODES)('the loading bar (%s)', (mode) => {
  let site: Site
  let page: Page
  withSite(mode, (s) => (site = s))
  withPage(
    () => browser,
    async (p) => {
      page = p
      // The router fetches a page's HTML for its data; the first load of a page (a document) is not held.
      await page.route('**/gpt/handbook/*', async (route) => {
        if (route.request().resourceType() === 'fetch') await (gate ?? delay(SLOW_MS))
        await route.continue()
      })
    },
    { prepare: (c) => c.addInitScript(WATCH_PROGRESS) },
  )

  it('shows while a slow page loads and goes away once the page is there', async () => {
    await page.goto(site.url + 'handbook/getting-started.html')
    await ready(page)
    const bar = page.getByRole('progressbar')
    expect(await bar.count()).toBe(0)

    // The page is held until the bar has been seen, so the bar must show while it is on its way
    // (a wall-clock bound here failed on a loaded machine).
    let open!: () => void
    gate = new Promise((resolve) => (open = resolve))
    try {
      await article(page).getByRole('link', { name: '阅读安装指南', exact: true }).click()
      await visible(bar, 5_000)
      expect(await h1(page, '快速开始').isVisible()).toBe(true)
      expect(await bar.getAttribute('aria-label')).toBeTruthy()
    } finally {
      open()
      gate = undefined
    }

    await visible(h1(page, '安装指南'))
    await bar.waitFor({ state: 'hidden', timeout: 2_000 })
    expect(await bar.count()).toBe(0)
  })

  it('does not show when going back or forward to pages already loaded', async () => {
    await page.goto(site.url + 'handbook/getting-started.html')
    await ready(page)
    await article(page).getByRole('link', { name: '阅读安装指南', exact: true }).click()
    await visible(h1(page, '安装指南'))
    expect(await progressSeen(page)).toBeGreaterThan(0) // the watcher does see the bar
    await page.getByRole('progressbar').waitFor({ state: 'hidden', timeout: 2_000 })

    await resetProgressSeen(page)
    await page.goBack()
    await visible(h1(page, '快速开始'))
    await page.goForward()
    await visible(h1(page, '安装指南'))
    await page.goBack()
    await visible(h1(page, '快速开始'))
    await delay(300)
    expect(await progressSeen(page)).toBe(0)

    // A link to a page already visited is just as quick.
    await article(page).getByRole('link', { name: '阅读安装指南', exact: true }).click()
    await visible(h1(page, '安装指南'))
    await delay(300)
    expect(await progressSeen(page)).toBe(0)
  })

  it('does not show for a link within the page', async () => {
    await page.goto(site.url + 'handbook/getting-started.html')
    await ready(page)
    await resetProgressSeen(page)
    await article(page).getByRole('link', { name: '直接跳到下一步', exact: true }).click()
    await page.waitForFunction(() => decodeURIComponent(location.hash) === '#下一步')
    await delay(300)
    expect(await progressSeen(page)).toBe(0)
  })
  it('does not stay on screen after an in-page link clicked before the route map has loaded', async () => {
    // A busy page: the idle callback that fetches the route map has not run yet (the first one,
    // which loads the router itself, runs).
    await page.addInitScript(() => {
      const w = window as Window & { requestIdleCallback: (cb: IdleRequestCallback, options?: IdleRequestOptions) => number }
      const idle = w.requestIdleCallback.bind(window)
      let calls = 0
      w.requestIdleCallback = (cb, options) => (calls++ === 0 ? idle(cb, options) : 0)
    })
    await page.goto(site.url + 'handbook/getting-started.html')
    await page.waitForFunction(() => !!(history.state as { key?: string } | null)?.key)
    await article(page).getByRole('link', { name: '直接跳到下一步', exact: true }).click()
    await page.waitForFunction(() => decodeURIComponent(location.hash) === '#下一步')
    await page.getByRole('progressbar').waitFor({ state: 'hidden', timeout: 2_000 })
    // And the next page still loads in place.
    await page.getByRole('navigation', { name: '侧边栏' }).getByRole('link', { name: '安装指南', exact: true }).click()
    await visible(h1(page, '安装指南'))
    await page.getByRole('progressbar').waitFor({ state: 'hidden', timeout: 2_000 })
  })
})
