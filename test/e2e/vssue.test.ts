import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { gzipSync } from 'node:zlib'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startProxyServer, type ProxyServer } from '../../src/proxy/node.js'
import { resolveProxyOptions } from '../../src/proxy/options.js'
import { buildSite, recordProblems, withBrowser, withPage } from '../helpers/e2e.js'
import { freePort } from '../helpers/free-port.js'
import { copyFixture } from '../helpers/sites.js'
import { serveStatic } from '../helpers/static-server.js'
import { FAKE_CLIENTS } from '../proxy/oauth-fakes.js'
import { startGitHubFake, type GitHubFake } from '../helpers/vssue-fakes/github.js'
import { GITLAB_CLIENT_ID, startGitLabFake, type GitLabFake } from '../helpers/vssue-fakes/gitlab.js'
import { startGiteeFake } from '../helpers/vssue-fakes/gitee.js'
import { startBitbucketFake } from '../helpers/vssue-fakes/bitbucket.js'

/**
 * Widget B, issue comments, from the reader's side: the built fixture site in real Chromium,
 * talking to the platform fakes (test/helpers/vssue-fakes) and, for the login code exchange, to
 * the real comment service on a loopback port. Pages under `/gitlab/` use GitLab (PKCE in the
 * browser) and pages under `/he/` speak Hebrew, through `themeConfig.comments.locales`. Each
 * behaviour has its own article, so its own issue ("[Vssue]文章 NAME").
 */

const PAGES = ['login', 'state', 'list', 'post', 'edit', 'delete', 'admin', 'reply', 'react', 'noissue', 'auth401', 'neterror', 'alert', 'logout', 'xss', 'progress', 'narrow']
const GITLAB_PAGES = ['login', 'sort']
const V4_PAGES = ['read', 'write']
const title = (name: string) => `文章 ${name}`
const issueTitle = (name: string) => `[Vssue]${title(name)}`

let browser: Browser
withBrowser((b) => (browser = b))

let github: GitHubFake
let gitlab: GitLabFake
let gitee: Awaited<ReturnType<typeof startGiteeFake>>
let bitbucket: Awaited<ReturnType<typeof startBitbucketFake>>
let proxy: ProxyServer
let serviceUrl: string
let siteUrl: string
let dist: string
const closers: (() => Promise<void> | void)[] = []

