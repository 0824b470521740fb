import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSite, newContext, ready, recordProblems } from '../helpers/e2e.js'
import { copyFixture, REPO_ROOT } from '../helpers/sites.js'
import { serveStatic } from '../helpers/static-server.js'

/**
 * The Cubism 2 path end to end: the fixture site names shizuku and blackCat (hijiki) and a
 * Cubism 2.1 core; the build copies the models from the packages installed as development
 * dependencies and the core from the site folder; chromium (WebGL by SwiftShader) draws each
 * model from the site's own host alone.
 *
 * The core: `GPTNOTES_LIVE2D_CORE` may name a copy of `live2d.min.js` (2.1.00_1). Without it
 * the test uses the copy of the same core inside the `live2d-widget` development dependency,
 * which that package keeps as an ES module: its closing `export { … }` is turned back into the
 * globals the real `live2d.min.js` defines. Nothing of the core is changed or faked.
 */

function coreScript(): string {
  const given = process.env.GPTNOTES_LIVE2D_CORE
  if (given) return readFileSync(given, 'utf8')
  const file = join(dirname(createRequire(import.meta.url).resolve('live2d-widget/package.json')), 'src/lib/live2d.core.js')
  const code = readFileSync(file, 'utf8')
  const tail = /export\s*\{([^}]*)\}\s*;?\s*$/.exec(code)
  if (!tail) throw new Error(`${file}: no export list; set GPTNOTES_LIVE2D_CORE to a live2d.min.js`)
  const globals = tail[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const [local, name] = s.split(/\s+as\s+/)
      return `window.${name ?? local} = ${local};`
    })
  return `(function () {\n'use strict';\n${code.slice(0, tail.index)}\n${globals.join('\n')}\n})();\n`
}

/** Chromium with WebGL on the CPU (SwiftShader): the machines have no GPU. */
const launch = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  })

/** Keeps WebGL frames readable after they are shown, so the test can read the canvas's pixels. */
const PRESERVE = () => {
  const get = HTMLCanvasElement.prototype.getContext as (this: HTMLCanvasElement, type: string, options?: object) => RenderingContext | null
  HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, type: string, options?: object) {
    return get.call(this, type, type.includes('webgl') ? { ...options, preserveDrawingBuffer: true } : options)
  } as typeof HTMLCanvasElement.prototype.getContext
}

const canvas = (page: Page) => page.getByRole('img', { name: '看板娘' })

/** How many pixels of the mascot's canvas are drawn (not transparent). */
const drawnPixels = (page: Page) =>
  canvas(page).evaluate((el: HTMLCanvasElement) => {
    const gl = el.getContext('webgl') as WebGLRenderingContext | null
    if (!gl) return -1
    const data = new Uint8Array(el.width * el.height * 4)
    gl.readPixels(0, 0, el.width, el.height, gl.RGBA, gl.UNSIGNED_BYTE, data)
    let n = 0
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) n++
    return n
  })

async function waitDrawn(page: Page, timeout = 20_000): Promise<number> {
  const end = Date.now() + timeout
  let n = 0
  while (Date.now() < end) {
    n = await drawnPixels(page).catch(() => 0)
    if (n > 2000) return n
    await page.waitForTimeout(200)
  }
  return n
}

