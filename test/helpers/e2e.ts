/**
 * Shared pieces of the browser suite (test/e2e): the fixture site served two ways — by
 * `gptnotes serve` (the dev server, from memory) and as built output on a plain static host —
 * and small page helpers that wait for what a reader would see.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, BrowserContext, BrowserContextOptions, Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import { startDevServer } from '../../src/dev-server/dev-server.js'
import { buildSite as build } from '../../src/render/build-site.js'
import { launchBrowser } from './browser.js'
import { copyFixture } from './sites.js'
import type { RouteMap } from '../../src/shared/types.js'
import { serveStatic } from './static-server.js'

export const FIXTURE = 'e2e-site'
export const SITE_TITLE = '测试站点'

export type Mode = 'serve' | 'static'
/** For `describe.each(MODES)`: every behaviour that both ways of serving share. */
export const MODES: Mode[] = ['serve', 'static']

export interface Site {
  mode: Mode
  /** The site's address, ending in the base (`http://127.0.0.1:PORT/gpt/`). */
  url: string
  /** The temporary copy of the fixture (tests may edit it). */
  root: string
  /** The built output folder (static mode). */
  dist?: string
  /** What the dev server logged (serve mode). */
  log: string[]
  close(): Promise<void>
}

export interface OpenSiteOptions {
  /** Dev server: watch files and reload open pages (off unless a test needs it). */
  watch?: boolean
  /** Static mode: change the built output before it is served. */
  prepare?: (dist: string) => void
  /** Which fixture under test/fixtures (default: the e2e site). */
  fixture?: string
}

/** Build a copy of the fixture into `<root>/dist` the way `gptnotes build` does. */
export async function buildSite(root: string): Promise<string> {
  const dist = join(root, 'dist')
  await build({ root, out: dist })
  return dist
}

/** Serve a fresh copy of the fixture site by `mode`. */
export async function openSite(mode: Mode, options: OpenSiteOptions = {}): Promise<Site> {
  const { root, cleanup } = copyFixture(options.fixture ?? FIXTURE)
  const log: string[] = []
  try {
    if (mode === 'serve') {
      const dev = await startDevServer({ root, port: 0, host: '127.0.0.1', watch: options.watch ?? false, log: (line) => log.push(line) })
      return {
        mode,
        url: dev.url,
        root,
        log,
        async close() {
          await dev.close()
          cleanup()
        },
      }
    }
    const dist = await buildSite(root)
    options.prepare?.(dist)
    const host = await serveStatic(dist)
    return {
      mode,
      url: host.url,
      root,
      dist,
      log,
      async close() {
        host.server.closeAllConnections?.()
        await host.close()
        cleanup()
      },
    }
  } catch (err) {
    cleanup()
    throw err
  }
}

/** The built output's chunk file for a route, found by its stable name (`handbook_install`). */
export function chunkFile(dist: string, name: string): string {
  const files = readdirSync(join(dist, 'assets/js')).filter((f) => f.startsWith(name + '.') && /^[^.]+\.[A-Za-z0-9]+\.js$/.test(f))
  if (files.length !== 1) throw new Error(`expected one chunk named ${name}, found ${JSON.stringify(files)}`)
  return files[0]
}

export function readText(path: string): string {
  return readFileSync(path, 'utf8')
}

/** A fresh browser context whose waits give up after 10 s (not Playwright's 30 s). */
export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options)
  context.setDefaultTimeout(10_000)
  return context
}

/*
 * Hooks for the calling file or describe block. Each hands what it opened to `set` (the block
 * keeps its own variables) and closes it afterwards.
 */

/** One browser for the tests of the calling file or block. */
export function withBrowser(set: (browser: Browser) => void): void {
  let browser: Browser | undefined
  beforeAll(async () => set((browser = await launchBrowser())))
  afterAll(async () => {
    await browser?.close()
  })
}

/** A fixture site served by `mode`, opened once for the calling block. */
export function withSite(mode: Mode, set: (site: Site) => void, options: OpenSiteOptions = {}): void {
  let site: Site | undefined
  beforeAll(async () => set((site = await openSite(mode, options))))
  afterAll(async () => {
    await site?.close()
  })
}

export interface PageOptions extends BrowserContextOptions {
  /** Runs on each new context before its page opens (init scripts, permissions). */
  prepare?: (context: BrowserContext) => Promise<unknown>
}

/** A fresh context and page for every test of the calling block. */
export function withPage(browser: () => Browser, set: (page: Page, context: BrowserContext) => unknown, { prepare, ...options }: PageOptions = {}): void {
  let context: BrowserContext | undefined
  beforeEach(async () => {
    context = await newContext(browser(), options)
    await prepare?.(context)
    await set(await context.newPage(), context)
  })
  afterEach(async () => {
    await context?.close()
  })
}

/** The router has started (it keys every history entry). */
export async function waitForRouter(page: Page): Promise<void> {
  await page.waitForFunction(() => !!(history.state as { key?: string } | null)?.key)
}

/** The route map (loaded at idle time) has arrived, so clicks do not wait for it. */
export async function waitForRouteMap(page: Page): Promise<void> {
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/assets\/js\/routes\.[^/]+\.js$/.test(e.name)))
  // Give the module a moment to evaluate.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))))
}

/** The router is running and idle: ready for a reader's clicks. */
export async function ready(page: Page): Promise<void> {
  await waitForRouter(page)
  await waitForRouteMap(page)
}

