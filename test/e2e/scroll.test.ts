import type { Browser, Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { article, h1, mark, marked, MODES, offsets, ready, recordProblems, scrollY, type Site, visible, waitForScrollStop, waitForScrollY, withBrowser, withPage, withSite } from '../helpers/e2e.js'

let browser: Browser
withBrowser((b) => (browser = b))

/** Scroll instantly so that `locator` sits in the middle of the viewport; returns the new scrollY. */
async function scrollToMiddleOf(page: Page, locator: Locator): Promise<number> {
  await locator.evaluate((el) => window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - window.innerHeight / 2, behavior: 'instant' }))
  return waitForScrollStop(page)
}

/**
 * The heading sits just below the sticky site header, not under it and not far down: by
 * default within 40 px of the header (the theme's scroll padding), or within `maxTop`.
 */
async function expectAtTop(page: Page, heading: Locator, maxTop?: number): Promise<void> {
  await page
    .waitForFunction(
      ([el, max]) => {
        const top = (el as Element).getBoundingClientRect().top
        const header = document.querySelector('header')!.getBoundingClientRect().bottom
        return top >= header - 1 && top <= (max ?? header + 40)
      },
      [await heading.elementHandle(), maxTop] as const,
      { timeout: 5_000, polling: 30 },
    )
    .catch(async (err) => {
      throw new Error(`heading not at the top: ${JSON.stringify(await offsets(heading))}: ${(err as Error).message}`)
    })
  await waitForScrollStop(page)
  const { top, headerBottom } = await offsets(heading)
  expect(top).toBeGreaterThanOrEqual(headerBottom - 1)
  expect(top).toBeLessThanOrEqual(maxTop ?? headerBottom + 40)
}


describe.each(MODES)('scrolling (%s)', (mode) => {
  let site: Site
  let page: Page
  let problems: string[]

  withSite(mode, (s) => (site = s))
  withPage(
    () => browser,
    (p) => {
      page = p
      problems = recordProblems(page)
    },
    { viewport: { width: 1280, height: 720 } },
  )

  it('the pages are long enough to scroll', async () => {
    await page.goto(site.url + 'handbook/getting-started.html')
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThanOrEqual(3000)
    await page.goto(site.url + 'handbook/install.html')
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThanOrEqual(3000)
  })

  it('a new page starts at the top', async () => {
    await page.goto(site.url + 'handbook/getting-started.html')
    await ready(page)
    const link = article(page).getByRole('link', { name: '中途的安装指南', exact: true })
    const y = await scrollToMiddleOf(page, link)
    expect(y).toBeGreaterThan(800)
    await link.click()
    await visible(h1(page, '安装指南'))
    await waitForScrollY(page, 0, 0)
  })

  it('back and forward restore where the reader was on each page', async () => {
    await page.goto(site.url + 'handbook/getting-started.html')
    await ready(page)
    await mark(page)
    const link = article(page).getByRole('link', { name: '中途的安装指南', exact: true })
    const yA = await scrollToMiddleOf(page, link)
    expect(yA).toBeGreaterThan(800)

    await link.click()
    await visible(h1(page, '安装指南'))
    await waitForScrollY(page, 0, 0)
    await page.evaluate(() => window.scrollTo({ top: 1900, behavior: 'instant' }))
    const yB = await waitForScrollStop(page)
    expect(yB).toBe(1900)

    await page.goBack()
    await visible(h1(page, '快速开始'))
    await waitForScrollY(page, yA)

    await page.goForward()
    await visible(h1(page, '安装指南'))
    await waitForScrollY(page, yB)

    // And back once more, to the position A had (not B's).
    await page.goBack()
    await visible(h1(page, '快速开始'))
    await waitForScrollY(page, yA)
    expect(await marked(page)).toBe(true)
    expect(problems).toEqual([])
  })

  it('back restores the position after a reload of the page', async () => {
    await page.goto(site.url + 'handbook/getting-started.html')
    await ready(page)
    const link = article(page).getByRole('link', { name: '中途的安装指南', exact: true })
    const yA = await scrollToMiddleOf(page, link)
    await link.click()
    await visible(h1(page, '安装指南'))
    await page.reload()
    await ready(page)
    await page.goBack()
    await visible(h1(page, '快速开始'))
    await waitForScrollY(page, yA)
  })

  it('a hash link on the same page scrolls its heading to the top', async () => {
    await page.goto(site.url + 'handbook/getting-started.html')
    await ready(page)
    await mark(page)
    await article(page).getByRole('link', { name: '直接跳到下一步', exact: true }).click()
    await expectAtTop(page, page.getByRole('heading', { level: 2, name: '下一步', exact: true }))
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#下一步')
    expect(new URL(page.url()).pathname).toBe('/gpt/handbook/getting-started.html')

    // The sidebar lists the page's sections; they work the same way.
    const sectionLink = page.getByRole('navigation', { name: '侧边栏' }).getByRole('link', { name: '目录结构', exact: true })
    await sectionLink.scrollIntoViewIfNeeded()
    const before = await waitForScrollStop(page)
    await sectionLink.click()
    await expectAtTop(page, page.getByRole('heading', { level: 2, name: '目录结构', exact: true }))
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#目录结构')

    // Back returns to where the reader clicked, forward to the section again.
    await page.goBack()
    await waitForScrollY(page, before)
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#下一步')
    await page.goForward()
    await expectAtTop(page, page.getByRole('heading', { level: 2, name: '目录结构', exact: true }))
    expect(await marked(page)).toBe(true)
    expect(problems).toEqual([])
  })

  it('a hash link to another page opens that page at the heading', async () => {
    await page.goto(site.url + 'handbook/faq.html')
    await ready(page)
    await mark(page)
    await article(page).getByRole('link', { name: '安装指南中的 npm 一节', exact: true }).click()
    await visible(h1(page, '安装指南'))
    await expectAtTop(page, page.getByRole('heading', { level: 2, name: '使用 npm 安装', exact: true }))
    const url = new URL(page.url())
    expect(url.pathname).toBe('/gpt/handbook/install.html')
    expect(decodeURIComponent(url.hash)).toBe('#使用-npm-安装')
    expect(await marked(page)).toBe(true)
    expect(problems).toEqual([])
  })

  it('a hash link to a heading below an image ends with the heading in the upper part of the viewport', async () => {
    await page.goto(site.url + 'handbook/getting-started.html')
    await ready(page)
    await mark(page)
    const link = article(page).getByRole('link', { name: '环境变量一节', exact: true })
    await scrollToMiddleOf(page, link)
    await link.click()
    await visible(h1(page, '配置说明'))
    await expectAtTop(page, page.getByRole('heading', { level: 2, name: '环境变量', exact: true }))
    const url = new URL(page.url())
    expect(url.pathname).toBe('/gpt/handbook/configuration.html')
    expect(decodeURIComponent(url.hash)).toBe('#环境变量')
    expect(await marked(page)).toBe(true)
    expect(problems).toEqual([])
  })

  it.each([
    { path: 'handbook/install.html#使用-npm-安装', heading: '使用 npm 安装', maxTop: undefined },
    { path: 'handbook/configuration.html#环境变量', heading: '环境变量' },
  ])('a page opened as $path shows that heading at the top', async ({ path, heading, maxTop }) => {
    await page.goto(site.url + path)
    await ready(page)
    await expectAtTop(page, page.getByRole('heading', { level: 2, name: heading, exact: true }), maxTop)
    expect(await scrollY(page)).toBeGreaterThan(300)
  })
})
