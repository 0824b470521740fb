// The site as it runs in production: built by `gptnotes build` with widget A's service on another
// origin, served by a static host that sends the output's own `_headers` (its CSP), and the
// comment service started as an operator starts it (`gptnotes proxy --check`, then `gptnotes
// proxy` with GPTNOTES_ORIGINS set to the site's origin) on another loopback port. A reader posts,
// replies and is counted in Chromium, and the browser reports no CSP violation and no error.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { article, newContext, recordProblems, withBrowser, withPage } from '../helpers/e2e.js'
import { freePort } from '../helpers/free-port.js'
import { cliEnv, startCli } from '../helpers/cli-run.js'
import { copyFixture } from '../helpers/sites.js'
import { serveStatic } from '../helpers/static-server.js'

let browser: Browser
withBrowser((b) => (browser = b))

const closers: (() => Promise<void> | void)[] = []
let siteUrl: string
let serviceUrl: string
let csp: string
let buildOutput: string

/** Runs the compiled CLI to its end; what it printed, both streams. */
async function cli(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; out: string }> {
  const { code, stdout, stderr } = await startCli(args, { env: cliEnv(['GPTNOTES_'], env), cwd: tmpdir() }).done
  return { code, out: stdout + stderr }
}

beforeAll(async () => {
  const port = await freePort()
  serviceUrl = `http://127.0.0.1:${port}`
  const site = copyFixture('valine-site')
  closers.push(site.cleanup)
  writeFileSync(join(site.root, 'content', 'live.md'), '---\ntitle: 上线之后\ndate: 2026-11-25\n---\n\n# 上线之后\n\n评论服务在另一个域名上，页面仍在自己的内容安全策略之下。\n')
  writeFileSync(join(site.root, 'gptnotes.config.ts'), `export default { title: '留言测试站', themeConfig: { comments: { enabled: true, solution: 'valine', valineConfig: { serverURLs: ${JSON.stringify(serviceUrl)} } } } }\n`)
  const built = await cli(['build', '--root', site.root])
  buildOutput = built.out
  expect(built.code, built.out).toBe(0)
  const dist = join(site.root, 'dist')
  csp = /Content-Security-Policy: (.*)/.exec(readFileSync(join(dist, '_headers'), 'utf8'))![1]
  const host = await serveStatic(dist)
  closers.push(host.close)
  siteUrl = host.url

  const dir = mkdtempSync(join(tmpdir(), 'gptnotes-production-'))
  closers.push(() => rmSync(dir, { recursive: true, force: true }))
  const env = { GPTNOTES_ORIGINS: new URL(siteUrl).origin, GPTNOTES_STORE: `sqlite:${join(dir, 'comments.db')}`, GPTNOTES_RATE_SECONDS: '0', GPTNOTES_MODERATION: 'none' }
  // The deploy script's gate first, then the service.
  const checked = await cli(['proxy', '--check', '--port', String(port)], env)
  expect(checked.code, checked.out).toBe(0)
  const { child: service, done } = startCli(['proxy', '--port', String(port)], { env: cliEnv(['GPTNOTES_'], env), cwd: dir })
  closers.push(async () => {
    service.kill('SIGTERM')
    await done
  })
  await new Promise<void>((resolve, reject) => {
    let out = ''
    service.stdout!.on('data', (d: Buffer) => ((out += d.toString()), /comment service at/.test(out) && resolve()))
    void done.then((r) => reject(new Error(`gptnotes proxy exited: ${r.stdout}${r.stderr}`)))
  })
}, 180_000)

afterAll(async () => {
  for (const close of closers.reverse()) await close()
})

