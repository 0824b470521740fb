import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { article, h1, MODES, ready, recordProblems, type Site, visible, withBrowser, withPage, withSite } from '../helpers/e2e.js'

/**
 * The site's response headers as a reader's browser gets them: from `gptnotes serve`, and from a
 * static host that reads the built `_headers` (as Netlify and Cloudflare Pages do). The pages run
 * under the policy without a single refusal, and code the site did not ship is refused.
 */

let browser: Browser
withBrowser((b) => (browser = b))

describe.each(MODES)('security headers (%s)', (mode) => {
  let site: Site
  let page: Page
  let problems: string[]
  withSite(mode, (s) => (site = s))
  withPage(
    () => browser,
    (p) => {
      page = p
      problems = recordProblems(page)
    },
  )

  it('every page comes with the policy, nosniff, the referrer policy and the permissions policy', async () => {
    for (const path of ['', 'handbook/install.html', 'tag/', 'handbook/no-such-page.html']) {
      const response = (await page.goto(site.url + path))!
      const headers = response.headers()
      expect(headers['content-security-policy'], path).toMatch(/^default-src 'self'; script-src 'self' 'sha256-[\w+/=]+'/)
      expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/)
      expect(headers['x-content-type-options']).toBe('nosniff')
      expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(headers['permissions-policy']).toContain('camera=()')
    }
  })

  it('hashed assets are cached for a year', async () => {
    const response = (await page.goto(site.url))!
    const main = /<script data-entry="([^"]+)"/.exec(await response.text())![1]
    const asset = await page.request.get(new URL(main, site.url).href)
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('the theme script, hydration, navigation and search run without one refusal', async () => {
    await page.goto(site.url + 'handbook/getting-started.html')
    await ready(page)
    await page.getByRole('button', { name: '切换深色模式' }).click()
    await page.reload()
    await ready(page)
    // The inline theme script ran (allowed by its hash): the remembered mode is on before paint.
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    await article(page).getByRole('link', { name: '阅读安装指南' }).click()
    await visible(h1(page, '安装指南'))
    // Search fetches its index (connect-src 'self').
    await page.getByRole('search').getByRole('searchbox', { name: '搜索', exact: true }).fill('安装')
    await visible(page.getByRole('option').first())
    expect(problems).toEqual([])
  })

  it('an inline script the site did not ship is refused, and the refusal is a recorded problem', async () => {
    await page.goto(site.url)
    await ready(page)
    await page.evaluate(() => {
      const s = document.createElement('script')
      s.textContent = 'window.__injected = true'
      document.body.append(s)
    })
    await expect.poll(() => problems.some((p) => p.startsWith('csp: '))).toBe(true)
    expect(await page.evaluate(() => (window as Window & { __injected?: boolean }).__injected)).toBeUndefined()
  })
})
