import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { article, h1, mark, marked, MODES, readText, ready, type Site, SITE_TITLE, visible, withBrowser, withPage, withSite } from '../helpers/e2e.js'

let browser: Browser
withBrowser((b) => (browser = b))

const NOT_FOUND_TEXT = '没有找到这个页面。它可能已被移动或删除，也可能是地址输错了。'
const NOT_FOUND_TITLE = `404 页面未找到 | ${SITE_TITLE}`

async function expectNotFoundPage(page: Page): Promise<void> {
  await visible(h1(page, '404'))
  await visible(page.getByText(NOT_FOUND_TEXT, { exact: true }))
  expect(await page.title()).toBe(NOT_FOUND_TITLE)
  expect(await page.getByRole('link', { name: '返回首页', exact: true }).getAttribute('href')).toBe('/gpt/')
}

/** One request without following redirects: status and Location. */
async function head(url: string): Promise<{ status: number; location: string | null }> {
  const res = await fetch(url, { redirect: 'manual' })
  await res.arrayBuffer()
  return { status: res.status, location: res.headers.get('location') }
}

describe('redirects (serve)', () => {
  let site: Site
  let page: Page
  withSite('serve', (s) => (site = s))
  withPage(() => browser, (p) => (page = p))

  it.each([
    { from: '/', to: '/gpt/' },
    { from: '/gpt', to: '/gpt/' },
    { from: '/gpt/index.html', to: '/gpt/' },
    { from: '/gpt/tag/index.html', to: '/gpt/tag/' },
    { from: '/gpt/handbook/install', to: '/gpt/handbook/install.html' },
  ])('$from answers 301 to $to', async ({ from, to }) => {
    const origin = new URL(site.url).origin
    expect(await head(origin + from)).toEqual({ status: 301, location: to })
  })

  it.each([
    { from: '/', to: '/gpt/', heading: SITE_TITLE },
    { from: '/gpt/index.html', to: '/gpt/', heading: SITE_TITLE },
    { from: '/gpt/tag/index.html', to: '/gpt/tag/', heading: '标签' },
  ])('opening $from ends at $to', async ({ from, to, heading }) => {
    const origin = new URL(site.url).origin
    const response = await page.goto(origin + from)
    expect(response?.status()).toBe(200)
    const redirected = response?.request().redirectedFrom()
    expect((await redirected?.response())?.status()).toBe(301)
    expect(page.url()).toBe(origin + to)
    await visible(h1(page, heading))
  })
})

describe('redirects (static output)', () => {
  let site: Site
  let page: Page
  withSite('static', (s) => (site = s))
  withPage(() => browser, (p) => (page = p))

  it('_redirects holds the index.html rules for the host', () => {
    const rules = readText(join(site.dist!, '_redirects')).split('\n')
    expect(rules).toContain('/gpt/index.html /gpt/ 301!')
    expect(rules).toContain('/gpt/tag/index.html /gpt/tag/ 301!')
  })

  it.each([
    { from: '/gpt/index.html', to: '/gpt/', heading: SITE_TITLE },
    { from: '/gpt/tag/index.html', to: '/gpt/tag/', heading: '标签' },
  ])('opening $from ends with the address $to', async ({ from, to, heading }) => {
    const origin = new URL(site.url).origin
    const response = await page.goto(origin + from)
    // The plain host serves the file itself; the client then puts the canonical address in place.
    expect(response?.status()).toBe(200)
    await visible(h1(page, heading))
    await page.waitForURL(origin + to)
    expect(await page.title()).toBe(heading === SITE_TITLE ? SITE_TITLE : `${heading} | ${SITE_TITLE}`)
  })
})

describe.each(MODES)('addresses and the not-found page (%s)', (mode) => {
  let site: Site
  let page: Page
  withSite(mode, (s) => (site = s))
  withPage(() => browser, (p) => (page = p))

  // On a plain static host the address answers with 404.html; the client applies the spec's
  // path handling to it, as `gptnotes serve` does on the server.
  it('a page address without .html reaches the page', async () => {
    await page.goto(site.url + 'handbook/install')
    await visible(h1(page, '安装指南'), 5_000)
    await page.waitForURL(site.url + 'handbook/install.html')
    expect(await page.title()).toBe(`安装指南 | ${SITE_TITLE}`)
  })

  it('the page whose file name has a space opens at its encoded address', async () => {
    const response = await page.goto(site.url + 'handbook/a b.html')
    expect(response?.status()).toBe(200)
    expect(page.url()).toBe(site.url + 'handbook/a%20b.html')
    await visible(h1(page, '带空格的页面'))
    await ready(page)
    expect(page.url()).toBe(site.url + 'handbook/a%20b.html')
    expect(await page.title()).toBe(`带空格的页面 | ${SITE_TITLE}`)
  })

  it.each(['handbook/no-such-page.html', 'no/such/folder/', 'handbook/getting-started.html/extra'])(
    'an unknown address (/gpt/%s) answers 404 with the not-found page',
    async (path) => {
      const response = await page.goto(site.url + path)
      expect(response?.status()).toBe(404)
      await expectNotFoundPage(page)
      await ready(page)
      // The address stays what the reader typed.
      expect(page.url()).toBe(site.url + path)
    },
  )

  it('an address outside the base answers 404', async () => {
    const origin = new URL(site.url).origin
    const response = await page.goto(origin + '/elsewhere/page.html')
    expect(response?.status()).toBe(404)
    await expectNotFoundPage(page)
  })

  it('an internal link to an unknown page shows the not-found page in place', async () => {
    await page.goto(site.url + 'handbook/faq.html')
    await ready(page)
    await mark(page)
    await article(page).getByRole('link', { name: '一篇已经删除的文章', exact: true }).click()
    await expectNotFoundPage(page)
    expect(page.url()).toBe(site.url + 'handbook/no-such-page.html')
    expect(await marked(page)).toBe(true)

    await page.goBack()
    await visible(h1(page, '常见问题'))
    expect(page.url()).toBe(site.url + 'handbook/faq.html')
    expect(await page.title()).toBe(`常见问题 | ${SITE_TITLE}`)
    expect(await marked(page)).toBe(true)
  })
})
