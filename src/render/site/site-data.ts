import { filterPosts, sortPosts, toSummary } from '../../shared/lists.js'
import type { Page, PostSummary, SidebarItem, SidebarItemConfig, SiteConfig } from '../../shared/types.js'
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
  /** Resolved sidebar per config key (`SINGLE_SIDEBAR` for a single list); `auto` uses page headers. */
  sidebars: Map<string, SidebarItem[]>
  sidebarProblems: SidebarProblem[]
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
  const sidebar = config.themeConfig.sidebar
  const resolve = (key: string, items: readonly SidebarItemConfig[], keyPath: string) =>
    sidebars.set(key, resolveSidebar(items, { pagesByPath, keyPath, problems: sidebarProblems, defaultDepth: config.themeConfig.sidebarDepth }))
  if (Array.isArray(sidebar)) resolve(SINGLE_SIDEBAR, sidebar, 'themeConfig.sidebar')
  else if (sidebar && sidebar !== 'auto') for (const [key, items] of Object.entries(sidebar)) resolve(key, items, `themeConfig.sidebar[${JSON.stringify(key)}]`)
  return { config, pages, pagesByPath, posts, tags: collect('tag', 'tags'), categories: collect('categories', 'categories'), sidebars, sidebarProblems }
}

/** The sidebar a page shows: per path prefix from the config, or its own headings (`auto`). */
export function sidebarFor(site: SiteData, page: Page): SidebarItem[] {
  const picked = pickSidebar(site.config.themeConfig.sidebar, page.path)
  if (picked === 'auto') return page.headers.length ? [{ type: 'link', path: page.path, title: page.title, headers: page.headers }] : []
  if (!picked) return []
  return site.sidebars.get(picked.key) ?? []
}
