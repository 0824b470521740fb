import type { Browser, Locator, Page, Request } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { article, h1, recordProblems, recordScripts, type Site, visible, withBrowser, withPage, withSite } from '../helpers/e2e.js'

/**
 * The visitor counter (阅读量) from the reader's side, against the real comment service that
 * `gptnotes serve` runs on 127.0.0.1: an article counts the reader once per window, list pages
 * read every listed post's count with one request, the number arrives without moving anything,
 * and pages without the counter download none of its code.
 */

const COUNTER_CHUNK = /^visitor-counter\.[\w-]+\.js$/

/** Before any page script: the layout shifts of the page, and where things were in the server's HTML. */
const RECORD_LAYOUT = () => {
  const w = window as Window & { __shift?: number; __ssr?: { value: string; rects: number[][] } }
  w.__shift = 0
  // Shifts inside the comment box (its own business, tested with it) are left out.
  const outsideComments = (s: { node?: Node | null }) => !(s.node instanceof Element ? s.node : s.node?.parentElement)?.closest('.widget-slot')
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node | null }[] })[]) {
      if (!e.hadRecentInput && e.sources.some(outsideComments)) w.__shift! += e.value
    }
  }).observe({ type: 'layout-shift', buffered: true })
  document.addEventListener('readystatechange', () => {
    if (document.readyState !== 'interactive' || w.__ssr) return
    const value = document.querySelector('.visitor-count-value')
    const rects = [...document.querySelectorAll('.visitor-count, .post-meta, article p')].map((el) => {
      const r = el.getBoundingClientRect()
      return [r.x, r.y, r.width, r.height]
    })
    w.__ssr = { value: value?.textContent ?? '', rects }
  })
}

/** The Counter requests a page makes, as `METHOD where-or-id`. */
function recordCounterCalls(page: Page): string[] {
  const calls: string[] = []
  page.on('request', (r: Request) => {
    const url = new URL(r.url())
    if (!url.pathname.includes('/1.1/classes/Counter') || r.method() === 'OPTIONS') return
    calls.push(`${r.method()} ${url.searchParams.get('where') ?? url.pathname.split('/').pop()}`)
  })
  return calls
}

/** The count shown next to `阅读量` in `scope`, once it has arrived. */
async function countIn(page: Page, scope: Locator = article(page).locator('.post-meta')): Promise<string> {
  const value = scope.locator('.visitor-count-value').filter({ hasText: /^\d+$/ })
  await value.waitFor()
  return (await value.textContent()) ?? ''
}

let browser: Browser
withBrowser((b) => (browser = b))

