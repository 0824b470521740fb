import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { delay, editUntilShown, h1, ready, recordProblems, type Site, visible, withBrowser, withPage, withSite } from '../helpers/e2e.js'

/**
 * Code blocks as VuePress 1 authors write them, on the built site of
 * test/fixtures/code-blocks-site (line numbers on): marked lines (`{1,3-4}`) show as bands in both
 * themes with readable colours, every line has its number beside it (level with it, also when a
 * long line scrolls sideways and on a phone), imported code (`<<< @/…#region{2}`) shows the
 * region, and copying takes the code alone, by the button or by selecting it.
 */

const PAGE = 'guide/fences.html'
const TITLE = '代码块示例'
const JS = "const greeting = '你好，世界'\nconsole.log(greeting)\n/* 多行注释\n   跨过两行 */\nexport default greeting"
const IMPORTED = "title: '我的站点',\nbase: '/docs/',"
const LONG_LINE = 'curl --silent --show-error --location --retry 3 --retry-delay 2 --output /tmp/a-very-long-file-name.tar.gz https://example.com/downloads/a-very-long-file-name.tar.gz'

/** One line of a block as a reader sees it. */
interface SeenLine {
  text: string
  /** On a band of its own colour (not the block's background). */
  marked: boolean
  /** The number shown beside it, and how far its top is from the line's (px). */
  number: string
  offset: number
  /** The lowest contrast of the line's text against the background behind it. */
  contrast: number
}

/**
 * The lines of the `index`-th code block of the article: each line's text, whether the background
 * behind its start differs from the block's, the number at its left and the text's contrast.
 */
function seenLines(page: Page, index: number, at: 'start' | 'end' = 'start'): Promise<SeenLine[]> {
  return page.evaluate(
    ([index, at]) => {
      const pre = document.querySelectorAll('article pre')[index] as HTMLElement
      const code = pre.querySelector('code')!
      const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number)
      const luminance = (c: string) => {
        const [r, g, b] = rgb(c).map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
      }
      const contrast = (a: string, b: string) => {
        const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p)
        return (x + 0.05) / (y + 0.05)
      }
      /** The first opaque background behind a point, in the block (the copy button aside). */
      const backgroundAt = (x: number, y: number) => {
        for (const el of document.elementsFromPoint(x, y).filter((e) => pre.contains(e))) {
          const bg = getComputedStyle(el).backgroundColor
          if (rgb(bg)[3] !== 0 && bg !== 'transparent') return bg
        }
        return 'none'
      }
      const blockBackground = getComputedStyle(pre).backgroundColor
      // Each line's text nodes, in order.
      const lines: { nodes: [Text, number, number][] }[] = [{ nodes: [] }]
      const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        let from = 0
        for (let i = 0; i <= node.data.length; i++) {
          if (i === node.data.length || node.data[i] === '\n') {
            if (i > from) lines[lines.length - 1].nodes.push([node, from, i])
            if (i < node.data.length) lines.push({ nodes: [] })
            from = i + 1
          }
        }
      }
      // The code ends with its last line's line ending: no line after it.
      if (lines.length > 1 && !lines[lines.length - 1].nodes.length) lines.pop()
      const preBox = pre.getBoundingClientRect()
      // The numbers beside the code: whatever text stands left of the code at each line's height.
      const gutter = [...pre.children].find((el) => el !== code) as HTMLElement | undefined
      return lines.map(({ nodes }) => {
        const text = nodes.map(([n, a, b]) => n.data.slice(a, b)).join('')
        const range = document.createRange()
        const [first] = nodes
        range.setStart(first[0], first[1])
        range.setEnd(first[0], first[1] + 1)
        const box = range.getBoundingClientRect()
        const x = at === 'start' ? box.left + 2 : preBox.right - 4
        const behind = backgroundAt(x, box.top + box.height / 2)
        let number = ''
        let offset = Number.NaN
        if (gutter) {
          const g = gutter.firstChild as Text
          const starts = [0, ...[...g.data.matchAll(/\n/g)].map((m) => m.index! + 1)]
          const i = lines.findIndex((l) => l.nodes === nodes)
          const r = document.createRange()
          r.setStart(g, starts[i])
          r.setEnd(g, (starts[i + 1] ?? g.data.length + 1) - 1)
          const numberBox = r.getBoundingClientRect()
          // Shown when it is inside the block and nothing covers it.
          const hit = document.elementFromPoint(numberBox.left + numberBox.width / 2, numberBox.top + numberBox.height / 2)
          number = hit === gutter && numberBox.left >= preBox.left - 1 ? r.toString() : ''
          offset = Math.abs(numberBox.top - box.top)
        }
        const colours = nodes.map(([n]) => getComputedStyle(n.parentElement!).color)
        return { text, marked: behind !== blockBackground, number, offset, contrast: Math.min(...colours.map((c) => contrast(c, behind))) }
      })
    },
    [index, at] as const,
  )
}

let browser: Browser
withBrowser((b) => (browser = b))
let site: Site
withSite('static', (s) => (site = s), { fixture: 'code-blocks-site' })

async function open(page: Page): Promise<void> {
  await page.goto(site.url + PAGE)
  await visible(h1(page, TITLE))
}

const marks = (lines: SeenLine[]) => lines.flatMap((l, i) => (l.marked ? [i + 1] : []))

