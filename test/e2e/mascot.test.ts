import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { buildSite, delay, h1, newContext, ready, recordProblems, recordScripts, type Site, withBrowser, withPage, withSite } from '../helpers/e2e.js'
import { copyFixture } from '../helpers/sites.js'
import { serveStatic } from '../helpers/static-server.js'

/**
 * The mascot (themeConfig.mascot) on the built site: the built-in character in a 150×220
 * canvas at the bottom left, its buttons and messages, close and re-show, and when it stays
 * away (phones, reduced motion, a theme it cannot draw).
 */

const PLAIN = 'guide/plain.html'
const ENTRY = /^mascot\.[\w-]+\.js$/
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'

let browser: Browser
withBrowser((b) => (browser = b))

const canvas = (page: Page) => page.getByRole('img', { name: '看板娘' })
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true })

/** Pixels of the canvas drawn in roughly this colour (the character's dress tells the theme). */
const pixelsLike = (page: Page, rgb: [number, number, number]) =>
  canvas(page).evaluate((el: HTMLCanvasElement, [r, g, b]) => {
    const d = el.getContext('2d')!.getImageData(0, 0, el.width, el.height).data
    let n = 0
    for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 200 && Math.abs(d[i] - r) < 24 && Math.abs(d[i + 1] - g) < 24 && Math.abs(d[i + 2] - b) < 24) n++
    return n
  }, rgb)
const BLUE: [number, number, number] = [0x1a, 0x73, 0xe8]
const PINK: [number, number, number] = [0xf0, 0x62, 0x92]

/** The fixture built with another `mascot` option and served statically. */
async function variant(mascot: string): Promise<{ url: string; close: () => Promise<void> }> {
  const { root, cleanup } = copyFixture('mascot-site')
  const file = join(root, 'gptnotes.config.ts')
  writeFileSync(file, readFileSync(file, 'utf8').replace(/mascot: .*,\n/, `mascot: ${mascot},\n`))
  const host = await serveStatic(await buildSite(root))
  return {
    url: host.url,
    async close() {
      host.server.closeAllConnections?.()
      await host.close()
      cleanup()
    },
  }
}

describe('the mascot (static)', () => {
  let site: Site
  let page: Page
  let problems: string[]
  let scripts: string[]
  withSite('static', (s) => (site = s), { fixture: 'mascot-site' })
  withPage(
    () => browser,
    (p) => {
      page = p
      problems = recordProblems(page)
      scripts = recordScripts(page)
    },
    { viewport: { width: 1200, height: 800 } },
  )

  const open = async (path = PLAIN) => {
    await page.goto(site.url + path)
    await ready(page)
    await canvas(page).waitFor()
  }

  it('shows the character at the bottom left, 150×220 at opacity 0.9, drawn, loaded after the page from the site alone', async () => {
    const hosts = new Set<string>()
    page.on('request', (r) => hosts.add(new URL(r.url()).host))
    await open()
    const box = (await canvas(page).boundingBox())!
    expect([box.width, box.height]).toEqual([150, 220])
    expect(box.x).toBe(0)
    expect(box.y + box.height).toBe(800)
    // What the reader sees: the canvas and everything above it, multiplied.
    const opacity = await canvas(page).evaluate((el) => {
      let o = 1
      for (let e: Element | null = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity)
      return Math.round(o * 100) / 100
    })
    expect(opacity).toBe(0.9)
    await expect.poll(() => pixelsLike(page, BLUE)).toBeGreaterThan(500)
    expect(hosts).toEqual(new Set([new URL(site.url).host]))
    expect(scripts.filter((s) => ENTRY.test(s))).toHaveLength(1)
    expect(problems).toEqual([])
  })

  it("leaves the article's first load as it was: no mascot code in the page's HTML, an empty slot", async () => {
    const html = readFileSync(join(site.dist!, PLAIN), 'utf8')
    const tags = html.match(/<(script|link)\b[^>]*>/g) ?? []
    expect(tags.some((t) => /mascot|overlay\./.test(t))).toBe(false)
    expect(html).toContain('<div class="widget-slot" data-widget="mascot"></div>')
  })

  it('the buttons show their messages on hover or focus, in Chinese, and hide them when the pointer leaves', async () => {
    await open()
    const home = page.getByText('心里的花，我想要带你回家。')
    await button(page, '回到首页').hover()
    await home.waitFor()
    await button(page, '换一个看板娘').hover()
    await page.getByText('好吧，希望你能喜欢我的其他小伙伴。').waitFor()
    await button(page, '关闭看板娘').hover()
    await page.getByText('你知道我喜欢吃什么吗？痴痴地望着你。').waitFor()
    await page.mouse.move(900, 100)
    await page.getByText('你知道我喜欢吃什么吗？痴痴地望着你。').waitFor({ state: 'detached' })
    await button(page, '回到首页').focus()
    await home.waitFor()
  })

  it('closes, leaves a 看板娘 label that brings it back, and remembers being closed across a reload', async () => {
    await open()
    await button(page, '关闭看板娘').click()
    await expect.poll(() => canvas(page).count()).toBe(0)
    await button(page, '看板娘').waitFor()
    await page.reload()
    await ready(page)
    await button(page, '看板娘').waitFor()
    expect(await canvas(page).count()).toBe(0)
    await button(page, '看板娘').click()
    await canvas(page).waitFor()
    await expect.poll(() => pixelsLike(page, BLUE)).toBeGreaterThan(500)
    await page.reload()
    await ready(page)
    await canvas(page).waitFor()
    expect(await button(page, '看板娘').count()).toBe(0)
  })

  it('changes to the other theme with two configured', async () => {
    await open()
    await expect.poll(() => pixelsLike(page, BLUE)).toBeGreaterThan(500)
    expect(await pixelsLike(page, PINK)).toBe(0)
    await button(page, '换一个看板娘').click()
    await expect.poll(() => pixelsLike(page, PINK)).toBeGreaterThan(500)
    expect(await pixelsLike(page, BLUE)).toBe(0)
  })

  it('the home button goes to the home page, and does nothing there', async () => {
    await open()
    await button(page, '回到首页').click()
    await expect.poll(() => new URL(page.url()).pathname).toBe('/gpt/')
    await h1(page, '看板娘站点').waitFor()
    // A client-side navigation: the mascot stayed.
    expect(scripts.filter((s) => ENTRY.test(s))).toHaveLength(1)
    await button(page, '回到首页').click()
    await delay(300)
    expect(new URL(page.url()).pathname).toBe('/gpt/')
    expect(problems).toEqual([])
  })
})