describe('the visitor counter (gptnotes serve and its comment service)', () => {
  let site: Site
  let page: Page
  let scripts: string[]
  let calls: string[]
  let problems: string[]
  withSite('serve', (s) => (site = s), { fixture: 'counter-site' })
  withPage(
    () => browser,
    (p) => {
      page = p
      problems = recordProblems(page)
      scripts = recordScripts(page)
      calls = recordCounterCalls(page)
    },
    { prepare: (c) => c.addInitScript(RECORD_LAYOUT), viewport: { width: 1000, height: 800 } },
  )

  it('shows an article’s count labelled 阅读量, and its arrival moves nothing', async () => {
    await page.goto(site.url + 'posts/first.html')
    await visible(h1(page, '第一篇教程'))
    const meta = article(page).locator('.post-meta')
    expect(await meta.locator('.visitor-count-label').textContent()).toBe('阅读量')
    expect(await countIn(page)).toBe('1')
    expect(await meta.locator('.visitor-count').innerText()).toMatch(/^阅读量\s*1$/)

    const after = await page.evaluate(() => {
      const w = window as Window & { __shift?: number; __ssr?: { value: string; rects: number[][] } }
      const rects = [...document.querySelectorAll('.visitor-count, .post-meta, article p')].map((el) => {
        const r = el.getBoundingClientRect()
        return [r.x, r.y, r.width, r.height]
      })
      return { shift: w.__shift, ssr: w.__ssr, rects }
    })
    // The server's HTML held the placeholder; the number took its place in the same box.
    expect(after.ssr?.value).toBe('…')
    // (The comment box may add paragraphs below; those in the server's HTML stay put.)
    expect(after.rects.slice(0, after.ssr?.rects.length)).toEqual(after.ssr?.rects)
    expect(after.shift).toBe(0)
    expect(problems.filter((p) => /hydrat|visitor counter/i.test(p))).toEqual([])

    // Its own small chunk, with no SDK in it.
    const chunk = scripts.find((s) => COUNTER_CHUNK.test(s))
    expect(chunk).toBeDefined()
    const code = await (await fetch(`${new URL(site.url).origin}/gpt/assets/js/${chunk}`)).text()
    expect(code.length).toBeLessThan(2500)
    expect(code).not.toMatch(/leancloud|valine|AV\.init/i)
  })

  it('counts a reader once: a second visit within the window shows the same count', async () => {
    await page.goto(site.url + 'posts/second.html')
    expect(await countIn(page)).toBe('1')
    await page.reload()
    expect(await countIn(page)).toBe('1')
    // Find, then create; on the second visit find, then the increment the service declines.
    expect(calls).toEqual([`GET {"url":"/gpt/posts/second.html"}`, 'POST Counter', `GET {"url":"/gpt/posts/second.html"}`, expect.stringMatching(/^PUT [0-9a-f]{24}$/)])
  })

  it('keys a page by its decoded path, as Valine did', async () => {
    await page.goto(site.url + encodeURI('posts/中文路径.html'))
    expect(await countIn(page)).toBe('1')
    expect(calls[0]).toBe('GET {"url":"/gpt/posts/中文路径.html"}')
  })

  it('shows the listed posts’ counts on list pages with one request, counting nothing', async () => {
    await page.goto(site.url + 'tag/' + encodeURIComponent('教程') + '/')
    await visible(page.getByRole('link', { name: '第一篇教程' }))
    const item = (title: string) => page.locator('.post-item').filter({ has: page.getByRole('link', { name: title, exact: true }) })
    // The same counts as the articles (each viewed once above).
    expect(await countIn(page, item('第一篇教程'))).toBe('1')
    expect(await countIn(page, item('第二篇教程'))).toBe('1')
    expect(await countIn(page, item('中文路径的文章'))).toBe('1')
    // The English post's locale turns the counter off: no count, no placeholder.
    expect(await item('An English post').locator('.visitor-count').count()).toBe(0)
    expect(calls).toHaveLength(1)
    // A list page loads the counter alone: no comment box, no SDK.
    expect(scripts.filter((s) => COUNTER_CHUNK.test(s))).toHaveLength(1)
    expect(scripts.filter((s) => /valine|leancloud/i.test(s))).toEqual([])
    expect(calls[0]).toMatch(/^GET \{"url":\{"\$in":\[/)
    expect(JSON.parse(calls[0].slice(4))).toEqual({ url: { $in: ['/gpt/posts/中文路径.html', '/gpt/posts/second.html', '/gpt/posts/first.html'] } })

    // Following a post's link (the client router) shows the article's own count, the same:
    // the list counted nothing and this reader's view was counted already.
    calls.length = 0
    await item('第一篇教程').getByRole('link', { name: '第一篇教程' }).click()
    await visible(h1(page, '第一篇教程'))
    expect(await countIn(page)).toBe('1')
    expect(calls).toEqual(['GET {"url":"/gpt/posts/first.html"}', expect.stringMatching(/^PUT /)])

    // The timeline too.
    calls.length = 0
    await page.goto(site.url + 'timeline/')
    await visible(page.getByRole('link', { name: '第一篇教程' }))
    expect(await countIn(page, page.locator('.timeline li').filter({ has: page.getByRole('link', { name: '第一篇教程', exact: true }) }))).toBe('1')
    expect(calls.filter((c) => c.startsWith('GET'))).toHaveLength(1)
    expect(calls.filter((c) => !c.startsWith('GET'))).toEqual([])
  })

  it('shows no counter and downloads none of its code where the locale says visitor: false', async () => {
    await page.goto(site.url + 'en/post.html')
    await visible(h1(page, 'An English post'))
    await page.waitForLoadState('networkidle')
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })))
    expect(await page.locator('.visitor-count').count()).toBe(0)
    expect(scripts.filter((s) => COUNTER_CHUNK.test(s))).toEqual([])
    expect(calls).toEqual([])
  })
})

describe('the visitor counter without JavaScript', () => {
  let site: Site
  let page: Page
  withSite('serve', (s) => (site = s), { fixture: 'counter-site' })
  withPage(() => browser, (p) => (page = p), { javaScriptEnabled: false })

  it('reads: the article and its meta line with the label and a placeholder', async () => {
    await page.goto(site.url + 'posts/first.html')
    await visible(h1(page, '第一篇教程'))
    expect(await article(page).locator('.post-meta .visitor-count').innerText()).toMatch(/^阅读量\s*…$/)
    expect(await article(page).getByText('这一段用来撑开页面').first().isVisible()).toBe(true)
  })
})

describe('the visitor counter with comments off', () => {
  let site: Site
  let page: Page
  let scripts: string[]
  withSite('static', (s) => (site = s))
  withPage(
    () => browser,
    (p) => {
      page = p
      scripts = recordScripts(page)
    },
  )

  it('renders no placeholder and downloads no counter code', async () => {
    for (const path of ['handbook/install.html', '']) {
      await page.goto(site.url + path)
      await page.waitForLoadState('networkidle')
      await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 })))
      expect(await page.locator('.visitor-count').count(), path).toBe(0)
    }
    expect(scripts.filter((s) => COUNTER_CHUNK.test(s))).toEqual([])
  })
})
