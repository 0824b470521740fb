import { CONTENT_SELECTOR, DATA_SCRIPT_ID } from '../../shared/markup.js'
import { readInitialData } from '../../shared/inline-data.js'
import { hasBody } from '../../shared/route-data.js'
import type { RouteData } from '../../shared/types.js'
import { CHUNK_TIMEOUT_MS, ChunkLoadError } from './chunk-loader.js'

// Apart from chunk-loader.ts, which the list layouts load early too: this is the router's alone.
export interface PageLoaderOptions {
  timeoutMs?: number
  fetcher?: typeof fetch
  /** The not-found page: a server may answer its address with status 404 and the page. */
  notFound?: boolean
  /** The site base, left out of the page's name in errors. */
  base?: string
}

/** A page's name in errors, as its chunk was named: `/gpt/handbook/install.html` → `handbook_install`. */
export function pageName(pathname: string, base = '/'): string {
  const path = pathname.startsWith(base) ? pathname.slice(base.length) : pathname
  let decoded = path
  try {
    decoded = decodeURIComponent(path)
  } catch {
    // keep it encoded
  }
  return decoded.replace(/\.html$/, '').replace(/[^\p{L}\p{N}_-]+/gu, '_').replace(/^_+|_+$/g, '') || 'index'
}

/**
 * Loads a route's data from its HTML page, the one copy the build writes: the inline JSON script
 * holds everything but the body, which is the content element's markup (as on hydration). The
 * page is a same-origin GET the browser may have cached. Fails like a chunk: a `ChunkLoadError`
 * naming the page and the reason (missing: 404 or 410; timeout after `timeoutMs`; error).
 */
export async function loadPage(url: string, options: PageLoaderOptions = {}): Promise<RouteData> {
  const { timeoutMs = CHUNK_TIMEOUT_MS, fetcher = fetch, notFound = false, base } = options
  const absolute = new URL(url, location.href).href
  const name = pageName(new URL(absolute).pathname, base)
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // Settle as a time-out first: the aborted fetch's own rejection comes after and is ignored.
      reject(new ChunkLoadError(name, 'timeout', absolute))
      controller.abort()
    }, timeoutMs)
  })
  try {
    const response = await Promise.race([fetcher(absolute, { signal: controller.signal, credentials: 'same-origin' }), timeout])
    const missing = response.status === 404 || response.status === 410
    if (!response.ok && !(missing && notFound)) throw new ChunkLoadError(name, missing ? 'missing' : 'error', absolute)
    const text = await Promise.race([response.text(), timeout])
    const doc = new DOMParser().parseFromString(text, 'text/html')
    const data = doc.getElementById(DATA_SCRIPT_ID)?.textContent
    if (!data) throw new ChunkLoadError(name, 'error', absolute)
    const { route } = readInitialData(data, doc.title)
    if (hasBody(route)) route.html = doc.querySelector(CONTENT_SELECTOR)?.innerHTML ?? ''
    return route
  } catch (err) {
    if (err instanceof ChunkLoadError) throw err
    throw new ChunkLoadError(name, 'error', absolute, err)
  } finally {
    clearTimeout(timer)
  }
}
