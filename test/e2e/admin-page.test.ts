import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import { Miniflare } from 'miniflare'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ADMIN_CSP } from '../../src/proxy/admin-page/page.js'
import { createProxyApp } from '../../src/proxy/app.js'
import { openPostgresStore, openSqliteStore, startProxyServer, type ProxyServer } from '../../src/proxy/node.js'
import { resolveProxyOptions } from '../../src/proxy/options.js'
import { ADMIN_FAILURES_MAX } from '../../src/proxy/policy/limits.js'
import type { CommentStore, StoredComment } from '../../src/proxy/stores/store.js'
import { launchBrowser } from '../helpers/browser.js'
import { postgresDatabase } from '../helpers/postgres.js'
import { REPO_ROOT } from '../helpers/sites.js'

/**
 * The owner's page (`/admin/`, design.md §8.1) in real Chromium against the real service: on
 * Node with SQLite and with PostgreSQL, and the edge worker inside workerd (miniflare, D1).
 * Comments go into the store directly (pages of them, a stored-XSS body the service's own
 * sanitiser would have refused); what the page does is checked on the admin API and on the
 * public LeanCloud-style API the widget reads.
 */

const TOKEN = 'admin-page-token-0123456789abcdef'
const SITE = 'https://notes.example'
const SETTINGS: Record<string, string> = {
  GPTNOTES_ADMIN_TOKEN: TOKEN,
  GPTNOTES_ORIGINS: `${SITE},https://other.example`,
  GPTNOTES_MODERATION: 'all',
  GPTNOTES_RATE_SECONDS: '0',
}

interface Target {
  url: string
  /** Puts comments into the store as they are (no sanitiser, no policy). */
  insert(comments: StoredComment[]): Promise<void>
  close(): Promise<void>
}

/** A 1 × 1 PNG. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

let seq = 0
function comment(fields: Partial<StoredComment> & { nick: string }): StoredComment {
  const at = new Date(Date.UTC(2026, 0, 1) + ++seq * 60_000).toISOString()
  return {
    objectId: `c${seq.toString().padStart(5, '0')}${Math.random().toString(36).slice(2, 8)}`,
    createdAt: at,
    updatedAt: at,
    insertedAt: at,
    url: '/posts/hello.html',
    rid: null,
    pid: null,
    mail: `${fields.nick.toLowerCase().replace(/\W/g, '')}@mail.example`,
    mailHash: '',
    link: '',
    comment: `<p>${fields.nick} 的评论</p>`,
    ua: 'test',
    ipHash: 'ip',
    status: 'waiting',
    ...fields,
  }
}

async function storeTarget(store: CommentStore): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), 'gptnotes-admin-page-'))
  const options = resolveProxyOptions({ flags: { port: '0', host: '127.0.0.1', store: `sqlite:${join(dir, 'unused.db')}` }, env: SETTINGS })
  const server: ProxyServer = await startProxyServer({ options, store, signals: false, log: () => {} })
  return {
    url: server.url,
    insert: async (comments) => void (await store.importRecords({ comments, counters: [] })),
    close: async () => {
      await server.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

async function workerTarget(): Promise<Target> {
  const bundle = async (entry: string) =>
    (await build({ entryPoints: [join(REPO_ROOT, entry)], bundle: true, format: 'esm', platform: 'browser', write: false, logLevel: 'silent' })).outputFiles[0].text
  // Two workers on one D1 database: the service, and the store worker of store-d1.test.ts that
  // puts the comments in. Inserting through miniflare's D1 proxy instead (getD1Database) blocks
  // the test's thread on a synchronous fetch per statement, which lost its answer under load.
  const mf = new Miniflare({
    host: '127.0.0.1',
    port: 0,
    workers: [
      { name: 'comments', modules: true, script: await bundle('src/proxy/worker.ts'), compatibilityDate: '2025-01-01', d1Databases: { DB: 'admin-page-test' }, bindings: SETTINGS },
      { name: 'store', modules: true, script: await bundle('test/proxy/store-d1-worker.ts'), compatibilityDate: '2025-01-01', d1Databases: { DB: 'admin-page-test' } },
    ],
  })
  const url = (await mf.ready).origin
  // The worker migrates its store on its first request.
  await fetch(`${url}/healthz`)
  // miniflare types its Fetcher from workers' types, which this project does not load.
  const store = (await mf.getWorker('store')) as unknown as { fetch(url: string, init: RequestInit): Promise<Response> }
  const insert = async (comments: StoredComment[]) => {
    const res = await store.fetch('http://store.test/', { method: 'POST', body: JSON.stringify({ binding: 'DB', method: 'importRecords', args: [{ comments, counters: [] }] }) })
    const body = (await res.json()) as { ok: boolean; error?: string }
    if (!body.ok) throw new Error(body.error)
  }
  return { url, insert, close: () => mf.dispose() }
}

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
})

/** The admin API, as the test checks what the page did. */
async function adminGet(target: Target, path: string): Promise<any> {
  const res = await fetch(`${target.url}/admin/${path}`, { headers: { authorization: `Bearer ${TOKEN}` } })
  expect(res.status).toBe(200)
  return res.json()
}

