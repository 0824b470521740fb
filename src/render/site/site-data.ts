import { filterPosts, sortPosts, toSummary } from '../../shared/lists.js'
import { isExternal } from '../../shared/paths.js'
import { localeKeyOf } from '../../shared/site-locale.js'
import type { Page, PostSummary, SidebarConfig, SidebarItem, SidebarItemConfig, SiteConfig } from '../../shared/types.js'
import type { ParsedPage } from '../content/parse-page.js'
import { findPage, pickSidebar, resolveSidebar, SINGLE_SIDEBAR, type SidebarProblem } from './sidebar.js'

export interface Term {
  name: string
  /** Base-relative route of the term's page (`/tag/ChatGPT/`, percent-encoded). */
  path: string
  posts: PostSummary[]
}

/** The siteData stage: lists, tags, categories, sidebars, search text → plain data. */
export interface SiteData {
  config: SiteConfig
  pages: Page[]
  pagesByPath: Map<string, Page>
  /** Posts for lists: filtered and sorted by the spec's rules. */
  posts: PostSummary[]
  tags: Term[]
  categories: Term[]
  /**
   * Resolved sidebar per config key (`SINGLE_SIDEBAR` for a single list), a locale's own
   * (`themeConfig.locales['/en/'].sidebar`) under `localeSidebarKey`; `auto` uses page headers.
   */
  sidebars: Map<string, SidebarItem[]>
  /** Every sidebar's problems, reported by checkReferences as `SidebarInvalid`. */
  sidebarProblems: SidebarProblem[]
  /** Frontmatter `prev`/`next` paths that name no page (reported at their page's frontmatter). */
  pageLinkProblems: PageLinkProblem[]
}

/** A page's `prev` or `next` that names no page. */
export interface PageLinkProblem {
  /** The page's file, relative to `content/`. */
  relativePath: string
  field: 'prev' | 'next'
  target: string
}

/**
 * The link a page's frontmatter `prev`/`next` names, as VuePress's `resolvePage` finds it: a
 * page with its title, or another site's address as it is; `false` when it says there is none,
 * `undefined` when it names none (the sidebar's order decides) or a page that is not there.
 */
export function frontmatterLink(page: Page, field: 'prev' | 'next', pagesByPath: ReadonlyMap<string, Page>): { title: string; path: string } | false | undefined {
  const value = page.frontmatter[field]
  if (value === false) return false
  if (typeof value !== 'string') return undefined
  if (isExternal(value)) return { title: value, path: value }
  const named = findPage(value, pagesByPath, page.path)
  return named && { title: named.title || named.path, path: named.path }
}

export function termPath(kind: 'tag' | 'categories', name: string): string {
  return `/${kind}/${encodeURIComponent(name)}/`
}

export function buildSiteData(config: SiteConfig, parsed: ParsedPage[]): SiteData {
  const pages = parsed.map((p) => p.page)
  const pagesByPath = new Map(pages.map((p) => [p.path, p]))
  // A post with a `<!-- more -->` is shown by what comes before it (VuePress's `$page.excerpt`).
  const excerpts = new Map(parsed.flatMap((p) => (p.excerptHtml ? [[p.page.path, p.excerptHtml] as const] : [])))
  const posts = sortPosts(filterPosts(pages)).map((p) => {
    const excerpt = excerpts.get(p.path)
    return excerpt ? { ...toSummary(p), excerpt } : toSummary(p)
  })
  const collect = (kind: 'tag' | 'categories', field: 'tags' | 'categories'): Term[] => {
    const map = new Map<string, PostSummary[]>()
    for (const post of posts) for (const name of post[field]) map.set(name, [...(map.get(name) ?? []), post])
    return [...map]
      .map(([name, list]) => ({ name, path: termPath(kind, name), posts: list }))
      .sort((a, b) => b.posts.length - a.posts.length || a.name.localeCompare(b.name, 'zh-CN'))
  }
  const sidebars = new Map<string, SidebarItem[]>()
  const sidebarProblems: SidebarProblem[] = []
  const resolveAll = (sidebar: SidebarConfig, keyPrefix: string, keyPath: string) => {
    const resolve = (key: string, items: readonly SidebarItemConfig[], at: string) => {
      const resolved = resolveSidebar(items, { pagesByPath, keyPath: at, defaultDepth: config.themeConfig.sidebarDepth })
      sidebars.set(keyPrefix + key, resolved.items)
      sidebarProblems.push(...resolved.problems)
    }
    if (Array.isArray(sidebar)) resolve(SINGLE_SIDEBAR, sidebar, keyPath)
    else if (sidebar && sidebar !== 'auto') for (const [key, items] of Object.entries(sidebar)) resolve(key, items, `${keyPath}[${JSON.stringify(key)}]`)
  }
  resolveAll(config.themeConfig.sidebar, '', 'themeConfig.sidebar')
  for (const [locale, theme] of Object.entries(config.themeConfig.locales ?? {}))
    if (theme.sidebar !== undefined) resolveAll(theme.sidebar, localeSidebarKey(locale), `themeConfig.locales[${JSON.stringify(locale)}].sidebar`)
  const pageLinkProblems: PageLinkProblem[] = []
  for (const page of pages) {
    for (const field of ['prev', 'next'] as const) {
      const target = page.frontmatter[field]
      if (typeof target === 'string' && !frontmatterLink(page, field, pagesByPath)) pageLinkProblems.push({ relativePath: page.relativePath, field, target })
    }
  }
  return { config, pages, pagesByPath, posts, tags: collect('tag', 'tags'), categories: collect('categories', 'categories'), sidebars, sidebarProblems, pageLinkProblems }
}

/** Where a locale's own sidebars are kept in `SiteData.sidebars` (before their config keys). */
export const localeSidebarKey = (locale: string): string => `${locale}\u0000`

/**
 * The sidebar a page shows, by VuePress's rules: none when its frontmatter says `sidebar: false`;
 * its own headings when its frontmatter or the config says `auto`; else its locale's
 * (`themeConfig.locales`) when that sets one, else the root's, per path prefix.
 */
export function sidebarFor(site: SiteData, page: Page): SidebarItem[] {
  const fromPage = page.frontmatter.sidebar
  if (fromPage === false) return []
  const theme = site.config.themeConfig
  const locale = localeKeyOf(Object.keys(theme.locales ?? {}), page.path)
  const own = locale === undefined ? undefined : theme.locales![locale].sidebar
  const picked = fromPage === 'auto' ? 'auto' : pickSidebar(own ?? theme.sidebar, page.path)
  // A locked page's headings are encrypted: its item is there for them to show once the reader opens it.
  if (picked === 'auto') return page.headers.length || page.locked ? [{ type: 'link', path: page.path, title: page.title, headers: page.headers }] : []
  if (!picked) return []
  return site.sidebars.get((own !== undefined ? localeSidebarKey(locale!) : '') + picked.key) ?? []
}
