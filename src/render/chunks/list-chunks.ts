import { LIST_PAGE_SIZE } from '../../shared/pagination.js'
import { withBase } from '../../shared/paths.js'
import type { Route, RouteTable } from '../site/routes.js'
import { dataChunk, type ChunkFile } from './chunk-file.js'

/** Where the whole of a long list went. */
export interface ListChunk {
  file: ChunkFile
  /** URL the client imports when the reader turns to another page of the list. */
  url: string
  total: number
}

/**
 * The list chunks stage: a list longer than one page keeps its first page in the route's data
 * and puts every post in a chunk of its own, loaded when the reader turns the page. The
 * timeline is one page by design.
 */
export function listChunks(table: RouteTable, base: string): Map<Route, ListChunk> {
  const chunks = new Map<Route, ListChunk>()
  for (const route of table.routes) {
    const data = route.data
    if (!(data.kind === 'home' || (data.kind === 'list' && data.list !== 'timeline')) || data.posts.length <= LIST_PAGE_SIZE) continue
    const file = dataChunk(`list_${route.chunkName}`, data.posts)
    chunks.set(route, { file, url: withBase(base, '/' + file.path), total: data.posts.length })
  }
  return chunks
}
