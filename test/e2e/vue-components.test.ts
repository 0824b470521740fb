import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Browser, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { h1, ready, recordProblems, recordScripts, type Site, visible, withBrowser, withPage, withSite } from '../helpers/e2e.js'

/**
 * VuePress pages' Vue bits as a reader meets them, on the built output of test/fixtures/vue-site:
 * `<Badge>` in the body, the sidebar and the table of contents with VuePress's anchors;
 * `<code-group>` as tabs by mouse and keyboard (and readable without JavaScript); `{{ }}` filled
 * in; and a page whose `<style>` block (meant for its Vue component) leaves the theme alone, left
 * out (test/fixtures/vue-site) or kept and scoped to the article (test/fixtures/vue-styles-site).
 */

let browser: Browser
let site: Site
withBrowser((b) => (browser = b))
withSite('static', (s) => (site = s), { fixture: 'vue-site' })

let page: Page
let problems: string[]
let scripts: string[]
withPage(
  () => browser,
  (p) => {
    page = p
    problems = recordProblems(page)
    scripts = recordScripts(page)
  },
  { viewport: { width: 1280, height: 720 } },
)

async function open(path: string, heading: string): Promise<void> {
  await page.goto(site.url + path)
  await ready(page)
  await visible(h1(page, heading))
}

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * axe-core's violations (run through the debugger, which the page's policy does not cover), as
 * `rule: target`: every rule in the article, but colour contrast only for what these components
 * draw (the badges and the code group's tabs; the rest of the theme is not theirs to judge).
 */
async function axeViolations(p: Page): Promise<string[]> {
  const run = (context: string, options: string) =>
    `axe.run(${context}, ${options}).then((r) => r.violations.flatMap((v) => v.nodes.map((n) => v.id + ': ' + n.target.join(' '))))`
  const script = `${AXE}
;(async () => [
  ...(await ${run("document.querySelector('article')", "{ rules: { 'color-contrast': { enabled: false } } }")}),
  ...(await ${run("{ include: [['.badge'], [['[data-code-group]', '[role=tablist]']]] }", "{ runOnly: ['color-contrast'] }")}),
])()`
  return (await p.evaluate(script)) as string[]
}

const sidebar = () => page.getByRole('navigation', { name: '侧边栏' })
const toc = () => page.getByRole('navigation', { name: '目录' })

describe('<Badge>', () => {
  it('is drawn as a badge in the body, the sidebar and the table of contents, never as markup', async () => {
    await open('guide/badges.html', '徽章')
    const heading = page.getByRole('heading', { level: 2, name: 'API beta' })
    await visible(heading)
    const badge = heading.getByText('beta', { exact: true })
    await visible(badge)
    // A badge: its own background, text in contrast with it.
    const look = await badge.evaluate((el) => ({ bg: getComputedStyle(el).backgroundColor, color: getComputedStyle(el).color, display: getComputedStyle(el).display }))
    expect(look.display).toBe('inline-block')
    expect(look.bg).not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/)
    expect(look.bg).not.toBe(look.color)

    for (const nav of [sidebar(), toc()]) {
      await visible(nav.getByRole('link', { name: 'API beta', exact: true }))
      await visible(nav.getByRole('link', { name: '配置 新增', exact: true }))
      await visible(nav.getByRole('link', { name: '选项 废弃', exact: true }))
      await visible(nav.getByText('新增', { exact: true }))
    }
    for (const text of [await page.getByRole('article').innerText(), await sidebar().innerText(), await page.title()]) expect(text).not.toMatch(/<\/?Badge|&lt;/)
    expect(await page.title()).toMatch(/^徽章/)
    // {{ }} filled in.
    await visible(page.getByText('本页版本 1.2，属于组件测试站。'))
    expect(problems).toEqual([])
  })

  it("keeps VuePress's anchors: #api opens at the heading, and the sidebar's and the body's links go to #配置", async () => {
    await page.goto(site.url + 'guide/badges.html#api')
    await ready(page)
    const api = page.locator('h2#api')
    await expect.poll(() => api.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(200)

    await page.goto(site.url + 'guide/badges.html')
    await ready(page)
    await sidebar().getByRole('link', { name: '结尾', exact: true }).click()
    await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toBe('#结尾')
    await sidebar().getByRole('link', { name: '配置 新增', exact: true }).click()
    await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toBe('#配置')
    const heading = page.getByRole('heading', { level: 2, name: '配置 新增' })
    await expect.poll(() => heading.evaluate((el) => el.id)).toBe('配置')
    await expect.poll(() => heading.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(200)
  })

  it("passes axe in light and dark mode, the badges' contrast included (in the body, the table of contents and the sidebar)", async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ colorScheme, viewport: { width: 1280, height: 720 } })
      const p = await context.newPage()
      await p.goto(site.url + 'guide/badges.html')
      await ready(p)
      expect(await p.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark')
      expect(await axeViolations(p)).toEqual([])
      await context.close()
    }
  })

  it('a page without a code group loads no code for one', async () => {
    await open('guide/badges.html', '徽章')
    await page.waitForTimeout(300)
    expect(scripts.some((s) => /code-group/.test(s))).toBe(false)
  })
})

