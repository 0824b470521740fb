import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { hasRoute } from '../../src/shared/route-list.js'
import { article, h1, isPageChunk, mark, marked, MODES, ready, recordPageLoads, recordProblems, recordScripts, routeMap, type Site, SITE_TITLE, visible, withBrowser, withPage, withSite } from '../helpers/e2e.js'

let browser: Browser
withBrowser((b) => (browser = b))


describe.each(MODES)('client-side navigation (%s)', (mode) => {
  let site: Site
  let page: Page
  let scripts: string[]
  let pages: string[]
  let problems: string[]

  withSite(mode, (s) => (site = s))
  withPage(
    () => browser,
    (p) => {
      page = p
      scripts = recordScripts(page)
      pages = recordPageLoads(page)
      problems = recordProblems(page)
    },
  )

  /** Page chunks (scripts) requested since `before` (a copy of `scripts` taken earlier): a page's data comes with its HTML, so none. */
  const newChunks = (before: string[]) => scripts.slice(before.length).filter((s) => isPageChunk(s) && !before.includes(s))

  it("clicking a link in an article loads that page (its HTML, for its data) and no other, without a full page load", async () => {
    await page.goto(site.url + 'handbook/getting-started.html')
    await ready(page)
    const map = await routeMap(page)
    const before = [...scripts]
    const pagesBefore = pages.length
    await mark(page)

    await article(page).getByRole('link', { name: '阅读安装指南', exact: true }).click()
    await visible(h1(page, '安装指南'))

    expect(page.url()).toBe(site.url + 'handbook/install.html')
    expect(await page.title()).toBe(`安装指南 | ${SITE_TITLE}`)
    // The route's own page, which the route map knows.
    expect(pages.slice(pagesBefore)).toEqual(['/gpt/handbook/install.html'])
    expect(hasRoute(map.routes, '/gpt/handbook/install.html')).toBe(true)
    expect(newChunks(before)).toEqual([])
    expect(await marked(page)).toBe(true)
    // The old page is gone and the sidebar marks the new one as current.
    expect(await h1(page, '快速开始').count()).toBe(0)
    const current = page.getByRole('navigation', { name: '侧边栏' }).getByRole('link', { name: '安装指南', exact: true })
    expect(await current.getAttribute('aria-current')).toBe('page')
    expect(problems).toEqual([])
  })

  it("a list page reached before its layouts' chunk has arrived waits for it, then shows in place", async () => {
    // The list layouts load at idle time; hold their chunk back until the reader has clicked.
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    await page.route('**/assets/js/list-layouts.*.js', async (route) => {
      await held
      await route.continue()
    })
    await page.goto(site.url + 'handbook/getting-started.html')
    await ready(page)
    await mark(page)
    await page.getByRole('contentinfo').getByRole('link', { name: '标签', exact: true }).click()
    await page.waitForTimeout(300)
    // The article stays until the layout can draw the new page: nothing half-drawn, no full load.
    expect(await h1(page, '快速开始').count()).toBe(1)
    release()
    await visible(h1(page, '标签'))
    expect(page.url()).toBe(site.url + 'tag/')
    expect(await marked(page)).toBe(true)
    // The idle-time load and the navigation shared one request.
    expect(scripts.filter((s) => s.startsWith('list-layouts.'))).toHaveLength(1)
    expect(problems).toEqual([])
  })

  it('follows the sidebar, the nav bar and the site title, one fetch per new page', async () => {
    await page.goto(site.url + 'handbook/install.html')
    await ready(page)
    const map = await routeMap(page)
    await mark(page)
    const steps = [
      { link: page.getByRole('navigation', { name: '侧边栏' }).getByRole('link', { name: '配置说明', exact: true }), heading: '配置说明', path: 'handbook/configuration.html', title: `配置说明 | ${SITE_TITLE}` },
      { link: page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '常见问题', exact: true }), heading: '常见问题', path: 'handbook/faq.html', title: `常见问题 | ${SITE_TITLE}` },
      { link: page.getByRole('navigation', { name: '侧边栏' }).getByRole('link', { name: '带空格的页面', exact: true }), heading: '带空格的页面', path: 'handbook/a%20b.html', title: `带空格的页面 | ${SITE_TITLE}` },
      { link: page.getByRole('banner').getByRole('link', { name: SITE_TITLE, exact: true }), heading: SITE_TITLE, path: '', title: SITE_TITLE },
      { link: page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '标签', exact: true }), heading: '标签', path: 'tag/', title: `标签 | ${SITE_TITLE}` },
    ]
    for (const step of steps) {
      const before = [...scripts]
      const pagesBefore = pages.length
      await step.link.click()
      await visible(h1(page, step.heading))
      expect(page.url()).toBe(site.url + step.path)
      expect(await page.title()).toBe(step.title)
      expect(pages.slice(pagesBefore)).toEqual(['/gpt/' + step.path])
      expect(hasRoute(map.routes, '/gpt/' + step.path)).toBe(true)
      expect(newChunks(before)).toEqual([])
    }
    expect(await marked(page)).toBe(true)
    expect(problems).toEqual([])
  })

  it('back and forward show the earlier pages again without reloading or refetching them', async () => {
    await page.goto(site.url + 'handbook/getting-started.html')
    await ready(page)
    await mark(page)
    await article(page).getByRole('link', { name: '阅读安装指南', exact: true }).click()
    await visible(h1(page, '安装指南'))
    const before = [...scripts]
    const pagesBefore = pages.length

    await page.goBack()
    await visible(h1(page, '快速开始'))
    expect(page.url()).toBe(site.url + 'handbook/getting-started.html')
    expect(await page.title()).toBe(`快速开始 | ${SITE_TITLE}`)

    await page.goForward()
    await visible(h1(page, '安装指南'))
    expect(page.url()).toBe(site.url + 'handbook/install.html')
    expect(await page.title()).toBe(`安装指南 | ${SITE_TITLE}`)

    expect(scripts.slice(before.length)).toEqual([])
    expect(pages.slice(pagesBefore)).toEqual([])
    expect(await marked(page)).toBe(true)
    expect(problems).toEqual([])
  })

  it('navigates from a page opened by its not-found address', async () => {
    const response = await page.goto(site.url + 'handbook/no-such-page.html')
    expect(response?.status()).toBe(404)
    await ready(page)
    await mark(page)
    await page.getByRole('link', { name: '返回首页', exact: true }).click()
    await visible(h1(page, SITE_TITLE))
    expect(page.url()).toBe(site.url)
    expect(await page.title()).toBe(SITE_TITLE)
    expect(await marked(page)).toBe(true)
  })

  it('a click before the route map has loaded still navigates in place', async () => {
    // Hold the route map back so the click has to fetch it.
    let release!: () => void
    const held = new Promise<void>((r) => (release = r))
    await page.route('**/assets/js/routes.*.js', async (route) => {
      await held
      await route.continue()
    })
    await page.goto(site.url + 'handbook/getting-started.html')
    await page.waitForFunction(() => !!(history.state as { key?: string } | null)?.key)
    await mark(page)
    await article(page).getByRole('link', { name: '阅读安装指南', exact: true }).click()
    release()
    await visible(h1(page, '安装指南'))
    expect(page.url()).toBe(site.url + 'handbook/install.html')
    expect(await marked(page)).toBe(true)
  })
})
