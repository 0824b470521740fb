import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { delay, editUntilShown, h1, mark, marked, ready, type Site, SITE_TITLE, visible, withBrowser, withPage, withSite } from '../helpers/e2e.js'

let browser: Browser
withBrowser((b) => (browser = b))

/** Open a page of the dev server and wait until its reload channel is connected. */
async function openConnected(page: Page, url: string): Promise<void> {
  const connected = page.waitForResponse((r) => r.url().includes('/__gptnotes/reload'))
  await page.goto(url)
  await connected
  await ready(page)
}

describe('live reload (serve, watching)', () => {
  let site: Site
  let page: Page
  withSite('serve', (s) => (site = s), { watch: true })
  // Let the watcher finish its first scan.
  beforeAll(() => delay(500))
  withPage(() => browser, (p) => (page = p))

  it('an edited heading shows on the open page without the reader reloading it', async () => {
    await openConnected(page, site.url + 'handbook/getting-started.html')
    await mark(page)
    expect(await page.getByRole('heading', { level: 2, name: '准备工作', exact: true }).isVisible()).toBe(true)

    await editUntilShown(
      page,
      join(site.root, 'content/handbook/getting-started.md'),
      (text) => text.replace('## 准备工作', '## 准备工作（已更新）').replace('title: 快速开始', 'title: 快速开始（新版）'),
      page.getByRole('heading', { level: 2, name: '准备工作（已更新）', exact: true }),
    )
    await visible(h1(page, '快速开始（新版）'))
    expect(await page.title()).toBe(`快速开始（新版） | ${SITE_TITLE}`)
    expect(await page.getByRole('heading', { level: 2, name: '准备工作', exact: true }).count()).toBe(0)
    expect(await marked(page)).toBe(false)
    // The other pages were rebuilt too: the sidebar elsewhere shows the new title.
    await page.goto(site.url + 'handbook/install.html')
    expect(await page.getByRole('navigation', { name: '侧边栏' }).getByRole('link', { name: '快速开始（新版）', exact: true }).isVisible()).toBe(true)
  })

  it('a broken edit shows the build error, and fixing it brings the page back', async () => {
    const file = join(site.root, 'content/handbook/faq.md')
    const original = readFileSync(file, 'utf8')
    await openConnected(page, site.url + 'handbook/faq.html')

    await editUntilShown(
      page,
      file,
      (text) => text.replace('回到[快速开始](./getting-started.md)', '回到[快速开始](./gone.md)'),
      page.getByRole('heading', { level: 1, name: '构建失败' }),
    )
    expect(await page.getByText('link to a page that does not exist: /handbook/gone.html').isVisible()).toBe(true)

    await editUntilShown(page, file, () => original, h1(page, '常见问题'))
    expect(await page.title()).toBe(`常见问题 | ${SITE_TITLE}`)
  })

  it('an edit of the body alone swaps the new text in without reloading the page', async () => {
    const file = join(site.root, 'content/handbook/install.md')
    await openConnected(page, site.url + 'handbook/install.html')
    await mark(page)
    // A cell of the page's table: not its first paragraph, which is its description too.
    await editUntilShown(page, file, (text) => text.replace('| 安装依赖 |', '| 安装全部依赖 |'), page.getByRole('cell', { name: '安装全部依赖', exact: true }))
    expect(await page.getByRole('cell', { name: '安装依赖', exact: true }).count()).toBe(0)
    // The build that follows the edit must not reload the page either.
    await delay(1_500)
    expect(await marked(page)).toBe(true)
    await visible(h1(page, '安装指南'))
  })

  it('a page that lacks a script of its new version reloads in full', async () => {
    const file = join(site.root, 'content/handbook/install.md')
    await openConnected(page, site.url + 'handbook/install.html')
    await mark(page)
    // As if the page was loaded with an older bundle: the new page's entry script is not its own.
    await page.evaluate(() => document.querySelectorAll('script[data-entry]').forEach((s) => s.setAttribute('data-entry', s.getAttribute('data-entry') + '?old')))
    await editUntilShown(page, file, (text) => text.replace('| 运行构建命令 |', '| 运行新的构建命令 |'), page.getByRole('cell', { name: '运行新的构建命令', exact: true }))
    expect(await marked(page)).toBe(false)
  })
})
