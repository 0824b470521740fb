import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startProxyServer, type ProxyServer } from '../../src/proxy/node.js'
import { resolveProxyOptions } from '../../src/proxy/options.js'
import { openSqliteStore } from '../../src/proxy/stores/sqlite.js'
import type { CommentStore, StoredComment } from '../../src/proxy/stores/store.js'
import { article, buildSite, recordProblems, withBrowser, withPage } from '../helpers/e2e.js'
import { freePort } from '../helpers/free-port.js'
import { copyFixture } from '../helpers/sites.js'
import { serveStatic } from '../helpers/static-server.js'

/**
 * Widget A, the visitor comment box, from the reader's side: the built fixture site in real
 * Chromium, talking to the real comment service on a loopback port (SQLite in a temp folder).
 * The service's clock is the test's, so the tests pass its 20 s rate limit at will; comments
 * that must bypass the service (pages of them, XSS payloads) go into its store directly.
 */

/** One article per behaviour, so no test sees another's comments. */
const PAGES = ['post', 'reply', 'more', 'preview', 'emoji', 'paste', 'rules', 'busy', 'rate', 'held', 'xss', 'long', 'narrow', 'dark', 'away', 'second', 'options']
const FORBIDDEN = '禁词测试'

let browser: Browser
withBrowser((b) => (browser = b))

let siteUrl: string
/** The same site built with other options (hidden avatars, English, a required nick). */
let optionsSiteUrl: string
let serviceUrl: string
let store: CommentStore
let proxy: ProxyServer
const closers: (() => Promise<void> | void)[] = []
let clock = Date.now()
/** Moves the service's clock past its rate limit. */
const pass = (seconds: number) => (clock += seconds * 1000)

/** Builds and serves a copy of the fixture with these `valineConfig` options; its address. */
async function serveFixture(valineConfig: Record<string, unknown>): Promise<string> {
  const site = copyFixture('valine-site')
  closers.push(site.cleanup)
  for (const name of PAGES) writeFileSync(join(site.root, 'content', `${name}.md`), `---\ntitle: 文章 ${name}\n---\n\n# 文章 ${name}\n\n正文：${name}。\n`)
  writeFileSync(
    join(site.root, 'gptnotes.config.ts'),
    `export default { title: '留言测试站', themeConfig: { comments: { enabled: true, solution: 'valine', valineConfig: ${JSON.stringify({ serverURLs: serviceUrl, ...valineConfig })} } } }\n`,
  )
  const host = await serveStatic(await buildSite(site.root))
  closers.push(host.close)
  return host.url
}

beforeAll(async () => {
  const port = await freePort()
  serviceUrl = `http://127.0.0.1:${port}`
  const dir = mkdtempSync(join(tmpdir(), 'gptnotes-valine-'))
  closers.push(() => rmSync(dir, { recursive: true, force: true }))
  siteUrl = await serveFixture({})
  optionsSiteUrl = await serveFixture({ avatar: 'hide', lang: 'en', requiredFields: ['nick'], meta: ['nick', 'mail'], placeholder: 'Your thoughts' })
  store = openSqliteStore(join(dir, 'comments.db'))
  const origins = [siteUrl, optionsSiteUrl].map((u) => new URL(u).origin).join(',')
  const options = resolveProxyOptions({ flags: { port: String(port), host: '127.0.0.1', store: `sqlite:${join(dir, 'comments.db')}` }, env: { GPTNOTES_ORIGINS: origins } })
  proxy = await startProxyServer({ options: { ...options, forbiddenWords: [FORBIDDEN] }, store, signals: false, log: () => {}, now: () => new Date(clock) })
}, 180_000)

afterAll(async () => {
  await proxy?.close()
  for (const close of closers.reverse()) await close()
})

let seq = 0
/** A comment put straight into the store, approved (as an import or another client would). */
async function seed(page: string, fields: Partial<StoredComment> & { minutesAgo?: number } = {}): Promise<StoredComment> {
  const { minutesAgo = 60, ...rest } = fields
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString()
  const record: StoredComment = {
    objectId: `seed${String(++seq).padStart(8, '0')}`,
    createdAt: at,
    updatedAt: at,
    insertedAt: at,
    url: `/gpt/${page}.html`,
    rid: null,
    pid: null,
    nick: '老读者',
    mail: '',
    mailHash: '',
    link: '',
    comment: `<p>存档评论 ${seq}</p>`,
    ua: 'seed',
    ipHash: 'seed',
    status: 'approved',
    ...rest,
  }
  await store.insertComment(record)
  return record
}

