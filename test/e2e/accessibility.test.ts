// axe-core on every page of the real site (我的GPT笔记) as it is built, in the light and the dark
// theme: no violation of the WCAG 2.1 A/AA rules or axe's best practices, once the page has
// hydrated and its behaviours (copy buttons, the mascot) have run. Then the pieces only
// `gptnotes serve` renders for this site: the comment box (widget A) and its submit button.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildSite } from '../../src/render/build-site.js'
import { axeViolations } from '../helpers/axe.js'
import { newContext, withBrowser } from '../helpers/e2e.js'
import { hydrated } from '../helpers/real-site.js'
import { serveWithComments, type ServedWithComments } from '../helpers/serve-comments.js'
import { REPO_ROOT } from '../helpers/sites.js'
import { serveStatic } from '../helpers/static-server.js'

const THEMES = ['light', 'dark'] as const

/** Every HTML file of the built output, as paths under the site's base (`handbook/test.html`). */
function htmlFiles(dist: string): string[] {
  const out: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (entry.name.endsWith('.html')) out.push(relative(dist, path).split(sep).join('/'))
    }
  }
  walk(dist)
  return out.sort()
}

describe('axe finds nothing on any built page of the real site', () => {
  let browser: Browser
  withBrowser((b) => (browser = b))
  let dir: string
  let url: string
  let pages: string[] = []
  let close: () => Promise<void>

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gptnotes-a11y-'))
    const dist = join(dir, 'dist')
    await buildSite({ root: REPO_ROOT, out: dist })
    pages = htmlFiles(dist)
    const host = await serveStatic(dist)
    url = host.url
    close = host.close
  }, 120_000)
  afterAll(async () => {
    await close?.()
    rmSync(dir, { recursive: true, force: true })
  })

  for (const theme of THEMES) {
    it(`${theme} theme, desktop`, async () => {
      expect(pages.length).toBeGreaterThan(20)
      const context = await newContext(browser, { colorScheme: theme, viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      // Each finding once (rule, element, what is wrong), with the pages it is on.
      const found = new Map<string, string[]>()
      for (const path of pages) {
        await page.goto(url + path)
        // The 404 page is a real page too; only a routed page hydrates with a history key.
        if (path !== '404.html') await hydrated(page)
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), path).toBe(theme === 'dark')
        // Copy buttons arrive 100 ms after render; let transitions end too.
        await page.waitForTimeout(350)
        for (const v of await axeViolations(page)) {
          for (const node of v.nodes) {
            const key = `${v.id}: ${node}`
            found.set(key, [...(found.get(key) ?? []), path])
          }
        }
      }
      await context.close()
      expect(Object.fromEntries(found)).toEqual({})
    }, 480_000)
  }
})

/**
 * What only `gptnotes serve` renders for this site: widget A's comment box, run by the dev
 * server's own comment service (a store in a temporary folder). A comment left without a nick
 * goes out and is stored as Valine stores it (`Anonymous`) and reads 匿名 on this Chinese page.
 */
describe('the comment box under serve', () => {
  let browser: Browser
  withBrowser((b) => (browser = b))
  let dev: ServedWithComments
  beforeAll(async () => {
    dev = await serveWithComments(REPO_ROOT)
  }, 120_000)
  afterAll(async () => {
    await dev?.close()
  })

  for (const theme of THEMES) {
    it(`${theme} theme: axe finds nothing on an article with its comment box and a comment; no nick reads 匿名`, async () => {
      const context = await newContext(browser, { colorScheme: theme, viewport: { width: 1280, height: 800 } })
      const page = await context.newPage()
      const sent: string[] = []
      page.on('request', (r) => r.method() === 'POST' && r.postData()?.includes('"nick"') && sent.push(r.postData()!))
      await page.goto(dev.url + 'handbook/test.html')
      await hydrated(page)
      // The box mounts when its place scrolls near.
      await page.locator('.widget-slot[data-widget="valine"]').scrollIntoViewIfNeeded()
      const box = page.getByRole('region', { name: '评论' })
      const submit = box.getByRole('button', { name: '提交', exact: true })
      await submit.waitFor()
      const text = `${theme} 主题下的一条留言`
      await box.getByRole('textbox', { name: '评论内容' }).fill(text)
      await submit.click()
      const card = box.locator('.vcard', { hasText: text })
      await card.waitFor()
      // Stored (and sent) as Valine stores it; shown in the page's language.
      expect(sent.map((body) => (JSON.parse(body) as { nick: string }).nick)).toEqual(['Anonymous'])
      expect(await card.locator('.vnick').textContent()).toBe('匿名')
      expect(await box.getByText('Anonymous', { exact: true }).count()).toBe(0)
      // The copy buttons of the page's code blocks are there too.
      expect(await page.locator('.code-block').count()).toBeGreaterThan(0)
      await page.waitForTimeout(300)
      expect(await axeViolations(page)).toEqual([])
      await context.close()
    }, 120_000)
  }
})
