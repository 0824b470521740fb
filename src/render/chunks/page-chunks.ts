import { withBase } from '../../shared/paths.js'
import type { RouteData } from '../../shared/types.js'
import type { Route, RouteTable } from '../site/routes.js'
import type { ListChunk } from './list-chunks.js'

/**
 * What the client loads to show a route: its HTML page. The page carries the route's data once:
 * the body as markup, the rest in its inline JSON script; the router reads both from the fetched
 * page, as hydration reads them from the DOM. No second copy of a page's content is written.
 */
export interface PageChunk {
  /** The page's address (what the route map names): the route's canonical path, or the not-found page. */
  url: string
  /** The route's data as the client gets it (long lists cut to their first page). */
  data: RouteData
}

/** The route's data as the client receives it: a long list keeps its first page (the timeline its first file) and says where the rest is. */
export function clientRouteData(data: RouteData, list: ListChunk | undefined): RouteData {
  if (!list || !(data.kind === 'home' || data.kind === 'list')) return data
  return { ...data, posts: data.posts.slice(0, list.inline), postCount: list.total, listUrl: list.url }
}

/** The page chunks stage: each route's client data and the address of the page that carries it, loaded on navigation. */
export function pageChunks(table: RouteTable, lists: ReadonlyMap<Route, ListChunk>, base: string): Map<Route, PageChunk> {
  const chunks = new Map<Route, PageChunk>()
  for (const route of table.routes) chunks.set(route, { url: withBase(base, route.path), data: clientRouteData(route.data, lists.get(route)) })
  chunks.set(table.notFound, { url: withBase(base, '/404.html'), data: clientRouteData(table.notFound.data, undefined) })
  return chunks
}
