import { createHash } from 'node:crypto'
import { monthDay } from '../shared/lists.js'
import { safeDecode } from '../shared/paths.js'
import { documentTitle } from '../shared/title.js'
import type { Page, RouteData, SidebarItem } from '../shared/types.js'
import type { ParsedPage } from './parse-page.js'
import { sidebarFor, type SiteData } from './site-data.js'

export interface Route {
  /** Base-relative, percent-encoded (`/handbook/how_to_register_for%20onlyfans.html`). */
  path: string
  /** Output file relative to the out dir, decoded (`handbook/how_to_register_for onlyfans.html`). */
  file: string
  /** Stable name for the page chunk (`handbook_wildcard`). */
  chunkName: string
  data: RouteData
}

export interface RouteTable {
  routes: Route[]
  /** Base-relative path → base-relative target. */
  redirects: Record<string, string>
  notFound: Route
}

export function outFileOf(path: string): string {
  const decoded = safeDecode(path)
  return (decoded.endsWith('/') ? decoded + 'index.html' : decoded).replace(/^\//, '')
}

/** An ASCII file name for a route's chunk; non-ASCII parts become a short hash. */
export function chunkNameOf(path: string): string {
  const decoded = safeDecode(path).replace(/\.html$/, '').replace(/^\/|\/$/g, '')
  let name = decoded.replace(/[^A-Za-z0-9_-]+/g, '_').replace(/^_+|_+$/g, '')
  if (/[^\x00-\x7f]/.test(decoded)) name += '_' + createHash('sha1').update(decoded).digest('hex').slice(0, 6)
  return name || 'index'
}

function localeLang(site: SiteData, path: string): string {
  const locales = site.config.locales
  const key = Object.keys(locales)
    .sort((a, b) => b.length - a.length)
    .find((k) => safeDecode(path).startsWith(k))
  return (key && locales[key].lang) || site.config.lang
}

function flattenLinks(items: SidebarItem[]): { title: string; path: string }[] {
  return items.flatMap((i) => (i.type === 'link' ? [{ title: i.title, path: i.path }] : [...(i.path ? [{ title: i.title, path: i.path }] : []), ...flattenLinks(i.children)]))
}

/** The routes stage: every page, list page, redirect and the not-found page. */
export function buildRoutes(site: SiteData, parsed: ParsedPage[], lastUpdated: Map<string, string> = new Map()): RouteTable {
  const { config } = site
  const make = (path: string, data: Omit<RouteData, 'path' | 'lang'>): Route => ({
    path,
    file: outFileOf(path),
    chunkName: chunkNameOf(path),
    data: { path, lang: localeLang(site, path), ...data },
  })
  const title = (t: string) => documentTitle(t, config.title, false)
  const routes: Route[] = []

  for (const { page, html } of parsed) {
    const isHome = page.frontmatter.home === true || page.path === '/'
    const lang = page.frontmatter.lang
    const sidebar = isHome ? [] : sidebarFor(site, page)
    const route = make(page.path, {
      kind: isHome ? 'home' : 'page',
      documentTitle: page.frontmatter.metaTitle ?? documentTitle(page.title, config.title, isHome),
      page,
      html,
      ...(isHome ? { posts: site.posts } : {}),
      ...(!isHome && lastUpdated.has(page.relativePath) ? { lastUpdated: lastUpdated.get(page.relativePath) } : {}),
      ...(sidebar.length ? { sidebar } : {}),
      ...prevNext(sidebar, page),
    })
    if (lang) route.data.lang = lang
    routes.push(route)
  }

  routes.push(make('/tag/', { kind: 'tags', documentTitle: title('标签'), terms: site.tags.map((t) => ({ name: t.name, path: t.path, count: t.posts.length })) }))
  for (const t of site.tags) routes.push(make(t.path, { kind: 'tag', documentTitle: title(`${t.name} 标签`), term: t.name, posts: t.posts }))
  routes.push(make('/categories/', { kind: 'categories', documentTitle: title('分类'), terms: site.categories.map((t) => ({ name: t.name, path: t.path, count: t.posts.length })) }))
  for (const c of site.categories) routes.push(make(c.path, { kind: 'category', documentTitle: title(`${c.name} 分类`), term: c.name, posts: c.posts }))
  // The timeline needs only title, path and date of each post.
  const dated = site.posts.filter((p) => monthDay(p.date)).map((p) => ({ title: p.title, path: p.path, date: p.date, tags: [], categories: [] }))
  routes.push(make('/timeline/', { kind: 'timeline', documentTitle: title('时间轴'), posts: dated }))

  const notFound = make('/404.html', { kind: 'notFound', documentTitle: title('404 页面未找到') })
  const redirects: Record<string, string> = { '/index.html': '/' }
  for (const r of routes) if (r.path.endsWith('/') && r.path !== '/') redirects[r.path + 'index.html'] = r.path
  return { routes, redirects, notFound }
}

function prevNext(sidebar: SidebarItem[], page: Page): Pick<RouteData, 'prev' | 'next'> {
  const links = flattenLinks(sidebar)
  const i = links.findIndex((l) => l.path === page.path)
  if (i < 0) return {}
  return { ...(i > 0 ? { prev: links[i - 1] } : {}), ...(i < links.length - 1 ? { next: links[i + 1] } : {}) }
}
