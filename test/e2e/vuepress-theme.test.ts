// What a site moved over from VuePress 1 / vuepress-theme-reco shows, in a real browser: the home
// page's hero, action button and features; reco's author card, friend links and footer filings;
// "Edit this page"; the English locale's own nav, sidebar, title and language menu. On the
// built output (static), and without JavaScript where the reader must see it before any loads.
import type { Browser } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { newContext, type Site, withBrowser, withSite } from '../helpers/e2e.js'
import { hydrated } from '../helpers/real-site.js'

const YEAR = new Date().getFullYear()

/**
 * The WCAG contrast ratio of an element's text against the first opaque background behind it
 * (in the browser; the page's own colours, no image behind).
 */
function contrastOf(el: Element): number {
  const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number)
  const lum = ([r, g, b]: number[]) => {
    const ch = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b)
  }
  let bg: number[] | undefined
  for (let n: Element | null = el; n && !bg; n = n.parentElement) {
    const c = rgb(getComputedStyle(n).backgroundColor)
    if (c.length === 3 || (c.length === 4 && c[3] === 1)) bg = c
  }
  const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(bg ?? [255, 255, 255])]
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)
}

/**
 * The contrast of an element's text colour against the median colour painted under it (from a
 * screenshot of the element, PNG in base64): text over an image.
 */
async function paintedContrastOf(el: Element, png: string): Promise<number> {
  const img = new Image()
  img.src = `data:image/png;base64,${png}`
  await img.decode()
  const canvas = document.createElement('canvas')
  canvas.width = img.width
  canvas.height = img.height
  const ctx = canvas.getContext('2d')!
  ctx.drawImage(img, 0, 0)
  const data = ctx.getImageData(0, 0, img.width, img.height).data
  const ch = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
  const lum = (r: number, g: number, b: number) => 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b)
  const lums: number[] = []
  for (let i = 0; i < data.length; i += 4) lums.push(lum(data[i], data[i + 1], data[i + 2]))
  lums.sort((a, b) => a - b)
  const background = lums[Math.floor(lums.length / 2)]
  const [r, g, b] = (getComputedStyle(el).color.match(/[\d.]+/g) ?? []).map(Number)
  const text = lum(r, g, b)
  return (Math.max(text, background) + 0.05) / (Math.min(text, background) + 0.05)
}

