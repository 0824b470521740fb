import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { hydrated, useRealSite } from '../helpers/real-site.js'

const ARTICLE = 'handbook/how_to_get_a_foreign_mobile_phone_number.html'
/** Roles a reader operates; each needs a name that a screen reader can say. */
const CONTROL_ROLES = new Set(['button', 'link', 'textbox', 'searchbox', 'combobox', 'checkbox', 'radio', 'menuitem', 'tab', 'spinbutton', 'switch', 'slider', 'option'])

/** Controls in Chromium's accessibility tree (shadow DOM included) that have no accessible name. */
async function unnamedControls(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Accessibility.enable')
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: { ignored: boolean; role?: { value: string }; name?: { value: string }; backendDOMNodeId?: number }[] }
  const bad: string[] = []
  for (const n of nodes) {
    if (n.ignored || !n.role || !CONTROL_ROLES.has(n.role.value)) continue
    if ((n.name?.value ?? '').trim()) continue
    const { node } = (await cdp.send('DOM.describeNode', { backendNodeId: n.backendDOMNodeId })) as { node: { nodeName: string; attributes?: string[] } }
    bad.push(`${n.role.value} <${node.nodeName.toLowerCase()} ${(node.attributes ?? []).join(' ')}>`)
  }
  await cdp.detach()
  return bad
}

