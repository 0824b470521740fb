import type { Browser, BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { h1, ready, recordProblems, recordScripts, type Site, visible, waitForScrollY, withBrowser, withPage, withSite } from '../helpers/e2e.js'
import { readSsr, RECORD_SSR } from '../helpers/record-ssr.js'

/**
 * The reader's page behaviours (spec §2 "Page behaviours", §9): code copy buttons, image zoom,
 * back-to-top, per-page copy protection and the global overlay, on the built output of
 * test/fixtures/behaviours-site, across client-side navigation and with JavaScript off.
 */

const CODE_1 = "const greeting = '你好，世界'\nconsole.log(greeting)"
const CODE_2 = 'npm install && npx gptnotes serve'
const CODE_3 = 'print("第三个代码块")'
const PROTECTED_PARAGRAPH = '这一段文字用于测试复制保护，复制十个字以上时会附上作者和链接。'

let browser: Browser
let site: Site
withBrowser((b) => (browser = b))
withSite('static', (s) => (site = s), { fixture: 'behaviours-site' })

let context: BrowserContext
let page: Page
let problems: string[]
withPage(
  () => browser,
  (p, c) => {
    page = p
    context = c
    problems = recordProblems(page)
  },
  {
    viewport: { width: 1280, height: 720 },
    prepare: (c) => c.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(site.url).origin }),
  },
)

const copyButtons = () => page.getByRole('button', { name: '复制代码', exact: true })
const copiedButtons = () => page.getByRole('button', { name: 'Copied!', exact: true })
const zoomDialog = () => page.getByRole('dialog', { name: '图片预览' })
const backToTop = () => page.getByRole('button', { name: '返回顶部' })
const readClipboard = () => page.evaluate(() => navigator.clipboard.readText())
const writeClipboard = (text: string) => page.evaluate((t) => navigator.clipboard.writeText(t), text)
/** Let pending scroll/resize events reach their listeners. */
const settle = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 50)))))

async function open(path: string, heading: string): Promise<void> {
  await page.goto(site.url + path)
  await ready(page)
  await visible(h1(page, heading))
}

/** Navigate client-side by clicking a link in the article, then wait for the new heading. */
async function follow(link: string, heading: string): Promise<void> {
  await page.getByRole('article').getByRole('link', { name: link, exact: true }).first().click()
  await visible(h1(page, heading))
}

/** Wait until exactly `n` copy buttons are shown, then give a duplicate time to appear. */
async function expectCopyButtons(n: number): Promise<void> {
  await expect.poll(() => copyButtons().count()).toBe(n)
  await settle()
  await page.waitForTimeout(300)
  expect(await copyButtons().count()).toBe(n)
}

describe('code copy button', () => {
  it('copies the code of its block, shows Copied! with a tint, then reverts', async () => {
    await open('guide/code.html', '代码示例')
    await expectCopyButtons(2)
    const first = copyButtons().first()
    const before = await first.evaluate((b) => getComputedStyle(b).backgroundColor)
    await first.click()
    const copied = copiedButtons()
    await visible(copied)
    expect(await readClipboard()).toBe(CODE_1)
    // The tint (it fades in, so wait for it).
    await expect.poll(() => copied.evaluate((b) => getComputedStyle(b).backgroundColor)).not.toBe(before)
    // It reverts to the original label; the other block's button never changed.
    await copied.waitFor({ state: 'detached' })
    expect(await copyButtons().count()).toBe(2)
    await expect.poll(() => copyButtons().first().evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(before)

    await copyButtons().nth(1).click()
    await visible(copiedButtons())
    expect(await readClipboard()).toBe(CODE_2)
    expect(problems).toEqual([])
  })

  it('falls back to a hidden textarea when the Clipboard API refuses', async () => {
    await open('guide/code.html', '代码示例')
    await expectCopyButtons(2)
    await writeClipboard('旧内容')
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'))
    })
    await copyButtons().first().click()
    await visible(copiedButtons())
    expect(await readClipboard()).toBe(CODE_1)
    // The helper textarea is gone again.
    expect(await page.locator('textarea').count()).toBe(0)
  })

  it('follows client-side navigation: new buttons for the new page, none duplicated on the way back', async () => {
    await open('guide/code.html', '代码示例')
    await expectCopyButtons(2)
    await follow('更多代码', '更多代码')
    await expectCopyButtons(1)
    await copyButtons().click()
    await visible(copiedButtons())
    expect(await readClipboard()).toBe(CODE_3)

    await page.goBack()
    await visible(h1(page, '代码示例'))
    await expectCopyButtons(2)
    await page.goForward()
    await visible(h1(page, '更多代码'))
    await expectCopyButtons(1)
    await follow('代码示例', '代码示例')
    await expectCopyButtons(2)
    // One click, one copy, one 'Copied!'.
    await copyButtons().first().click()
    await visible(copiedButtons())
    expect(await copiedButtons().count()).toBe(1)
    expect(await readClipboard()).toBe(CODE_1)
    expect(problems).toEqual([])
  })
})

