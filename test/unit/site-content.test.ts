import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseFrontmatter } from '../../src/render/content/frontmatter.js'
import { buildSite, type SiteOutput } from '../../src/render/build-site.js'
import type { Page, PostSummary, RouteData, SidebarItem } from '../../src/shared/types.js'

/** Any route's fields, for reading them across kinds. */
type AnyRoute = Pick<RouteData, 'kind' | 'documentTitle'> & { page?: Page; sidebar?: SidebarItem[]; posts?: PostSummary[]; term?: string }
const fields = (data: RouteData) => data as AnyRoute
import { REPO_ROOT } from '../helpers/sites.js'

/** The spec's page list (seed-spec.md §2 "Pages"), as the addresses readers use. */
const SPEC_PAGES = [
  '/handbook/ai-prompt.html',
  '/handbook/chatshare-ai-mirror.html',
  '/handbook/chatshare_troubleshooting_guide.html',
  '/handbook/gemini_news_5.7.html',
  '/announcement.html',
  '/handbook/chatgpt-mirror-tutorial.html',
  '/handbook/how-to-use-onlyfans.html',
  '/handbook/how_to_find_onlyfans_creators.html',
  '/handbook/how_to_cancel_onlyfans_subscription.html',
  '/handbook/how_to_get_a_foreign_mobile_phone_number.html',
  '/handbook/how_to_register_for%20onlyfans.html',
  '/handbook/how_to_sign_up_for_chatgpt.html',
  '/handbook/how_to_sign_up_for_claude.html',
  '/handbook/how_to_subscribe_to_chatgpt.html',
  '/handbook/how_to_subscribe_to_claude_pro.html',
  '/handbook/how_to_subscribe_to_cursor.html',
  '/handbook/how_to_subscribe_to_gemini.html',
  '/handbook/mirror_image.html',
  '/handbook/onlyfans_solution.html',
  '/handbook/onlyfans_troubleshooting_guide.html',
  '/handbook/register_a_gmail_account.html',
  '/handbook/registering_a_us_apple_id.html',
  '/handbook/sign_up_to_upgrade_perplexity.html',
  '/handbook/test.html',
  '/handbook/wildcard.html',
]
const OTHER_ROUTES = ['/', '/tag/', '/categories/', '/timeline/']
/** The address `gptnotes serve` gives widget A on its default port. */
const COMMENT_SERVICE = 'http://127.0.0.1:4173/__gptnotes/comments'

const SIDEBAR_GROUPS = ['欢迎', '野卡虚拟卡', 'AI 浏览器（搜索引擎）', 'Google', '海外手机号', 'Claude', 'ChatGPT', 'Cursor', 'OnlyFans', '镜像站', '美区 Apple ID', '工具推荐']

const links = (items: SidebarItem[]): string[] => items.flatMap((i) => (i.type === 'link' ? [i.path] : links(i.children)))

