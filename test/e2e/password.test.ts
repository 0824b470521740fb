import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { article, h1, ready, recordProblems, recordScripts, type Site, visible, withBrowser, withPage, withSite } from '../helpers/e2e.js'

/**
 * Password-protected pages as a reader meets them (reco's `keys` and `keyPage`): the prompt,
 * a wrong password, the right one (body, its islands and the sidebar's headings appear without a
 * reload), the session remembering it across client-side navigation, the prompt's code loaded
 * only where a page is locked, and the page without JavaScript.
 * Passwords: 秘密笔记 紫藤花开, the English page "open sesame", the keyPage site site-key-2025.
 */

const SECRET = '紫色大象在午夜弹钢琴。'
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

let browser: Browser
withBrowser((b) => (browser = b))

const field = (page: Page, name = '请输入密码') => page.getByRole('textbox', { name, exact: true })
const sidebar = (page: Page) => page.getByRole('navigation', { name: '侧边栏' })

/** Type a password and send it with Enter (or the button, when `click`). */
async function unlock(page: Page, password: string, { click = false, button = '确定', label = '请输入密码' } = {}): Promise<void> {
  const input = field(page, label)
  // The server's copy of the prompt is disabled: typing waits for the island's.
  await expect.poll(() => input.isEnabled()).toBe(true)
  await input.fill(password)
  if (click) await page.getByRole('button', { name: button, exact: true }).click()
  else await input.press('Enter')
}

describe('a page locked by its own keys', () => {
  let site: Site
  let page: Page
  let scripts: string[]
  let problems: string[]
  withSite('static', (s) => (site = s), { fixture: 'password-site' })
  withPage(
    () => browser,
    (p) => {
      page = p
      scripts = recordScripts(p)
      problems = recordProblems(p)
    },
  )

  it('asks for the password, says so when it is wrong, and shows the body, its islands and its headings when it is right', async () => {
    await page.goto(site.url + 'guide/secret.html')
    await visible(h1(page, '秘密笔记'))
    await ready(page)
    const body = article(page)
    expect(await body.getByText(SECRET).count()).toBe(0)

    await unlock(page, '紫藤花')
    const alert = body.getByRole('alert')
    await visible(alert)
    expect(await alert.innerText()).toBe('密码错误，请重试')
    expect(await body.getByText(SECRET).count()).toBe(0)
    // The reader can try again at once: the field is empty and focused.
    expect(await field(page).inputValue()).toBe('')
    expect(await field(page).evaluate((el) => el === document.activeElement)).toBe(true)

    const before = await page.evaluate(() => [performance.getEntriesByType('navigation').length, history.length])
    await unlock(page, '紫藤花开', { click: true })
    await visible(body.getByText(SECRET))
    expect(await field(page).count()).toBe(0)
    // Focus left the field that is gone for the body it opened.
    expect(await page.evaluate(() => document.activeElement?.textContent?.includes('紫色大象在午夜弹钢琴'))).toBe(true)
    // The page's [[toc]] and the sidebar's headings of the current page.
    expect(await body.getByRole('navigation', { name: '目录' }).getByRole('link').allInnerTexts()).toEqual(['第一个秘密', '第二个秘密'])
    await visible(sidebar(page).getByRole('link', { name: '第一个秘密', exact: true }))
    expect(await sidebar(page).getByRole('link', { name: '第一个秘密', exact: true }).getAttribute('href')).toBe('#第一个秘密')
    // The body's code block gets its copy button, as any page's does.
    await visible(body.getByRole('button', { name: '复制代码', exact: true }))
    // The body's own island (a spoiler) mounts once the body is open.
    await body.getByRole('button', { name: '显示答案' }).click()
    await visible(body.getByText('月亮是奶酪做的。'))
    // No reload: the same document.
    expect(await page.evaluate(() => [performance.getEntriesByType('navigation').length, history.length])).toEqual(before)
    expect(page.url()).toBe(site.url + 'guide/secret.html')
    expect(problems).toEqual([])
    expect(scripts.some((s) => /^password\.[\w-]+\.js$/.test(s))).toBe(true)
  })

  it('is remembered for the session: back from another page, and on the way to it again, it opens without asking', async () => {
    await page.goto(site.url + 'guide/secret.html')
    await ready(page)
    await unlock(page, '紫藤花开')
    const body = article(page)
    await visible(body.getByText(SECRET))

    // Client-side navigation to an open page, by a link in the opened body.
    await body.getByRole('link', { name: '公开笔记', exact: true }).click()
    await visible(h1(page, '公开笔记'))
    expect(page.url()).toBe(site.url + 'guide/open.html')
    // The sidebar now lists the open page's headings, not the locked one's.
    expect(await sidebar(page).getByRole('link', { name: '第一个秘密' }).count()).toBe(0)

    await page.goBack()
    await visible(h1(page, '秘密笔记'))
    await visible(body.getByText(SECRET))
    expect(await field(page).count()).toBe(0)
    await visible(sidebar(page).getByRole('link', { name: '第二个秘密', exact: true }))

    // And by the sidebar's link from the open page.
    await body.getByRole('link', { name: '公开笔记', exact: true }).click()
    await visible(h1(page, '公开笔记'))
    await sidebar(page).getByRole('link', { name: '秘密笔记', exact: true }).click()
    await visible(h1(page, '秘密笔记'))
    await visible(body.getByText(SECRET))
    expect(await field(page).count()).toBe(0)
  })

  it('asks on a client-side navigation to it, and opens there', async () => {
    await page.goto(site.url + 'guide/open.html')
    await ready(page)
    // An open page loads none of the prompt's code.
    expect(scripts.filter((s) => s.startsWith('password.'))).toEqual([])
    await article(page).getByRole('link', { name: '秘密笔记', exact: true }).click()
    await visible(h1(page, '秘密笔记'))
    expect(page.url()).toBe(site.url + 'guide/secret.html')
    await unlock(page, '紫藤花开')
    await visible(article(page).getByText(SECRET))
    expect(problems).toEqual([])
  })

  it('lists the locked page by its title, marked, with no excerpt', async () => {
    await page.goto(site.url)
    await ready(page)
    const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: '秘密笔记', exact: true }) })
    await visible(item)
    expect(await item.getByText('需要密码', { exact: true }).isVisible()).toBe(true)
    expect(await item.innerText()).not.toContain('青铜钥匙')
  })

  it("asks in the page's language", async () => {
    await page.goto(site.url + 'en/secret.html')
    await ready(page)
    await unlock(page, 'wrong', { label: 'Enter the password' })
    await visible(article(page).getByRole('alert'))
    expect(await article(page).getByRole('alert').innerText()).toBe('Wrong password, please try again')
    await unlock(page, 'open sesame', { label: 'Enter the password', click: true, button: 'Unlock' })
    await visible(article(page).getByText('The purple elephant plays the piano at midnight.'))
  })
})

