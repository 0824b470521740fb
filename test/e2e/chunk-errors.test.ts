import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { article, h1, mark, marked, MODES, ready, type Site, SITE_TITLE, visible, waitForRouter, withBrowser, withPage, withSite } from '../helpers/e2e.js'

let browser: Browser
withBrowser((b) => (browser = b))

function recordConsoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  return errors
}

/**
 * A route's data comes with its HTML page (the router fetches the page and reads its inline data
 * and content element): the page is the chunk. When that fetch fails the router reports a
 * ChunkLoadError naming the page and the reason, and the browser loads the address in full.
 */
describe('a page missing from the static output', () => {
  let site: Site
  let page: Page
  withSite('static', (s) => (site = s), {
    prepare: (dist) => rmSync(join(dist, 'handbook/install.html')),
  })
  withPage(() => browser, (p) => (page = p))

  it("logs a ChunkLoadError naming the page and its address, then loads the address in full: the host's answer", async () => {
    const errors = recordConsoleErrors(page)
    await page.goto(site.url + 'handbook/getting-started.html')
    await ready(page)
    await mark(page)
    const pageUrl = new URL('handbook/install.html', site.url).href

    const full = page.waitForEvent('load')
    await article(page).getByRole('link', { name: '阅读安装指南', exact: true }).click()
    await full
    // The full load shows what the host has at that address: the not-found page, and stays there.
    await visible(page.getByRole('link', { name: '返回首页', exact: true }))
    await ready(page)
    expect(page.url()).toBe(site.url + 'handbook/install.html')
    expect(await h1(page, '快速开始').count()).toBe(0)
    expect(await page.title()).toContain(SITE_TITLE)
    // A full page load brought it: the window is a new one.
    expect(await marked(page)).toBe(false)

    const message = errors.find((e) => e.startsWith('Failed to resolve async component'))
    expect(message).toBe(`Failed to resolve async component /gpt/handbook/install.html: ChunkLoadError: Loading chunk handbook_install failed.\n(missing: ${pageUrl})`)
  })

  it('other pages still navigate in place', async () => {
    await page.goto(site.url + 'handbook/getting-started.html')
    await ready(page)
    await mark(page)
    await article(page).getByRole('link', { name: '配置说明', exact: true }).click()
    await visible(h1(page, '配置说明'))
    expect(await marked(page)).toBe(true)
  })
})

describe.each(MODES)("a page's fetch that fails (%s)", (mode) => {
  let site: Site
  let page: Page
  withSite(mode, (s) => (site = s))
  withPage(() => browser, (p) => (page = p))

  it('a network failure is reported as "error" and the page loads in full', async () => {
    const errors = recordConsoleErrors(page)
    // The router's fetch of the page fails on the network; the page itself is there (a full load gets it).
    await page.route('**/gpt/handbook/install.html', (route) => (route.request().resourceType() === 'fetch' ? route.abort('connectionreset') : route.continue()))
    await page.goto(site.url + 'handbook/getting-started.html')
    await ready(page)
    await mark(page)

    await article(page).getByRole('link', { name: '阅读安装指南', exact: true }).click()
    await visible(h1(page, '安装指南'))
    expect(page.url()).toBe(site.url + 'handbook/install.html')
    expect(await marked(page)).toBe(false)
    const message = errors.find((e) => e.startsWith('Failed to resolve async component'))
    expect(message).toMatch(
      new RegExp(
        `^Failed to resolve async component /gpt/handbook/install\\.html: ChunkLoadError: Loading chunk handbook_install failed\\.\\n\\(error: ${new URL(site.url).origin.replace(/\./g, '\\.')}/gpt/handbook/install\\.html\\)$`,
      ),
    )
  })

  it('a page that never arrives times out after 120 s as "timeout", and the page loads in full', async () => {
    const errors = recordConsoleErrors(page)
    await page.clock.install()
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    await page.route('**/gpt/handbook/install.html', async (route) => {
      if (route.request().resourceType() === 'fetch') await held
      await route.continue().catch(() => undefined)
    })
    try {
      await page.goto(site.url + 'handbook/getting-started.html')
      // Timers are fake: the route map's idle-time load waits, so the click fetches it.
      await waitForRouter(page)
      await mark(page)
      const requested = page.waitForRequest((r) => r.url().endsWith('/gpt/handbook/install.html') && r.resourceType() === 'fetch')
      await article(page).getByRole('link', { name: '阅读安装指南', exact: true }).click()
      await requested
      // Nothing happens before the time-out…
      await page.clock.runFor(119_000)
      expect(await h1(page, '快速开始').isVisible()).toBe(true)
      expect(errors.filter((e) => e.includes('ChunkLoadError'))).toEqual([])
      // …and after it the page loads in full.
      await page.clock.runFor(2_000)
      await visible(h1(page, '安装指南'))
      expect(page.url()).toBe(site.url + 'handbook/install.html')
      expect(await marked(page)).toBe(false)
      const message = errors.find((e) => e.startsWith('Failed to resolve async component'))
      expect(message).toMatch(
        /^Failed to resolve async component \/gpt\/handbook\/install\.html: ChunkLoadError: Loading chunk handbook_install failed\.\n\(timeout: http:\/\/127\.0\.0\.1:\d+\/gpt\/handbook\/install\.html\)$/,
      )
    } finally {
      release()
    }
  })
})