describe('a built site with its comment service on another origin', () => {
  it('builds without a warning about the loopback http address, and its CSP allows exactly that origin to connect', () => {
    expect(buildOutput).not.toContain('CommentsServiceInsecure')
    const connect = csp.split('; ').find((d) => d.startsWith('connect-src '))
    expect(connect).toBe(`connect-src 'self' ${serviceUrl}`)
    // Nothing broader: no scheme-wide or wildcard source anywhere in the policy.
    expect(csp).not.toMatch(/\s(https?:|\*)(\s|;|$)/)
    expect(csp).not.toContain("'unsafe-eval'")
  })

  let page: Page
  let problems: string[]
  /** Every violation the page reports, also ones the console would not show. */
  const watchViolations = (p: Page) =>
    p.addInitScript(() => {
      const seen: string[] = []
      ;(window as unknown as { __violations: string[] }).__violations = seen
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`))
    })
  const violations = (p: Page) => p.evaluate(() => (window as unknown as { __violations: string[] }).__violations)
  withPage(
    () => browser,
    async (p) => {
      page = p
      problems = recordProblems(p)
      await watchViolations(p)
    },
  )

  const editor = (p: Page) => p.getByRole('textbox', { name: '评论内容' })
  const submit = (p: Page) => p.getByRole('button', { name: '提交', exact: true })
  const cards = (p: Page) => p.locator('.vlist > .vcard')
  const count = (p: Page) => article(p).locator('.post-meta .visitor-count-value').filter({ hasText: /^\d+$/ })

  it('a reader posts, another replies, both are counted, with no CSP violation', async () => {
    const serviceRequests: string[] = []
    page.on('request', (r) => r.url().startsWith(serviceUrl) && serviceRequests.push(`${r.method()} ${new URL(r.url()).pathname}`))
    const response = await page.goto(`${siteUrl}live.html`)
    expect(response?.headers()['content-security-policy']).toBe(csp)

    // Counted: the article's 阅读量 arrives from the service.
    await count(page).waitFor()
    expect(await count(page).textContent()).toBe('1')

    await editor(page).waitFor()
    await page.getByRole('textbox', { name: '昵称' }).fill('线上读者')
    await editor(page).fill('上线了，留个言。')
    await submit(page).click()
    await expect.poll(() => page.getByText('1 条评论').isVisible()).toBe(true)
    await expect.poll(() => cards(page).first().locator('.vcontent').textContent()).toContain('上线了，留个言。')
    expect(serviceRequests.some((r) => r.startsWith('POST /1.1/classes/Comment'))).toBe(true)
    expect(serviceRequests.some((r) => r.includes('/1.1/classes/Counter'))).toBe(true)

    // A second reader (a browser of their own) reads it, replies, and is counted too (the
    // service counts readers by IP: both are 127.0.0.1 here, so the count stays within its window).
    const context = await newContext(browser)
    try {
      const other = await context.newPage()
      const otherProblems = recordProblems(other)
      await watchViolations(other)
      await other.goto(`${siteUrl}live.html`)
      await count(other).waitFor()
      expect(await count(other).textContent()).toBe('1')
      await expect.poll(() => cards(other).count()).toBe(1)
      await cards(other).first().getByRole('button', { name: '回复', exact: true }).click()
      await other.getByRole('textbox', { name: '昵称' }).fill('第二位读者')
      await editor(other).fill('看到了，回复一下。')
      await submit(other).click()
      const reply = cards(other).first().locator('.vreplies .vcard')
      await expect.poll(() => reply.count()).toBe(1)
      expect(await reply.locator('.vcontent').textContent()).toContain('看到了，回复一下。')
      expect(await violations(other)).toEqual([])
      expect(otherProblems).toEqual([])
    } finally {
      await context.close()
    }

    // The first reader sees the thread come back from the service.
    await page.reload()
    await expect.poll(() => cards(page).first().locator('.vreplies .vcard').count()).toBe(1)
    expect(await violations(page)).toEqual([])
    expect(problems).toEqual([])
    expect(await (await fetch(`${serviceUrl}/healthz`)).json()).toEqual({ ok: true })

    // The watch works, and the policy is no broader than the service: another loopback origin is refused.
    await page.evaluate(() => fetch('http://127.0.0.1:9/elsewhere').catch(() => undefined))
    await expect.poll(() => violations(page)).toEqual(['connect-src http://127.0.0.1:9/elsewhere'])
  })
})
