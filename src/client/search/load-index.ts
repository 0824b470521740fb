import type { SearchManifest } from '../../shared/search-shards.js'
import { loadOnce } from '../lazy.js'
import type { SearchEngine } from './engine.js'

export type { SearchEngine }

let loader: { url: string; load: () => Promise<SearchEngine> } | undefined

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
  if (loader?.url !== url) {
    loader = {
      url,
      load: loadOnce(() =>
        Promise.all([fetchJson(url), import('./engine.js'), import('./read-range.js')]).then(([manifest, mod, reader]) =>
          mod.createSearchEngine(manifest as SearchManifest, reader.createRangeReader()),
        ),
      ),
    }
  }
  return loader.load()
}