beforeAll(async () => {
  github = await startGitHubFake()
  gitlab = await startGitLabFake()
  gitee = await startGiteeFake()
  bitbucket = await startBitbucketFake()
  closers.push(github.close, gitlab.close, gitee.close, bitbucket.close)
  const port = await freePort()
  serviceUrl = `http://127.0.0.1:${port}`

  const site = copyFixture('vssue-site')
  closers.push(site.cleanup)
  const page = (path: string, name: string) => writeFileSync(join(site.root, 'content', path), `---\ntitle: ${title(name)}\n---\n\n# ${title(name)}\n\n正文：${name}。\n`)
  for (const name of PAGES) page(`${name}.md`, name)
  page('off.md', 'off')
  writeFileSync(join(site.root, 'content/off.md'), `---\ntitle: 不开评论\ncomments: false\n---\n\n# 不开评论\n\n正文。\n`)
  mkdirSync(join(site.root, 'content/gitlab'))
  for (const name of GITLAB_PAGES) page(`gitlab/${name}.md`, `gitlab-${name}`)
  mkdirSync(join(site.root, 'content/he'))
  page('he/index.md', 'he')
  for (const other of ['gitee', 'bitbucket']) {
    mkdirSync(join(site.root, `content/${other}`))
    page(`${other}/login.md`, `${other}-login`)
  }
  mkdirSync(join(site.root, 'content/v4'))
  for (const name of V4_PAGES) page(`v4/${name}.md`, `v4-${name}`)
  // Two articles linked to each other: the widget follows a client-side navigation.
  writeFileSync(join(site.root, 'content/nav1.md'), `---\ntitle: ${title('nav1')}\n---\n\n# ${title('nav1')}\n\n[下一篇](./nav2.md)\n`)
  writeFileSync(join(site.root, 'content/nav2.md'), `---\ntitle: ${title('nav2')}\n---\n\n# ${title('nav2')}\n\n正文。\n`)
  const vssueConfig = { platform: 'github', owner: 'gptnotes', repo: 'comments', clientId: FAKE_CLIENTS.github.id, baseURL: github.url, proxy: serviceUrl, locale: 'zh' }
  const locales = {
    '/gitlab/': { vssueConfig: { platform: 'gitlab', clientId: GITLAB_CLIENT_ID, baseURL: gitlab.url, proxy: '' } },
    '/he/': { vssueConfig: { locale: 'he' } },
    '/v4/': { vssueConfig: { platform: 'github-v4' } },
    '/gitee/': { vssueConfig: { platform: 'gitee', clientId: FAKE_CLIENTS.gitee.id, baseURL: '__GITEE__' } },
    '/bitbucket/': { vssueConfig: { platform: 'bitbucket', clientId: FAKE_CLIENTS.bitbucket.id, baseURL: '__BITBUCKET__' } },
  }
  writeFileSync(
    join(site.root, 'gptnotes.config.ts'),
    `export default { title: '评论测试站', themeConfig: { comments: { enabled: true, solution: 'vssue', vssueConfig: ${JSON.stringify(vssueConfig)}, locales: ${JSON.stringify(locales).replace('__GITEE__', gitee.url).replace('__BITBUCKET__', bitbucket.url)} } } }\n`,
  )
  dist = await buildSite(site.root)
  const host = await serveStatic(dist)
  closers.push(host.close)
  siteUrl = host.url
  const origin = new URL(siteUrl).origin
  // The OAuth apps' registered callbacks: the site's pages.
  for (const fake of [github, gitlab, gitee, bitbucket]) (fake.client as { callback: string }).callback = `${origin}/gpt/`

  const dir = mkdtempSync(join(tmpdir(), 'gptnotes-vssue-'))
  closers.push(() => rmSync(dir, { recursive: true, force: true }))
  const options = resolveProxyOptions({
    flags: { port: String(port), host: '127.0.0.1', store: `sqlite:${join(dir, 'comments.db')}` },
    env: {
      GPTNOTES_ORIGINS: origin,
      GPTNOTES_REDIRECT_URIS: `${origin}/gpt/`,
      GITHUB_CLIENT_ID: FAKE_CLIENTS.github.id,
      GITHUB_CLIENT_SECRET: FAKE_CLIENTS.github.secret,
      GITHUB_URL: github.url,
      GITEE_CLIENT_ID: FAKE_CLIENTS.gitee.id,
      GITEE_CLIENT_SECRET: FAKE_CLIENTS.gitee.secret,
      GITEE_URL: gitee.url,
      BITBUCKET_CLIENT_ID: FAKE_CLIENTS.bitbucket.id,
      BITBUCKET_CLIENT_SECRET: FAKE_CLIENTS.bitbucket.secret,
      BITBUCKET_URL: bitbucket.url,
    },
  })
  proxy = await startProxyServer({ options, signals: false, log: () => {} })
  closers.push(() => proxy.close())
}, 180_000)

afterAll(async () => {
  for (const close of closers.reverse()) await close()
})

/** Every request the page made: method, address and body. */
interface Sent {
  method: string
  url: string
  body: string
  /** The request's kind (`document` for a page the browser loads in full). */
  type?: string
}

let page: Page
let problems: string[]
let sent: Sent[]
withPage(
  () => browser,
  (p) => {
    page = p
    problems = recordProblems(p)
    sent = []
    p.on('request', (r) => sent.push({ method: r.method(), url: r.url(), body: r.postData() ?? '', type: r.resourceType() }))
  },
  { locale: 'zh-CN' },
)