describe.each([
  ['light', { colorScheme: 'light' as const }],
  ['dark', { colorScheme: 'dark' as const }],
])('code blocks (%s theme, desktop)', (theme, options) => {
  let page: Page
  let problems: string[]
  withPage(
    () => browser,
    (p) => {
      page = p
      problems = recordProblems(p)
    },
    { ...options, viewport: { width: 1100, height: 900 }, prepare: (c) => c.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(site.url).origin }) },
  )

  it('shows the marked lines as bands, every line numbered level with it, the imported region, all readable', async () => {
    await open(page)
    await ready(page)
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(theme === 'dark')
    const first = await seenLines(page, 0)
    expect(first.map((l) => l.text).join('\n')).toBe(JS)
    expect(marks(first)).toEqual([1, 3, 4])
    expect(first.map((l) => l.number)).toEqual(['1', '2', '3', '4', '5'])
    for (const line of first) {
      expect(line.offset).toBeLessThan(1)
      expect(line.contrast, line.text).toBeGreaterThanOrEqual(4.5)
    }
    const imported = await seenLines(page, 1)
    expect(imported.map((l) => l.text).join('\n')).toBe(IMPORTED)
    expect(marks(imported)).toEqual([2])
    expect(imported.map((l) => l.number)).toEqual(['1', '2'])
    expect(problems).toEqual([])
  })

  it('a long marked line scrolls sideways with its band to the end, the numbers staying in view and level', async () => {
    await open(page)
    await page.locator('article pre').nth(2).evaluate((pre) => (pre.scrollLeft = pre.scrollWidth))
    const lines = await seenLines(page, 2, 'end')
    expect(lines[1].text).toBe(LONG_LINE)
    // At the block's right edge, scrolled to the end: the band is there for the long line only.
    expect(marks(lines)).toEqual([2])
    expect(lines.map((l) => l.number)).toEqual(['1', '2', '3'])
    expect(lines.every((l) => l.offset < 1)).toBe(true)
  })

  it('the copy button and a copied selection take the code alone, without the numbers', async () => {
    await open(page)
    await ready(page)
    const block = page.getByRole('article').locator('pre').first()
    await block.hover()
    await page.getByRole('button', { name: '复制代码', exact: true }).first().click()
    await visible(page.getByRole('button', { name: 'Copied!', exact: true }))
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(JS)
    // A reader selecting the whole block and copying with the keyboard.
    await page.evaluate(() => window.getSelection()!.selectAllChildren(document.querySelector('article pre')!))
    await page.keyboard.press('Control+C')
    expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe(JS)
    await page.locator('article pre').nth(1).evaluate((pre) => window.getSelection()!.selectAllChildren(pre))
    await page.keyboard.press('Control+C')
    expect((await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe(IMPORTED)
  })
})

describe('code blocks on a phone, and without JavaScript', () => {
  let page: Page
  withPage(() => browser, (p) => (page = p), { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 })

  it('on a phone: bands and numbers level with their lines, the long line scrolls with the numbers in view', async () => {
    await open(page)
    const first = await seenLines(page, 0)
    expect(marks(first)).toEqual([1, 3, 4])
    expect(first.map((l) => l.number)).toEqual(['1', '2', '3', '4', '5'])
    expect(first.every((l) => l.offset < 1)).toBe(true)
    await page.locator('article pre').nth(2).evaluate((pre) => (pre.scrollLeft = pre.scrollWidth))
    const long = await seenLines(page, 2, 'end')
    expect(marks(long)).toEqual([2])
    expect(long.map((l) => l.number)).toEqual(['1', '2', '3'])
    expect(long.every((l) => l.offset < 1)).toBe(true)
  })

  describe('without JavaScript', () => {
    let plain: Page
    withPage(() => browser, (p) => (plain = p), { viewport: { width: 1100, height: 900 }, javaScriptEnabled: false })

    it('the page as served already shows the bands, the numbers and the imported code', async () => {
      await open(plain)
      const first = await seenLines(plain, 0)
      expect(first.map((l) => l.text).join('\n')).toBe(JS)
      expect(marks(first)).toEqual([1, 3, 4])
      expect(first.map((l) => l.number)).toEqual(['1', '2', '3', '4', '5'])
      expect(first.every((l) => l.offset < 1 && l.contrast >= 4.5)).toBe(true)
      const imported = await seenLines(plain, 1)
      expect(imported.map((l) => l.text).join('\n')).toBe(IMPORTED)
      expect(marks(imported)).toEqual([2])
    })
  })
})

describe('code imported from outside content/ (serve, watching)', () => {
  let served: Site
  let page: Page
  withSite('serve', (s) => (served = s), { fixture: 'code-blocks-site', watch: true })
  beforeAll(() => delay(500))
  withPage(() => browser, (p) => (page = p))

  it('an edit of the imported file shows on the open page', async () => {
    const connected = page.waitForResponse((r) => r.url().includes('/__gptnotes/reload'))
    await page.goto(served.url + 'guide/outside.html')
    await connected
    await visible(h1(page, '站点文件夹里的代码'))
    const lines = await seenLines(page, 0)
    expect(lines.map((l) => l.text)).toEqual(['#!/bin/sh', 'echo "站点之外的脚本"'])
    expect(marks(lines)).toEqual([2])
    await editUntilShown(page, join(served.root, 'examples/hello.sh'), (text) => text.replace('站点之外的脚本', '改过的脚本'), page.getByRole('article').getByText('echo "改过的脚本"'))
  })
})
