/**
 * The search index's browser side, as the search box uses it: `loadSearcher` fetches the index's
 * first part and the code that searches it, once per page load; the searcher fetches the rest as
 * queries need it. Everything else of `query/` is its own.
 */
import type { SearchManifest } from '../format/shards.js'
import type { SearchEngine } from './engine.js'

export type { Segment, Suggestion, SuggestionKind } from '../format/rank.js'
export type Searcher = SearchEngine

let loader: { url: string; loading?: Promise<Searcher> } | undefined

async function fetchJson(url: string): Promise<unknown> {
  const res = await fetch(url)
  if (!res.ok) throw new Error(`搜索索引加载失败（HTTP ${res.status}）：${url}`)
  return res.json()
}

/**
 * The searcher of the index whose first part is at `url` (the search box calls this when it is
 * first focused, never before). A failed load is forgotten, so the next focus tries again.
 */
export function loadSearcher(url: string): Promise<Searcher> {
  if (loader?.url !== url) loader = { url }
  const current = loader
  return (current.loading ??= Promise.all([fetchJson(url), import('./engine.js'), import('./read-range.js')])
    .then(([manifest, engine, reader]) => engine.createSearchEngine(manifest as SearchManifest, reader.createRangeReader()))
    .catch((err: unknown) => {
      current.loading = undefined
      throw err
    }))
}
