import type { Browser, BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { MODES, recordProblems, type Site, SITE_TITLE, waitForRouteMap, waitForRouter, withBrowser, withPage, withSite } from '../helpers/e2e.js'
import { readSsr, RECORD_SSR } from '../helpers/record-ssr.js'

/** Hydration done: the router keyed the history entry, React claimed the DOM, the page went idle. */
async function waitForHydration(page: Page): Promise<void> {
  await waitForRouter(page)
  await page.waitForFunction(() => {
    const h1 = document.querySelector('#app h1')
    return !!h1 && Object.keys(h1).some((k) => k.startsWith('__reactFiber'))
  })
  await waitForRouteMap(page)
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 100))))
}

const PAGES = [
  { path: '', h1: SITE_TITLE, title: SITE_TITLE, status: 200 },
  { path: 'handbook/getting-started.html', h1: '快速开始', title: `快速开始 | ${SITE_TITLE}`, status: 200 },
  { path: 'handbook/install.html', h1: '安装指南', title: `安装指南 | ${SITE_TITLE}`, status: 200 },
  { path: 'handbook/configuration.html', h1: '配置说明', title: `配置说明 | ${SITE_TITLE}`, status: 200 },
  { path: 'handbook/a%20b.html', h1: '带空格的页面', title: `带空格的页面 | ${SITE_TITLE}`, status: 200 },
  { path: 'tag/', h1: '标签', title: `标签 | ${SITE_TITLE}`, status: 200 },
  { path: 'timeline/', h1: '时间轴', title: `时间轴 | ${SITE_TITLE}`, status: 200 },
  { path: 'handbook/no-such-page.html', h1: '404', title: `404 页面未找到 | ${SITE_TITLE}`, status: 404 },
]

let browser: Browser
withBrowser((b) => (browser = b))

describe.each(MODES)('hydration (%s)', (mode) => {
  let site: Site
  let context: BrowserContext
  withSite(mode, (s) => (site = s))
  // Each test opens its own pages in the context (the one made for it stays unused).
  withPage(() => browser, (_, c) => (context = c), { prepare: (c) => c.addInitScript(RECORD_SSR) })

  it.each(PAGES.map((p) => ({ ...p, label: `/gpt/${p.path}` })))('leaves the server HTML of $label untouched, without console errors', async ({ path, h1, title, status }) => {
    const page = await context.newPage()
    const problems = recordProblems(page)
    const response = await page.goto(site.url + path)
    expect(response?.status()).toBe(status)
    await waitForHydration(page)

    const { html, changes, now } = await readSsr(page)
    // The server HTML was captured and is the page the reader expects.
    expect(html).toContain(`>${h1}</h1>`)
    expect(await page.getByRole('heading', { level: 1, name: h1, exact: true }).isVisible()).toBe(true)
    expect(await page.title()).toBe(title)
    // Hydration adopted it as it was.
    expect(changes).toEqual([])
    expect(now).toBe(html)
    // The browser itself reports the 404 status of an unknown page; nothing else may be logged.
    const expected = status === 404 ? [/^console\.error: Failed to load resource: the server responded with a status of 404/] : []
    expect(problems.filter((p) => !expected.some((re) => re.test(p)))).toEqual([])
  })

  it('keeps the server HTML when the page is opened with a hash', async () => {
    const page = await context.newPage()
    const problems = recordProblems(page)
    await page.goto(site.url + 'handbook/configuration.html#环境变量')
    await waitForHydration(page)
    const { html, changes, now } = await readSsr(page)
    expect(html).toContain('环境变量')
    // Scrolled to a section, the sidebar may mark that section as the current one (attribute
    // changes on its links, after hydration); nothing else may change.
    expect(changes.map((c) => c.what).filter((what) => !/^attributes on a \[(class|aria-current)\] in 侧边栏$/.test(what))).toEqual([])
    const strip = (s: string) => s.replace(/<nav[^>]*aria-label="侧边栏"[\s\S]*?<\/nav>/, '')
    expect(strip(now)).toBe(strip(html))
    expect(problems).toEqual([])
  })
})