describe('the comment box', () => {
  let page: Page
  let problems: string[]
  let requests: string[]
  withPage(
    () => browser,
    (p) => {
      page = p
      problems = recordProblems(p)
      requests = []
      p.on('request', (r) => requests.push(`${r.method()} ${r.url()}`))
    },
  )
  beforeEach(() => void pass(60))

  const editor = () => page.getByRole('textbox', { name: '评论内容' })
  const submit = () => page.getByRole('button', { name: '提交', exact: true })
  const cards = () => page.locator('.vlist > .vcard')
  const status = () => page.locator('.vbox').getByRole('status')
  const open = async (name: string) => {
    await page.goto(`${siteUrl}${name}.html`)
    await editor().waitFor()
  }
  const posts = () => requests.filter((r) => r.startsWith('POST ') && r.includes('/1.1/classes/Comment'))

  it('shows the empty state, posts a comment on top with the count, and remembers the reader', async () => {
    await open('post')
    await expect.poll(() => page.getByText('快来做第一个评论的人吧~').isVisible()).toBe(true)
    await page.getByRole('textbox', { name: '昵称' }).fill('  测试读者  ')
    await page.getByRole('textbox', { name: '邮箱' }).fill('reader@example.com')
    await page.getByRole('textbox', { name: '网址' }).fill('example.com')
    await editor().fill('**你好** "世界"')
    await submit().click()

    await expect.poll(() => page.getByText('1 条评论').isVisible()).toBe(true)
    const card = cards().first()
    await expect.poll(() => card.locator('strong').textContent()).toBe('你好')
    // Smart quotes, the trimmed nick linked to the normalised http link, a local identicon.
    expect(await card.locator('.vcontent').textContent()).toContain('“世界”')
    const nick = card.getByRole('link', { name: '测试读者' })
    expect(await nick.getAttribute('href')).toBe('http://example.com/')
    expect(await nick.getAttribute('rel')).toBe('ugc nofollow noopener noreferrer')
    expect(await nick.getAttribute('target')).toBe('_blank')
    expect(await card.locator('img.vavatar').getAttribute('src')).toMatch(/^data:image\/svg\+xml,/)
    expect(await card.locator('time').textContent()).toMatch(/刚刚|秒前/)
    expect(await editor().inputValue()).toBe('')
    expect(await submit().isEnabled()).toBe(true)

    // A reload lists it from the service and keeps the reader's meta.
    await page.reload()
    await editor().waitFor()
    await expect.poll(() => cards().count()).toBe(1)
    expect(await page.getByRole('textbox', { name: '昵称' }).inputValue()).toBe('测试读者')
    expect(await page.getByRole('textbox', { name: '邮箱' }).inputValue()).toBe('reader@example.com')
    // Nothing came from another host: the SDK, styles and avatars are all local.
    const foreign = requests.filter((r) => !/^\w+ (http:\/\/127\.0\.0\.1[:/]|data:)/.test(r))
    expect(foreign).toEqual([])
    expect(problems).toEqual([])
  })

  it('replies inside the thread with an @ link to the parent, sent with Ctrl+Enter', async () => {
    const root = await seed('reply', { nick: '提问的人', comment: '<p>怎么安装？</p>' })
    await open('reply')
    await expect.poll(() => cards().count()).toBe(1)
    await cards().first().getByRole('button', { name: '回复', exact: true }).click()
    await expect.poll(() => page.getByRole('button', { name: '取消回复' }).isVisible()).toBe(true)
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('评论内容')
    await editor().fill('看第一节。')
    await editor().press('Control+Enter')

    const reply = cards().first().locator('.vreplies .vcard')
    await expect.poll(() => reply.count()).toBe(1)
    const at = reply.locator('a.at')
    expect(await at.textContent()).toBe('@提问的人 ')
    expect(await at.getAttribute('href')).toBe(`#${root.objectId}`)
    expect(await reply.locator('.vcontent').textContent()).toContain('看第一节。')
    // A reply is not a new top-level comment; the reply mode ends.
    expect(await page.getByText('1 条评论').isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: '取消回复' }).count()).toBe(0)
    const stored = (await store.findComments({ where: { field: 'url', op: 'eq', value: '/gpt/reply.html' }, status: ['approved'], order: [{ field: 'createdAt', desc: true }], limit: 10, skip: 0 })).find((c) => c.rid)
    expect(stored).toMatchObject({ rid: root.objectId, pid: root.objectId })
  })

  it('cancels a reply', async () => {
    await seed('reply', { nick: '另一位' })
    await open('reply')
    await expect.poll(() => cards().count()).toBeGreaterThan(0)
    await cards().first().getByRole('button', { name: '回复', exact: true }).click()
    await page.getByRole('button', { name: '取消回复' }).click()
    await expect.poll(() => page.getByRole('button', { name: '取消回复' }).count()).toBe(0)
  })

  it('pages top-level comments ten at a time with Load More, replies included', async () => {
    const roots: StoredComment[] = []
    for (let i = 0; i < 13; i++) roots.push(await seed('more', { minutesAgo: 100 - i, comment: `<p>第 ${i} 条</p>` }))
    // The oldest root (on the second page) has a reply.
    await seed('more', { rid: roots[0].objectId, pid: roots[0].objectId, minutesAgo: 1, comment: '<p>迟到的回复</p>' })
    await open('more')
    await expect.poll(() => cards().count()).toBe(10)
    expect(await page.getByText('13 条评论').isVisible()).toBe(true)
    expect(await cards().first().locator('.vcontent').textContent()).toBe('第 12 条')
    await page.getByRole('button', { name: '加载更多' }).click()
    await expect.poll(() => cards().count()).toBe(13)
    expect(await cards().last().locator('.vcontent').first().textContent()).toBe('第 0 条')
    expect(await cards().last().locator('.vreplies .vcontent').textContent()).toBe('迟到的回复')
    await expect.poll(() => page.getByRole('button', { name: '加载更多' }).count()).toBe(0)
  })

  it('previews markdown: tables, line breaks, smart typography and v- heading ids', async () => {
    await open('preview')
    await page.getByRole('button', { name: '预览' }).click()
    await editor().fill('## 安装步骤\n\n第一行\n第二行 -- "引号"\n\n| 命令 | 说明 |\n| --- | --- |\n| npm | 包管理 |')
    const preview = page.getByRole('region', { name: '预览' })
    await expect.poll(() => preview.locator('table td').first().textContent()).toBe('npm')
    expect(await preview.locator('h2').getAttribute('id')).toBe('v-安装步骤')
    expect(await preview.locator('p br').count()).toBe(1)
    expect(await preview.textContent()).toContain('–')
    expect(await preview.textContent()).toContain('“引号”')
    // What the reader types is made safe before the preview shows it.
    await editor().fill('<img src=x onerror="window.__xss=1"> [链接](javascript:window.__xss=2) [站点](https://example.com)')
    await expect.poll(() => preview.getByRole('link', { name: '站点' }).getAttribute('rel')).toBe('ugc nofollow noopener noreferrer')
    expect(await preview.locator('[onerror], a[href^="javascript"]').count()).toBe(0)
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined()
    // The markdown code is its own chunk, fetched once the reader used the editor.
    expect(requests.some((r) => /\/assets\/js\/preview\.[\w-]+\.js$/.test(r))).toBe(true)
  })

  it('inserts emoji from the picker with the mouse and with the keyboard', async () => {
    await open('emoji')
    await editor().fill('好')
    await page.getByRole('button', { name: '表情' }).click()
    const panel = page.getByRole('group', { name: '选择表情' })
    expect(await panel.getByRole('button').count()).toBeGreaterThanOrEqual(85)
    await panel.getByRole('button', { name: '😄 smile' }).click()
    expect(await editor().inputValue()).toBe('好😄')

    // Keyboard: close with Escape (focus back on 表情), open with Enter, arrows, Enter.
    await page.keyboard.press('Escape')
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('表情')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/ /)
    const first = await page.evaluate(() => document.activeElement?.textContent)
    await page.keyboard.press('ArrowRight')
    const second = await page.evaluate(() => document.activeElement?.textContent)
    expect(second).not.toBe(first)
    await page.keyboard.press('Enter')
    expect(await editor().inputValue()).toBe(`好😄${second}`)
  })

  it('turns a pasted image into a local markdown reference with a preview, and pasted HTML into text', async () => {
    await open('paste')
    await editor().focus()
    await page.evaluate(() => {
      const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0))
      const data = new DataTransfer()
      data.items.add(new File([png], '截图.png', { type: 'image/png' }))
      document.querySelector('textarea')!.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
    })
    await expect.poll(() => editor().inputValue()).toBe('![截图.png](local:1)')
    const preview = page.getByRole('region', { name: '预览' })
    await expect.poll(() => preview.locator('img').getAttribute('src')).toMatch(/^data:image\/png;base64,/)
    // Nothing was uploaded.
    expect(posts()).toEqual([])

    await page.evaluate(() => {
      const data = new DataTransfer()
      data.setData('text/html', '<b>粗体</b> 与 <i>斜体</i><script>window.__pasted = 1</script><p>第二段</p>')
      const area = document.querySelector('textarea')!
      area.setSelectionRange(area.value.length, area.value.length)
      area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
    })
    await expect.poll(() => editor().inputValue()).toBe('![截图.png](local:1)粗体 与 斜体第二段')
    expect(await page.evaluate(() => (window as { __pasted?: number }).__pasted)).toBeUndefined()

    // Dropped HTML too.
    await page.evaluate(() => {
      const data = new DataTransfer()
      data.setData('text/html', '<em>拖进来的</em>')
      document.querySelector('textarea')!.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }))
    })
    await expect.poll(() => editor().inputValue()).toContain('拖进来的')
    expect(await editor().inputValue()).not.toContain('<em>')
  })

  it('Tab inserts four spaces in the editor', async () => {
    await open('rules')
    await editor().fill('')
    await editor().type('a')
    await page.keyboard.press('Tab')
    await page.keyboard.type('b')
    expect(await editor().inputValue()).toBe('a    b')
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA')
    // Keyboard users still get out: Escape, then Tab moves on.
    await page.keyboard.press('Escape')
    await page.keyboard.press('Tab')
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('表情')
    expect(await editor().inputValue()).toBe('a    b')
  })

  it('validates as the spec says: empty comment, short nick, bad e-mail', async () => {
    await open('rules')
    await page.getByRole('textbox', { name: '昵称' }).focus()
    await submit().click()
    // Empty: nothing sent, focus back in the editor.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('评论内容')

    await editor().fill('一条评论')
    await page.getByRole('textbox', { name: '昵称' }).fill('ab')
    await submit().click()
    await expect.poll(() => status().textContent()).toBe('昵称不能少于3个字符')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('昵称')
    // The tip goes after 3 s.
    await expect.poll(() => status().textContent(), { timeout: 8000 }).toBe('')

    await page.getByRole('textbox', { name: '昵称' }).fill('读者甲')
    await page.getByRole('textbox', { name: '邮箱' }).fill('not-an-address')
    await submit().click()
    await expect.poll(() => status().textContent()).toBe('请填写正确的邮件地址')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('邮箱')
    expect(posts()).toEqual([])
  })

  it('posts as Anonymous without a nick (shown as 匿名 on this Chinese page), and does not remember Anonymous', async () => {
    await open('rules')
    // A site's own hook, as Valine's onCommentSubmitted option.
    await page.evaluate(() => {
      const w = window as unknown as { __submitted?: unknown; onCommentSubmitted?: (c: unknown) => void }
      w.onCommentSubmitted = (c) => (w.__submitted = c)
    })
    await editor().fill('匿名的话')
    await submit().click()
    const card = cards().filter({ hasText: '匿名的话' })
    await expect.poll(() => card.count()).toBe(1)
    // Sent and stored as Valine stores it (the hook below sees it), named in the page's language.
    expect(await card.locator('.vnick').textContent()).toBe('匿名')
    expect(await page.evaluate(() => localStorage.getItem('_v_Cache_Meta'))).toBeNull()
    expect(await page.evaluate(() => (window as Window & { __submitted?: unknown }).__submitted)).toMatchObject({ nick: 'Anonymous', url: '/gpt/rules.html', held: false, comment: '<p>匿名的话</p>' })
  })

  it('refuses a second submit within 20 s with the busy message', async () => {
    await open('busy')
    await editor().fill('第一条')
    await submit().click()
    await expect.poll(() => cards().count()).toBe(1)
    await editor().fill('第二条')
    await submit().click()
    await expect.poll(() => status().textContent()).toBe('操作频繁，请稍候再试...')
    expect(posts()).toHaveLength(1)
    expect(await editor().inputValue()).toBe('第二条')
  })

  it('shows the service’s rate limit (429) as a readable message', async () => {
    await open('rate')
    await editor().fill('第一条')
    await submit().click()
    await expect.poll(() => cards().count()).toBe(1)
    // Past the box's own guard (another tab, a cleared browser): the service still says no.
    await page.evaluate(() => localStorage.removeItem('vlx'))
    await editor().fill('马上又一条')
    await submit().click()
    await expect.poll(() => status().textContent()).toMatch(/^评论太快了，请 \d+ 秒后再试。$/)
    expect(await cards().count()).toBe(1)
    expect(await submit().isEnabled()).toBe(true)
  })

  it('tells the author when the service holds a comment for moderation', async () => {
    await open('held')
    await editor().fill(`这里有${FORBIDDEN}`)
    await submit().click()
    await expect.poll(() => status().textContent()).toBe('评论已提交，审核通过后才会显示。')
    expect(await cards().count()).toBe(0)
    expect(await page.getByText('快来做第一个评论的人吧~').isVisible()).toBe(true)
    expect(await editor().inputValue()).toBe('')
  })

  it('never runs script stored in the store, whatever the field', async () => {
    await seed('xss', {
      nick: '<img src=x onerror="window.__xss=1">',
      link: 'javascript:window.__xss=2',
      comment: '<img src=x onerror="window.__xss=3"><script>window.__xss=4</script><a href="javascript:window.__xss=5">点我</a><svg onload="window.__xss=6"></svg><iframe src="javascript:window.__xss=7"></iframe><p style="color:red" onclick="window.__xss=8">文字</p>',
    })
    await open('xss')
    await expect.poll(() => cards().count()).toBe(1)
    const card = cards().first()
    // The nick is text, and a javascript: link is no link.
    expect(await card.locator('.vnick').textContent()).toBe('<img src=x onerror="window.__xss=1">'.slice(0, 30) + '…')
    expect(await card.locator('a.vnick').count()).toBe(0)
    await card.getByText('点我').click()
    await card.getByText('文字').click()
    await page.evaluate(() => new Promise((r) => setTimeout(r, 300)))
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined()
    expect(await card.locator('script, iframe, svg, [onerror], [onclick], [style], a[href^="javascript"]').count()).toBe(0)
  })

  it('collapses a long comment until the reader asks to see more', async () => {
    await seed('long', { comment: Array.from({ length: 30 }, (_, i) => `<p>第 ${i} 段</p>`).join('') })
    await open('long')
    const body = cards().first().locator('.vcontent')
    await expect.poll(() => page.getByRole('button', { name: '查看更多' }).isVisible()).toBe(true)
    const collapsed = await body.evaluate((el) => el.getBoundingClientRect().height)
    expect(collapsed).toBeLessThan(200)
    await page.getByRole('button', { name: '查看更多' }).click()
    await expect.poll(() => body.evaluate((el) => el.getBoundingClientRect().height)).toBeGreaterThan(400)
  })

  it('shows a service it cannot reach as such, keeps the article, and retries', async () => {
    await page.route(`${serviceUrl}/**`, (route) => route.abort('connectionrefused'))
    await page.goto(`${siteUrl}away.html`)
    const alert = page.locator('.vbox').getByRole('alert')
    await expect.poll(() => alert.textContent()).toContain('评论服务暂时无法连接')
    expect(await article(page).getByText('正文：away。').isVisible()).toBe(true)
    await page.unroute(`${serviceUrl}/**`)
    await page.getByRole('button', { name: '重试' }).click()
    await expect.poll(() => page.getByText('快来做第一个评论的人吧~').isVisible()).toBe(true)
    expect(await page.getByRole('alert').count()).toBe(0)
  })

  it('follows the site into dark mode', async () => {
    await open('dark')
    const colours = () => editor().evaluate((el) => getComputedStyle(el).backgroundColor)
    const light = await colours()
    await page.getByRole('button', { name: '切换深色模式' }).click()
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true)
    await expect.poll(colours).not.toBe(light)
    // The focused control shows it.
    await editor().focus()
    expect(await editor().evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none')
  })

  it('shows each page’s own comments after a client-side navigation', async () => {
    await seed('second', { comment: '<p>第二篇的评论</p>' })
    await open('post')
    await expect.poll(() => cards().count()).toBeGreaterThan(0)
    await page.evaluate(() => {
      const a = document.createElement('a')
      a.href = '/gpt/second.html'
      a.textContent = 'go'
      document.querySelector('article')!.append(a)
    })
    await page.getByRole('link', { name: 'go', exact: true }).click()
    await expect.poll(() => page.getByText('第二篇的评论').isVisible()).toBe(true)
    expect(await cards().count()).toBe(1)
  })

  it('a page with comments off downloads no comment code', async () => {
    await page.goto(`${siteUrl}notice.html`)
    await page.mouse.wheel(0, 2000)
    await page.evaluate(() => new Promise((r) => setTimeout(r, 500)))
    expect(await page.locator('.vbox, [data-widget="valine"]').count()).toBe(0)
    expect(requests.filter((r) => /\/assets\/js\/(valine|preview|core)\./.test(r) || r.includes('/1.1/classes/Comment'))).toEqual([])
  })
})