describe('<code-group>', () => {
  const tabs = () => page.getByRole('tab')
  const tab = (name: string) => page.getByRole('tab', { name, exact: true })
  const panel = () => page.getByRole('tabpanel')

  async function openTabs(): Promise<void> {
    await open('guide/tabs.html', '代码组')
    await visible(page.getByRole('tablist'))
  }

  async function expectSelected(name: string): Promise<void> {
    await expect.poll(() => tab(name).getAttribute('aria-selected')).toBe('true')
    expect(await tabs().evaluateAll((all) => all.filter((t) => t.getAttribute('aria-selected') === 'true').length)).toBe(1)
    await visible(page.getByRole('tabpanel', { name }))
    // The chosen block is slotted into the panel (it stays in the article's own DOM).
    await visible(page.getByText(`${name} ${name === 'npm' ? 'install' : 'add'} gptnotes`))
    expect(await panel().ariaSnapshot()).toContain(`${name} ${name === 'npm' ? 'install' : 'add'} gptnotes`)
    for (const other of ['npm', 'yarn', 'pnpm'].filter((n) => n !== name)) expect(await page.getByText(`${other} ${other === 'npm' ? 'install' : 'add'} gptnotes`).isVisible()).toBe(false)
  }

  it('is a tab list named by the blocks’ titles, the block written active shown first', async () => {
    await openTabs()
    expect(await tabs().allInnerTexts()).toEqual(['npm', 'yarn', 'pnpm'])
    await expectSelected('yarn')
    expect(await tab('yarn').getAttribute('tabindex')).toBe('0')
    expect(await tab('npm').getAttribute('tabindex')).toBe('-1')
    // The titles written for readers without JavaScript are not shown twice.
    const shown = await Promise.all((await page.getByRole('article').getByText('npm', { exact: true }).all()).map((l) => l.isVisible()))
    expect(shown.filter(Boolean)).toHaveLength(1)
    // The tabs' code came with this page (and not with the page without a code group).
    expect(scripts.some((s) => /code-group/.test(s))).toBe(true)
    expect(problems).toEqual([])
  })

  it('passes axe with its tabs', async () => {
    await openTabs()
    expect(await axeViolations(page)).toEqual([])
  })

  it("never changes the article's DOM: the server HTML stays as it was, through hydration, tabs and switching", async () => {
    await page.addInitScript(() => {
      const w = window as Window & { __article?: { html: string | null; mutations: number } }
      w.__article = { html: null, mutations: 0 }
      document.addEventListener('readystatechange', () => {
        const content = document.querySelector('[data-gn-content]')
        if (document.readyState !== 'interactive' || !content || w.__article!.html !== null) return
        w.__article!.html = content.innerHTML
        new MutationObserver((records) => (w.__article!.mutations += records.length)).observe(content, { subtree: true, childList: true, attributes: true, characterData: true })
      })
    })
    await openTabs()
    await tab('pnpm').click()
    await expectSelected('pnpm')
    const { html, mutations, now } = await page.evaluate(() => {
      const w = window as Window & { __article?: { html: string | null; mutations: number } }
      return { ...w.__article!, now: document.querySelector('[data-gn-content]')!.innerHTML }
    })
    expect(html).toContain('data-code-group')
    expect(mutations).toBe(0)
    expect(now).toBe(html)
  })

  it('switches by mouse', async () => {
    await openTabs()
    await tab('npm').click()
    await expectSelected('npm')
    await tab('pnpm').click()
    await expectSelected('pnpm')
  })

  it('switches by keyboard: arrows (wrapping), Home and End move the focus and the block', async () => {
    await openTabs()
    await tab('yarn').focus()
    await page.keyboard.press('ArrowRight')
    await expectSelected('pnpm')
    expect(await tab('pnpm').evaluate((el) => el.getRootNode() instanceof ShadowRoot && (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true)
    await page.keyboard.press('ArrowRight')
    await expectSelected('npm')
    await page.keyboard.press('ArrowLeft')
    await expectSelected('pnpm')
    await page.keyboard.press('Home')
    await expectSelected('npm')
    await page.keyboard.press('End')
    await expectSelected('pnpm')
    // Tab leaves the tab list for the panel.
    await page.keyboard.press('Tab')
    expect(await panel().evaluate((el) => (el.getRootNode() as ShadowRoot).activeElement === el)).toBe(true)
  })

  it('becomes tabs on a page reached by the client-side router too, once', async () => {
    await page.goto(site.url)
    await ready(page)
    await visible(page.getByText('这里是组件测试站'))
    await page.getByRole('link', { name: '代码组', exact: true }).first().click()
    await visible(h1(page, '代码组'))
    await visible(page.getByRole('tablist'))
    await expectSelected('yarn')
    await sidebar().getByRole('link', { name: '徽章', exact: true }).click()
    await visible(h1(page, '徽章'))
    await sidebar().getByRole('link', { name: '代码组', exact: true }).click()
    await visible(h1(page, '代码组'))
    await expect.poll(() => page.getByRole('tablist').count()).toBe(1)
    expect(await tabs().count()).toBe(3)
    expect(problems).toEqual([])
  })

  it('without JavaScript shows every block under its title', async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false })
    const p = await noJs.newPage()
    await p.goto(site.url + 'guide/tabs.html')
    for (const [title, code] of [
      ['npm', 'npm install gptnotes'],
      ['yarn', 'yarn add gptnotes'],
      ['pnpm', 'pnpm add gptnotes'],
    ]) {
      await visible(p.getByRole('article').getByText(title, { exact: true }))
      await visible(p.getByText(code))
    }
    expect(await p.getByRole('tab').count()).toBe(0)
    await noJs.close()
  })
})

