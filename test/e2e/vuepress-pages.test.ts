// Pages as VuePress 1 and reco authors write them, as a reader meets them (fixture
// vuepress-pages-site): the list shows a post's <!-- more --> excerpt with working links, a
// `sidebar: false` page has no sidebar and its content takes the width, `prev`/`next` from the
// frontmatter, pages whose names hold dots reached by links and the sidebar, an image of
// content/public/ written from the root.
import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { h1, MODES, ready, visible, withBrowser, withPage, withSite, type Mode, type Site } from '../helpers/e2e.js'

let browser: Browser
withBrowser((b) => (browser = b))

describe.each(MODES)('VuePress pages (%s)', (mode: Mode) => {
  let site: Site
  let page: Page
  withSite(mode, (s) => (site = s), { fixture: 'vuepress-pages-site' })
  withPage(() => browser, (p) => (page = p), { viewport: { width: 1280, height: 800 } })

  const open = async (path: string) => {
    await page.goto(site.url + path)
    await ready(page)
  }
  const sidebar = () => page.getByRole('navigation', { name: '侧边栏' })

  it('the home list shows a post by what comes before its <!-- more -->, rendered, its link working', async () => {
    await open('')
    const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: '带摘要的文章' }) })
    await visible(item)
    expect(await item.textContent()).toContain('这段是摘要，里面有一个链接。')
    expect(await item.locator('strong').textContent()).toBe('摘要')
    expect(await item.textContent()).not.toContain('摘要之后的正文')
    await item.getByRole('link', { name: '一个链接' }).click()
    await visible(h1(page, '1.2 版说明'))
    expect(new URL(page.url()).pathname).toBe('/gpt/guide/v1.2-notes.html')
  })

  it('a page with sidebar: false has no sidebar and its content takes the width; its neighbour has one', async () => {
    await open('guide/wide.html')
    await visible(h1(page, '全宽页面'))
    expect(await sidebar().count()).toBe(0)
    const wide = (await page.getByRole('main').boundingBox())!
    await open('guide/own-links.html')
    await visible(sidebar())
    const narrow = (await page.getByRole('main').boundingBox())!
    expect(wide.x).toBeLessThan(narrow.x)
    expect(wide.width).toBeGreaterThan(narrow.width - 1)
  })

  it('prev and next come from the frontmatter: a named page with its title, next: false shows none, sidebarDepth: 0 no headings', async () => {
    await open('guide/own-links.html')
    const nav = page.getByRole('navigation', { name: '上一篇与下一篇' })
    await visible(nav)
    expect(await nav.getByRole('link').count()).toBe(1)
    expect(await sidebar().getByRole('link', { name: '第一节' }).count()).toBe(0)
    await nav.getByRole('link', { name: /上一篇\s*1\.2 版说明/ }).click()
    await visible(h1(page, '1.2 版说明'))
    // That page's own neighbours come from the sidebar, headings under its link as the theme says.
    await visible(page.getByRole('navigation', { name: '上一篇与下一篇' }).getByRole('link', { name: /下一篇\s*自定上下篇/ }))
    await visible(sidebar().getByRole('link', { name: '变化' }))
  })

  it('a page whose name holds dots is reached from the sidebar and by a link without its extension', async () => {
    await open('guide/')
    await sidebar().getByRole('link', { name: 'Vuex 4.x 笔记' }).click()
    await visible(h1(page, 'Vuex 4.x 笔记'))
    expect(new URL(page.url()).pathname).toBe('/gpt/guide/vuex%204.x.html')
    await open('guide/v1.2-notes.html')
    await page.getByRole('main').getByRole('link', { name: '不写扩展名' }).click()
    await visible(h1(page, 'Vuex 4.x 笔记'))
    // Its date, given with an offset, as the site's clock reads it.
    expect(await page.getByRole('article').locator('time').first().textContent()).toBe('2022-3-12')
  })

  it('an image of content/public/ written from the root loads', async () => {
    await open('guide/v1.2-notes.html')
    const img = page.getByRole('img', { name: '站点标志' })
    await img.scrollIntoViewIfNeeded()
    await page.waitForFunction(() => (document.querySelector('img[alt="站点标志"]') as HTMLImageElement | null)?.complete === true)
    expect(await img.evaluate((el: HTMLImageElement) => [el.naturalWidth, el.naturalHeight])).toEqual([4, 3])
  })
})