describe('image zoom', () => {
  const wideImage = () => page.getByRole('article').getByRole('img', { name: '一张宽图' })

  async function zoomIn(): Promise<void> {
    await wideImage().click()
    await visible(zoomDialog())
    await settle()
  }

  it('shows the image scaled to fit the viewport with a 16 px margin', async () => {
    await open('guide/images.html', '图片示例')
    const shown = (await wideImage().boundingBox())!
    await zoomIn()
    expect(await zoomDialog().count()).toBe(1)
    const zoomed = (await zoomDialog().getByRole('img', { name: '一张宽图' }).boundingBox())!
    const viewport = page.viewportSize()!
    expect(zoomed.width).toBeGreaterThan(shown.width)
    expect(zoomed.x).toBeGreaterThanOrEqual(16 - 1)
    expect(zoomed.y).toBeGreaterThanOrEqual(16 - 1)
    expect(zoomed.x + zoomed.width).toBeLessThanOrEqual(viewport.width - 16 + 1)
    expect(zoomed.y + zoomed.height).toBeLessThanOrEqual(viewport.height - 16 + 1)
    // Fills the limiting side (the 1600×800 picture is limited by the width here).
    expect(Math.abs(zoomed.width - (viewport.width - 32))).toBeLessThanOrEqual(16)
    expect(zoomed.width / zoomed.height).toBeCloseTo(2, 1)
    expect(problems).toEqual([])
  })

  it('closes on a click, on Escape and on a window resize', async () => {
    await open('guide/images.html', '图片示例')
    await zoomIn()
    await zoomDialog().click()
    await zoomDialog().waitFor({ state: 'detached' })

    await zoomIn()
    await page.keyboard.press('Escape')
    await zoomDialog().waitFor({ state: 'detached' })

    await zoomIn()
    await page.setViewportSize({ width: 1000, height: 700 })
    await zoomDialog().waitFor({ state: 'detached' })
  })

  it('stays open for a small scroll and closes when the page scrolls more than 40 px', async () => {
    await open('guide/images.html', '图片示例')
    await zoomIn()
    await page.evaluate(() => window.scrollBy(0, 20))
    await settle()
    expect(await zoomDialog().isVisible()).toBe(true)
    await page.evaluate(() => window.scrollBy(0, 40))
    await zoomDialog().waitFor({ state: 'detached' })
  })

  it('an image that cannot load only logs a warning; a linked image follows its link', async () => {
    await open('guide/images.html', '图片示例')
    const warning = page.waitForEvent('console', (m) => m.type() === 'warning' && m.text().includes('broken.png'))
    await page.getByRole('article').getByRole('img', { name: '损坏的图片' }).click({ force: true })
    await warning
    await settle()
    expect(await zoomDialog().count()).toBe(0)
    expect(problems.filter((p) => !p.includes('broken.png'))).toEqual([])

    await page.getByRole('article').getByRole('img', { name: '带链接的图片' }).click()
    await visible(h1(page, '更多代码'))
    expect(await zoomDialog().count()).toBe(0)
  })

  it('works on the images of a page reached by client-side navigation, with one listener', async () => {
    await open('guide/code.html', '代码示例')
    const diagram = page.getByRole('article').getByRole('img', { name: '代码页的示意图' })
    await diagram.click()
    await visible(zoomDialog())
    await page.keyboard.press('Escape')
    await zoomDialog().waitFor({ state: 'detached' })

    await follow('更多代码', '更多代码')
    await follow('代码示例', '代码示例')
    await follow('图片示例', '图片示例')
    await zoomIn()
    expect(await zoomDialog().count()).toBe(1)
    await page.keyboard.press('Escape')
    await zoomDialog().waitFor({ state: 'detached' })
    // Back on the first page: its image zooms too, once.
    await page.goBack()
    await page.goBack()
    await page.goBack()
    await visible(h1(page, '代码示例'))
    await diagram.click()
    await visible(zoomDialog())
    expect(await zoomDialog().count()).toBe(1)
    expect(problems).toEqual([])
  })
})

