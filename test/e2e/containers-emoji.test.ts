import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { article, h1, visible, withBrowser, withPage, withSite, type Site } from '../helpers/e2e.js'

/**
 * `:::` containers and emoji shortcodes as a reader of a migrated VuePress / reco site sees
 * them, on the built site: titled boxes (in the page's language), a details block that opens
 * and closes, reco's theorem and right-aligned source, v-pre content as written, an unknown
 * container's content, and the emoji in the body, the sidebar and the document title. The
 * boxes' text keeps WCAG AA contrast in light and dark mode (axe-core's colour-contrast rule).
 */

const ZH = 'guide/containers.html'
const EN = 'en/guide.html'
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

let browser: Browser
withBrowser((b) => (browser = b))

describe('containers and emoji (static build)', () => {
  let site: Site
  let page: Page
  withSite('static', (s) => (site = s), { fixture: 'containers-site' })
  // axe is injected into the page, which the site's Content-Security-Policy would refuse.
  withPage(() => browser, (p) => (page = p), { bypassCSP: true })

  const open = async (path: string) => {
    await page.goto(site.url + path)
    await visible(article(page))
  }
  /** A box of the article by its title as the reader sees it. */
  const box = (title: string) => article(page).locator('.custom-block', { has: page.getByText(title, { exact: true }) })

  it('a Chinese page: tip, warning and danger boxes titled in Chinese, the author’s title where written', async () => {
    await open(ZH)
    await visible(h1(page, '容器与表情 🎉'))
    await visible(box('提示').getByText('默认标题的提示。'))
    await visible(box('小心台阶').getByText('自定义标题的警告。'))
    await visible(box('警告').getByText('默认标题的危险提示。'))
    // No block is left as literal colons.
    expect(await article(page).innerText()).not.toContain(':::')
  })

  it('details is a real disclosure: 更多 opens and closes the content', async () => {
    await open(ZH)
    const details = article(page).getByRole('group').filter({ has: page.locator('summary', { hasText: '更多' }) })
    const content = details.getByText('折叠起来的细节内容。')
    expect(await content.isVisible()).toBe(false)
    await details.locator('summary').click()
    await visible(content)
    // The keyboard works too: the summary takes focus and Enter toggles it.
    await details.locator('summary').focus()
    await page.keyboard.press('Enter')
    await expect.poll(() => content.isVisible()).toBe(false)
  })

  it('reco’s theorem with its name, the source right-aligned inside it; v-pre as written; an unknown container’s content', async () => {
    await open(ZH)
    const theorem = box('牛顿第一定律')
    await visible(theorem.getByText('假若施加于某物体的外力为零，则该物体的运动速度不变。'))
    const source = theorem.getByText('来自维基百科')
    await visible(source)
    const align = await source.evaluate((el) => getComputedStyle(el.closest('.custom-block')!).textAlign)
    expect(align).toBe('right')
    await visible(article(page).getByText('模板写法 {{ msg }} 与 :tada: 在这里原样显示。'))
    await visible(box('未知容器').getByText('站点不认识这个名称，但内容照常显示。'))
  })

  it('emoji in the body, the headings, the sidebar and the document title; code and unknown names as written', async () => {
    await open(ZH)
    expect(await page.title()).toMatch(/^容器与表情 🎉 \| /)
    const body = article(page).getByText(/新版本发布了 🎉，欢迎试用 🚀。/)
    await visible(body)
    const text = await body.innerText()
    expect(text).toContain('10:30:00')
    expect(text).toContain(':smile:')
    expect(text).toContain(':not-an-emoji:')
    await visible(article(page).getByRole('heading', { level: 2, name: '✨ 提示类容器' }))
    const sidebar = page.getByRole('navigation', { name: '侧边栏' })
    await visible(sidebar.getByRole('link', { name: '容器与表情 🎉', exact: true }))
    await visible(sidebar.getByRole('link', { name: 'Containers in English 📚', exact: true }))
    // The page's heading under it, its anchor as VuePress made it (the shortcode left out).
    const heading = sidebar.getByRole('link', { name: '✨ 提示类容器', exact: true })
    await visible(heading)
    expect(decodeURIComponent((await heading.getAttribute('href')) ?? '')).toMatch(/#提示类容器$/)
  })

  it('an English page: TIP and See More, and its own emoji', async () => {
    await open(EN)
    await visible(h1(page, 'Containers in English 📚'))
    expect(await page.title()).toMatch(/^Containers in English 📚 \| /)
    await visible(box('TIP').getByText('A tip with the default title.'))
    await visible(article(page).locator('summary', { hasText: 'See More' }))
    await visible(article(page).getByText('Shortcodes work here too 👋.'))
  })

  for (const scheme of ['light', 'dark'] as const) {
    it(`the boxes’ text is readable in ${scheme} mode (contrast)`, async () => {
      await page.emulateMedia({ colorScheme: scheme })
      await open(ZH)
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(scheme === 'dark')
      // Open the details, so its text is checked too.
      await article(page).locator('details summary').first().click()
      await page.evaluate(AXE)
      const { violations, checked } = await page.evaluate(async () => {
        type Result = { id: string; nodes: { target: string[] }[] }
        const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Result[]; passes: Result[] }> } }).axe
        const result = await axe.run({ include: ['.custom-block'] }, { runOnly: { type: 'rule', values: ['color-contrast'] } })
        return {
          violations: result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`)),
          checked: result.passes.reduce((n, p) => n + p.nodes.length, 0),
        }
      })
      expect(violations).toEqual([])
      // The titles and bodies of the boxes were looked at.
      expect(checked).toBeGreaterThan(10)
    })
  }
})
