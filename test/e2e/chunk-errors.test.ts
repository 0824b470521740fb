import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { article, chunkFile, h1, mark, marked, MODES, ready, type Site, SITE_TITLE, visible, waitForRouter, withBrowser, withPage, withSite } from '../helpers/e2e.js'

let browser: Browser
withBrowser((b) => (browser = b))

function recordConsoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  return errors
}

describe('a page chunk missing from the static output', () => {
  let site: Site
  let page: Page
  let missing: string
  withSite('static', (s) => (site = s), {
    prepare: (dist) => {
      missing = chunkFile(dist, 'handbook_install')
      rmSync(join(dist, 'assets/js', missing))
    },
  })
  withPage(() => browser, (p) => (page = p))

  it('logs a ChunkLoadError naming the chunk and its address, then loads the page in full', async () => {
    const errors = recordConsoleErrors(page)
    await page.goto(site.url + 'handbook/getting-started.html')
    await ready(page)
    await mark(page)
    const chunkUrl = new URL('assets/js/' + missing, site.url).href

    await article(page).getByRole('link', { name: '阅读安装指南', exact: true }).click()
    await visible(h1(page, '安装指南'))
    expect(page.url()).toBe(site.url + 'handbook/install.html')
    expect(await page.title()).toBe(`安装指南 | ${SITE_TITLE}`)
    // A full page load brought it: the window is a new one.
    expect(await marked(page)).toBe(false)

    const message = errors.find((e) => e.startsWith('Failed to resolve async component'))
    expect(message).toBe(
      `Failed to resolve async component /gpt/handbook/install.html: ChunkLoadError: Loading chunk handbook_install failed.\n(missing: ${chunkUrl})`,
    )
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

describe.each(MODES)('a page chunk that fails to load (%s)', (mode) => {
  let site: Site
  let page: Page
  withSite(mode, (s) => (site = s))
  withPage(() => browser, (p) => (page = p))

  it('a network failure is reported as "error" and the page loads in full', async () => {
    const errors = recordConsoleErrors(page)
    // The module request fails on the network; the file itself is there (HEAD answers 200).
    await page.route('**/assets/js/handbook_install.*', (route) => (route.request().method() === 'GET' ? route.abort('connectionreset') : route.continue()))
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
        `^Failed to resolve async component /gpt/handbook/install\\.html: ChunkLoadError: Loading chunk handbook_install failed\\.\\n\\(error: ${new URL(site.url).origin.replace(/\./g, '\\.')}/gpt/assets/js/handbook_install\\.[A-Za-z0-9]+\\.js\\)$`,
      ),
    )
  })

  it('a chunk that never arrives times out after 120 s as "timeout", and the page loads in full', async () => {
    const errors = recordConsoleErrors(page)
    await page.clock.install()
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    await page.route('**/assets/js/handbook_install.*', async (route) => {
      await held
      await route.continue().catch(() => undefined)
    })
    try {
      await page.goto(site.url + 'handbook/getting-started.html')
      // Timers are fake: the route map's idle-time load waits, so the click fetches it.
      await waitForRouter(page)
      await mark(page)
      const requested = page.waitForRequest('**/assets/js/handbook_install.*')
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
        /^Failed to resolve async component \/gpt\/handbook\/install\.html: ChunkLoadError: Loading chunk handbook_install failed\.\n\(timeout: http:\/\/127\.0\.0\.1:\d+\/gpt\/assets\/js\/handbook_install\.[A-Za-z0-9]+\.js\)$/,
      )
    } finally {
      release()
    }
  })
})
