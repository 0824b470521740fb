import type { PreparedIndex, SearchIndexData } from '../../shared/search.js'

/** The index together with the code that searches it; both arrive on first focus. */
export interface SearchEngine {
  index: PreparedIndex
  search: typeof import('../../shared/search.js').search
}

let cache: { url: string; promise: Promise<SearchEngine> } | undefined

/**
 * Fetches the hashed search index once per page load (the search box calls this when it is
 * first focused, never before). A failed fetch is forgotten, so the next focus tries again.
 */
export function loadSearchIndex(url: string): Promise<SearchEngine> {
  if (cache?.url === url) return cache.promise
  const data = fetch(url).then((res) => {
    if (!res.ok) throw new Error(`搜索索引加载失败（HTTP ${res.status}）：${url}`)
    return res.json() as Promise<SearchIndexData>
  })
  const promise = Promise.all([data, import('../../shared/search.js')]).then(([d, mod]) => ({ index: mod.prepareIndex(d), search: mod.search }))
  cache = { url, promise }
  promise.catch(() => {
    if (cache?.promise === promise) cache = undefined
  })
  return promise
}
