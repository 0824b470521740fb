import { describe, expect, it } from 'vitest'
import { hydrated, useRealSite } from '../helpers/real-site.js'

/** The theme around the article, on the real site (我的GPT笔记, 25 posts → 3 list pages). */
describe('theme (the real site under serve)', () => {
  const site = useRealSite()

  it('dark mode: the toggle switches, is remembered across loads and applies before the first paint', async () => {
    const context = await site.browser.newContext({ colorScheme: 'light' })
    const page = await context.newPage()
    await page.goto(site.url)
    await hydrated(page)
    const toggle = page.getByRole('button', { name: '切换深色模式' })
    expect(await toggle.getAttribute('aria-pressed')).toBe('false')
    await toggle.click()
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    expect(await toggle.getAttribute('aria-pressed')).toBe('true')
    // Seen by a script that runs before any of the page's own: the class is already there.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => ((window as unknown as { early: boolean }).early ??= document.documentElement.classList.contains('dark')), { once: true })
    })
    await page.reload()
    expect(await page.evaluate(() => (window as unknown as { early: boolean }).early)).toBe(true)
    await context.close()
  })

  it('follows the system colour scheme until the reader chooses', async () => {
    const context = await site.browser.newContext({ colorScheme: 'dark' })
    const page = await context.newPage()
    await page.goto(site.url + 'timeline/')
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    await context.close()
  })

  it('the author-blog dropdown opens, holds safe external links and closes on Escape', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(site.url)
    await hydrated(page)
    const button = page.getByRole('navigation', { name: '主导航' }).getByRole('button', { name: '作者博客' })
    await button.click()
    expect(await button.getAttribute('aria-expanded')).toBe('true')
    const links = page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: /博客园|掘金/ })
    expect(await links.count()).toBe(2)
    for (const l of await links.all()) {
      expect(await l.isVisible()).toBe(true)
      expect(await l.getAttribute('rel')).toBe('noopener noreferrer')
      expect(await l.getAttribute('target')).toBe('_blank')
    }
    await page.keyboard.press('Escape')
    expect(await button.getAttribute('aria-expanded')).toBe('false')
    // The active nav item is marked.
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '系统公告' }).click()
    await page.waitForURL(/announcement\.html$/)
    expect(await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '系统公告' }).getAttribute('aria-current')).toBe('page')
    await page.close()
  })

  it('on a phone the menu button opens a drawer with nav and sidebar that closes after navigation', async () => {
    const page = await site.browser.newPage({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })
    await page.goto(site.url + 'handbook/wildcard.html')
    await hydrated(page)
    const menu = page.getByRole('button', { name: '菜单' })
    const sidebar = page.getByRole('navigation', { name: '侧边栏' })
    expect(await sidebar.isVisible()).toBe(false)
    await menu.click()
    expect(await menu.getAttribute('aria-expanded')).toBe('true')
    await sidebar.getByText('ChatGPT', { exact: true }).click() // open the group
    const link = sidebar.getByRole('link', { name: /注册 ChatGPT/ })
    await link.click()
    await page.waitForURL(/how_to_sign_up_for_chatgpt\.html$/)
    await page.waitForFunction(() => document.querySelector('[aria-label="菜单"]')?.getAttribute('aria-expanded') === 'false')
    await sidebar.waitFor({ state: 'hidden', timeout: 2000 }) // after the slide-out
    // Nothing sticks out sideways at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await page.close()
  })

  it('the sidebar marks the current page and follows the heading being read', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(site.url + 'handbook/how_to_sign_up_for_chatgpt.html')
    await hydrated(page)
    const sidebar = page.getByRole('navigation', { name: '侧边栏' })
    expect(await sidebar.getByRole('link', { name: /注册 ChatGPT 账号/ }).getAttribute('aria-current')).toBe('page')
    await page.evaluate(() => document.getElementById('手机验证')!.scrollIntoView({ block: 'start', behavior: 'instant' }))
    await page.waitForFunction(() => document.querySelector('nav[aria-label="侧边栏"] a[aria-current="location"]')?.textContent === '手机验证', undefined, { timeout: 5000 })
    await page.close()
  })

  it('paginates the home list 10 a page, with a jump box that accepts only a page that exists', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(site.url)
    await hydrated(page)
    const list = page.getByRole('region', { name: '全部文章' })
    const titles = () => list.getByRole('heading', { level: 3 }).allTextContents()
    const first = await titles()
    expect(first).toHaveLength(10)
    expect(first[0]).toContain('系统公告') // sticky 1 first
    const pager = page.getByRole('navigation', { name: '分页' })
    await pager.getByRole('button', { name: '第 2 页' }).click()
    await page.waitForURL(/\?page=2$/)
    // The second page's posts replace the first's (the list renders once its data is here).
    await expect.poll(titles).not.toEqual(first)
    const second = await titles()
    expect(second).toHaveLength(10)
    const jump = pager.getByRole('textbox', { name: '跳转到页码' })
    await jump.fill('9')
    await pager.getByRole('button', { name: '跳转' }).click()
    expect(await page.getByRole('alert').textContent()).toContain('不超过 3')
    await jump.fill('3')
    await pager.getByRole('button', { name: '跳转' }).click()
    await page.waitForURL(/\?page=3$/)
    expect(await titles()).toHaveLength(5)
    expect(await pager.getByRole('button', { name: '第 3 页' }).getAttribute('aria-current')).toBe('page')
    await page.close()
  })

  it('tags keep their colour everywhere; the timeline groups by year with month-day', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(site.url + 'tag/')
    const colour = (p: typeof page) => p.getByRole('link', { name: /^ChatGPT/ }).first().evaluate((el) => getComputedStyle(el).backgroundColor)
    const onIndex = await colour(page)
    await page.goto(site.url + 'handbook/how_to_sign_up_for_chatgpt.html')
    expect(await colour(page)).toBe(onIndex)
    await page.goto(site.url + 'timeline/')
    expect(await page.getByRole('heading', { level: 2, name: '2025' }).isVisible()).toBe(true)
    const row = page.getByRole('listitem').filter({ hasText: '订阅 ChatGPT Plus' }).first()
    expect(await row.textContent()).toMatch(/^3-3/)
    await page.close()
  })
})