afterEach(() => {
  // Nothing from another host than loopback, and never a client secret, whatever the test did.
  for (const r of sent) {
    expect(new URL(r.url).hostname, r.url).toBe('127.0.0.1')
    for (const client of Object.values(FAKE_CLIENTS)) expect(`${r.url} ${r.body}`, r.url).not.toContain(client.secret)
  }
})

const widget = () => page.locator('section.vssue')
const status = () => widget().locator('.vs-status').getAttribute('data-status')
const comments = () => widget().locator('.vs-comment')
const editor = () => widget().getByRole('textbox', { name: '评论内容' })

/** Opens an article, logged in as `login` (a token put in local storage first) or not. */
async function open(name: string, opts: { as?: string; fake?: GitHubFake | GitLabFake; platform?: string; path?: string } = {}): Promise<void> {
  const fake = opts.fake ?? github
  if (opts.as) {
    const key = `Vssue.${opts.platform ?? fake.platform}.access_token`
    const token = fake.token(opts.as)
    await page.addInitScript(([k, t]) => localStorage.setItem(k, t), [key, token] as const)
  }
  await page.goto(new URL(opts.path ?? `${name}.html`, siteUrl).href)
}

/** expect.poll with a wait fit for a shared machine (vitest's default is 1 s). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 10_000 })

/** The status line has settled on one of `values` ('' : none, the list shows). */
async function settled(...values: string[]): Promise<void> {
  await expect.poll(status, { timeout: 10_000 }).toSatisfy((s) => values.includes(s ?? ''))
}

function seedIssue(name: string, count: number, authors: string[] = ['alice', 'bob']) {
  const issue = github.addIssue({ title: issueTitle(name) })
  for (let i = 1; i <= count; i++) github.addComment(issue.number, { body: `第 ${i} 条评论`, author: authors[(i - 1) % authors.length] })
  return issue
}

