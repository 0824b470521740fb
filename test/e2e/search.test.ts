import type { Browser, Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { h1, mark, marked, MODES, ready, recordProblems, type Site, visible, withBrowser, withPage, withSite } from '../helpers/e2e.js'

/** The search fixture: 17 pages mention 注册 (two in the title, one in a heading), one is a draft. */
const FIXTURE = 'search-site'
const INDEX_RE = /\/gpt\/search-index\.json$/

let browser: Browser
withBrowser((b) => (browser = b))

const searchBox = (page: Page) => page.getByRole('search').getByRole('searchbox', { name: '搜索', exact: true })
const suggestions = (page: Page) => page.getByRole('listbox', { name: '搜索建议' })
const options = (page: Page) => suggestions(page).getByRole('option')
const isFocused = (box: Locator) => box.evaluate((el) => el === document.activeElement)

describe.each(MODES)('site search (%s)', (mode) => {
  let site: Site
  let page: Page
  let problems: string[]
  /** Requests for the search index, in order. */
  let indexRequests: string[]

  withSite(mode, (s) => (site = s), { fixture: FIXTURE })
  withPage(
    () => browser,
    (p) => {
      page = p
      problems = recordProblems(page)
      indexRequests = []
      page.on('request', (r) => INDEX_RE.test(new URL(r.url()).pathname) && indexRequests.push(r.url()))
    },
  )

  /** Open a page, wait until the router is idle, focus the search box and type. */
  async function typeQuery(path: string, query: string): Promise<void> {
    await page.goto(site.url + path)
    await ready(page)
    await searchBox(page).click()
    await page.keyboard.type(query)
  }

  it('loads the index when the search box is first focused, not with the page', async () => {
    await page.goto(site.url + 'guide/register-chatgpt.html')
    await ready(page)
    await page.evaluate(() => new Promise((r) => setTimeout(r, 300)))
    expect(indexRequests).toEqual([])

    const loaded = page.waitForResponse((r) => INDEX_RE.test(new URL(r.url()).pathname))
    await searchBox(page).focus()
    expect((await loaded).status()).toBe(200)
    // Focusing again, or searching, does not fetch it again.
    await searchBox(page).blur()
    await searchBox(page).focus()
    await page.keyboard.type('注册')
    await visible(suggestions(page))
    expect(indexRequests).toHaveLength(1)
    expect(problems).toEqual([])
  })

  it('typing 注册 suggests at most 10 pages by relevance: here the titles that hold it, then the page with a heading on it, then pages that mention it', async () => {
    await typeQuery('', '注册')
    await visible(suggestions(page))
    const texts = await options(page).allTextContents()
    expect(texts).toHaveLength(10)
    // One score (the word in the title, a heading, how often in how long a text): on this site the
    // two titles holding 注册 score highest, then the page with a heading on it (linked to it), then
    // body mentions with an excerpt.
    expect(new Set(texts.slice(0, 2))).toEqual(new Set(['注册 ChatGPT 账号', '注册 Claude']))
    expect(texts[2]).toContain('订阅 Plus 会员')
    expect(texts[2]).toContain('注册之后如何订阅')
    for (const text of texts.slice(3)) expect(text).toContain('注册')
    // Every suggestion shows the match marked.
    for (const option of await options(page).all()) expect(await option.locator('mark').first().textContent()).toBe('注册')
    // The draft (`publish: false`) is never suggested.
    expect(texts.join('\n')).not.toContain('注册草稿')
    // The first suggestion is the active one.
    expect(await options(page).first().getAttribute('aria-selected')).toBe('true')
    expect(await searchBox(page).getAttribute('aria-activedescendant')).toBe(await options(page).first().getAttribute('id'))
    expect(problems).toEqual([])
  })

  it('arrow keys move through the suggestions and Enter opens one without a full page load', async () => {
    await typeQuery('', '注册')
    await visible(suggestions(page))
    await mark(page)
    const box = searchBox(page)
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('ArrowUp')
    const third = options(page).nth(2)
    expect(await third.getAttribute('aria-selected')).toBe('true')
    expect(await box.getAttribute('aria-activedescendant')).toBe(await third.getAttribute('id'))
    expect(await suggestions(page).locator('[aria-selected="true"]').count()).toBe(1)

    await page.keyboard.press('Enter')
    await visible(h1(page, '订阅 Plus 会员'))
    expect(decodeURI(page.url())).toBe(site.url + 'guide/subscribe-plus.html#注册之后如何订阅')
    expect(await marked(page)).toBe(true)
    expect(await suggestions(page).count()).toBe(0)
    expect(problems).toEqual([])
  })

  it('ArrowUp from the first suggestion goes to the last', async () => {
    await typeQuery('', '注册')
    await visible(suggestions(page))
    await page.keyboard.press('ArrowUp')
    expect(await options(page).last().getAttribute('aria-selected')).toBe('true')
  })

  it('clicking a suggestion opens its page through the router', async () => {
    await typeQuery('guide/register-chatgpt.html', '虚拟卡')
    await visible(suggestions(page))
    await mark(page)
    await options(page).filter({ hasText: '虚拟卡支付' }).first().click()
    await visible(h1(page, '虚拟卡支付'))
    expect(page.url()).toBe(site.url + 'guide/virtual-card.html')
    expect(await marked(page)).toBe(true)
    expect(problems).toEqual([])
  })

  it('Escape closes the suggestions and leaves the box; focusing it again shows them again', async () => {
    await typeQuery('', '注册')
    await visible(suggestions(page))
    await page.keyboard.press('Escape')
    await suggestions(page).waitFor({ state: 'detached' })
    expect(await isFocused(searchBox(page))).toBe(false)
    expect(await searchBox(page).inputValue()).toBe('注册')
    await searchBox(page).focus()
    await visible(suggestions(page))
  })

  it('/ focuses the search box; inside the box it types a slash', async () => {
    await page.goto(site.url + 'guide/register-claude.html')
    await ready(page)
    expect(await isFocused(searchBox(page))).toBe(false)
    await page.keyboard.press('/')
    expect(await isFocused(searchBox(page))).toBe(true)
    expect(await searchBox(page).inputValue()).toBe('')
    await page.keyboard.type('a/b')
    expect(await searchBox(page).inputValue()).toBe('a/b')
  })

  it('shows markup from page text as text, never as elements', async () => {
    await typeQuery('', '标签强调')
    await visible(suggestions(page))
    const option = options(page).first()
    expect(await option.textContent()).toContain('<b>注册</b> 这样的标签强调')
    await typeQuery('', '注册')
    await visible(suggestions(page))
    const markup = options(page).filter({ hasText: '页面中的标记' })
    expect(await markup.textContent()).toContain('<b>注册</b>')
    expect(await suggestions(page).locator('b, img, script').count()).toBe(0)
  })

  it('says so when nothing matches', async () => {
    await typeQuery('', '不存在的内容')
    const message = '没有找到与“不存在的内容”相关的内容'
    // Shown under the box, and announced to screen readers by the status region.
    await visible(page.getByRole('search').getByText(message, { exact: true }).first())
    expect(await page.getByRole('search').getByRole('status').textContent()).toBe(message)
    expect(await suggestions(page).count()).toBe(0)
  })
})

describe('site search on a 360 px phone', () => {
  let site: Site
  withSite('static', (s) => (site = s), { fixture: FIXTURE })

  it('the box and the suggestions fit the screen and a tap opens a suggestion', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true })
    try {
      const page = await context.newPage()
      const problems = recordProblems(page)
      await page.goto(site.url + 'guide/register-chatgpt.html')
      await ready(page)
      const box = searchBox(page)
      const boxRect = (await box.boundingBox())!
      expect(boxRect.x).toBeGreaterThanOrEqual(0)
      expect(boxRect.x + boxRect.width).toBeLessThanOrEqual(360)
      expect(boxRect.width).toBeGreaterThanOrEqual(100)

      await box.tap()
      await page.keyboard.type('注册')
      await visible(suggestions(page))
      const list = (await suggestions(page).boundingBox())!
      expect(list.x).toBeGreaterThanOrEqual(0)
      expect(list.x + list.width).toBeLessThanOrEqual(360)
      expect(list.width).toBeGreaterThan(300)
      // Rows are large enough to tap.
      const row = (await options(page).first().boundingBox())!
      expect(row.height).toBeGreaterThanOrEqual(40)

      await mark(page)
      await options(page).filter({ hasText: '注册 Claude' }).tap()
      await visible(h1(page, '注册 Claude'))
      expect(page.url()).toBe(site.url + 'guide/register-claude.html')
      expect(await marked(page)).toBe(true)
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})