/** The around-the-article pages a reader lands on, on the real site under serve. */
describe('reader pages (the real site under serve)', () => {
  const site = useRealSite()

  it('the home page shows the site title, its description and the post list', async () => {
    const page = await site.browser.newPage()
    await page.goto(site.url)
    await hydrated(page)
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe('我的GPT笔记')
    expect(await page.getByRole('main').textContent()).toContain('面向国内读者的 AI 工具实用教程')
    const posts = page.getByRole('main').getByRole('listitem').getByRole('link', { name: /ChatGPT|Claude|Cursor|Gemini|Perplexity|OnlyFans|虚拟卡|手机号|镜像|Apple ID|Gmail/ })
    expect(await posts.count()).toBeGreaterThan(3)
    await page.close()
  })

  it('every page has its landmarks once, and a skip link that takes keyboard focus to the article', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(site.url + ARTICLE)
    await hydrated(page)
    for (const role of ['banner', 'main', 'contentinfo'] as const) expect(await page.getByRole(role).count(), role).toBe(1)
    expect(await page.getByRole('navigation', { name: '主导航' }).count()).toBe(1)
    expect(await page.getByRole('navigation', { name: '侧边栏' }).count()).toBe(1)
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: '跳到正文' })
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true)
    // Shown when focused, inside the viewport.
    const box = await skip.boundingBox()
    expect(box && box.x >= 0 && box.y >= 0 && box.width > 0).toBe(true)
    await page.keyboard.press('Enter')
    await page.waitForFunction(() => document.activeElement?.id === 'main-content')
    // The next Tab goes into the article, not back to the header.
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true)
    await page.close()
  })

  it('keyboard focus is visible on links and buttons', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(site.url)
    await hydrated(page)
    const seen = new Set<string>()
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      const focus = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement
        const s = getComputedStyle(el)
        return { tag: el.tagName.toLowerCase(), ring: (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 1) || s.boxShadow !== 'none' }
      })
      expect(focus.ring, `focus ring on <${focus.tag}>`).toBe(true)
      seen.add(focus.tag)
    }
    expect(seen.has('a')).toBe(true)
    expect(seen.has('button')).toBe(true)
    await page.close()
  })

  it('every control has an accessible name, on desktop and in the phone drawer', async () => {
    const desktop = await site.browser.newPage({ viewport: { width: 1280, height: 800 } })
    for (const path of ['', ARTICLE, 'handbook/test.html', 'timeline/', 'tag/', 'categories/']) {
      await desktop.goto(site.url + path)
      await hydrated(desktop)
      expect(await unnamedControls(desktop), path || 'home').toEqual([])
    }
    await desktop.getByRole('searchbox', { name: '搜索' }).or(desktop.getByRole('combobox', { name: '搜索' })).fill('注册')
    await desktop.getByRole('option').first().waitFor()
    expect(await unnamedControls(desktop), 'search suggestions').toEqual([])
    await desktop.close()
    const phone = await site.browser.newPage({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true })
    await phone.goto(site.url + ARTICLE)
    await hydrated(phone)
    await phone.getByRole('button', { name: '菜单' }).click()
    expect(await unnamedControls(phone), 'drawer').toEqual([])
    await phone.close()
  })

  it('an article ends with its last-updated date and previous/next links that open through the router', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.goto(site.url + ARTICLE)
    await hydrated(page)
    expect(await page.getByRole('main').textContent()).toMatch(/上次更新：\d{4}-\d{1,2}-\d{1,2}/)
    const prevNext = page.getByRole('navigation', { name: '上一篇与下一篇' })
    const next = prevNext.getByRole('link', { name: /^下一篇/ })
    const title = ((await next.textContent()) ?? '').replace(/^下一篇/, '').trim()
    expect(title).not.toBe('')
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1))
    await next.click()
    await page.waitForFunction((t) => document.querySelector('main h1')?.textContent === t, title)
    expect(await page.title()).toBe(`${title} | 我的GPT笔记`)
    // The same document: no full page load.
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1)
    expect(await page.getByRole('navigation', { name: '上一篇与下一篇' }).getByRole('link', { name: /^上一篇/ }).count()).toBe(1)
    await page.close()
  })

  for (const { index, heading, unit } of [
    { index: 'categories/', heading: '分类', unit: '个分类' },
    { index: 'tag/', heading: '标签', unit: '个标签' },
  ]) {
    it(`/${index} lists every ${heading} with its count, and each opens the list of its posts`, async () => {
      const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } })
      await page.goto(site.url + index)
      await hydrated(page)
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(heading)
      const terms = page.getByRole('main').getByRole('listitem').getByRole('link')
      const count = await terms.count()
      expect(count).toBeGreaterThan(2)
      expect(await page.getByRole('main').textContent()).toContain(`共 ${count} ${unit}`)
      const first = terms.first()
      const [, name, n] = /^(.+?)\s+(\d+)$/.exec(((await first.textContent()) ?? '').trim())!
      await first.click()
      await page.waitForFunction((h) => document.querySelector('main h1')?.textContent === h, `${heading}：${name}`)
      expect(await page.getByRole('main').textContent()).toContain(`共 ${n} 篇文章`)
      const listed = page.getByRole('main').getByRole('listitem').getByRole('link', { name: /\S/ })
      expect(await listed.count()).toBeGreaterThanOrEqual(Math.min(Number(n), 10))
      // Each post listed really carries the term: open one and find a link back to this list in its header.
      const termPath = new URL(page.url()).pathname
      await listed.first().click()
      await page.waitForFunction(() => document.querySelector('main article h1'))
      const back = page.locator('main article header').getByRole('link', { name: new RegExp(`^${name}$`) })
      expect(await back.evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname))).toContain(termPath)
      await page.close()
    })
  }

  it('nothing shifts while the article and its images load', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 800 } })
    await page.addInitScript(() => {
      const w = window as unknown as { shift: number }
      w.shift = 0
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) w.shift += e.value
      }).observe({ type: 'layout-shift', buffered: true })
    })
    // Images arrive late, as on a slow network: the text is laid out before any of them.
    await page.route(/\.(svg|png|jpe?g|webp|gif)$/, async (route) => {
      await new Promise((r) => setTimeout(r, 400))
      await route.continue()
    })
    await page.goto(site.url + ARTICLE)
    await hydrated(page)
    // Bring every image into view so lazy ones load, then wait for them all.
    const images = page.getByRole('main').getByRole('img')
    expect(await images.count()).toBeGreaterThan(0)
    for (const img of await images.all()) {
      await img.evaluate((el) => el.scrollIntoView({ block: 'center' }))
      await page.waitForTimeout(100)
    }
    await page.waitForFunction(() => [...document.querySelectorAll('main img')].every((i) => (i as HTMLImageElement).complete))
    await page.waitForTimeout(300)
    expect(await page.evaluate(() => (window as unknown as { shift: number }).shift)).toBeLessThan(0.01)
    await page.close()
  })

  it('small coloured text is legible (contrast 4.5:1 or more) in light and dark mode, and footer links are told apart by more than colour', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await site.browser.newContext({ colorScheme })
      const page = await context.newPage()
      /** Contrast of each element's text colour with the first opaque background behind it (WCAG formula). */
      const contrasts = (selector: string) =>
        page.locator(selector).evaluateAll((els) => {
          const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number)
          const lum = ([r, g, b]: number[]) => {
            const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
            return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b)
          }
          return els.map((el) => {
            let bg: HTMLElement | null = el as HTMLElement
            while (bg && (rgb(getComputedStyle(bg).backgroundColor)[3] ?? 1) === 0) bg = bg.parentElement
            const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(rgb(getComputedStyle(bg ?? document.body).backgroundColor))].sort((x, y) => y - x)
            return Math.round(((a + 0.05) / (b + 0.05)) * 100) / 100
          })
        })
      await page.goto(site.url)
      const badges = await contrasts('.sticky-badge')
      expect(badges.length, 'sticky posts on the home page').toBeGreaterThan(0)
      for (const c of badges) expect(c, `${colorScheme} sticky badge`).toBeGreaterThanOrEqual(4.5)
      expect(await page.locator('.site-footer a').evaluateAll((els) => els.map((el) => getComputedStyle(el).textDecorationLine))).toEqual(['underline', 'underline', 'underline'])
      await page.goto(site.url + 'handbook/how_to_subscribe_to_cursor.html')
      const tokens = await contrasts('.code-block [class^="hljs-"]')
      expect(tokens.length, 'highlighted code').toBeGreaterThan(0)
      for (const c of tokens) expect(c, `${colorScheme} code`).toBeGreaterThanOrEqual(4.5)
      await context.close()
    }
  })
})
