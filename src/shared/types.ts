/** Types shared by the build (src/render) and the browser (src/client). Pure data, no runtime. */

import type { HeadTag, LocaleConfig, NavGroup, NavItem, NavLink, SidebarConfig, SidebarItemConfig, SiteConfig, ThemeConfig } from './site-config.js'
import type { HeaderBadge } from './badge.js'
import type { Placement } from './widgets/define.js'
import type { CounterService } from './widgets/counter-service.js'

export type { CounterService }

// The config's types come from its schema (site-config.ts); named here too so imports keep working.
export type { HeadTag, LocaleConfig, NavGroup, NavItem, NavLink, SidebarConfig, SidebarItemConfig, SiteConfig, ThemeConfig }

export interface Header {
  level: 2 | 3
  /** The heading's text, without markup or badges (VuePress's sidebar title). */
  title: string
  slug: string
  /** `<Badge>`s written in the heading, shown after its title in the sidebar and the table of contents. */
  badges?: HeaderBadge[]
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
  /** VuePress's: `auto` shows the page's own headings as its sidebar, `false` no sidebar; `true` (or absent) the site's. */
  sidebar?: 'auto' | boolean
  /** Heading levels shown under the page's sidebar link: 0 none, 1 h2, 2 h2 and h3 (over the group's and the theme's). */
  sidebarDepth?: number
  /** The page's previous and next links: a page path (relative to the page, or from the site root), `false` for none, `true` the sidebar's neighbour. */
  prev?: string | boolean
  next?: string | boolean
  /** The page's image for link previews, as a URL (a local file's address with the base). */
  image?: string
  /** reco's page password (MD5 hex, or the password itself); the build removes it from what readers get. */
  keys?: string[]
  [key: string]: unknown
}

/** The spec's Page entity. Paths are relative to the site base and percent-encoded. */
export interface Page {
  /** Plain text: the document title, lists, search and feeds. */
  title: string
  /** The id of the page's h1 (the layout's title), when the body opened with a `# h1`: its slug, as any heading's. */
  titleId?: string
  /** The h1's HTML when its markdown has more than text (`# 用 *GPT* 写作`); the frontmatter's `title` has none. */
  titleHtml?: string
  path: string
  regularPath: string
  relativePath: string
  key: string
  type: 'page'
  frontmatter: Frontmatter
  headers: Header[]
  /** The body is encrypted (`page-lock.ts`): by the page's own `keys`, or by the site's `keyPage`. */
  locked?: 'page' | 'site'
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
  /** The HTML before the post's `<!-- more -->`, shown in place of the description; absent without the marker. */
  excerpt?: string
  author?: string
  tags: string[]
  categories: string[]
  sticky?: number
  /** The post is password protected: the list shows a lock and no excerpt. */
  locked?: boolean
  /** Where the post's visitor count lives: its index in the site data's `counters`; absent: the post shows none. */
  counter?: number
}

/** What every route's data holds, whatever its kind. */
interface RouteBase {
  /** Route path relative to the base, percent-encoded (`/handbook/a.html`, `/tag/教程/` encoded). */
  path: string
  /** The document title (`页面标题 | 站点标题`). */
  documentTitle: string
  lang: string
  /** Reader widgets this route mounts (names in the client's widget registry); absent: none. */
  widgets?: string[]
  /** The props of this route's slots that it has its own of (by widget name), made by the build for its locale; absent: none. */
  widgetProps?: Record<string, object>
  /** Islands inside the route's markdown body (names in the widget registry); absent: none. */
  islands?: string[]
  /**
   * The language menu of a site with several `locales`: each locale's label and the same page in
   * it where there is one, else its home (`current` marks the page's own); absent: one locale.
   */
  languages?: LanguageLink[]
}

/** One entry of the language menu. */
export interface LanguageLink {
  text: string
  /** A base-relative route path. */
  link: string
  current?: boolean
}

/** A post list: the first page of it, and where the rest is when it is longer than a page. */
export interface PostList {
  posts: PostSummary[]
  /** Total number of posts when `posts` holds only the first page of them. */
  postCount?: number
  /**
   * Where the list's posts are, LIST_SLICE_POSTS a file, loaded when the reader turns to a page
   * the file holds: file `i` (from 0) is at `listSliceUrl(listUrl, i)` (`pagination.ts`).
   */
  listUrl?: string
}

/** A markdown page shown as an article. */
export interface ArticleRoute extends RouteBase {
  kind: 'article'
  page: Page
  /** Rendered article body; left out of the inline first-load data (the DOM already holds it). */
  html?: string
  /** When the page's source last changed (`2025-5-13`), from git or the file time. */
  lastUpdated?: string
  sidebar?: SidebarItem[]
  prev?: { title: string; path: string }
  next?: { title: string; path: string }
  /** Where the article's visitor count lives: its index in the site data's `counters`; absent: it shows none. */
  counter?: number
}

/** The home page: its hero, its markdown body, then every post. */
export interface HomeRoute extends RouteBase, PostList {
  kind: 'home'
  page: Page
  html?: string
  /** What the hero shows, from the page's frontmatter (VuePress's and reco's fields), checked by the build. */
  hero?: HomeHero
  /** The author card (reco's `PersonalInfo`), when the config names an avatar. */
  author?: AuthorCard
  /** reco's friend links (`themeConfig.friendLink`); absent: none. */
  friendLinks?: FriendLink[]
}

