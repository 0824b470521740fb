import type { Browser, Frame, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { article, delay, h1, ready, recordProblems, recordScripts, type Site, visible, withBrowser, withoutExpectedCsp, withPage, withSite } from '../helpers/e2e.js'

/**
 * The `::: demo` island on the built site: readable code without JavaScript; with it, a live
 * demo in a sandboxed frame that sizes itself and follows dark mode, code behind 显示代码,
 * one tab per slot and a 复制 button. The demo's script cannot reach the page. The site is
 * served with its `_headers`, so the page and the frame (which inherits it) run under the site's
 * Content-Security-Policy.
 */

const DEMO = 'guide/demo.html'
const DEMO_CHUNK = /^demo\.[\w-]+\.js$/
const JS_CODE = "let clicks = 0;\ndocument.getElementById('add')"
/** The refusals the first demo causes on purpose: its remote image and its fetch of another host. */
const DEMO_REFUSALS = [/example\.com\/remote\.png/, /example\.com\/data\.json/]

let browser: Browser
withBrowser((b) => (browser = b))

describe('the demo block (static)', () => {
  let site: Site
  let page: Page
  let scripts: string[]
  let problems: string[]
  /** Requests for another host than the site's that reached the network. */
  let foreign: string[]
  withSite('static', (s) => (site = s), { fixture: 'effects-site' })
  withPage(
    () => browser,
    async (p, context) => {
      page = p
      scripts = recordScripts(page)
      problems = recordProblems(page)
      foreign = []
      const isForeign = (u: string) => /^https?:$/.test(new URL(u).protocol) && new URL(u).hostname !== '127.0.0.1'
      page.on('requestfinished', (r) => {
        if (isForeign(r.url())) foreign.push(r.url())
      })
      page.on('requestfailed', (r) => {
        // Chromium may or may not report a CSP refusal as a failed request ("csp",
        // net::ERR_BLOCKED_BY_CSP); either way it never left the browser.
        const error = r.failure()?.errorText ?? ''
        if (isForeign(r.url()) && !/csp/i.test(error)) foreign.push(`${r.url()} ${error}`)
      })
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(site.url).origin })
    },
    { reducedMotion: 'reduce' },
  )

  const demos = () => article(page).locator('[data-island="demo"]')
  const first = () => demos().first()
  /** The first demo's frame, once its document has run. */
  const demoFrame = async (): Promise<Frame> => {
    const handle = await first().locator('iframe').elementHandle()
    const frame = await handle!.contentFrame()
    await frame!.waitForSelector('#page:not(:empty)')
    return frame!
  }
  const open = async () => {
    await page.goto(site.url + DEMO)
    await ready(page)
    await visible(first().getByRole('button', { name: '显示代码' }))
  }

  it('without JavaScript shows the description and the highlighted code of every slot, and no frame', async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false })
    try {
      const p = await noJs.newPage()
      await p.goto(site.url + DEMO)
      await visible(h1(p, '代码演示'))
      const block = p.getByRole('article').locator('[data-island="demo"]').first()
      await visible(block.getByText('点击按钮，计数加一'))
      for (const name of ['HTML', 'JS', 'CSS']) await visible(block.getByText(name, { exact: true }))
      await visible(block.getByText("document.getElementById('add')").first())
      // Highlighted at build time.
      expect(await block.locator('.hljs-keyword').count()).toBeGreaterThan(0)
      expect(await p.locator('iframe').count()).toBe(0)
      expect(await p.getByRole('button', { name: '显示代码' }).count()).toBe(0)
    } finally {
      await noJs.close()
    }
  })

  it('runs the demo in a frame sandboxed with allow-scripts only, built from srcdoc, sized to its content', async () => {
    await open()
    expect(scripts.filter((s) => DEMO_CHUNK.test(s))).toHaveLength(1)
    const iframe = first().locator('iframe')
    expect(await iframe.getAttribute('sandbox')).toBe('allow-scripts')
    expect(await iframe.getAttribute('src')).toBeNull()
    const srcdoc = (await iframe.getAttribute('srcdoc'))!
    expect(srcdoc).toContain('<meta http-equiv="Content-Security-Policy" content="default-src \'none\';')
    // Its scripts are the site's files, named by absolute address (the frame's origin is opaque): no inline script.
    const origin = new URL(site.url).origin
    expect(srcdoc).toContain(`script-src ${origin}/gpt/assets/demo/;`)
    expect([...srcdoc.matchAll(/<script src="([^"]+)"><\/script>/g)].map((m) => m[1])).toEqual([
      expect.stringMatching(new RegExp(`^${origin}/gpt/assets/demo/boot\\.\\w+\\.js$`)),
      expect.stringMatching(new RegExp(`^${origin}/gpt/assets/demo/\\w+\\.js$`)),
    ])
    expect(srcdoc).not.toMatch(/<script>/)
    expect(await iframe.getAttribute('title')).toBe('点击按钮，计数加一（演示）')

    const frame = await demoFrame()
    await frame.getByRole('button', { name: '加一' }).click()
    await frame.getByRole('button', { name: '加一' }).click()
    expect(await frame.locator('#count').textContent()).toBe('2')

    // The frame's height follows the demo's document (a 300 px block and more), not a fixed size.
    const contentHeight = await frame.evaluate(() => Math.ceil(document.documentElement.getBoundingClientRect().height))
    expect(contentHeight).toBeGreaterThan(300)
    await expect.poll(() => iframe.evaluate((el) => el.getBoundingClientRect().height)).toBe(contentHeight)
    const small = demos().nth(1).locator('iframe')
    await expect.poll(() => small.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(120)
    expect(withoutExpectedCsp(problems, ...DEMO_REFUSALS)).toEqual([])
  })

  it("cannot reach the page: parent.document throws, the page's cookies and storage are out of reach, nothing loads from another host", async () => {
    await page.goto(site.url + DEMO)
    await page.evaluate(() => {
      document.cookie = 'secret=page-cookie; path=/'
      localStorage.setItem('secret', 'page-storage')
    })
    await page.reload()
    await ready(page)
    const frame = await demoFrame()
    expect(await frame.locator('#page').textContent()).toBe('页面标题被拦下')
    expect(await frame.locator('#cookie').textContent()).toBe('Cookie被拦下')
    expect(await frame.locator('#storage').textContent()).toBe('本地存储被拦下')
    expect(await frame.locator('#escape').textContent()).toBe('改写页面被拦下')
    expect(await page.evaluate(() => (window as Window & { leaked?: boolean }).leaked)).toBeUndefined()
    // The demo's <img> and fetch() of another host are refused by its CSP before any request.
    const refused = (what: RegExp) => problems.some((p) => p.startsWith('csp: ') && what.test(p))
    await expect.poll(() => DEMO_REFUSALS.every(refused)).toBe(true)
    await delay(300)
    expect(foreign).toEqual([])
    // And those are the only refusals: the page and the demo's own scripts run under the site's policy.
    expect(withoutExpectedCsp(problems, ...DEMO_REFUSALS)).toEqual([])
    // The page itself never evaluates the demo's code.
    expect(await page.evaluate(() => document.querySelectorAll('#add, #count').length)).toBe(0)
  })

  it('follows dark mode without reloading the demo', async () => {
    await open()
    const frame = await demoFrame()
    await frame.getByRole('button', { name: '加一' }).click()
    const mode = () => frame.evaluate(() => ({ dark: document.documentElement.classList.contains('dark'), bg: getComputedStyle(document.body).backgroundColor }))
    const light = await mode()
    expect(light.dark).toBe(false)
    await page.getByRole('button', { name: '切换深色模式' }).click()
    await expect.poll(async () => (await mode()).dark).toBe(true)
    expect((await mode()).bg).not.toBe(light.bg)
    // Same document: its state survived.
    expect(await frame.locator('#count').textContent()).toBe('1')
    await page.getByRole('button', { name: '切换深色模式' }).click()
    await expect.poll(async () => (await mode()).dark).toBe(false)
  })

  it('a demo opened in dark mode starts dark', async () => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await open()
    const frame = await demoFrame()
    expect(await frame.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
  })

  it('shows and hides the code, one tab per slot with the first selected, arrow keys move between tabs', async () => {
    await open()
    const toggle = first().getByRole('button', { name: '显示代码' })
    expect(await toggle.getAttribute('aria-expanded')).toBe('false')
    expect(await first().getByRole('tab').count()).toBe(0) // hidden tabs are not in the tree
    await toggle.click()
    const hide = first().getByRole('button', { name: '隐藏代码' })
    expect(await hide.getAttribute('aria-expanded')).toBe('true')
    const tabs = first().getByRole('tab')
    expect(await tabs.allTextContents()).toEqual(['HTML', 'JS', 'CSS'])
    expect(await tabs.evaluateAll((els) => els.map((e) => e.getAttribute('aria-selected')))).toEqual(['true', 'false', 'false'])
    const panel = first().getByRole('tabpanel')
    await visible(panel.getByText('<button id="add" type="button">加一</button>'))

    await first().getByRole('tab', { name: 'CSS' }).click()
    await visible(panel.getByText('background: var(--demo-border);'))
    expect(await first().getByRole('tab', { name: 'CSS' }).getAttribute('aria-selected')).toBe('true')
    await page.keyboard.press('ArrowLeft')
    expect(await first().getByRole('tab', { name: 'JS' }).getAttribute('aria-selected')).toBe('true')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('JS')
    await visible(panel.getByText('let clicks = 0;'))
    // Highlighted as the build highlighted it.
    expect(await panel.locator('.hljs-keyword').count()).toBeGreaterThan(0)

    await hide.click()
    expect(await first().getByRole('tab').count()).toBe(0)
    await visible(first().getByRole('button', { name: '显示代码' }))
    // A block with one slot has one tab.
    await demos().nth(1).getByRole('button', { name: '显示代码' }).click()
    expect(await demos().nth(1).getByRole('tab').allTextContents()).toEqual(['HTML'])
  })

  it("copies the selected slot's code and says 'Copied' for about a second", async () => {
    await open()
    await first().getByRole('button', { name: '显示代码' }).click()
    await first().getByRole('tab', { name: 'JS' }).click()
    const copy = first().getByRole('button', { name: '复制' })
    // The page's own clock times the label's changes (the test's would add its round trips).
    await copy.evaluate((button) => {
      const w = window as Window & { __labels?: { text: string; at: number }[] }
      w.__labels = []
      new MutationObserver(() => w.__labels!.push({ text: button.textContent ?? '', at: performance.now() })).observe(button, { childList: true, characterData: true, subtree: true })
    })
    await copy.click()
    await visible(first().getByRole('button', { name: 'Copied' }))
    const clip = await page.evaluate(() => navigator.clipboard.readText())
    expect(clip.startsWith(JS_CODE)).toBe(true)
    expect(clip).toContain("fetch('https://example.com/data.json')")
    await visible(first().getByRole('button', { name: '复制' }), 3000)
    const labels = await page.evaluate(() => (window as Window & { __labels?: { text: string; at: number }[] }).__labels!)
    expect(labels.map((l) => l.text)).toEqual(['Copied', '复制'])
    const shown = labels[1].at - labels[0].at
    expect(shown).toBeGreaterThanOrEqual(990)
    expect(shown).toBeLessThan(1500)
    expect(withoutExpectedCsp(problems, ...DEMO_REFUSALS)).toEqual([])
  })
})
