import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { article, h1, mark, marked, ready, recordProblems, recordScripts, type Site, visible, withBrowser, withPage, withSite } from '../helpers/e2e.js'
import { readSsr, RECORD_SSR } from '../helpers/record-ssr.js'

/**
 * Reader widgets and islands (src/client/widgets) on the built site: code loads only where a
 * page uses it, islands mount over their fallback after hydration and after each navigation,
 * and a failing island leaves its fallback readable.
 */

const ISLAND_CHUNK = /^spoiler\.[\w-]+\.js$/
const QUIZ = 'guide/quiz.html'
const PLAIN = 'guide/plain.html'

let browser: Browser
withBrowser((b) => (browser = b))

describe('widgets and islands (static)', () => {
  let site: Site
  let page: Page
  let scripts: string[]
  let problems: string[]
  withSite('static', (s) => (site = s), { fixture: 'widgets-site' })
  withPage(
    () => browser,
    (p) => {
      page = p
      scripts = recordScripts(page)
      problems = recordProblems(page)
    },
    { prepare: (c) => c.addInitScript(RECORD_SSR) },
  )

  beforeAll(() => {
    // The island has a chunk of its own, named after its entry file.
    expect(readdirSync(join(site.dist!, 'assets/js')).filter((f) => ISLAND_CHUNK.test(f))).toHaveLength(1)
  })

  const islands = () => article(page).locator('[data-island="spoiler"]')
  const first = () => islands().first()
  /** Wait until every island on the page has mounted (its button replaced the fallback). */
  const mounted = async (count: number) => {
    await expect.poll(() => article(page).locator('[data-island] .spoiler-toggle').count()).toBe(count)
    expect(await article(page).locator('[data-island] details').count()).toBe(0)
  }
  const settle = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 300))))

  it('a page without widgets or islands fetches none of their code and renders no slot', async () => {
    await page.goto(site.url + PLAIN)
    await ready(page)
    await page.mouse.wheel(0, 2000)
    await settle()
    expect(scripts.filter((s) => ISLAND_CHUNK.test(s))).toEqual([])
    expect(await page.locator('.widget-slot, [data-island]').count()).toBe(0)
    expect(problems).toEqual([])
  })

  it('without JavaScript the island reads as a <details>', async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false })
    try {
      const p = await noJs.newPage()
      await p.goto(site.url + QUIZ)
      await visible(h1(p, '小测验'))
      const answer = p.getByText('这一步叫作')
      expect(await answer.isVisible()).toBe(false)
      await p.getByRole('article').locator('summary', { hasText: '答案' }).first().click()
      await visible(answer)
      expect(await p.getByRole('article').locator('summary', { hasText: '第二题的答案' }).isVisible()).toBe(true)
      expect(await p.getByRole('button', { name: '显示答案' }).count()).toBe(0)
    } finally {
      await noJs.close()
    }
  })

  it('with JavaScript the island mounts over its fallback, fetched its chunk, and its button works', async () => {
    await page.goto(site.url + QUIZ)
    await ready(page)
    await mounted(2)
    expect(scripts.filter((s) => ISLAND_CHUNK.test(s))).toHaveLength(1)

    const toggle = first().getByRole('button')
    const answer = first().getByText('这一步叫作')
    expect(await toggle.textContent()).toBe('显示答案')
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await answer.isVisible()).toBe(false)
    await toggle.click()
    await visible(answer)
    expect(await toggle.textContent()).toBe('隐藏答案')
    expect(await toggle.getAttribute('aria-expanded')).toBe('true')
    // Each island has its own state and its own ids.
    expect(await islands().nth(1).getByText('岛屿只在需要的页面').isVisible()).toBe(false)
    expect(await islands().nth(1).locator('.custom-block-title').textContent()).toBe('第二题的答案')
    const ids = await article(page).locator('.spoiler-body').evaluateAll((els) => els.map((e) => e.id))
    expect(new Set(ids).size).toBe(2)
    await toggle.click()
    expect(await answer.isVisible()).toBe(false)
    expect(problems).toEqual([])
  })

  it('an island far down the page loads its code only when the reader scrolls near it', async () => {
    await page.goto(site.url + 'guide/long.html')
    await ready(page)
    await settle()
    expect(scripts.filter((s) => ISLAND_CHUNK.test(s))).toEqual([])
    expect(await article(page).locator('[data-island] details').count()).toBe(1)
    await article(page).getByRole('heading', { name: '最后一题' }).scrollIntoViewIfNeeded()
    await mounted(1)
    expect(scripts.filter((s) => ISLAND_CHUNK.test(s))).toHaveLength(1)
    expect(problems).toEqual([])
  })

  it('hydration adopts the server HTML: the only changes are the islands replacing their fallbacks', async () => {
    for (const path of [PLAIN, QUIZ, '']) {
      await page.goto(site.url + path)
      await ready(page)
      if (path === QUIZ) await mounted(2)
      await settle()
      const { html, changes, now } = await readSsr(page)
      const sameOutsideIslands = await page.evaluate(([ssr, live]) => {
        const emptyIslands = (s: string) => {
          const t = document.createElement('template')
          t.innerHTML = s
          for (const el of t.content.querySelectorAll('[data-island]')) el.replaceChildren()
          return t.innerHTML
        }
        return emptyIslands(live) === emptyIslands(ssr)
      }, [html, now])
      expect({ path, outside: changes.filter((c) => !c.island) }).toEqual({ path, outside: [] })
      // Outside the islands the DOM is the server's.
      expect(sameOutsideIslands).toBe(true)
      if (path !== QUIZ) expect(now).toBe(html)
    }
    expect(problems).toEqual([])
  })

  it('client-side navigation away and back mounts each island once and unmounts on leaving', async () => {
    await page.goto(site.url + QUIZ)
    await ready(page)
    await mounted(2)
    await mark(page)

    await article(page).getByRole('link', { name: '普通文章', exact: true }).click()
    await visible(h1(page, '普通文章'))
    expect(await page.locator('[data-island], .spoiler-toggle').count()).toBe(0)

    await article(page).getByRole('link', { name: '小测验', exact: true }).click()
    await visible(h1(page, '小测验'))
    await mounted(2)
    await settle()
    await mounted(2)
    await first().getByRole('button', { name: '显示答案' }).click()
    await visible(first().getByText('这一步叫作'))

    await page.goBack()
    await visible(h1(page, '普通文章'))
    await page.goForward()
    await visible(h1(page, '小测验'))
    await mounted(2)
    // Back on the page, the island starts closed again: a fresh mount, not a stale one.
    expect(await first().getByRole('button').textContent()).toBe('显示答案')
    expect(await marked(page)).toBe(true)
    // The chunk came once; later mounts reuse the module.
    expect(scripts.filter((s) => ISLAND_CHUNK.test(s))).toHaveLength(1)
    expect(problems).toEqual([])
  })

  it('an island whose code throws logs one error and leaves its fallback readable', async () => {
    await page.route(/\/assets\/js\/spoiler\.[\w-]+\.js$/, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'export default function Broken() { throw new Error("boom") }' }),
    )
    await page.goto(site.url + QUIZ)
    await ready(page)
    await expect.poll(() => problems.filter((p) => p.includes('[gptnotes] widget spoiler:')).length).toBe(2)
    await settle()
    // One line per island (two on the page), nothing else.
    expect(problems.filter((p) => !p.includes('[gptnotes] widget spoiler:'))).toEqual([])
    expect(problems.filter((p) => p.includes('[gptnotes] widget spoiler:'))).toHaveLength(2)
    expect(await article(page).locator('[data-island] details').count()).toBe(2)
    await first().locator('summary').click()
    await visible(first().getByText('这一步叫作'))
  })

  it('an island whose chunk fails to load logs and keeps its fallback', async () => {
    await page.route(/\/assets\/js\/spoiler\.[\w-]+\.js$/, (route) => route.abort())
    await page.goto(site.url + QUIZ)
    await ready(page)
    await expect.poll(() => problems.filter((p) => p.includes('[gptnotes] widget spoiler:')).length).toBe(2)
    await settle()
    expect(problems.filter((p) => !p.includes('[gptnotes] widget spoiler:') && !p.includes('Failed to load resource'))).toEqual([])
    expect(await article(page).locator('[data-island] details').count()).toBe(2)
  })
})