describe('widget B on GitHub', () => {
  it('logs in through the platform and the comment service, with a random state, and cleans the address', async () => {
    seedIssue('login', 1)
    github.oauth.signedIn = 'alice'
    await open('login')
    await settled('')
    await widget().getByRole('button', { name: '使用 GitHub 登录' }).click()
    await poll(() => widget().getByRole('button', { name: '退出登录' }).count()).toBe(1)
    expect(page.url()).toBe(`${siteUrl}login.html`)
    const authorize = sent.find((r) => r.url.includes('/login/oauth/authorize'))!
    const state = new URL(authorize.url).searchParams.get('state')!
    expect(state).toMatch(/^Vssue\.[\w-]{16,}$/)
    // The code went to the service, which holds the secret; the page sent only code and redirect_uri.
    const exchange = sent.find((r) => r.url === `${serviceUrl}/oauth/github/token`)!
    expect(Object.keys(JSON.parse(exchange.body)).sort()).toEqual(['code', 'redirect_uri'])
    expect(await page.evaluate(() => localStorage.getItem('Vssue.github.access_token'))).toMatch(/^gho_alice_/)
    expect(await widget().locator('.vs-user').textContent()).toContain('alice')
    expect(problems).toEqual([])
  })

  it('ignores a login redirect whose state this tab did not send', async () => {
    seedIssue('state', 1)
    await page.addInitScript(() => sessionStorage.setItem('Vssue.github.state', 'Vssue.mine'))
    await page.goto(`${siteUrl}state.html?code=stolen&state=Vssue.theirs`)
    await settled('')
    expect(sent.some((r) => r.url.includes('/oauth/'))).toBe(false)
    expect(await widget().getByRole('button', { name: '使用 GitHub 登录' }).count()).toBe(1)
    expect(page.url()).toBe(`${siteUrl}state.html`)
  })

  it('lists the comments with paging, a second pagination above more than 5, and page sizes', async () => {
    seedIssue('list', 12)
    await open('list')
    await settled('')
    await poll(() => comments().count()).toBe(10)
    const count = widget().locator('.vs-count a')
    expect(await count.textContent()).toBe('12 条评论')
    expect(await count.getAttribute('href')).toMatch(/\/gptnotes\/comments\/issues\/\d+$/)
    expect(await widget().locator('.vs-powered').textContent()).toContain('GitHub')
    expect(await widget().locator('nav.vs-pagination').count()).toBe(2)
    const bottom = widget().locator('nav.vs-pagination[data-place="bottom"]')
    expect(await bottom.getByRole('combobox', { name: '每页评论数' }).locator('option').allTextContents()).toEqual(['5', '10', '20', '50'])
    // GitHub v3 offers no sorting.
    expect(await bottom.getByRole('button', { name: /点击改变排序方式/ }).count()).toBe(0)
    await bottom.getByRole('button', { name: '下一页' }).click()
    await poll(() => comments().count()).toBe(2)
    expect(await comments().first().locator('.vs-content').textContent()).toBe('第 11 条评论')
    expect(await widget().locator('nav.vs-pagination').count()).toBe(1)
    await widget().getByRole('combobox', { name: '每页评论数' }).selectOption('5')
    await poll(() => widget().getByRole('combobox', { name: '页码' }).inputValue()).toBe('1')
    await poll(() => comments().allTextContents().then((t) => t.length)).toBe(5)
    expect(await widget().locator('nav.vs-pagination').count()).toBe(1)
    expect(await widget().getByRole('combobox', { name: '页码' }).locator('option').count()).toBe(3)
    // Only the active platform's adapter was downloaded.
    const scripts = sent.map((r) => new URL(r.url).pathname).filter((p) => p.includes('/assets/js/'))
    expect(scripts.some((p) => /\/vssue\.[\w-]+\.js$/.test(p))).toBe(true)
    expect(scripts.some((p) => /\/github\.[\w-]+\.js$/.test(p))).toBe(true)
    expect(scripts.some((p) => /\/(gitlab|gitee|bitbucket|github-v4)\.[\w-]+\.js$/.test(p))).toBe(false)
  })

  it('posts a comment with Ctrl+Enter and shows it', async () => {
    const issue = seedIssue('post', 0)
    await open('post', { as: 'alice' })
    await settled('noComments')
    await editor().fill('**你好**，第一条评论')
    await editor().press('Control+Enter')
    await poll(() => comments().count()).toBe(1)
    expect(await comments().first().locator('.vs-content strong').textContent()).toBe('你好')
    expect(await editor().inputValue()).toBe('')
    expect(github.data.commentsOf(issue.number).map((c) => c.author)).toEqual(['alice'])
  })

  it('edits an own comment (only when changed), and offers no edit on others', async () => {
    seedIssue('edit', 2)
    await open('edit', { as: 'alice' })
    await settled('')
    const id = await comments().filter({ hasText: '第 1 条评论' }).getAttribute('data-comment-id')
    const mine = widget().locator(`.vs-comment[data-comment-id="${id}"]`)
    const theirs = comments().filter({ hasText: '第 2 条评论' })
    expect(await theirs.getByRole('button', { name: '编辑' }).count()).toBe(0)
    await mine.getByRole('button', { name: '编辑' }).click()
    const box = mine.getByRole('textbox', { name: '修改评论' })
    expect(await box.inputValue()).toBe('第 1 条评论')
    expect(await box.getAttribute('rows')).toBe('5')
    // Unchanged: submitting only leaves edit mode.
    await mine.getByRole('button', { name: '提交', exact: true }).click()
    await poll(() => box.count()).toBe(0)
    await mine.getByRole('button', { name: '编辑' }).click()
    await box.fill('改过的评论')
    await box.press('Control+Enter')
    await poll(() => mine.locator('.vs-content').textContent().catch(() => '')).toBe('改过的评论')
    expect(sent.filter((r) => r.method === 'PATCH')).toHaveLength(1)
  })

  it('deletes an own comment after confirming; an admin may delete anyone’s', async () => {
    seedIssue('delete', 3)
    await open('delete', { as: 'alice' })
    await settled('')
    expect(await comments().filter({ hasText: '第 2 条评论' }).getByRole('button', { name: '删除' }).count()).toBe(0)
    const dialogs: string[] = []
    page.on('dialog', (d) => {
      dialogs.push(d.message())
      void d.accept()
    })
    await comments().filter({ hasText: '第 1 条评论' }).getByRole('button', { name: '删除' }).click()
    await poll(() => comments().count()).toBe(2)
    expect(dialogs).toEqual(['确认要删除这条评论吗？'])
    expect(await widget().locator('.vs-count').textContent()).toBe('2 条评论')

    seedIssue('admin', 2)
    const admin = await page.context().newPage()
    admin.on('request', (r) => sent.push({ method: r.method(), url: r.url(), body: r.postData() ?? '' }))
    admin.on('dialog', (d) => void d.accept())
    await admin.addInitScript((t) => localStorage.setItem('Vssue.github.access_token', t), github.token('gptnotes'))
    await admin.goto(`${siteUrl}admin.html`)
    const list = admin.locator('section.vssue .vs-comment')
    await poll(() => list.count()).toBe(2)
    await list.filter({ hasText: '第 2 条评论' }).getByRole('button', { name: '删除' }).click()
    await poll(() => list.count()).toBe(1)
  })

  it('reply quotes the comment under its author’s name', async () => {
    seedIssue('reply', 2)
    await open('reply', { as: 'alice' })
    await settled('')
    await comments().filter({ hasText: '第 2 条评论' }).getByRole('button', { name: '回复' }).click()
    expect(await editor().inputValue()).toBe('@bob\n\n> 第 2 条评论\n\n')
    await poll(() => editor().evaluate((el) => el === document.activeElement)).toBe(true)
  })

  it('reactions: named by their reaction, one request per click in progress, counts fetched again', async () => {
    seedIssue('react', 1)
    await open('react', { as: 'alice' })
    await settled('')
    const heart = comments().first().getByRole('button', { name: '喜欢', exact: true })
    expect(await comments().first().getByRole('button', { name: '赞', exact: true }).count()).toBe(1)
    expect(await comments().first().getByRole('button', { name: '踩', exact: true }).count()).toBe(1)
    // Two clicks in one task: the second finds the first in progress.
    await heart.evaluate((b: HTMLButtonElement) => {
      b.click()
      b.click()
    })
    await poll(() => heart.locator('.vs-reaction-count').textContent()).toBe('1')
    expect(sent.filter((r) => r.method === 'POST' && r.url.endsWith('/reactions'))).toHaveLength(1)
  })

  it('no issue yet: an admin creates it by clicking, a reader sees issueNotCreated (logged out) or failed', async () => {
    await open('noissue')
    await settled('issueNotCreated')
    await page.evaluate((t) => localStorage.setItem('Vssue.github.access_token', t), github.token('bob'))
    await page.reload()
    await settled('failed')
    expect(await widget().locator('.vs-status').textContent()).toBe('评论加载失败')
    await page.evaluate((t) => localStorage.setItem('Vssue.github.access_token', t), github.token('gptnotes'))
    await page.reload()
    await settled('issueNotCreated')
    await widget().getByRole('button', { name: '点击创建 Issue' }).click()
    await settled('noComments')
    const created = github.data.issues.find((i) => i.title === issueTitle('noissue'))!
    expect(created.body).toBe(`${siteUrl}noissue.html`)
    expect(created.labels).toEqual(['Vssue'])
  })

  it('a 401 loading comments asks the visitor to log in', async () => {
    seedIssue('auth401', 1)
    await page.route('**/issues/*/comments**', (route) => route.fulfill({ status: 401, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: '{"message":"Requires authentication"}' }))
    await open('auth401')
    await settled('loginRequired')
    expect(await widget().locator('.vs-status').textContent()).toBe('登录后查看评论')
  })

  it('on GitHub v3 a request that gets no answer counts as 403: login required', async () => {
    seedIssue('neterror', 1)
    await page.route('**/issues/*/comments**', (route) => route.abort('failed'))
    await open('neterror')
    await settled('loginRequired')
    expect(await widget().getByRole('alert').count()).toBe(0)
  })

  it('another error loading comments is an alert with its message, gone on a click or after 3 s', async () => {
    seedIssue('alert', 12)
    await open('alert')
    await settled('')
    const fail = true
    await page.route('**/issues/*/comments**', (route) =>
      fail ? route.fulfill({ status: 502, contentType: 'application/json', headers: { 'Access-Control-Allow-Origin': '*' }, body: '{"message":"上游出错了"}' }) : route.continue(),
    )
    await widget().locator('nav.vs-pagination[data-place="bottom"]').getByRole('button', { name: '下一页' }).click()
    const alert = widget().getByRole('alert')
    await poll(() => alert.textContent().catch(() => null)).toBe('上游出错了')
    await alert.click()
    await poll(() => alert.count()).toBe(0)
    await page.evaluate(() => (window as Window & { __t?: number }).__t = performance.now())
    await widget().locator('nav.vs-pagination[data-place="bottom"]').getByRole('combobox', { name: '每页评论数' }).selectOption('5')
    await poll(() => alert.count()).toBe(1)
    await expect.poll(() => alert.count(), { timeout: 6000 }).toBe(0)
    const elapsed = await page.evaluate(() => performance.now() - (window as Window & { __t?: number }).__t!)
    expect(elapsed).toBeGreaterThanOrEqual(3000)
  })

  it('logout clears the token and the user', async () => {
    seedIssue('logout', 1)
    await open('logout', { as: 'alice' })
    await settled('')
    await widget().getByRole('button', { name: '退出登录' }).click()
    await poll(() => widget().getByRole('button', { name: '使用 GitHub 登录' }).count()).toBe(1)
    expect(await page.evaluate(() => localStorage.getItem('Vssue.github.access_token'))).toBeNull()
    expect(await editor().isDisabled()).toBe(true)
  })

  it('shows the platform’s HTML sanitised, and usernames as text', async () => {
    const issue = github.addIssue({ title: issueTitle('xss') })
    github.addComment(issue.number, { body: 'x', author: '<img src=x onerror=alert(1)>', html: '<p>hi<img src="x" onerror="window.__xss=1"><a href="javascript:window.__xss=2">a</a><a href="https://example.com/">b</a><script>window.__xss=3</script></p>' })
    await open('xss')
    await settled('')
    expect(await page.evaluate(() => (window as Window & { __xss?: number }).__xss)).toBeUndefined()
    const content = comments().first().locator('.vs-content')
    expect(await content.locator('script, [onerror]').count()).toBe(0)
    expect(await content.locator('a').first().getAttribute('href')).toBeNull()
    expect(await content.locator('a').nth(1).getAttribute('rel')).toBe('nofollow noopener noreferrer')
    expect(await comments().first().locator('.vs-author').textContent()).toBe('<img src=x onerror=alert(1)>')
  })
})