describe('the comment box on a phone', () => {
  let page: Page
  withPage(
    () => browser,
    (p) => void (page = p),
    { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
  )
  beforeEach(() => void pass(60))

  it('fits 360 px and posts', async () => {
    await page.goto(`${siteUrl}narrow.html`)
    const editor = page.getByRole('textbox', { name: '评论内容' })
    await editor.waitFor()
    for (const name of ['昵称', '邮箱', '网址', '评论内容']) {
      const box = await page.getByRole('textbox', { name }).boundingBox()
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(360)
    }
    for (const name of ['表情', '预览', '提交']) {
      const box = await page.getByRole('button', { name, exact: true }).boundingBox()
      expect(box!.x + box!.width, name).toBeLessThanOrEqual(360)
      expect(box!.height, name).toBeGreaterThanOrEqual(32)
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360)
    await editor.fill('手机上也能评论')
    await page.getByRole('button', { name: '提交', exact: true }).tap()
    await expect.poll(() => page.getByText('1 条评论').isVisible()).toBe(true)
  })
})

describe('the comment box with the site’s options', () => {
  let page: Page
  withPage(
    () => browser,
    (p) => void (page = p),
  )
  beforeEach(() => void pass(60))

  it('hides avatars, speaks English, shows only the chosen fields and requires a nick', async () => {
    await seed('options', { mailHash: '0bc83cb571cd1c50ba6f3e8a78ef1346', comment: '<p>with a mail hash</p>' })
    await page.goto(`${optionsSiteUrl}options.html`)
    const editor = page.getByRole('textbox', { name: 'Comment' })
    await editor.waitFor()
    await expect.poll(() => page.getByText('1 comment', { exact: true }).isVisible()).toBe(true)
    expect(await page.locator('.vcard img, .vavatar').count()).toBe(0)
    expect(await editor.getAttribute('placeholder')).toBe('Your thoughts')
    expect(await page.getByRole('textbox', { name: 'Website' }).count()).toBe(0)
    await editor.fill('No name given')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect.poll(() => page.locator('.vbox').getByRole('status').textContent()).toBe('NickName cannot be less than 3 bytes.')
    await page.getByRole('textbox', { name: 'Name' }).fill('Reader')
    await page.getByRole('textbox', { name: 'E-mail' }).fill('nope')
    await page.getByRole('button', { name: 'Submit' }).click()
    await expect.poll(() => page.locator('.vbox').getByRole('status').textContent()).toBe('Please confirm your email address.')
  })
})
