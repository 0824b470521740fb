import type { ArticleRoute, ClientSite, Header, InitialData, Page, RouteData, SidebarItem } from './types.js'

/**
 * A page's inline data (`InitialData`) as its HTML carries it, without saying a thing twice. An
 * article whose sidebar is its own headings (the `auto` sidebar) names that sidebar instead of
 * listing the headings again (they are in `page.headers`); a page's `path` and `regularPath`
 * are left out when they are the route's; each heading is `[level, title]`, or
 * `[level, title, slug]` when the slug is not the title, or `[level, title, slug, badges]` with
 * its `<Badge>`s; the document's title is the one of
 * its `<title>`. Written by the render stage, read by the browser entry and by the router when
 * it loads another page.
 */

/** What an article's `sidebar` says when it is the article's own headings. */
const OWN_HEADINGS = 'headings'

type InlineHeader = [level: Header['level'], title: string, slug?: string, badges?: Header['badges']]
type InlinePage = Omit<Page, 'path' | 'regularPath' | 'headers'> & Partial<Pick<Page, 'path' | 'regularPath'>> & { headers: InlineHeader[] }
type InlineRoute = RouteData | ((Omit<ArticleRoute, 'sidebar' | 'page'> & { sidebar?: ArticleRoute['sidebar'] | typeof OWN_HEADINGS; page: InlinePage }))

/** The sidebar of one link to the page, with its headings. */
const ownSidebar = (page: Page): SidebarItem[] => [{ type: 'link', path: page.path, title: page.title, headers: page.headers }]

/** The data as the page carries it. */
export function packInitialData(data: InitialData): { site: ClientSite; route: Omit<InlineRoute, 'documentTitle'> } {
  const { documentTitle, ...route } = packRoute(data.route)
  return { site: data.site, route }
}

function packRoute(route: RouteData): InlineRoute {
  if (route.kind !== 'article' && route.kind !== 'home') return route
  const { path, regularPath, headers, ...rest } = route.page
  const page: InlinePage = {
    ...rest,
    headers: headers.map((h): InlineHeader => (h.badges ? [h.level, h.title, h.slug, h.badges] : h.slug === h.title ? [h.level, h.title] : [h.level, h.title, h.slug])),
    ...(path !== route.path ? { path } : {}),
    ...(regularPath !== route.path ? { regularPath } : {}),
  }
  const own = route.kind === 'article' && route.sidebar && JSON.stringify(route.sidebar) === JSON.stringify(ownSidebar(route.page))
  return { ...route, page, ...(own ? { sidebar: OWN_HEADINGS } : {}) } as InlineRoute
}

/** The data from the text of a page's data script, and the page's title (its `<title>`). */
export function readInitialData(text: string, title: string): InitialData {
  const data = JSON.parse(text) as InitialData
  // Kept short: the entry carries this.
  const route = data.route as { path: string; sidebar?: unknown; page?: Page; documentTitle: string }
  route.documentTitle = title
  const page = route.page
  if (page) {
    page.path ??= route.path
    page.regularPath ??= route.path
    page.headers = (page.headers as unknown as InlineHeader[]).map(([level, title, slug, badges]) => (badges ? { level, title, slug: slug ?? title, badges } : { level, title, slug: slug ?? title }))
    if (route.sidebar === OWN_HEADINGS) route.sidebar = ownSidebar(page)
  }
  return data
}
