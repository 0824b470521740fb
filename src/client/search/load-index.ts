import type { SearchManifest } from '../../shared/search-shards.js'
import type { SearchEngine } from './engine.js'

export type { SearchEngine }

let cache: { url: string; promise: Promise<SearchEngine> } | undefined

async function fetchJson(url: string): Promise<unknown> {
  const res = await fetch(url)
  if (!res.ok) throw new Error(`搜索索引加载失败（HTTP ${res.status}）：${url}`)
  return res.json()
}

/**
 * Fetches the first part of the hashed search index once per page load (the search box calls
 * this when it is first focused, never before), with the code that searches it; the engine
 * fetches the rest as queries need it. A failed fetch is forgotten, so the next focus tries again.
 */
export function loadSearchIndex(url: string): Promise<SearchEngine> {
  if (cache?.url === url) return cache.promise
  const promise = Promise.all([fetchJson(url), import('./engine.js'), import('./read-range.js')]).then(([manifest, mod, reader]) =>
    mod.createSearchEngine(manifest as SearchManifest, reader.createRangeReader()),
  )
  cache = { url, promise }
  promise.catch(() => {
    if (cache?.promise === promise) cache = undefined
  })
  return promise
}
