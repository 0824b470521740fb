import { createHash } from 'node:crypto'
import { monthDay } from '../../shared/dates.js'
import { localeLangOf, localeLangs } from '../../shared/page-lang.js'
import { longestPrefix, outputFileOf, safeDecode } from '../../shared/paths.js'
import { siteLocaleOf } from '../../shared/site-locale.js'
import { documentTitle } from '../../shared/title.js'
import type { ArticleRoute, HomeRoute, LanguageLink, Page, RouteData, SidebarItem, SiteConfig } from '../../shared/types.js'
import type { ParsedPage } from '../content/parse-page.js'
import { homeHeroOf } from './home-hero.js'
import { publicUrl } from './theme-images.js'
import { frontmatterLink, sidebarFor, type SiteData, type Term } from './site-data.js'

export interface Route {
  /** Base-relative, percent-encoded (`/handbook/how_to_register_for%20onlyfans.html`). */
  path: string
  /** Output file relative to the out dir, decoded (`handbook/how_to_register_for onlyfans.html`). */
  file: string
  /** Stable name for the page chunk (`handbook_wildcard`). */
  chunkName: string
  /** Everything the route renders; lists hold every post (the page chunks stage pages them). */
  data: RouteData
}

export interface RouteTable {
  routes: Route[]
  /** Base-relative path → base-relative target. */
  redirects: Record<string, string>
  notFound: Route
}

/** An ASCII file name for a route's chunk; non-ASCII parts become a short hash. */
export function chunkNameOf(path: string): string {
  const decoded = safeDecode(path).replace(/\.html$/, '').replace(/^\/|\/$/g, '')
  let name = decoded.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '')
  if (/[^\x00-\x7f]/.test(decoded)) name += '_' + createHash('sha1').update(decoded).digest('hex').slice(0, 6)
  return name || 'index'
}

const localeLang = (site: SiteData, path: string): string => localeLangOf(path, site.config.lang, localeLangs(site.config.locales))

function flattenLinks(items: SidebarItem[]): { title: string; path: string }[] {
  return items.flatMap((i) => (i.type === 'link' ? [{ title: i.title, path: i.path }] : [...(i.path ? [{ title: i.title, path: i.path }] : []), ...flattenLinks(i.children)]))
}

/** Fields every route's data has, for the route at `path`. */
type Common = 'path' | 'lang'
type Without<T> = T extends RouteData ? Omit<T, Common> : never

/** The routes stage: every page, list page, redirect and the not-found page. */
export function buildRoutes(site: SiteData, parsed: ParsedPage[], lastUpdated: ReadonlyMap<string, string> = new Map()): RouteTable {
  const { config } = site
  const make = (path: string, data: Without<RouteData>, lang?: string): Route => ({
    path,
    file: outputFileOf(path),
    chunkName: chunkNameOf(path),
    data: { path, lang: lang ?? localeLang(site, path), ...data } as RouteData,
  })
  const title = (t: string) => documentTitle(t, config.title, false)
  const routes: Route[] = []

  for (const parsedPage of parsed) {
    const { page, islands } = parsedPage
    // The body is read when a stage asks for it, not copied here: a parse cache keeps it on disk
    // until the render (the routes would otherwise hold every page's HTML for the whole build).
    const html = ''
    const isHome = page.frontmatter.home === true || page.path === '/'
    const uses = {
      ...optionalList('islands', islands),
    }
    // Pages under a locale path (`/en/`) take that locale's title.
    const locale = siteLocaleOf(config, page.path)
    const documentTitleOf = page.frontmatter.metaTitle ?? documentTitle(page.title, locale.title, isHome)
    if (isHome) {
      routes.push(withBody(make(page.path, { kind: 'home', documentTitle: documentTitleOf, page, html, posts: site.posts, ...homeExtras(site, page), ...uses }, page.frontmatter.lang), parsedPage))
      continue
    }
    const sidebar = sidebarFor(site, page)
    const route = make(
      page.path,
      {
        kind: 'article',
        documentTitle: documentTitleOf,
        page,
        html,
        ...(lastUpdated.has(page.relativePath) ? { lastUpdated: lastUpdated.get(page.relativePath) } : {}),
        ...(sidebar.length ? { sidebar } : {}),
        ...prevNext(sidebar, page, site),
        ...uses,
      },
      page.frontmatter.lang,
    )
    routes.push(withBody(route, parsedPage))
  }

  const counts = (terms: Term[]) => terms.map((t) => ({ name: t.name, path: t.path, count: t.posts.length }))
  routes.push(make('/tag/', { kind: 'terms', taxonomy: 'tag', documentTitle: title('标签'), terms: counts(site.tags) }))
  for (const t of site.tags) routes.push(make(t.path, { kind: 'list', list: 'tag', documentTitle: title(`${t.name} 标签`), term: t.name, posts: t.posts }))
  routes.push(make('/categories/', { kind: 'terms', taxonomy: 'category', documentTitle: title('分类'), terms: counts(site.categories) }))
  for (const c of site.categories) routes.push(make(c.path, { kind: 'list', list: 'category', documentTitle: title(`${c.name} 分类`), term: c.name, posts: c.posts }))
  // The timeline needs only title, path and date of each post.
  const dated = site.posts.filter((p) => monthDay(p.date)).map((p) => ({ title: p.title, path: p.path, date: p.date, tags: [], categories: [] }))
  routes.push(make('/timeline/', { kind: 'list', list: 'timeline', documentTitle: title('时间轴'), posts: dated }))

  const notFound = make('/404.html', { kind: 'notFound', documentTitle: title('404 页面未找到') })
  const menu = languageMenu(config, new Set(routes.map((r) => r.path)))
  if (menu) for (const r of [...routes, notFound]) r.data.languages = menu(r.path)
  const redirects: Record<string, string> = { '/index.html': '/' }
  for (const r of routes) if (r.path.endsWith('/') && r.path !== '/') redirects[r.path + 'index.html'] = r.path
  return { routes, redirects, notFound }
}