describe('back-to-top', () => {
  it('appears past 400 px of scroll and scrolls smoothly back to the top', async () => {
    await open('guide/code.html', '代码示例')
    expect(await backToTop().isVisible()).toBe(false)
    await page.evaluate(() => window.scrollTo(0, 300))
    await settle()
    await page.waitForTimeout(600) // past the 500 ms throttle window
    expect(await backToTop().isVisible()).toBe(false)

    await page.evaluate(() => window.scrollTo(0, 900))
    await visible(backToTop())
    const positions: number[] = []
    await page.exposeFunction('__reportScroll', (y: number) => positions.push(y))
    await page.evaluate(() => window.addEventListener('scroll', () => (window as unknown as { __reportScroll(y: number): void }).__reportScroll(window.scrollY)))
    await backToTop().click()
    await waitForScrollY(page, 0, 1)
    // Smooth: the page passed through positions between the start and the top.
    expect(positions.some((y) => y > 0 && y < 900)).toBe(true)
    await backToTop().waitFor({ state: 'hidden' })
    expect(problems).toEqual([])
  })
})

describe('copy protection', () => {
  /** Select a paragraph by triple-clicking it, then copy with the keyboard. */
  async function copyParagraph(text: string): Promise<void> {
    await page.getByText(text, { exact: true }).click({ clickCount: 3 })
    expect((await page.evaluate(() => document.getSelection()?.toString() ?? '')).trim()).toBe(text)
    await page.keyboard.press('Control+C')
  }

  it('appends the author and the page link to a copied selection of 10 or more characters', async () => {
    await open('guide/protected.html', '受保护的文章')
    await copyParagraph(PROTECTED_PARAGRAPH)
    const copied = await readClipboard()
    expect(copied.startsWith(PROTECTED_PARAGRAPH)).toBe(true)
    expect(copied).toContain('作者：张三')
    expect(copied).toContain(`链接：${site.url}guide/protected.html`)
  })

  it('leaves a selection under 10 characters as it is', async () => {
    await open('guide/protected.html', '受保护的文章')
    await copyParagraph('短句一则。')
    expect((await readClipboard()).trim()).toBe('短句一则。')
  })

  it('is off by default, and follows client-side navigation both ways', async () => {
    const plain = '这一段普通文字没有复制保护，复制多少都不会附加任何内容。'
    await open('guide/code.html', '代码示例')
    await copyParagraph(plain)
    expect((await readClipboard()).trim()).toBe(plain)

    await follow('受保护的文章', '受保护的文章')
    await copyParagraph(PROTECTED_PARAGRAPH)
    expect(await readClipboard()).toContain('作者：张三')

    await follow('代码示例', '代码示例')
    await copyParagraph(plain)
    expect((await readClipboard()).trim()).toBe(plain)
  })

  it('noSelect keeps the article text from being selected and noCopy refuses copying', async () => {
    await open('guide/locked.html', '禁止复制的文章')
    const paragraph = page.getByText('这一段文字既不能选中，也不能复制', { exact: false })
    await paragraph.click({ clickCount: 3 })
    expect(await page.evaluate(() => document.getSelection()?.toString() ?? '')).toBe('')
    await writeClipboard('剪贴板原有内容')
    // Select everything that can be selected (the header and footer still can), then copy.
    await page.keyboard.press('Control+A')
    expect(await page.evaluate(() => document.getSelection()?.toString() ?? '')).not.toBe('')
    await page.keyboard.press('Control+C')
    await settle()
    expect(await readClipboard()).toBe('剪贴板原有内容')

    // Leaving the page lifts both.
    await follow('受保护的文章', '受保护的文章')
    await copyParagraph(PROTECTED_PARAGRAPH)
    expect(await readClipboard()).toContain('作者：张三')
  })

  it('the code copy button still works on a protected page', async () => {
    await open('guide/protected.html', '受保护的文章')
    await expectCopyButtons(1)
    await copyButtons().click()
    await visible(copiedButtons())
    expect(await readClipboard()).toBe('受保护页面里的代码')
  })
})

