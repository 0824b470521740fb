import { prepareIndex, type PreparedIndex, type SearchIndexData } from '../../shared/search.js'

let cache: { url: string; promise: Promise<PreparedIndex> } | undefined

/**
 * Fetches the hashed search index once per page load (the search box calls this when it is
 * first focused, never before). A failed fetch is forgotten, so the next focus tries again.
 */
export function loadSearchIndex(url: string): Promise<PreparedIndex> {
  if (cache?.url === url) return cache.promise
  const promise = fetch(url)
    .then((res) => {
      if (!res.ok) throw new Error(`搜索索引加载失败（HTTP ${res.status}）：${url}`)
      return res.json() as Promise<SearchIndexData>
    })
    .then(prepareIndex)
  cache = { url, promise }
  promise.catch(() => {
    if (cache?.promise === promise) cache = undefined
  })
  return promise
}