/** What a reader sees of a page through the public API (approved comments only). */
async function publicIds(target: Target, url: string): Promise<string[]> {
  const where = encodeURIComponent(JSON.stringify({ url }))
  const res = await fetch(`${target.url}/1.1/classes/Comment?where=${where}&order=-createdAt&limit=100`)
  const body = (await res.json()) as { results: { objectId: string }[] }
  return body.results.map((r) => r.objectId)
}

/** Every comment gone, so each test starts on an empty store. */
async function emptyStore(target: Target): Promise<void> {
  for (;;) {
    const { results } = (await adminGet(target, 'comments?page=1')) as { results: { objectId: string }[] }
    if (results.length === 0) return
    for (const r of results) await fetch(`${target.url}/admin/comments/${r.objectId}`, { method: 'DELETE', headers: { authorization: `Bearer ${TOKEN}` } })
  }
}

function adminPageCases(name: string, open: () => Promise<Target>, { screenshots = false } = {}) {
  describe(`the owner's page: ${name}`, () => {
    let target: Target
    let context: BrowserContext
    let page: Page
    let problems: string[]
    /** Refusals a test causes on purpose (the stored-XSS body); every other one fails the test. */
    let expectedViolations: RegExp | undefined

    /** A browser context whose pages record every refusal of the policy before their own script runs. */
    async function openContext(options: Parameters<Browser['newContext']>[0]): Promise<void> {
      context = await browser.newContext(options)
      await context.addInitScript(() => {
        const w = window as unknown as { __violations: string[] }
        w.__violations = []
        document.addEventListener('securitypolicyviolation', (e) => w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`))
      })
      page = await context.newPage()
      page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`))
      page.on('dialog', (d) => {
        problems.push(`dialog: ${d.message()}`)
        void d.dismiss()
      })
    }

    beforeAll(async () => {
      target = await open()
    }, 60_000)
    afterAll(async () => {
      await target?.close()
    })
    beforeEach(async () => {
      await emptyStore(target)
      problems = []
      expectedViolations = undefined
      await openContext({ locale: 'zh-CN', viewport: { width: 1100, height: 900 } })
    })
    afterEach(async () => {
      // No test may cause a refusal of the policy, a script error or an alert.
      const violations = await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)
      expect(violations.filter((v) => !expectedViolations?.test(v))).toEqual([])
      expect(problems).toEqual([])
      await context.close()
    })

    const signIn = async (on: Page = page) => {
      await on.goto(`${target.url}/admin/`)
      await on.getByLabel('管理令牌').fill(TOKEN)
      await on.getByRole('button', { name: '登录' }).click()
      await expect.poll(() => on.getByRole('tab', { name: /待审核/ }).count()).toBe(1)
    }
    const tab = (label: string) => page.getByRole('tab', { name: new RegExp(`^${label}`) })
    const item = (nick: string): Locator => page.getByRole('article', { name: nick, exact: true })
    const counts = () => Promise.all(['待审核', '已通过', '垃圾评论'].map(async (l) => (await tab(l).textContent())!.replace(l, '').trim()))
    const settled = () => expect.poll(async () => (await page.locator('main[aria-busy="true"]').count()) === 0).toBe(true)

    it('is served under the strict policy, and a wrong or missing token shows a message and nothing else', async () => {
      const res = await page.goto(`${target.url}/admin/`)
      expect(res!.status()).toBe(200)
      expect(res!.headers()['content-security-policy']).toBe(ADMIN_CSP)
      expect(ADMIN_CSP).toContain("default-src 'none'")
      expect(ADMIN_CSP).toContain("frame-ancestors 'none'")
      expect(ADMIN_CSP).toContain("connect-src 'self'")
      expect(ADMIN_CSP).not.toContain('unsafe')
      expect(await page.content()).not.toMatch(/<script>|<style|\son\w+=/)

      await page.getByRole('button', { name: '登录' }).click()
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('请输入管理令牌。')

      await page.getByLabel('管理令牌').fill(`${TOKEN}-wrong`)
      await page.getByRole('button', { name: '登录' }).click()
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('管理令牌不正确，请检查后重试。')
      expect(await page.getByRole('tab').count()).toBe(0)
      expect(await page.getByRole('article').count()).toBe(0)
      expect(await page.getByRole('button', { name: '退出' }).count()).toBe(0)
      expect(await page.evaluate(() => sessionStorage.length)).toBe(0)

      await target.insert([comment({ nick: 'Ann' })])
      await page.getByLabel('管理令牌').fill(TOKEN)
      await page.getByRole('button', { name: '登录' }).click()
      await expect.poll(() => counts()).toEqual(['1', '0', '0'])
      // Kept for the tab only, never in the address.
      expect(page.url()).toBe(`${target.url}/admin/`)
      expect(await page.evaluate(() => [sessionStorage.getItem('gptnotes-admin-token'), localStorage.getItem('gptnotes-admin-token')])).toEqual([TOKEN, null])
      await page.reload()
      await expect.poll(() => item('Ann').count()).toBe(1)

      await page.getByRole('button', { name: '退出' }).click()
      await expect.poll(() => page.getByLabel('管理令牌').count()).toBe(1)
      expect(await page.evaluate(() => sessionStorage.length)).toBe(0)
      // The page and its assets are same-origin only: no request left the service.
      const hosts = new Set<string>()
      page.on('request', (r) => hosts.add(new URL(r.url()).host))
      await page.reload()
      expect([...hosts]).toEqual([new URL(target.url).host])
    })

    it('says so when its address sent too many wrong tokens, and the right token still signs in from it', async () => {
      await page.goto(`${target.url}/admin/`)
      // Wrong tokens sent by this browser (the page's own address) until the service refuses them:
      // at most the limit (the first test sent one already) answer 401.
      const statuses = await page.evaluate(async (n) => {
        const out: number[] = []
        for (let i = 0; i < 2 * n && out.at(-1) !== 429; i++) out.push((await fetch('counts', { headers: { authorization: `Bearer wrong-${i}` } })).status)
        return out
      }, ADMIN_FAILURES_MAX)
      expect(statuses.at(-1)).toBe(429)
      expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true)
      expect(statuses.length).toBeLessThanOrEqual(ADMIN_FAILURES_MAX + 1)
      await page.getByLabel('管理令牌').fill(`${TOKEN}-wrong`)
      await page.getByRole('button', { name: '登录' }).click()
      await expect.poll(() => page.getByRole('alert').textContent()).toBe('这个网络地址输错管理令牌的次数过多，请稍后再试。')
      expect(await page.getByRole('tab').count()).toBe(0)
      await page.getByLabel('管理令牌').fill(TOKEN)
      await page.getByRole('button', { name: '登录' }).click()
      await expect.poll(() => counts()).toEqual(['0', '0', '0'])
    })

    it('shows each comment with its page, nick, mail, link, time and the comment it answers', async () => {
      const parent = comment({ nick: 'Parent', status: 'approved', comment: '<p>最初的<strong>问题</strong>在这里</p>' })
      const reply = comment({ nick: 'Replier', rid: parent.objectId, pid: parent.objectId, link: 'https://replier.example/', url: '/posts/hello.html', comment: '<p>回复正文 <a href="https://x.example/">链接</a></p>' })
      await target.insert([parent, reply])
      await signIn()
      const card = item('Replier')
      await expect.poll(() => card.count()).toBe(1)
      expect(await card.getByRole('link', { name: '/posts/hello.html' }).getAttribute('href')).toBe(`${SITE}/posts/hello.html`)
      expect(await card.getByRole('link', { name: 'replier@mail.example' }).getAttribute('href')).toBe('mailto:replier@mail.example')
      expect(await card.getByRole('link', { name: 'https://replier.example/' }).getAttribute('href')).toBe('https://replier.example/')
      expect(await card.locator('time').getAttribute('datetime')).toBe(reply.createdAt)
      expect(await card.locator('.parent').textContent()).toBe('回复 Parent：最初的 问题 在这里')
      const link = card.locator('.body a')
      expect(await link.getAttribute('rel')).toBe('ugc nofollow noopener noreferrer')
      expect(await link.getAttribute('target')).toBe('_blank')
    })

    it('approves, marks as spam and deletes (with replies, after a confirmation); the public API follows', async () => {
      const url = '/posts/actions.html'
      const [a, b, c] = [comment({ nick: 'Alice', url }), comment({ nick: 'Bob', url }), comment({ nick: 'Carol', url, status: 'approved' })]
      const replyToC = comment({ nick: 'Dave', url, rid: c.objectId, pid: c.objectId, status: 'approved' })
      await target.insert([a, b, c, replyToC])
      await signIn()
      await expect.poll(() => counts()).toEqual(['2', '2', '0'])
      expect(await publicIds(target, url)).toEqual([replyToC.objectId, c.objectId])

      await item('Alice').getByRole('button', { name: '通过', exact: true }).click()
      await expect.poll(() => counts()).toEqual(['1', '3', '0'])
      expect(await page.getByRole('status').textContent()).toBe('已通过 1 条评论。')
      expect(await item('Alice').count()).toBe(0)
      expect(await publicIds(target, url)).toEqual([replyToC.objectId, c.objectId, a.objectId])

      await item('Bob').getByRole('button', { name: '标为垃圾' }).click()
      await expect.poll(() => counts()).toEqual(['0', '3', '1'])
      expect(await publicIds(target, url)).not.toContain(b.objectId)
      await tab('垃圾评论').click()
      await expect.poll(() => item('Bob').count()).toBe(1)
      expect((await adminGet(target, `comments?status=spam`)).results.map((r: { objectId: string }) => r.objectId)).toEqual([b.objectId])

      // Approved comments can go to spam too; and a spam one can be approved back.
      await item('Bob').getByRole('button', { name: '通过', exact: true }).click()
      await expect.poll(() => counts()).toEqual(['0', '4', '0'])
      expect(await publicIds(target, url)).toContain(b.objectId)

      await tab('已通过').click()
      await expect.poll(() => item('Carol').count()).toBe(1)
      // Cancelled: nothing goes.
      await item('Carol').getByRole('button', { name: '删除' }).click()
      const dialog = page.getByRole('dialog')
      expect(await dialog.textContent()).toContain('删除这条评论及其所有回复？')
      await dialog.getByRole('button', { name: '取消' }).click()
      expect(await dialog.isVisible()).toBe(false)
      expect(await publicIds(target, url)).toContain(c.objectId)
      // Confirmed: the comment and its reply go.
      await item('Carol').getByRole('button', { name: '删除' }).click()
      await dialog.getByRole('button', { name: '确认删除' }).click()
      await expect.poll(() => counts()).toEqual(['0', '2', '0'])
      expect(await publicIds(target, url)).toEqual([b.objectId, a.objectId])
      expect(await page.getByRole('status').textContent()).toBe('已删除 1 条评论及其回复。')
    })

    it('acts on the selected comments together', async () => {
      const url = '/posts/bulk.html'
      const list = ['W1', 'W2', 'W3', 'W4', 'W5'].map((nick) => comment({ nick, url }))
      await target.insert(list)
      await signIn()
      await expect.poll(() => counts()).toEqual(['5', '0', '0'])
      expect(await page.getByRole('button', { name: '批量通过' }).isDisabled()).toBe(true)
      await item('W1').getByRole('checkbox', { name: '选择' }).check()
      await item('W2').getByRole('checkbox', { name: '选择' }).check()
      await page.getByRole('button', { name: '批量通过' }).click()
      await expect.poll(() => counts()).toEqual(['3', '2', '0'])
      expect((await publicIds(target, url)).sort()).toEqual([list[0].objectId, list[1].objectId].sort())

      await item('W3').getByRole('checkbox', { name: '选择' }).check()
      await page.getByRole('button', { name: '批量标为垃圾' }).click()
      await expect.poll(() => counts()).toEqual(['2', '2', '1'])

      await page.getByRole('checkbox', { name: '全选' }).check()
      expect(await page.getByRole('checkbox', { name: '选择', checked: true }).count()).toBe(2)
      await page.getByRole('button', { name: '批量删除' }).click()
      expect(await page.getByRole('dialog').textContent()).toContain('删除选中的 2 条评论')
      await page.getByRole('dialog').getByRole('button', { name: '确认删除' }).click()
      await expect.poll(() => counts()).toEqual(['0', '2', '1'])
      expect(await page.getByText('这里没有评论。').count()).toBe(1)
      expect((await publicIds(target, url)).length).toBe(2)
    })

    it('pages 50 at a time, newest first, and filters by page', async () => {
      const many = Array.from({ length: 53 }, (_, i) => comment({ nick: `N${String(i).padStart(2, '0')}`, url: '/posts/busy.html' }))
      const elsewhere = comment({ nick: 'Elsewhere', url: '/posts/quiet.html' })
      await target.insert([...many, elsewhere])
      await signIn()
      await settled()
      const nicks = () => page.locator('article .nick').allTextContents()
      await expect.poll(async () => (await nicks()).length).toBe(50)
      expect((await nicks())[0]).toBe('Elsewhere')
      expect((await nicks())[1]).toBe('N52')
      expect(await page.getByText('第 1 / 2 页').count()).toBe(1)
      expect(await page.getByRole('button', { name: '上一页' }).isDisabled()).toBe(true)
      await page.getByRole('button', { name: '下一页' }).click()
      await expect.poll(async () => (await nicks()).join(',')).toBe('N03,N02,N01,N00')
      expect(await page.getByText('第 2 / 2 页').count()).toBe(1)

      await page.getByLabel('页面路径').fill('/posts/quiet.html')
      await page.getByRole('button', { name: '筛选' }).click()
      await expect.poll(async () => (await nicks()).join(',')).toBe('Elsewhere')
      await expect.poll(() => counts()).toEqual(['1', '0', '0'])
      await page.getByRole('button', { name: '清除筛选' }).click()
      await expect.poll(() => counts()).toEqual(['54', '0', '0'])
    })

    it('shows a stored-XSS comment inert', async () => {
      const hostile = comment({
        nick: '<img src=x onerror="window.__pwned=1">',
        link: 'javascript:window.__pwned=5',
        url: 'javascript:window.__pwned=6',
        comment:
          '<p>before</p><img src=x onerror="window.__pwned=2"><script>window.__pwned=3</script><a href="javascript:window.__pwned=4">click</a>' +
          '<svg><animate onbegin="window.__pwned=7"></animate></svg><iframe srcdoc="<script>parent.__pwned=8</script>"></iframe><p style="position:fixed">after</p>',
      })
      await target.insert([hostile])
      // Chromium reports the handler and style attributes it refuses while DOMPurify parses the
      // body in an inert document: the policy's second layer at work, nothing runs. No other refusal.
      expectedViolations = /^(script|style)-src-attr inline$/
      await signIn()
      const card = page.getByRole('article')
      await expect.poll(() => card.count()).toBe(1)
      expect(await card.locator('.nick').textContent()).toBe('<img src=x onerror="window.__pwned=1">')
      const body = card.locator('.body')
      expect(await body.innerHTML()).toBe('<p>before</p><a>click</a><p>after</p>')
      await card.getByText('click').click()
      expect(await card.getByRole('link', { name: 'javascript:window.__pwned=5' }).count()).toBe(0)
      expect(await card.getByRole('link', { name: 'javascript:window.__pwned=6' }).count()).toBe(0)
      await page.waitForTimeout(300)
      expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
    })

    it("keeps a held comment's remote images back until the owner asks; an approved comment's show", async () => {
      // A real image server on loopback, counting what it is asked for.
      const asked: string[] = []
      const images = createServer((req, res) => {
        asked.push(req.url ?? '')
        res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' })
        res.end(PIXEL)
      })
      await new Promise<void>((resolve) => images.listen(0, '127.0.0.1', resolve))
      const base = `http://127.0.0.1:${(images.address() as AddressInfo).port}`
      const img = (name: string) => `<img src="${base}/${name}.png" alt="${name}" width="40" height="30">`
      try {
        await target.insert([
          comment({ nick: 'Waiting', comment: `<p>看这张图</p>${img('waiting')}` }),
          comment({ nick: 'Spammy', status: 'spam', comment: `<p>两张图</p>${img('spam-1')}${img('spam-2')}` }),
          comment({ nick: 'Approved', status: 'approved', comment: `<p>已通过</p>${img('approved')}` }),
        ])
        await signIn()
        const waiting = item('Waiting')
        await expect.poll(() => waiting.count()).toBe(1)
        expect(await waiting.locator('.body img').count()).toBe(0)
        expect(await waiting.locator('.body').textContent()).toBe(`看这张图[图片：127.0.0.1:${new URL(base).port}]`)
        await page.waitForTimeout(500)
        expect(asked).toEqual([])
        await waiting.getByRole('button', { name: /^显示图片（1 张/ }).click()
        await expect.poll(() => asked).toEqual(['/waiting.png'])
        await expect.poll(() => waiting.locator('.body img').evaluate((e) => (e as HTMLImageElement).naturalWidth)).toBe(1)
        expect(await waiting.getByRole('button', { name: /显示图片/ }).count()).toBe(0)

        await tab('垃圾评论').click()
        const spammy = item('Spammy')
        await expect.poll(() => spammy.count()).toBe(1)
        await page.waitForTimeout(500)
        expect(asked).toEqual(['/waiting.png'])
        await spammy.getByRole('button', { name: /^显示图片（2 张/ }).click()
        await expect.poll(() => [...asked].sort()).toEqual(['/spam-1.png', '/spam-2.png', '/waiting.png'])

        // Approved: readers see its image, and so does the owner, at once.
        await tab('已通过').click()
        await expect.poll(() => item('Approved').locator('.body img').count()).toBe(1)
        await expect.poll(() => asked.includes('/approved.png')).toBe(true)
        expect(await item('Approved').getByRole('button', { name: /显示图片/ }).count()).toBe(0)
      } finally {
        await new Promise((resolve) => images.close(resolve))
      }
    })

    it('is usable with the keyboard alone', async () => {
      const [x, y] = [comment({ nick: 'Key1', status: 'approved' }), comment({ nick: 'Key2' })]
      await target.insert([x, y])
      await page.goto(`${target.url}/admin/`)
      const focused = () => page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null
        const role = el?.getAttribute('role') ?? (el instanceof HTMLInputElement && el.type === 'checkbox' ? 'checkbox' : el?.tagName.toLowerCase())
        return el ? `${role}:${el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''}` : ''
      })
      const tabTo = async (want: string) => {
        for (let i = 0; i < 40; i++) {
          if ((await focused()) === want) return
          await page.keyboard.press('Tab')
        }
        throw new Error(`${want} is not reachable by Tab (at ${await focused()})`)
      }
      // The token field has the focus at once.
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).type)).toBe('password')
      await page.keyboard.type(TOKEN)
      await tabTo('button:登录')
      await page.keyboard.press('Enter')
      await expect.poll(() => item('Key2').count()).toBe(1)

      await tabTo('tab:待审核 1')
      await page.keyboard.press('ArrowRight')
      await expect.poll(() => focused()).toBe('tab:已通过 1')
      await expect.poll(() => item('Key1').count()).toBe(1)
      await page.keyboard.press('ArrowLeft')
      await expect.poll(() => item('Key2').count()).toBe(1)

      await tabTo('checkbox:选择')
      await page.keyboard.press('Space')
      expect(await item('Key2').getByRole('checkbox', { name: '选择' }).isChecked()).toBe(true)
      await tabTo('button:通过')
      await page.keyboard.press('Space')
      await expect.poll(() => counts()).toEqual(['0', '2', '0'])
      // The approved comment left the list; the focus went to the list, not to the page's start.
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tabpanel')
      expect(await publicIds(target, '/posts/hello.html')).toEqual([y.objectId, x.objectId])

      // Delete through the dialog by keyboard: Cancel has the focus first, Escape closes it.
      await tabTo('tab:待审核 0')
      await page.keyboard.press('ArrowRight')
      await expect.poll(() => item('Key1').count()).toBe(1)
      await tabTo('button:删除')
      await page.keyboard.press('Enter')
      await expect.poll(() => focused()).toBe('button:取消')
      await page.keyboard.press('Escape')
      expect(await page.getByRole('dialog').isVisible()).toBe(false)
      await tabTo('button:删除')
      await page.keyboard.press('Enter')
      await expect.poll(() => focused()).toBe('button:取消')
      await page.keyboard.press('Tab')
      await page.keyboard.press('Enter')
      await expect.poll(() => counts()).toEqual(['0', '1', '0'])
    })

    it('speaks English when the browser does, or when switched', async () => {
      await context.close()
      await openContext({ locale: 'en-US' })
      await page.goto(`${target.url}/admin/`)
      await page.getByLabel('Admin token').fill(TOKEN)
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect.poll(() => page.getByRole('tab', { name: /^Waiting/ }).count()).toBe(1)
      await expect.poll(() => page.getByRole('tab').allTextContents()).toEqual(['Waiting 0', 'Approved 0', 'Spam 0'])
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en')
      await page.getByRole('button', { name: '切换到中文' }).click()
      expect(await page.getByRole('tab').allTextContents()).toEqual(['待审核 0', '已通过 0', '垃圾评论 0'])
      expect(await page.getByRole('button', { name: '退出' }).count()).toBe(1)
    })

    it('names a comment left without a nick (stored as Valine stores it, Anonymous) in the page\'s language', async () => {
      const parent = comment({ nick: 'Anonymous', mail: '', status: 'approved' })
      await target.insert([parent, comment({ nick: 'Replier', rid: parent.objectId, pid: parent.objectId })])
      await signIn()
      await page.getByRole('tab', { name: /^已通过/ }).click()
      await expect.poll(() => item('匿名').count()).toBe(1)
      expect(await item('Anonymous').count()).toBe(0)
      await page.getByRole('tab', { name: /^待审核/ }).click()
      await expect.poll(() => item('Replier').locator('.parent').textContent()).toMatch(/^回复 匿名：/)
      await page.getByRole('button', { name: 'Switch to English' }).click()
      await expect.poll(() => item('Replier').locator('.parent').textContent()).toMatch(/^Reply to Anonymous：/)
      // Stored as it came: the service's API still says Anonymous.
      const { results } = (await adminGet(target, 'comments?page=1')) as { results: { nick: string }[] }
      expect(results.map((r) => r.nick)).toContain('Anonymous')
    })

    it('works on a phone', async () => {
      const first = comment({ nick: '小明', mail: 'xiaoming@mail.example', status: 'approved', comment: '<p>这篇笔记写得很清楚，谢谢！</p>' })
      await target.insert([
        first,
        comment({ nick: 'Lin', mail: 'lin@mail.example', url: '/posts/react-hooks.html', comment: '<p>The <code>useMemo</code> example needs a dependency list.</p>' }),
        comment({ nick: '读者甲', mail: 'reader@mail.example', link: 'https://reader.example/', comment: '<p>请问第三节的例子在 Safari 里也能运行吗？我试了一下好像<strong>没有反应</strong>。</p>' }),
        comment({ nick: '路人', mail: 'passer@mail.example', rid: first.objectId, pid: first.objectId, comment: '<p>同问，另外 <a href="https://example.org/demo">这个演示</a> 也打不开。</p>' }),
      ])
      await context.close()
      await openContext({ locale: 'zh-CN', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true })
      await signIn()
      await expect.poll(() => page.getByRole('article').count()).toBe(3)
      // Nothing wider than the screen; buttons big enough for a finger.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      const approve = item('读者甲').getByRole('button', { name: '通过', exact: true })
      expect((await approve.boundingBox())!.height).toBeGreaterThanOrEqual(40)
      await approve.tap()
      await expect.poll(() => counts()).toEqual(['2', '2', '0'])
      if (screenshots) {
        await page.reload()
        await expect.poll(() => page.getByRole('article').count()).toBe(2)
        await page.screenshot({ path: join(REPO_ROOT, 'docs/admin-page-phone.png') })
        const desktop = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1100, height: 720 } })
        const wide = await desktop.newPage()
        await signIn(wide)
        await expect.poll(() => wide.getByRole('article').count()).toBe(2)
        await wide.getByRole('article').first().getByRole('checkbox', { name: '选择' }).check()
        await wide.screenshot({ path: join(REPO_ROOT, 'docs/admin-page-desktop.png') })
        await desktop.close()
      }
    })
  })
}