describe('the mascot stays away (static)', () => {
  let site: Site
  withSite('static', (s) => (site = s), { fixture: 'mascot-site' })

  const visit = async (options: Parameters<Browser['newContext']>[0], url = site.url) => {
    const context = await newContext(browser, options)
    const page = await context.newPage()
    const scripts = recordScripts(page)
    const logs: string[] = []
    page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`))
    await page.goto(url + PLAIN)
    await ready(page)
    await expect.poll(() => scripts.filter((s) => ENTRY.test(s)).length).toBe(1)
    await delay(500)
    return { page, scripts, logs, close: () => context.close() }
  }

  it('on a mobile user agent: nothing drawn, the overlay never downloaded, a console line says why', async () => {
    const v = await visit({ userAgent: IPHONE, viewport: { width: 1200, height: 800 } })
    expect(await canvas(v.page).count()).toBe(0)
    expect(v.scripts.some((s) => s.startsWith('overlay.'))).toBe(false)
    expect(v.logs).toContain('info: [gptnotes] 看板娘：不支持移动设备，未加载。')
    await v.close()
  })

  it('for a reader who prefers reduced motion: nothing', async () => {
    const v = await visit({ reducedMotion: 'reduce' })
    expect(await canvas(v.page).count()).toBe(0)
    expect(await button(v.page, '看板娘').count()).toBe(0)
    expect(v.scripts.some((s) => s.startsWith('overlay.'))).toBe(false)
    await v.close()
  })

  it('with one theme there is no theme button; an unsupported theme hides it with its console message', async () => {
    const one = await variant("{ theme: ['builtin'] }")
    try {
      const v = await visit({}, one.url)
      await canvas(v.page).waitFor()
      await button(v.page, '关闭看板娘').waitFor()
      expect(await button(v.page, '换一个看板娘').count()).toBe(0)
      await v.close()
    } finally {
      await one.close()
    }
    const bad = await variant("{ theme: ['Shizuku'] }")
    try {
      const v = await visit({}, bad.url)
      expect(await canvas(v.page).count()).toBe(0)
      expect(await button(v.page, '看板娘').count()).toBe(0)
      expect(v.logs).toContain('warning: [gptnotes] 看板娘：不支持的主题 "Shizuku"，看板娘已隐藏。可用的主题：builtin、builtin-sakura')
      await v.close()
    } finally {
      await bad.close()
    }
  })
})