describe('widget B elsewhere', () => {
  it('a page with comments off downloads no widget code', async () => {
    await page.goto(`${siteUrl}off.html`)
    await page.waitForLoadState('networkidle')
    expect(await page.locator('[data-widget="vssue"]').count()).toBe(0)
    expect(sent.filter((r) => /\/assets\/js\/(vssue|github|gitlab|gitee|bitbucket)[.-]/.test(r.url))).toEqual([])
  })

  it('Hebrew is laid out right to left', async () => {
    github.addIssue({ title: issueTitle('he') })
    await page.goto(`${siteUrl}he/`)
    await settled('noComments')
    expect(await widget().getAttribute('dir')).toBe('rtl')
    expect(await widget().getByRole('button', { name: 'התחברו עם GitHub' }).count()).toBe(1)
    expect(await widget().locator('.vs-status').textContent()).toBe('עדיין אין תגובות. השאירו תגובה ראשונה !')
  })

  it('GitLab: logs in with PKCE straight at GitLab, posts, and sorts', async () => {
    const issue = gitlab.addIssue({ title: issueTitle('gitlab-login') })
    gitlab.addComment(issue.number, { body: '旧的评论', author: 'bob' })
    gitlab.oauth.signedIn = 'alice'
    await page.goto(`${siteUrl}gitlab/login.html`)
    await settled('')
    await widget().getByRole('button', { name: '使用 GitLab 登录' }).click()
    await poll(() => widget().getByRole('button', { name: '退出登录' }).count()).toBe(1)
    const authorize = new URL(sent.find((r) => r.url.includes('/oauth/authorize'))!.url)
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    const token = sent.find((r) => r.url === `${gitlab.url}/oauth/token`)!
    expect(new URLSearchParams(token.body).get('code_verifier')).toMatch(/^[\w-]{43,128}$/)
    expect(sent.some((r) => r.url.startsWith(serviceUrl))).toBe(false)
    expect(page.url()).toBe(`${siteUrl}gitlab/login.html`)
    await editor().fill('GitLab 上的新评论')
    await widget().getByRole('button', { name: '提交评论' }).click()
    await poll(() => comments().count()).toBe(2)
    const sortButton = widget().getByRole('button', { name: /点击改变排序方式/ })
    const first = () => comments().first().locator('.vs-content').textContent()
    expect(await first()).toBe('GitLab 上的新评论')
    await sortButton.click()
    await poll(first).toBe('旧的评论')
  })

  it('GitHub v4 (GraphQL): a visitor must log in to read; logged in, lists, posts and sorts', async () => {
    const issue = github.addIssue({ title: issueTitle('v4-read') })
    github.addComment(issue.number, { body: '先来的评论', author: 'bob' })
    await open('read', { path: 'v4/read.html' })
    await settled('loginRequired')
    github.oauth.signedIn = 'alice'
    await widget().getByRole('button', { name: '登录后查看评论' }).click()
    await poll(() => widget().getByRole('button', { name: '退出登录' }).count()).toBe(1)
    expect(sent.some((r) => r.url.startsWith(`${github.url}/login/oauth/authorize`))).toBe(true)
    expect(page.url()).toBe(`${siteUrl}v4/read.html`)
    // The exchange went through the service under the v4 platform's name.
    expect(sent.some((r) => r.url === `${serviceUrl}/oauth/github-v4/token`)).toBe(true)
    await settled('')
    await editor().fill('GraphQL 评论')
    await widget().getByRole('button', { name: '提交评论' }).click()
    await poll(() => comments().count()).toBe(2)
    const first = () => comments().first().locator('.vs-content').textContent()
    expect(await first()).toBe('GraphQL 评论')
    await widget().getByRole('button', { name: /点击改变排序方式/ }).click()
    await poll(first).toBe('先来的评论')
    expect(await page.evaluate(() => localStorage.getItem('Vssue.github-v4.access_token'))).toBeTruthy()
  })

  it('follows a client-side navigation: the next article’s comments, never the last one’s', async () => {
    const one = github.addIssue({ title: issueTitle('nav1') })
    github.addComment(one.number, { body: '第一篇的评论', author: 'bob' })
    const two = github.addIssue({ title: issueTitle('nav2') })
    github.addComment(two.number, { body: '第二篇的评论', author: 'bob' })
    await open('nav1')
    await poll(() => comments().allTextContents()).toEqual([expect.stringContaining('第一篇的评论')])
    await page.getByRole('link', { name: '下一篇' }).first().click()
    await page.waitForURL(`${siteUrl}nav2.html`)
    await poll(() => comments().allTextContents()).toEqual([expect.stringContaining('第二篇的评论')])
    // The router fetches the next page's HTML for its data; the browser never loads it in full.
    expect(sent.filter((r) => r.url.endsWith('/nav2.html') && r.type === 'document')).toEqual([])
    expect(sent.filter((r) => r.url.endsWith('/nav2.html') && r.type === 'fetch')).toHaveLength(1)
  })

  it('shows a progress bar while comments load, rising in steps and never past 94 % before they arrive', async () => {
    seedIssue('progress', 1)
    let release: () => void = () => {}
    const held = new Promise<void>((r) => (release = r))
    await page.route('**/issues/*/comments**', async (route) => {
      await held
      await route.continue()
    })
    await open('progress')
    const bar = widget().getByRole('progressbar')
    await expect.poll(() => bar.getAttribute('aria-valuenow').then(Number).catch(() => 0), { timeout: 10_000 }).toBeGreaterThanOrEqual(20)
    const value = Number(await bar.getAttribute('aria-valuenow'))
    expect(value % 5).toBe(0)
    expect(value).toBeLessThanOrEqual(94)
    release()
    await poll(() => bar.count()).toBe(0)
  })

  it('fits a 360 px screen and follows the dark colour mode', async () => {
    seedIssue('narrow', 6)
    await page.setViewportSize({ width: 360, height: 740 })
    await open('narrow', { as: 'alice' })
    await settled('')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    const box = await widget().getByRole('button', { name: '提交评论' }).boundingBox()
    expect(box!.x + box!.width).toBeLessThanOrEqual(360)
    const colour = () => widget().evaluate((el) => getComputedStyle(el).getPropertyValue('--vs-error').trim())
    const light = await colour()
    await page.evaluate(() => document.documentElement.classList.add('dark'))
    expect(await colour()).not.toBe(light)
  })

  it('the widget chunk plus the active adapter stay within 40 KB gzip', () => {
    const js = join(dist, 'assets/js')
    const files = readdirSync(js)
    const graph = (entry: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(entry)) return seen
      seen.add(entry)
      for (const m of readFileSync(join(js, entry), 'utf8').matchAll(/from\s*"\.\/([^"]+\.js)"|import\s*"\.\/([^"]+\.js)"/g)) graph(m[1] ?? m[2], seen)
      return seen
    }
    const main = graph(files.find((f) => /^main\.[\w-]+\.js$/.test(f))!)
    const widgetFiles = new Set([...graph(files.find((f) => /^vssue\.[\w-]+\.js$/.test(f))!), ...graph(files.find((f) => /^github\.[\w-]+\.js$/.test(f))!)])
    const own = [...widgetFiles].filter((f) => !main.has(f))
    const bytes = own.reduce((n, f) => n + gzipSync(readFileSync(join(js, f))).length, 0)
    expect(own.length).toBeGreaterThanOrEqual(2)
    expect(bytes).toBeLessThanOrEqual(40 * 1024)
  })

  for (const name of ['gitee', 'bitbucket'] as const) {
    it(`${name}: logs in through the comment service, posts, and offers no reactions`, async () => {
      const fake = name === 'gitee' ? gitee : bitbucket
      const issue = fake.addIssue({ title: issueTitle(`${name}-login`) })
      fake.addComment(issue.number, { body: '已有的评论', author: 'bob' })
      fake.oauth.signedIn = 'alice'
      await page.goto(`${siteUrl}${name}/login.html`)
      await settled('')
      const label = name === 'gitee' ? 'Gitee' : 'Bitbucket'
      await widget().getByRole('button', { name: `使用 ${label} 登录` }).click()
      await poll(() => widget().getByRole('button', { name: '退出登录' }).count()).toBe(1)
      expect(sent.some((r) => r.url === `${serviceUrl}/oauth/${name}/token`)).toBe(true)
      expect(page.url()).toBe(`${siteUrl}${name}/login.html`)
      await editor().fill(`${label} 上的评论`)
      await editor().press('Control+Enter')
      await poll(() => comments().count()).toBe(2)
      expect(await comments().filter({ hasText: `${label} 上的评论` }).count()).toBe(1)
      expect(await widget().getByRole('button', { name: '喜欢', exact: true }).count()).toBe(0)
      expect(fake.data.commentsOf(issue.number).map((c) => c.author)).toEqual(['bob', 'alice'])
    })
  }
})
