import { LIST_PAGE_SIZE } from '../../shared/pagination.js'
import { withBase } from '../../shared/paths.js'
import type { RouteData } from '../../shared/types.js'
import type { Route, RouteTable } from '../site/routes.js'
import { dataChunk, type ChunkFile } from './chunk-file.js'
import type { ListChunk } from './list-chunks.js'

export interface PageChunk {
  file: ChunkFile
  url: string
  /** The route's data as the client gets it (long lists cut to their first page). */
  data: RouteData
}

/** The route's data as the client receives it: a long list keeps its first page and says where the rest is. */
export function clientRouteData(data: RouteData, list: ListChunk | undefined): RouteData {
  if (!list || !(data.kind === 'home' || data.kind === 'list')) return data
  return { ...data, posts: data.posts.slice(0, LIST_PAGE_SIZE), postCount: list.total, listUrl: list.url }
}

/** The page chunks stage: one hashed module per route (and the not-found page), loaded on navigation. */
export function pageChunks(table: RouteTable, lists: ReadonlyMap<Route, ListChunk>, base: string): Map<Route, PageChunk> {
  const chunks = new Map<Route, PageChunk>()
  for (const route of [...table.routes, table.notFound]) {
    const data = clientRouteData(route.data, lists.get(route))
    const file = dataChunk(route.chunkName, data)
    chunks.set(route, { file, url: withBase(base, '/' + file.path), data })
  }
  return chunks
}
