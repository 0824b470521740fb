import type { ReadRange } from './engine.js'

/** What `createRangeReader` needs of `fetch`. */
export type Fetch = (url: string, init?: { headers?: Record<string, string> }) => Promise<Response>

/**
 * Reads byte ranges of the index's packs with range requests. A host that answers a range with
 * the whole file (status 200: it ignores ranges, or compresses on the fly) is served from whole
 * packs from then on: each pack fetched once and kept, its items sliced out here.
 */
export function createRangeReader(fetchFile: Fetch = (url, init) => fetch(url, init)): ReadRange {
  const whole = new Map<string, Promise<Uint8Array>>()
  let ranges = true

  const fail = (res: Response, url: string) => new Error(`搜索索引加载失败（HTTP ${res.status}）：${url}`)
  const fetchWhole = (url: string): Promise<Uint8Array> => {
    let promise = whole.get(url)
    if (!promise) {
      promise = fetchFile(url).then(async (res) => {
        if (!res.ok) throw fail(res, url)
        return new Uint8Array(await res.arrayBuffer())
      })
      whole.set(url, promise)
      promise.catch(() => whole.delete(url))
    }
    return promise
  }

  return async (url, start, end) => {
    if (!ranges || whole.has(url)) return (await fetchWhole(url)).slice(start, end)
    const res = await fetchFile(url, { headers: { Range: `bytes=${start}-${end - 1}` } })
    if (res.status === 206 && res.headers.get('Content-Range')?.startsWith(`bytes ${start}-${end - 1}/`)) {
      const bytes = new Uint8Array(await res.arrayBuffer())
      if (bytes.length === end - start) return bytes
    }
    if (res.status === 200) {
      ranges = false
      const bytes = new Uint8Array(await res.arrayBuffer())
      if (!whole.has(url)) whole.set(url, Promise.resolve(bytes))
      return bytes.slice(start, end)
    }
    if (!res.ok) throw fail(res, url)
    // A partial answer that is not the range asked for: read the whole pack.
    ranges = false
    return (await fetchWhole(url)).slice(start, end)
  }
}
