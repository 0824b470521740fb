import type { ArticleRoute, ClientSite, InitialData, Page, RouteData, SidebarItem } from './types.js'

/**
 * A page's inline data (`InitialData`) as its HTML carries it. An article whose sidebar is its
 * own headings (the `auto` sidebar) names that sidebar instead of listing the headings a second
 * time: they are in `page.headers` already. Written by the render stage, read by the browser
 * entry and by the router when it loads another page.
 */

/** What an article's `sidebar` says when it is the article's own headings. */
const OWN_HEADINGS = 'headings'

type InlineRoute = RouteData | (Omit<ArticleRoute, 'sidebar'> & { sidebar: typeof OWN_HEADINGS })

/** The sidebar of one link to the page, with its headings. */
const ownSidebar = (page: Page): SidebarItem[] => [{ type: 'link', path: page.path, title: page.title, headers: page.headers }]

/** The data as the page carries it. */
export function packInitialData({ site, route }: InitialData): { site: ClientSite; route: InlineRoute } {
  if (route.kind !== 'article' || !route.sidebar || JSON.stringify(route.sidebar) !== JSON.stringify(ownSidebar(route.page))) return { site, route }
  return { site, route: { ...route, sidebar: OWN_HEADINGS } }
}

/** The data from the text of a page's data script. */
export function readInitialData(text: string): InitialData {
  const data = JSON.parse(text) as InitialData
  // Only an article's sidebar is ever named (kept short: the entry carries this).
  const route = data.route as { sidebar?: unknown; page: Page }
  if (route.sidebar === OWN_HEADINGS) route.sidebar = ownSidebar(route.page)
  return data
}