describe('VuePress and reco theme features (theme-site, built)', () => {
  let browser: Browser
  let site: Site
  withBrowser((b) => (browser = b))
  withSite('static', (s) => (site = s), { fixture: 'theme-site' })

  it('the home page shows the hero, its action button and the features, without JavaScript', async () => {
    const context = await newContext(browser, { javaScriptEnabled: false, viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    await page.goto(site.url)
    const main = page.getByRole('main')
    const hero = main.locator('header').first()
    expect(await main.getByRole('heading', { level: 1 }).textContent()).toBe('主题测试站')
    expect(await hero.textContent()).toContain('一份迁移自 VuePress 的笔记')
    // The hero image is served from content/public/ under the base, with its own alt text.
    const image = main.getByRole('img', { name: '站点插图' })
    expect(await image.getAttribute('src')).toBe('/gpt/hero.svg')
    expect(await image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    expect(await image.evaluate((img) => getComputedStyle(img).maxHeight)).toBe('160px')
    // reco's background image and its style, applied to the hero.
    const heroStyle = await page.locator('.hero').evaluate((el) => ({ image: getComputedStyle(el).backgroundImage, height: getComputedStyle(el).height }))
    expect(heroStyle.image).toContain('/gpt/bg.svg')
    expect(heroStyle.height).toBe('420px')
    const action = main.getByRole('link', { name: '开始阅读 →' })
    expect(await action.getAttribute('href')).toBe('/gpt/guide/intro.html')
    const features = main.getByRole('heading', { level: 2 })
    expect(await features.allTextContents()).toEqual(expect.arrayContaining(['简洁', '快速', '国内可用']))
    expect(await main.textContent()).toContain('每个页面都是预先生成的静态 HTML。')
    expect(await main.textContent()).toContain('MIT Licensed | Copyright © 2019-present 小林')
    // The post list is still there beside them.
    expect(await main.getByRole('link', { name: '介绍' }).count()).toBeGreaterThan(0)
    await context.close()
  })

  it('on a phone the home page fits the screen: nothing scrolls sideways, the features stack', async () => {
    const context = await newContext(browser, { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
    const page = await context.newPage()
    await page.goto(site.url)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    const boxes = await page.getByRole('main').getByRole('heading', { level: 2 }).filter({ hasText: /^(简洁|快速|国内可用)$/ }).evaluateAll((els) => els.map((el) => el.getBoundingClientRect().left))
    expect(boxes).toHaveLength(3)
    expect(new Set(boxes.map(Math.round)).size).toBe(1)
    await context.close()
  })

  it('the action button takes the reader to its page; the home page hydrates without a mismatch', async () => {
    const page = await browser.newPage()
    const errors: string[] = []
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(site.url)
    await hydrated(page)
    expect(errors).toEqual([])
    await page.getByRole('main').getByRole('link', { name: '开始阅读 →' }).click()
    await page.waitForURL(site.url + 'guide/intro.html')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('介绍')
    await page.close()
  })

  it('the nav shows the logo; the author card shows the avatar and the numbers of posts and tags', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(site.url)
    const logo = page.getByRole('banner').locator('img.site-logo')
    expect(await logo.getAttribute('src')).toBe('/gpt/logo.svg')
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true)
    const avatar = page.getByRole('img', { name: '小林' })
    expect(await avatar.getAttribute('src')).toBe('/gpt/avatar.svg')
    const card = page.getByRole('complementary')
    expect(await card.textContent()).toMatch(/文章\s*4/)
    expect(await card.textContent()).toMatch(/标签\s*1/)
    await page.close()
  })

  it('friend links: each opens the friend in a new tab, safely, with its logo and line', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(site.url)
    const block = page.getByRole('region', { name: '友情链接' })
    const links = block.getByRole('link')
    expect(await links.count()).toBe(2)
    const first = block.getByRole('link', { name: /午后南杂/ })
    expect(await first.getAttribute('href')).toBe('https://www.recoluan.com')
    expect(await first.getAttribute('target')).toBe('_blank')
    expect(await first.getAttribute('rel')).toContain('noopener')
    expect(await first.textContent()).toContain('一个写前端的博客')
    expect(await first.locator('img').getAttribute('src')).toBe('/gpt/friend.svg')
    // No logo: the name's first letter stands in.
    expect(await block.getByRole('link', { name: /示例博客/ }).getAttribute('href')).toBe('https://example.com/blog/')
    // On a phone the block is below the posts and fits the screen.
    await page.setViewportSize({ width: 375, height: 800 })
    const box = await block.boundingBox()
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true)
    await page.close()
  })

  it('the footer shows the copyright years and both filing numbers, linking to the filing systems', async () => {
    const context = await newContext(browser, { javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(site.url + 'guide/usage.html')
    const footer = page.getByRole('contentinfo')
    expect(await footer.textContent()).toContain(`© 2019–${YEAR} 小林`)
    const icp = footer.getByRole('link', { name: '京ICP备12345678号-1' })
    expect(await icp.getAttribute('href')).toBe('https://beian.miit.gov.cn/')
    expect(await icp.getAttribute('rel')).toContain('noopener')
    const psb = footer.getByRole('link', { name: '京公网安备 11010502030143号' })
    expect(await psb.getAttribute('href')).toBe('https://beian.mps.gov.cn/#/query/webSearch?code=11010502030143')
    await context.close()
  })

  it('"Edit this page" links to the page\'s source under content/, in a new tab', async () => {
    const page = await browser.newPage()
    await page.goto(site.url + 'guide/intro.html')
    const edit = page.getByRole('link', { name: '编辑此页' })
    expect(await edit.getAttribute('href')).toBe('https://github.com/example/notes/edit/main/content/guide/intro.md')
    expect(await edit.getAttribute('target')).toBe('_blank')
    expect(await edit.getAttribute('rel')).toContain('noopener')
    // The English locale's own text.
    await page.goto(site.url + 'en/guide/usage.html')
    const en = page.getByRole('link', { name: 'Edit this page on GitHub' })
    expect(await en.getAttribute('href')).toBe('https://github.com/example/notes/edit/main/content/en/guide/usage.md')
    expect(await page.getByRole('link', { name: '编辑此页' }).count()).toBe(0)
    // Frontmatter `editLink: false` hides it on one page.
    await page.goto(site.url + 'no-edit.html')
    expect(await page.getByRole('main').textContent()).toContain('这一页不显示编辑链接。')
    expect(await page.getByRole('link', { name: '编辑此页' }).count()).toBe(0)
    await page.close()
  })

  it('English pages have their own title, description, nav and sidebar', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(site.url + 'en/guide/intro.html')
    expect(await page.title()).toBe('Introduction | Theme Test Site')
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('How the guide starts.')
    expect(await page.locator('meta[property="og:site_name"]').getAttribute('content')).toBe('Theme Test Site')
    expect(await page.locator('html').getAttribute('lang')).toBe('en-US')
    const banner = page.getByRole('banner')
    expect(await banner.getByRole('link', { name: 'Theme Test Site' }).getAttribute('href')).toBe('/gpt/en/')
    const nav = banner.getByRole('navigation', { name: '主导航' })
    expect(await nav.getByRole('link').allTextContents()).toEqual(expect.arrayContaining(['Home', 'Guide']))
    expect(await nav.getByRole('link', { name: '首页' }).count()).toBe(0)
    const sidebar = page.getByRole('navigation', { name: '侧边栏' })
    expect(await sidebar.textContent()).toContain('Guide')
    expect(await sidebar.getByRole('link').allTextContents()).toEqual(expect.arrayContaining(['Introduction', 'Usage']))
    expect(await sidebar.textContent()).not.toContain('指南')
    expect(await page.getByText('Last Updated').count()).toBe(1)
    expect(await page.getByRole('navigation', { name: 'Previous and next' }).getByRole('link').textContent()).toBe('NextUsage')
    // The English home: its own title and description.
    await page.goto(site.url + 'en/')
    expect(await page.title()).toBe('Theme Test Site')
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('A small site for checking the theme.')
    expect(await page.getByRole('main').getByRole('heading', { level: 1 }).textContent()).toBe('Theme Test Site')
    expect(await page.getByRole('main').getByRole('link', { name: 'Get Started →' }).getAttribute('href')).toBe('/gpt/en/guide/intro.html')
    expect(await page.getByRole('region', { name: 'All Posts' }).count()).toBe(1)
    await page.close()
  })

  it('the language menu keeps the reader on the same page in the other language', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
    await page.goto(site.url + 'guide/intro.html')
    await hydrated(page)
    const nav = page.getByRole('banner').getByRole('navigation', { name: '主导航' })
    await nav.getByRole('button', { name: '选择语言' }).click()
    await nav.getByRole('link', { name: 'English' }).click()
    await page.waitForURL(site.url + 'en/guide/intro.html')
    expect(await page.title()).toBe('Introduction | Theme Test Site')
    await nav.getByRole('button', { name: 'Languages' }).click()
    expect(await nav.getByRole('link', { name: 'English' }).getAttribute('aria-current')).toBe('page')
    await nav.getByRole('link', { name: '简体中文' }).click()
    await page.waitForURL(site.url + 'guide/intro.html')
    expect(await page.getByRole('navigation', { name: '侧边栏' }).textContent()).toContain('指南')
    await page.close()
  })

  it('the home page reads in both colour modes: the hero, the button and the features keep their contrast', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await newContext(browser, { colorScheme })
      const page = await context.newPage()
      await page.goto(site.url)
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark')
      const main = page.getByRole('main')
      for (const target of [main.getByRole('link', { name: '开始阅读 →' }), main.getByRole('heading', { name: '快速' }), main.getByText('每个页面都是预先生成的静态 HTML。')]) {
        expect(await target.evaluate(contrastOf), `${colorScheme}: ${await target.textContent()}`).toBeGreaterThanOrEqual(4.5)
      }
      // The heading sits on the author's background image: measured against what is painted.
      const heading = main.getByRole('heading', { level: 1 })
      const shot = (await heading.screenshot({ animations: 'disabled' })).toString('base64')
      expect(await heading.evaluate(paintedContrastOf, shot), `${colorScheme}: the hero's heading`).toBeGreaterThanOrEqual(3)
      await context.close()
    }
  })
})