describe('hydration, the overlay and JavaScript off', () => {
  it('keeps the server HTML of the app exactly as hydrated, with the behaviours in place', async () => {
    await context.addInitScript(RECORD_SSR)
    for (const [path, heading] of [
      ['guide/code.html', '代码示例'],
      ['guide/protected.html', '受保护的文章'],
      ['guide/images.html', '图片示例'],
    ]) {
      await open(path, heading)
      if (path !== 'guide/images.html') await expect.poll(() => copyButtons().count()).toBeGreaterThan(0)
      const { html, now } = await readSsr(page)
      expect(html).toContain(`>${heading}</h1>`)
      expect(now).toBe(html)
    }
    expect(problems).toEqual([])
  })

  it('the overlay renders no mascot or click-effect slot when the route names no widget, and downloads nothing for them', async () => {
    const scripts = recordScripts(page)
    await open('guide/code.html', '代码示例')
    expect(await page.locator('.global-overlay .widget-slot').count()).toBe(0)
    // Only the client (its router and list layouts come at idle time), the route map and page
    // chunks: nothing for the widgets.
    expect(scripts.filter((s) => !/^(main|chunk|router|list-layouts|routes|guide_[\w-]+|index)\.[\w-]+\.js$/.test(s))).toEqual([])
  })

  it('with JavaScript off the page reads fully and shows no control that would not work', async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false })
    try {
      const p = await noJs.newPage()
      await p.goto(site.url + 'guide/code.html')
      await visible(h1(p, '代码示例'))
      expect(await p.getByText('console.log(greeting)').isVisible()).toBe(true)
      expect(await p.getByRole('img', { name: '代码页的示意图' }).isVisible()).toBe(true)
      expect(await p.getByRole('button', { name: '复制代码' }).count()).toBe(0)
      await p.evaluate(() => window.scrollTo(0, 900)).catch(() => undefined)
      await p.mouse.wheel(0, 900)
      // The back-to-top button is in the HTML but stays hidden: it needs the script to work.
      const toTop = p.getByRole('button', { name: '返回顶部', includeHidden: true })
      expect(await toTop.count()).toBe(1)
      expect(await toTop.isVisible()).toBe(false)
      await p.goto(site.url + 'guide/protected.html')
      expect(await p.getByText(PROTECTED_PARAGRAPH).isVisible()).toBe(true)
    } finally {
      await noJs.close()
    }
  })
})
