import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { article, h1, MODES, type Site, SITE_TITLE, visible, withBrowser, withPage, withSite } from '../helpers/e2e.js'

let browser: Browser
withBrowser((b) => (browser = b))

describe.each(MODES)('reading with JavaScript disabled (%s)', (mode) => {
  let site: Site
  let page: Page
  withSite(mode, (s) => (site = s))
  withPage(() => browser, (p) => (page = p), { javaScriptEnabled: false })

  it('an article shows its title, date, tags, headings, code blocks and table', async () => {
    const response = await page.goto(site.url + 'handbook/install.html')
    expect(response?.status()).toBe(200)
    expect(await page.title()).toBe(`安装指南 | ${SITE_TITLE}`)
    await visible(h1(page, '安装指南'))
    const body = article(page)
    // Date and tags from the frontmatter.
    expect(await body.getByText('2025-5-20', { exact: true }).isVisible()).toBe(true)
    expect(await body.getByRole('link', { name: '教程', exact: true }).getAttribute('href')).toBe('/gpt/tag/%E6%95%99%E7%A8%8B/')

    for (const name of ['系统要求', '使用 npm 安装', '编写配置', '验证安装', '卸载', '参考']) {
      expect(await body.getByRole('heading', { level: 2, name, exact: true }).isVisible()).toBe(true)
    }

    // Code blocks, highlighted at build time, as preformatted text.
    const bash = body.locator('pre').filter({ hasText: 'npm install gptnotes --save-dev' })
    expect(await bash.count()).toBe(1)
    // The code ends with its line ending, as CommonMark writes a code block (no line is shown for it).
    expect(await bash.innerText()).toBe('npm install gptnotes --save-dev\nnpx gptnotes build --root .\n')
    const ts = body.locator('pre').filter({ hasText: "import { defineConfig } from 'gptnotes'" })
    expect(await ts.isVisible()).toBe(true)
    expect(await ts.innerText()).toContain("export default defineConfig({ title: '测试站点' })")

    // The table with its header and cells.
    const table = body.getByRole('table')
    expect(await table.isVisible()).toBe(true)
    expect(await table.getByRole('columnheader').allInnerTexts()).toEqual(['组件', '最低版本', '说明'])
    expect(await table.getByRole('row').count()).toBe(4)
    expect(await table.getByRole('row', { name: 'Node.js 20.19 运行构建命令' }).isVisible()).toBe(true)

    // No script ran (the router keys history entries when it starts), yet the page is complete.
    expect(await page.evaluate(() => history.state)).toBeNull()
  })

  it('links have real addresses and work as plain links', async () => {
    await page.goto(site.url + 'handbook/getting-started.html')
    const body = article(page)
    const hrefs = {
      install: await body.getByRole('link', { name: '阅读安装指南', exact: true }).getAttribute('href'),
      section: await body.getByRole('link', { name: '环境变量一节', exact: true }).getAttribute('href'),
      space: await body.getByRole('link', { name: '文件名带空格的文章', exact: true }).getAttribute('href'),
      anchor: await body.getByRole('link', { name: '直接跳到下一步', exact: true }).getAttribute('href'),
      next: await page.getByRole('navigation', { name: '上一篇与下一篇' }).getByRole('link', { name: /安装指南/ }).getAttribute('href'),
    }
    expect(hrefs).toEqual({
      install: '/gpt/handbook/install.html',
      section: '/gpt/handbook/configuration.html#' + encodeURIComponent('环境变量'),
      space: '/gpt/handbook/a%20b.html',
      anchor: '#' + encodeURIComponent('下一步'),
      next: '/gpt/handbook/install.html',
    })
    const sidebar = page.getByRole('navigation', { name: '侧边栏' })
    expect(await sidebar.getByRole('link', { name: '带空格的页面', exact: true }).getAttribute('href')).toBe('/gpt/handbook/a%20b.html')
    expect(await sidebar.getByRole('link', { name: '快速开始', exact: true }).getAttribute('aria-current')).toBe('page')
    const nav = page.getByRole('navigation', { name: '主导航' })
    expect(await nav.getByRole('link', { name: '首页', exact: true }).getAttribute('href')).toBe('/gpt/')

    // Following one is an ordinary page load.
    await body.getByRole('link', { name: '文件名带空格的文章', exact: true }).click()
    await visible(h1(page, '带空格的页面'))
    expect(page.url()).toBe(site.url + 'handbook/a%20b.html')
    await page.getByRole('navigation', { name: '侧边栏' }).getByRole('link', { name: '配置说明', exact: true }).click()
    await visible(h1(page, '配置说明'))
    expect(page.url()).toBe(site.url + 'handbook/configuration.html')
  })

  it('images are served from beside their page', async () => {
    await page.goto(site.url + 'handbook/configuration.html')
    const image = article(page).getByRole('img', { name: '架构示意图' })
    expect(await image.getAttribute('src')).toBe('/gpt/handbook/images/architecture.svg')
    const res = await page.request.get(new URL('/gpt/handbook/images/architecture.svg', site.url).href)
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toBe('image/svg+xml')
    expect(await res.text()).toContain('<svg')
    await image.scrollIntoViewIfNeeded()
    const box = await image.boundingBox()
    expect(box?.width).toBe(240)
    expect(box?.height).toBe(120)
  })

  it('the home page lists the articles, newest first', async () => {
    await page.goto(site.url)
    await visible(h1(page, SITE_TITLE))
    const posts = page.getByRole('main').getByRole('listitem')
    const titles = await posts.getByRole('heading').allInnerTexts()
    expect(titles).toEqual(['带空格的页面', '常见问题', '配置说明', '安装指南', '快速开始'])
    expect(await posts.getByRole('link', { name: '快速开始', exact: true }).getAttribute('href')).toBe('/gpt/handbook/getting-started.html')
  })
})
