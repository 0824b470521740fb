import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newContext, withBrowser } from '../helpers/e2e.js'
import { hydrated } from '../helpers/real-site.js'
import { serveWithComments, type ServedWithComments } from '../helpers/serve-comments.js'
import { copyFixture } from '../helpers/sites.js'

/**
 * A comment left without a nick is sent and stored as Valine stores it (`Anonymous`) and named
 * in the page's language: 匿名 on the site's Chinese pages, Anonymous on its English ones (a
 * site with an `/en/` locale under `gptnotes serve`, which runs the comment service itself).
 */
describe('the default nick in the page language', () => {
  let browser: Browser
  withBrowser((b) => (browser = b))
  let dev: ServedWithComments
  let cleanup: () => void

  beforeAll(async () => {
    const site = copyFixture('valine-site')
    cleanup = site.cleanup
    writeFileSync(
      join(site.root, 'gptnotes.config.ts'),
      `export default { title: '留言测试站', locales: { '/': { lang: 'zh-CN' }, '/en/': { lang: 'en-US', title: 'Comments test' } }, themeConfig: { comments: { enabled: true, solution: 'valine' } } }\n`,
    )
    mkdirSync(join(site.root, 'content/en'), { recursive: true })
    writeFileSync(join(site.root, 'content/en/hello.md'), '---\ntitle: Hello\n---\n\n# Hello\n\nAn English page with comments.\n')
    writeFileSync(join(site.root, 'content/hello.md'), '---\ntitle: 你好\n---\n\n# 你好\n\n一篇中文页面。\n')
    dev = await serveWithComments(site.root)
  }, 120_000)
  afterAll(async () => {
    await dev?.close()
    cleanup?.()
  })

  /** Posts `text` with no nick on `path`; the nick sent and the name the new card shows. */
  async function postWithoutNick(page: Page, path: string, text: string) {
    const sent: string[] = []
    page.on('request', (r) => r.method() === 'POST' && r.postData()?.includes('"nick"') && sent.push(r.postData()!))
    await page.goto(dev.url + path)
    await hydrated(page)
    await page.locator('.widget-slot[data-widget="valine"]').scrollIntoViewIfNeeded()
    await page.locator('.vbox textarea').fill(text)
    await page.locator('.vbox button.vsubmit').click()
    const card = page.locator('.vcard', { hasText: text })
    await card.waitFor()
    return { sent: sent.map((b) => (JSON.parse(b) as { nick: string }).nick), shown: await card.locator('.vnick').textContent() }
  }

  it('匿名 on a Chinese page, Anonymous on an English one; stored as Anonymous both times', async () => {
    const context = await newContext(browser)
    const page = await context.newPage()
    expect(await postWithoutNick(page, 'hello.html', '没有昵称的留言')).toEqual({ sent: ['Anonymous'], shown: '匿名' })
    // Another reader (the box keeps its own 20 s guard per browser).
    const other = await newContext(browser)
    expect(await postWithoutNick(await other.newPage(), 'en/hello.html', 'A comment with no name')).toEqual({ sent: ['Anonymous'], shown: 'Anonymous' })
    await other.close()
    // Read back from the service (a reload): the Chinese page still names it 匿名.
    await page.reload()
    await hydrated(page)
    await page.locator('.widget-slot[data-widget="valine"]').scrollIntoViewIfNeeded()
    await page.locator('.vcard', { hasText: '没有昵称的留言' }).waitFor()
    expect(await page.locator('.vcard .vnick').allTextContents()).toEqual(['匿名'])
    await context.close()
  }, 120_000)
})
