/** Types shared by the build (src/render) and the browser (src/client). Pure data, no runtime. */

export type HeadTag = [tag: string, attrs: Record<string, string | boolean>, content?: string]

export interface Header {
  level: 2 | 3
  title: string
  slug: string
}

export interface Frontmatter {
  title?: string
  metaTitle?: string
  author?: string
  /** Normalised to `YYYY-M-D` (the style authors write, e.g. `2025-5-13`). */
  date?: string
  description?: string
  meta?: Record<string, string>[]
  lang?: string
  canonicalUrl?: string
  layout?: string
  home?: boolean
  publish?: boolean
  sticky?: number
  tags?: string[]
  categories?: string[]
  [key: string]: unknown
}

/** The spec's Page entity. Paths are relative to the site base and percent-encoded. */
export interface Page {
  title: string
  path: string
  regularPath: string
  relativePath: string
  key: string
  type: 'page'
  frontmatter: Frontmatter
  headers: Header[]
}

export interface LocaleConfig {
  lang?: string
  title?: string
  description?: string
}

export type SidebarItemConfig =
  | string
  | [path: string, title: string]
  | {
      title: string
      path?: string
      children?: SidebarItemConfig[]
      sidebarDepth?: number
      collapsable?: boolean
    }

export type SidebarConfig = 'auto' | false | SidebarItemConfig[] | Record<string, SidebarItemConfig[]>

export interface NavLink {
  text: string
  link: string
}
export interface NavGroup {
  text: string
  items: NavLink[]
}
export type NavItem = NavLink | NavGroup

export interface ThemeConfig {
  nav: NavItem[]
  sidebar: SidebarConfig
  sidebarDepth: number
  author: string
  search: boolean
  searchMaxSuggestions: number
  smoothScroll: boolean
  lastUpdated: string | false
  comments: { enabled: boolean; solution: '' | 'valine' | 'vssue'; options: Record<string, unknown> }
  email: { enabled: boolean }
  feeds: { rss: boolean; atom: boolean; json: boolean }
  authorLinks?: NavLink[]
}

export interface SiteConfig {
  title: string
  description: string
  base: string
  /** Absolute origin for canonical links, sitemaps and feeds (e.g. `https://example.com`). */
  hostname: string
  /** The default language, used when no locale matches. */
  lang: string
  head: HeadTag[]
  locales: Record<string, LocaleConfig>
  themeConfig: ThemeConfig
}

/** A resolved sidebar entry as the theme renders it. */
export type SidebarItem =
  | { type: 'link'; path: string; title: string; headers?: Header[] }
  | { type: 'group'; title: string; path?: string; collapsable: boolean; sidebarDepth: number; children: SidebarItem[] }

/** One entry of a post list (home, tag, category, timeline). */
export interface PostSummary {
  title: string
  path: string
  date?: string
  description?: string
  author?: string
  tags: string[]
  categories: string[]
  sticky?: number
}

export type RouteKind = 'page' | 'home' | 'tags' | 'tag' | 'categories' | 'category' | 'timeline' | 'notFound'

/** Everything one route renders: inline JSON on first load, a page chunk on navigation. */
export interface RouteData {
  kind: RouteKind
  /** Route path relative to the base, percent-encoded (`/handbook/a.html`, `/tag/教程/` encoded). */
  path: string
  /** The document title (`页面标题 | 站点标题`). */
  documentTitle: string
  lang: string
  page?: Page
  /** Rendered article body; left out of the inline first-load data (the DOM already holds it). */
  html?: string
  posts?: PostSummary[]
  /** Total number of posts when `posts` holds only the first page of them. */
  postCount?: number
  /** Chunk with every post of the list, loaded when the reader turns to another page. */
  listUrl?: string
  /** When the page's source last changed (`2025-5-13`), from git or the file time. */
  lastUpdated?: string
  /** Tag or category name for `tag`/`category` routes. */
  term?: string
  /** Term → post count for the `tags`/`categories` routes. */
  terms?: { name: string; path: string; count: number }[]
  sidebar?: SidebarItem[]
  prev?: { title: string; path: string }
  next?: { title: string; path: string }
}

/** The site-wide data the client needs (no page list: it stays in chunks). */
export interface ClientSite {
  title: string
  description: string
  base: string
  nav: NavItem[]
  smoothScroll: boolean
  /** Label before the last-updated date of articles, or false to hide it. */
  lastUpdated: string | false
  /** URL of the hashed route map module, loaded on first navigation. */
  routesUrl: string
  /** The site's default author (themeConfig.author), named by copy protection. */
  author?: string
  /** Site search on (`themeConfig.search`); absent or false: no search box. */
  search?: boolean
  /** URL of the hashed search index (JSON), fetched when the search box is first focused. */
  searchIndexUrl?: string
  /** At most this many suggestions (`themeConfig.searchMaxSuggestions`). */
  searchMaxSuggestions?: number
}

/** Shape of the route map module (`assets/js/routes.<hash>.js`). */
export interface RouteMap {
  /** Route path (base included, percent-encoded) → page chunk URL. */
  routes: Record<string, string>
  /** Path → path redirects (`/gpt/index.html` → `/gpt/`). */
  redirects: Record<string, string>
}

export interface InitialData {
  site: ClientSite
  route: RouteData
}