/** The route map as the client sees it (the route paths, packed as `route-list.ts` reads them). */
export async function routeMap(page: Page): Promise<RouteMap> {
  // A string, so the test runner does not rewrite the dynamic import.
  return page.evaluate(`(async () => {
    const data = JSON.parse(document.getElementById('__GPTNOTES_DATA__').textContent)
    return (await import(data.site.routesUrl)).default
  })()`)
}

/** The page's main heading with this text. */
export function h1(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 1, name, exact: true })
}

/** The article on screen (the rendered markdown page). */
export function article(page: Page): Locator {
  return page.getByRole('article')
}

export async function visible(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout })
}

export const scrollY = (page: Page): Promise<number> => page.evaluate(() => window.scrollY)

/** Wait until the window has scrolled to `y` (± `tolerance`) and stays there. */
export async function waitForScrollY(page: Page, y: number, tolerance = 6, timeout = 5_000): Promise<void> {
  await page.evaluate(() => delete (window as Window & { __settle?: unknown }).__settle)
  await page
    .waitForFunction(
      ([target, tol]) => {
        const w = window as Window & { __settle?: { y: number; since: number } }
        const now = performance.now()
        if (!w.__settle || w.__settle.y !== window.scrollY) w.__settle = { y: window.scrollY, since: now }
        return Math.abs(window.scrollY - target) <= tol && now - w.__settle.since > 150
      },
      [y, tolerance] as const,
      { timeout, polling: 30 },
    )
    .catch(async (err) => {
      throw new Error(`scrollY stayed at ${await scrollY(page)}, expected ${y} ± ${tolerance}: ${(err as Error).message}`)
    })
}

/** Wait until scrolling has stopped (the same scrollY for a while); returns it. */
export async function waitForScrollStop(page: Page, timeout = 5_000): Promise<number> {
  await page.evaluate(() => delete (window as Window & { __stop?: unknown }).__stop)
  await page.waitForFunction(
    () => {
      const w = window as Window & { __stop?: { y: number; since: number } }
      const now = performance.now()
      if (!w.__stop || w.__stop.y !== window.scrollY) w.__stop = { y: window.scrollY, since: now }
      return now - w.__stop.since > 200
    },
    undefined,
    { timeout, polling: 30 },
  )
  return scrollY(page)
}

/** How Chromium words a Content-Security-Policy refusal in the console (blocked loads, connections, inline code, eval). */
const CSP_REFUSAL = /Content Security Policy|ERR_BLOCKED_BY_CSP/

/**
 * Console errors and warnings, and uncaught page errors, as text, from the page and its frames.
 * A refusal by the site's Content-Security-Policy (every served page runs under it) is a
 * problem too, recorded as `csp: …`: something the site does that its own policy forbids.
 */
export function recordProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (m) => {
    if (CSP_REFUSAL.test(m.text())) problems.push(`csp: ${m.text()}`)
    else if (m.type() === 'error' || m.type() === 'warning') problems.push(`console.${m.type()}: ${m.text()}`)
  })
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
  return problems
}

/**
 * The problems left when the CSP refusals a test causes on purpose (each matching one of
 * `expected`, e.g. a demo's remote image) are taken out; every other refusal stays.
 */
export function withoutExpectedCsp(problems: readonly string[], ...expected: RegExp[]): string[] {
  return problems.filter((p) => !(p.startsWith('csp: ') && expected.some((re) => re.test(p))))
}

/** File names of the requests the page makes under `/assets/js/`. */
export function recordScripts(page: Page): string[] {
  const names: string[] = []
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (path.includes('/assets/js/')) names.push(path.slice(path.lastIndexOf('/') + 1))
  })
  return names
}

/** The pages the client fetches to show a route (its HTML, read for the route's data): their paths. */
export function recordPageLoads(page: Page): string[] {
  const paths: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'fetch' && !new URL(r.url()).pathname.includes('/assets/')) paths.push(new URL(r.url()).pathname)
  })
  return paths
}

/** Page chunks: every script except the client (`main.*`) and the route map (`routes.*`). */
export const isPageChunk = (name: string): boolean => !/^(main|routes)\./.test(name) && name.endsWith('.js')

/** Mark the window; the mark survives client-side navigation and is gone after a full load. */
export async function mark(page: Page): Promise<void> {
  await page.evaluate(() => ((window as Window & { __marker?: number }).__marker = 1))
}

export async function marked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as Window & { __marker?: number }).__marker === 1)
}

/** The top of an element relative to the viewport, and the bottom of the sticky site header. */
export async function offsets(locator: Locator): Promise<{ top: number; headerBottom: number; viewport: number }> {
  return locator.evaluate((el) => ({
    top: el.getBoundingClientRect().top,
    headerBottom: document.querySelector('header')?.getBoundingClientRect().bottom ?? 0,
    viewport: window.innerHeight,
  }))
}

export const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

/**
 * Edit a file of the site and wait until the page reloads by itself and shows `expected`. The
 * watcher may still be starting when the first edit lands, so the same edit is written again
 * if nothing happened after a few seconds.
 */
export async function editUntilShown(page: Page, file: string, edit: (text: string) => string, expected: Locator): Promise<void> {
  const original = readFileSync(file, 'utf8')
  const edited = edit(original)
  expect(edited).not.toBe(original)
  for (let attempt = 1; ; attempt++) {
    writeFileSync(file, edited)
    try {
      await expected.waitFor({ state: 'visible', timeout: 4_000 })
      return
    } catch (err) {
      if (attempt === 4) throw err
    }
  }
}
