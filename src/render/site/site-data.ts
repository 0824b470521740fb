import { filterPosts, sortPosts, toSummary } from '../../shared/lists.js'
import { localeKeyOf } from '../../shared/site-locale.js'
import type { Page, PostSummary, SidebarConfig, SidebarItem, SidebarItemConfig, SiteConfig } from '../../shared/types.js'
import type { ParsedPage } from '../content/parse-page.js'
import { pickSidebar, resolveSidebar, SINGLE_SIDEBAR, type SidebarProblem } from './sidebar.js'

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
  sidebarProblems: SidebarProblem[]
}

export function termPath(kind: 'tag' | 'categories', name: string): string {
  return `/${kind}/${encodeURIComponent(name)}/`
}

export function buildSiteData(config: SiteConfig, parsed: ParsedPage[]): SiteData {
  const pages = parsed.map((p) => p.page)
  const pagesByPath = new Map(pages.map((p) => [p.path, p]))
  const posts = sortPosts(filterPosts(pages)).map(toSummary)
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
    const resolve = (key: string, items: readonly SidebarItemConfig[], at: string) =>
      sidebars.set(keyPrefix + key, resolveSidebar(items, { pagesByPath, keyPath: at, problems: sidebarProblems, defaultDepth: config.themeConfig.sidebarDepth }))
    if (Array.isArray(sidebar)) resolve(SINGLE_SIDEBAR, sidebar, keyPath)
    else if (sidebar && sidebar !== 'auto') for (const [key, items] of Object.entries(sidebar)) resolve(key, items, `${keyPath}[${JSON.stringify(key)}]`)
  }
  resolveAll(config.themeConfig.sidebar, '', 'themeConfig.sidebar')
  for (const [locale, theme] of Object.entries(config.themeConfig.locales ?? {}))
    if (theme.sidebar !== undefined) resolveAll(theme.sidebar, localeSidebarKey(locale), `themeConfig.locales[${JSON.stringify(locale)}].sidebar`)
  return { config, pages, pagesByPath, posts, tags: collect('tag', 'tags'), categories: collect('categories', 'categories'), sidebars, sidebarProblems }
}

/** Where a locale's own sidebars are kept in `SiteData.sidebars` (before their config keys). */
export const localeSidebarKey = (locale: string): string => `${locale}\u0000`

/**
 * The sidebar a page shows: its locale's (`themeConfig.locales`) when that sets one, else the
 * root's; per path prefix from the config, or its own headings (`auto`).
 */
export function sidebarFor(site: SiteData, page: Page): SidebarItem[] {
  const theme = site.config.themeConfig
  const locale = localeKeyOf(Object.keys(theme.locales ?? {}), page.path)
  const own = locale === undefined ? undefined : theme.locales![locale].sidebar
  const picked = pickSidebar(own ?? theme.sidebar, page.path)
  if (picked === 'auto') return page.headers.length ? [{ type: 'link', path: page.path, title: page.title, headers: page.headers }] : []
  if (!picked) return []
  return site.sidebars.get((own !== undefined ? localeSidebarKey(locale!) : '') + picked.key) ?? []
}
