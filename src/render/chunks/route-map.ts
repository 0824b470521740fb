import { withBase } from '../../shared/paths.js'
import { packRoutes } from '../../shared/route-list.js'
import type { RouteMap } from '../../shared/types.js'
import type { Route, RouteTable } from '../site/routes.js'
import { dataChunk, type ChunkFile } from './chunk-file.js'
import type { PageChunk } from './page-chunks.js'

export interface RouteMapOutput {
  map: RouteMap
  file: ChunkFile
  url: string
  /** `_redirects` for static hosts (Netlify, Cloudflare Pages …): the same redirects as `serve`. */
  redirectsFile: string
}

/**
 * The route map stage: which paths are routes, the not-found page and the redirects, as one
 * module loaded at idle time. Each route's chunk is its own page, at the route's path
 * (`pageChunks`): the map names each once, and the router loads a route from its path.
 */
export function routeMap(table: RouteTable, chunks: ReadonlyMap<Route, PageChunk>, base: string): RouteMapOutput {
  const map: RouteMap = { routes: packRoutes(table.routes.map((route) => chunks.get(route)!.url)), notFound: chunks.get(table.notFound)!.url, redirects: {} }
  for (const [from, to] of Object.entries(table.redirects)) map.redirects[withBase(base, from)] = withBase(base, to)
  const file = dataChunk('routes', map)
  const redirectsFile = Object.entries(map.redirects)
    .map(([from, to]) => `${from} ${to} 301!`)
    .join('\n')
  return { map, file, url: withBase(base, '/' + file.path), redirectsFile: redirectsFile + '\n' }
}