describe('Live2D models (Cubism 2.1 core, SwiftShader WebGL)', () => {
  let browser: Browser
  let url: string
  let dist: string
  let close: () => Promise<void>
  let cleanup: () => void

  beforeAll(async () => {
    const made = copyFixture('mascot-live2d-site')
    cleanup = made.cleanup
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(made.root, 'node_modules'))
    mkdirSync(join(made.root, 'vendor'))
    writeFileSync(join(made.root, 'vendor/live2d.min.js'), coreScript())
    dist = await buildSite(made.root)
    const host = await serveStatic(dist)
    url = host.url
    close = async () => {
      host.server.closeAllConnections?.()
      await host.close()
    }
    browser = await launch()
  }, 60_000)
  afterAll(async () => {
    await browser?.close()
    await close?.()
    cleanup?.()
  })

  const open = async (path = 'guide/plain.html') => {
    const context = await newContext(browser, { viewport: { width: 1200, height: 800 } })
    await context.addInitScript(PRESERVE)
    const page = await context.newPage()
    const requests: string[] = []
    page.on('request', (r) => requests.push(r.url()))
    const problems = recordProblems(page)
    await page.goto(url + path)
    await ready(page)
    return { page, requests, problems, close: () => context.close() }
  }

  it('copies the core and both models into assets/mascot/', () => {
    const dir = join(dist, 'assets/mascot')
    expect(existsSync(dir)).toBe(true)
    const html = readFileSync(join(dist, 'guide/plain.html'), 'utf8')
    const [, shizuku] = /"shizuku":"\/gpt\/([^"]+)"/.exec(html)!
    const [, hijiki] = /"blackCat":"\/gpt\/([^"]+)"/.exec(html)!
    expect(existsSync(join(dist, shizuku))).toBe(true)
    expect(existsSync(join(dist, hijiki))).toBe(true)
    expect(html).toMatch(/"core":"\/gpt\/assets\/mascot\/live2d\.\w{8}\.min\.js"/)
  })

  it('draws shizuku, then blackCat after a theme change, every request to the site itself', async () => {
    const { page, requests, problems, close } = await open()
    try {
      await canvas(page).waitFor()
      expect(await waitDrawn(page), 'shizuku drew').toBeGreaterThan(2000)
      expect(requests.some((r) => /\/assets\/mascot\/shizuku\.\w{8}\/moc\/shizuku\.moc$/.test(r))).toBe(true)
      expect(requests.some((r) => /\/assets\/mascot\/live2d\.\w{8}\.min\.js$/.test(r))).toBe(true)
      // The Cubism renderer is a chunk of its own, loaded for a Live2D theme.
      expect(requests.some((r) => /\/assets\/js\/renderer\.\w+\.js$/.test(r))).toBe(true)
      const box = (await canvas(page).boundingBox())!
      expect([box.width, box.height]).toEqual([150, 220])

      await page.getByRole('button', { name: '换一个看板娘', exact: true }).click()
      await expect.poll(() => requests.some((r) => /\/assets\/mascot\/blackCat\.\w{8}\/moc\/hijiki\.moc$/.test(r)), { timeout: 10_000 }).toBe(true)
      await page.waitForTimeout(300)
      expect(await waitDrawn(page), 'blackCat drew').toBeGreaterThan(2000)

      const hosts = new Set(requests.map((r) => new URL(r).host))
      expect([...hosts]).toEqual([new URL(url).host])
      expect(problems).toEqual([])
    } finally {
      await close()
    }
  }, 60_000)

  /** The built site with one model file replaced (or removed), opened until the mascot gives up. */
  async function broken(file: RegExp, bytes: Uint8Array | undefined): Promise<{ logs: string[]; shown: boolean }> {
    const html = readFileSync(join(dist, 'guide/plain.html'), 'utf8')
    const [, settings] = /"shizuku":"\/gpt\/([^"]+)"/.exec(html)!
    const folder = join(dist, dirname(settings))
    const target = join(folder, 'moc/shizuku.moc')
    expect(file.test(target)).toBe(true)
    const original = readFileSync(target)
    if (bytes) writeFileSync(target, bytes)
    else rmSync(target)
    const { page, problems, close } = await open()
    try {
      await expect.poll(() => problems.length, { timeout: 15_000 }).toBeGreaterThan(0)
      await page.waitForTimeout(300)
      return { logs: problems, shown: await canvas(page).isVisible() }
    } finally {
      await close()
      writeFileSync(target, original)
    }
  }

  it('a model file that is not there (404) logs the Chinese resource message and hides the mascot', async () => {
    const { logs, shown } = await broken(/shizuku\.moc$/, undefined)
    expect(shown).toBe(false)
    expect(logs.some((l) => l.includes('看板娘的资源加载失败了，请稍后刷新页面重试！') && /Failed to load \(404\) : http:\/\/127\.0\.0\.1:\d+\/gpt\/assets\/mascot\/shizuku\.\w{8}\/moc\/shizuku\.moc/.test(l))).toBe(true)
  }, 30_000)

  it('a moc file of a newer version, or cut short, is refused before the core sees it: logged, hidden', async () => {
    const moc = new Uint8Array(readFileSync(join(dirname(createRequire(import.meta.url).resolve('live2d-widget-model-shizuku/package.json')), 'assets/moc/shizuku.moc')))
    const newer = moc.slice()
    newer[3] = 12
    const v = await broken(/shizuku\.moc$/, newer)
    expect(v.shown).toBe(false)
    expect(v.logs.some((l) => l.includes('Unsupported moc version 12 (the newest supported is 11)'))).toBe(true)
    const cut = await broken(/shizuku\.moc$/, moc.subarray(0, moc.length - 10))
    expect(cut.shown).toBe(false)
    expect(cut.logs.some((l) => l.includes('Invalid moc file (no end marker 0x88888888, cut short?)'))).toBe(true)
  }, 40_000)
})