describe('the prompt, checked by axe-core', () => {
  let site: Site
  let page: Page
  withSite('static', (s) => (site = s), { fixture: 'password-site' })
  // axe is injected into the page, which the site's Content-Security-Policy would refuse.
  withPage(() => browser, (p) => (page = p), { bypassCSP: true })

  it('has no WCAG A/AA violations, before and after a wrong password', async () => {
    await page.goto(site.url + 'guide/secret.html')
    await ready(page)
    await page.addScriptTag({ content: AXE })
    const check = () =>
      page.evaluate(async () => {
        type Result = { id: string; nodes: { target: string[] }[] }
        const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: Result[]; passes: Result[] }> } }).axe
        const result = await axe.run({ include: ['.page-lock'] }, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } })
        return { violations: result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`)), checked: result.passes.length }
      })
    await expect.poll(() => field(page).isEnabled()).toBe(true)
    const before = await check()
    expect(before.violations).toEqual([])
    expect(before.checked).toBeGreaterThan(0)
    await unlock(page, '不对')
    await visible(article(page).getByRole('alert'))
    expect((await check()).violations).toEqual([])
  })
})

describe('a locked page without JavaScript', () => {
  let site: Site
  let page: Page
  withSite('static', (s) => (site = s), { fixture: 'password-site' })
  withPage(() => browser, (p) => (page = p), { javaScriptEnabled: false })

  it('says that it needs JavaScript to unlock, and shows nothing of the body', async () => {
    await page.goto(site.url + 'guide/secret.html')
    await visible(h1(page, '秘密笔记'))
    // (Inside <noscript>, which Playwright's text locators do not search: the rendered text does.)
    expect(await article(page).innerText()).toContain('此页面已加密，需要启用 JavaScript 才能输入密码解锁。')
    expect(await field(page).isDisabled()).toBe(true)
    expect(await page.content()).not.toContain('紫色大象')
  })
})

describe('a site locked by keyPage', () => {
  let site: Site
  let page: Page
  withSite('serve', (s) => (site = s), { fixture: 'password-site-wide' })
  withPage(() => browser, (p) => (page = p))

  it('asks on every page for the site key, once per session', async () => {
    await page.goto(site.url + 'notes/one.html')
    await visible(h1(page, '第一篇'))
    await ready(page)
    expect(await article(page).getByText('银色狐狸').count()).toBe(0)
    await unlock(page, 'site-key-2026')
    await visible(article(page).getByRole('alert'))
    await unlock(page, 'site-key-2025')
    await visible(article(page).getByText('第一篇的正文：银色狐狸在雪地里写诗。'))
    await visible(sidebar(page).getByRole('link', { name: '小节一', exact: true }))

    // Another page of the site opens with the remembered key.
    await article(page).getByRole('link', { name: '第二篇', exact: true }).click()
    await visible(h1(page, '第二篇'))
    await visible(article(page).getByText('第二篇的正文：橙色鲸鱼在云上唱歌。'))
    expect(await field(page).count()).toBe(0)

    // So does the home page, loaded anew.
    await page.goto(site.url)
    await visible(page.getByText('首页的正文：私人站点的欢迎词藏在这里。'))
  })
})