describe("a page's own <style> block", () => {
  const colours = () =>
    page.evaluate(() => {
      const of = (el: Element | null) => (el ? getComputedStyle(el).color : 'missing')
      return { title: of(document.querySelector('h1')), site: of(document.querySelector('.site-title')), link: of(document.querySelector('.sidebar-link[href$="tabs.html"]')), body: getComputedStyle(document.body).backgroundColor }
    })

  it('leaves the theme as it is: the title, the site title and the sidebar keep their colours', async () => {
    await open('guide/badges.html', '徽章')
    const plain = await colours()
    await open('guide/styled.html', '带样式块的页面')
    expect(await colours()).toEqual(plain)
    expect(plain.title).not.toBe('rgb(255, 255, 255)')
    expect(await page.locator('style').evaluateAll((all) => all.some((s) => s.textContent?.includes('#fff !important')))).toBe(false)
    expect(problems).toEqual([])
  })
})

describe('a site that keeps its pages\' own <style> blocks (markdown.pageStyles)', () => {
  let styled: Site
  withSite('static', (s) => (styled = s), { fixture: 'vue-styles-site' })

  it("applies them inside the article only: the page's own paragraph is styled, the theme's title, site title and sidebar are not", async () => {
    const look = () =>
      page.evaluate(() => {
        const of = (selector: string) => getComputedStyle(document.querySelector(selector)!).color
        return { title: of('h1'), site: of('.site-title'), sidebar: of('.sidebar-link[href$="other.html"]') }
      })
    await page.goto(styled.url + 'plain.html')
    await ready(page)
    await visible(h1(page, '普通页面'))
    const plain = await look()
    await page.goto(styled.url + 'styled.html')
    await ready(page)
    await visible(h1(page, '带样式块的页面'))
    expect(await page.getByText('这一段由页面自己的样式着色。').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(1, 102, 51)')
    expect(await look()).toEqual(plain)
    expect(plain.title).not.toBe('rgb(255, 255, 255)')
    expect(problems).toEqual([])
  })
})