/** CSS properties (camelCase, as React takes them) that passed the build's allow-list. */
export type SafeStyle = Record<string, string>

/** The home page's hero and features. */
export interface HomeHero {
  /** The heading (`heroText`, else the title); absent: `heroText: null` hides it. */
  text?: string
  /** `tagline`, else the description; absent: `tagline: null` hides it. */
  tagline?: string
  /** `heroImage` (with the base) and `heroImageStyle`. */
  image?: { src: string; alt: string; style?: SafeStyle }
  /** reco's background: `bgImage` (with the base) and `bgImageStyle`, as the hero's style. */
  style?: SafeStyle
  /** The action button (`actionText` and `actionLink`; a site path or an http(s) URL). */
  action?: { text: string; link: string }
  /** `features: [{ title, details }]`. */
  features?: { title: string; details: string }[]
  /** `footer`: a line at the end of the home page. */
  footer?: string
}

/** The author card of the home page. */
export interface AuthorCard {
  name?: string
  /** The avatar's address (base included, or an http(s) URL). */
  avatar?: string
  posts: number
  tags: number
}

/** A friend link as the home page draws it. */
export interface FriendLink {
  title: string
  desc?: string
  /** The logo's address (base included, or an http(s) URL); absent: the title's first letter. */
  logo?: string
  /** A site path or an http(s) URL. */
  link: string
}

/** The posts of one tag or category, or every dated post (the timeline). */
export interface ListRoute extends RouteBase, PostList {
  kind: 'list'
  list: 'tag' | 'category' | 'timeline'
  /** Tag or category name (not for the timeline). */
  term?: string
}

/** Every tag or every category, with its post count. */
export interface TermsRoute extends RouteBase {
  kind: 'terms'
  taxonomy: 'tag' | 'category'
  terms: { name: string; path: string; count: number }[]
}

export interface NotFoundRoute extends RouteBase {
  kind: 'notFound'
}

/** Everything one route renders: inline JSON on first load, a page chunk on navigation. */
export type RouteData = ArticleRoute | HomeRoute | ListRoute | TermsRoute | NotFoundRoute
export type RouteKind = RouteData['kind']

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
  /** Heading levels under the current page's sidebar link outside any group (`themeConfig.sidebarDepth`); absent: 2. */
  sidebarDepth?: number
  /** Site search on (`themeConfig.search`); absent or false: no search box. */
  search?: boolean
  /** URL of the hashed search index (JSON), fetched when the search box is first focused. */
  searchIndexUrl?: string
  /** At most this many suggestions (`themeConfig.searchMaxSuggestions`). */
  searchMaxSuggestions?: number
  /**
   * The widgets the site turns on, by name (src/shared/widgets): where each goes and what every
   * page hands it (`clientData` of its declaration); a route's `widgets` say which it mounts.
   * Absent: none is on.
   */
  widgets?: Record<string, ClientWidget>
  /**
   * The visitor counters' services (widget A's, per locale where its `visitor` is on; usually
   * one), each named once. Articles and listed posts carry the index of theirs (`counter`), chosen
   * by the build for their locale. Absent when no page shows a count.
   */
  counters?: CounterService[]
  /** The nav bar's logo (`themeConfig.logo`, base included, or an http(s) URL). */
  logo?: string
  /** "Edit this page" (`themeConfig.editLink`); absent: none. */
  editLink?: { pattern: string; text?: string }
  /** The footer's copyright years and filing numbers. */
  footer?: ClientFooter
  /**
   * What pages under a locale path show differently (`/en/`: its title, nav, labels), by the
   * top-level `locales` keys and `themeConfig.locales`; the longest key the route's decoded
   * path starts with wins (`localeKeyOf`). Absent: one locale, the fields above.
   */
  locales?: Record<string, ClientLocale>
}

/** One locale's share of the site data (fields left out: the root's). */
export interface ClientLocale {
  title?: string
  /** The locale's home page (a route path), which the site title links to. */
  home?: string
  nav?: NavItem[]
  lastUpdated?: string | false
  editLinkText?: string
  /** The language menu's label. */
  selectText?: string
}

/** reco's footer line: `© 2019–2026 author`, the ICP filing and the public-security filing. */
export interface ClientFooter {
  /** `2026`, or `2019–2026` from `startYear` (the year is the build's). */
  years: string
  /** Whose copyright: `themeConfig.author`, else the site title. */
  owner: string
  record?: { text: string; link: string }
  cyberSecurity?: { text: string; link: string }
}

/** A widget the site turns on, as every page's site data carries it. */
export interface ClientWidget {
  placement: Placement
  /** What every page hands its slot (a route's own props go over it); absent: nothing. */
  data?: object
}

/**
 * Shape of the route map module (`assets/js/routes.<hash>.js`). A route's data is in its own
 * HTML page, at its path: the map need only say which paths are routes.
 */
export interface RouteMap {
  /** Every route path (base included, percent-encoded), packed (`route-list.ts`: `hasRoute` reads it). */
  routes: string
  /** The not-found page's address. */
  notFound: string
  /** Path → path redirects (`/gpt/index.html` → `/gpt/`). */
  redirects: Record<string, string>
}

export interface InitialData {
  site: ClientSite
  route: RouteData
}