describe('the site 我的GPT笔记: every page of the spec', () => {
  let out: SiteOutput
  const route = (path: string): AnyRoute => {
    const r = out.routes.routes.find((x) => x.path === path)
    expect(r, path).toBeDefined()
    return fields(r!.data)
  }
  beforeAll(async () => {
    // The config turns widget A on without a service address (serve runs its own): given one,
    // as `gptnotes serve` gives it, the build has nothing to warn about.
    out = await buildSite({ root: REPO_ROOT, commentService: COMMENT_SERVICE })
  })

  it('builds with no warnings', () => {
    expect(out.warnings).toEqual([])
    expect(out.config.title).toBe('我的GPT笔记')
    expect(out.config.base).toBe('/gpt/')
  })

  it.each(SPEC_PAGES)('%s exists with a title, a dated frontmatter and a place in the sidebar', (path) => {
    const data = route(path)
    const page = data.page!
    expect(page.title.length).toBeGreaterThan(3)
    expect(data.documentTitle).toBe(`${page.title} | 我的GPT笔记`)
    expect(page.frontmatter.date).toMatch(/^2025-\d{1,2}-\d{1,2}$/)
    expect(page.frontmatter.author).toBeTruthy()
    expect(page.frontmatter.description).toBeTruthy()
    expect(links(data.sidebar ?? [])).toContain(path)
    const file = out.routes.routes.find((r) => r.path === path)!.file
    expect(out.files.has(file)).toBe(true)
    expect(String(out.files.get(file))).toContain(`<title>${page.title} | 我的GPT笔记</title>`)
  })

  it('has the home page (site title alone) and the list routes', () => {
    for (const p of OTHER_ROUTES) expect(out.routes.routes.some((r) => r.path === p), p).toBe(true)
    expect(route('/').documentTitle).toBe('我的GPT笔记')
    expect(route('/').kind).toBe('home')
    expect(out.routes.routes.filter((r) => r.data.kind === 'article').map((r) => r.path).sort()).toEqual([...SPEC_PAGES].sort())
  })

  it('shows the twelve sidebar groups in the spec order', () => {
    const sidebar = route('/handbook/wildcard.html').sidebar!
    expect(sidebar.map((g) => g.title)).toEqual(SIDEBAR_GROUPS)
  })

  it('has the spec top navigation with the author-blog dropdown of two external links', () => {
    const nav = out.config.themeConfig.nav
    expect(nav.map((n) => n.text)).toEqual(['首页', 'ChatGPT 教程', 'Claude 教程', '常见问题', '系统公告', '作者博客'])
    const blog = nav[5] as { items: readonly { link: string }[] }
    expect(blog.items).toHaveLength(2)
    for (const i of blog.items) expect(i.link).toMatch(/^https:\/\//)
  })

  it('tags every page usefully: each tag on at least two pages; two or three sticky pages', () => {
    const tags = out.routes.routes.filter((r) => r.data.kind === 'list' && r.data.list === 'tag').map((r) => ({ data: fields(r.data) }))
    expect(tags.length).toBeGreaterThan(5)
    for (const t of tags) expect(t.data.posts!.length, t.data.term).toBeGreaterThanOrEqual(2)
    const sticky = SPEC_PAGES.filter((p) => typeof route(p).page!.frontmatter.sticky === 'number')
    expect(sticky.length).toBeGreaterThanOrEqual(2)
    expect(sticky.length).toBeLessThanOrEqual(3)
  })

  it('spreads dates over 2025 (timeline)', () => {
    const months = new Set(SPEC_PAGES.map((p) => route(p).page!.frontmatter.date!.split('-')[1]))
    expect(months.size).toBeGreaterThanOrEqual(10)
  })

  it('has comments and the visitor counter on every article but the announcement', () => {
    const html = (path: string) => String(out.files.get(out.routes.routes.find((r) => r.path === path)!.file))
    for (const path of SPEC_PAGES) {
      const widgets = out.routes.routes.find((r) => r.path === path)!.data.widgets ?? []
      expect(widgets.includes('valine'), path).toBe(path !== '/announcement.html')
      // The counter is the page's, not the comment box's: the announcement shows its count too.
      expect(html(path), path).toContain('<span class="visitor-count-label">阅读量</span>')
    }
  })

  it('writes tutorials of a useful length, with alt text on every image', () => {
    for (const path of SPEC_PAGES) {
      const file = join(REPO_ROOT, 'content', decodeURI(path).replace(/\.html$/, '.md'))
      const source = readFileSync(file, 'utf8')
      const { body } = parseFrontmatter(source, file)
      const han = (body.match(/[\u4e00-\u9fff]/g) ?? []).length
      expect(han, path).toBeGreaterThanOrEqual(path.includes("test") ? 800 : 1000)
      for (const m of body.matchAll(/!\[([^\]]*)\]\(/g)) expect(m[1].trim(), `${path}: image without alt text`).not.toBe('')
    }
  })
})
