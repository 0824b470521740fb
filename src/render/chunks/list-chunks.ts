import { LIST_PAGE_SIZE, LIST_SLICE_POSTS, listSliceUrl } from '../../shared/pagination.js'
import { withBase } from '../../shared/paths.js'
import type { RouteData } from '../../shared/types.js'
import type { Route, RouteTable } from '../site/routes.js'
import { contentHash, dataModule, type ChunkFile } from './chunk-file.js'

/** Where the posts of a long list went. */
export interface ListChunk {
  /** The list's posts, `slicePosts` a file, in order. */
  files: ChunkFile[]
  /** What the client finds file `i` from (`listSliceUrl`): the files' address up to their number. */
  url: string
  total: number
  /** How many posts the route's data keeps (the rest are only in `files`). */
  inline: number
}

/**
 * The list chunks stage: a list longer than one page keeps its first page in the route's data
 * and puts its posts in files of `slicePosts` each, loaded when the reader turns to a page one of
 * them holds. The files share one hash, of the whole list, so the client needs only one address
 * for all of them. The timeline is one page: it keeps its first file's posts in the route's data
 * and shows the next file's when the reader asks for earlier posts (`inlinePosts`).
 */
export function listChunks(table: RouteTable, base: string, slicePosts = LIST_SLICE_POSTS): Map<Route, ListChunk> {
  if (slicePosts % LIST_PAGE_SIZE) throw new Error(`a list file holds whole pages: ${slicePosts} posts is not a multiple of ${LIST_PAGE_SIZE}`)
  const chunks = new Map<Route, ListChunk>()
  for (const route of table.routes) {
    const data = route.data
    if (!(data.kind === 'home' || data.kind === 'list') || data.posts.length <= inlinePosts(data, slicePosts)) continue
    const codes: string[] = []
    for (let at = 0; at < data.posts.length; at += slicePosts) codes.push(dataModule(data.posts.slice(at, at + slicePosts)))
    const prefix = `assets/js/list_${route.chunkName}.${contentHash(codes.join(''))}.`
    const files = codes.map((code, i) => ({ path: listSliceUrl(prefix, i), code }))
    chunks.set(route, { files, url: withBase(base, '/' + prefix), total: data.posts.length, inline: inlinePosts(data, slicePosts) })
  }
  return chunks
}

/** How many of a long list's posts its route's data keeps: its first page, or the timeline's first file. */
const inlinePosts = (data: RouteData, slicePosts: number): number => (data.kind === 'list' && data.list === 'timeline' ? slicePosts : LIST_PAGE_SIZE)