describe('GET /admin/ without an admin token', () => {
  it('answers 404, as the admin API does', async () => {
    const options = resolveProxyOptions({ env: { GPTNOTES_ORIGINS: SITE } })
    const app = createProxyApp({ store: {} as CommentStore, options, log: () => {} })
    for (const path of ['/admin/', '/admin', '/admin/assets/x.js', '/admin/comments']) {
      const res = await app.request(path)
      expect(res.status, path).toBe(404)
      expect(await res.json()).toEqual({ code: 101, error: 'No such route.' })
    }
  })
  it('with one, /admin leads to /admin/ and an unknown asset is the admin API’s 401', async () => {
    const options = resolveProxyOptions({ env: { ...SETTINGS } })
    const app = createProxyApp({ store: {} as CommentStore, options, log: () => {} })
    const res = await app.request('/admin')
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe('./admin/')
    expect((await app.request('/admin/assets/admin-0000.js')).status).toBe(401)
  })
})

adminPageCases('Node, SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gptnotes-admin-sqlite-'))
  const target = await storeTarget(await openSqliteStore(join(dir, 'comments.db')))
  return { ...target, close: async () => (await target.close(), rmSync(dir, { recursive: true, force: true })) }
}, { screenshots: process.env.GPTNOTES_SCREENSHOTS === '1' })

describe('PostgreSQL', () => {
  const database = postgresDatabase('admin_page')
  adminPageCases('Node, PostgreSQL', async () => storeTarget(await openPostgresStore(database)))
})

adminPageCases('workerd, D1', workerTarget)