/** The home page's hero (from its frontmatter), author card and friend links (from the theme config). */
function homeExtras(site: SiteData, page: Page): Pick<HomeRoute, 'hero' | 'author' | 'friendLinks'> {
  const { config } = site
  const t = config.themeConfig
  const { hero } = homeHeroOf(page.frontmatter, { base: config.base, locale: siteLocaleOf(config, page.path), pageTitle: page.title })
  const friendLinks = t.friendLink.map((f) => ({ title: f.title, link: f.link, ...(f.desc ? { desc: f.desc } : {}), ...(f.logo ? { logo: publicUrl(config.base, f.logo) } : {}) }))
  return {
    hero,
    ...(t.authorAvatar ? { author: { ...(t.author ? { name: t.author } : {}), avatar: publicUrl(config.base, t.authorAvatar), posts: site.posts.length, tags: site.tags.length } } : {}),
    ...(friendLinks.length ? { friendLinks } : {}),
  }
}

/**
 * The language menu of a site with several `locales` (reco's `NavLinks.vue`): for a route, each
 * locale's label (`themeConfig.locales[key].label`, else its `lang`) and the same page under that
 * locale's path when it exists, else that locale's home. Undefined for a site of one locale.
 */
export function languageMenu(config: SiteConfig, routes: ReadonlySet<string>): ((path: string) => LanguageLink[]) | undefined {
  const keys = Object.keys(config.locales)
  if (keys.length < 2) return undefined
  return (path) => {
    const decoded = safeDecode(path)
    const here = longestPrefix(keys, decoded)
    return keys.map((key) => {
      const text = config.themeConfig.locales?.[key]?.label || config.locales[key].lang || key
      if (key === here) return { text, link: path, current: true }
      const same = here === undefined ? undefined : encodeURI(key + decoded.slice(here.length))
      return { text, link: same !== undefined && routes.has(same) ? same : encodeURI(key) }
    })
  }
}

/** The route with its data's `html` read from the parsed page whenever it is asked for. */
function withBody(route: Route, parsed: ParsedPage): Route {
  Object.defineProperty(route.data, 'html', { get: () => parsed.html, enumerable: true, configurable: true })
  return route
}

/** `{ [key]: list }` when the list has entries, else nothing (keeps absent lists out of the data). */
function optionalList<K extends string>(key: K, list: string[] | undefined): { [P in K]?: string[] } {
  return list?.length ? ({ [key]: list } as { [P in K]?: string[] }) : {}
}

/**
 * The page's previous and next links, as VuePress's default theme makes them: the page its
 * frontmatter `prev`/`next` names (with that page's title; another site's address as it is),
 * none when it says `false`, else the
 * neighbours in the sidebar's order unless the theme's `prevLinks`/`nextLinks` is false. (reco's
 * `next: false` showed the link anyway; here it hides it.)
 */
function prevNext(sidebar: SidebarItem[], page: Page, site: SiteData): Pick<ArticleRoute, 'prev' | 'next'> {
  const links = flattenLinks(sidebar)
  const i = links.findIndex((l) => l.path === page.path)
  const neighbour = (field: 'prev' | 'next', at: number) => {
    const named = frontmatterLink(page, field, site.pagesByPath)
    if (named === false) return undefined
    if (named) return named
    // The theme's `prevLinks`/`nextLinks: false` holds unless the page says otherwise (`prev: true`).
    if (page.frontmatter[field] === undefined && !site.config.themeConfig[field === 'prev' ? 'prevLinks' : 'nextLinks']) return undefined
    return i >= 0 && at >= 0 && at < links.length ? links[at] : undefined
  }
  const prev = neighbour('prev', i - 1)
  const next = neighbour('next', i + 1)
  return { ...(prev ? { prev } : {}), ...(next ? { next } : {}) }
}
