import { DEV_REFRESH_EVENT } from '../../shared/markup.js'
import { isExternal, normalizePath, resolvePath } from '../../shared/paths.js'
import { hasBody } from '../../shared/route-data.js'
import { hasRoute } from '../../shared/route-list.js'
import type { ClientSite, RouteData, RouteMap } from '../../shared/types.js'
import { whenIdle } from '../lazy.js'
import { ChunkLoadError, loadChunk } from './chunk-loader.js'
import { loadPage } from './page-loader.js'
import { createProgressBar, type ProgressBar } from './progress.js'
import { focusHashTarget, ScrollPositions, scrollBehavior, scrollToHash } from './scroll.js'

type Listener = (route: RouteData) => void

interface HistoryState {
  key: string
}

/** Resolves once the theme's stylesheet, if the page has one in flight, has loaded or failed. */
function stylesheetLoaded(): Promise<void> | void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][href*="/assets/css/"]')
  if (!link || link.sheet) return
  // A sheet that failed earlier stays without `sheet` and fires nothing again: wait a little at most.
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true })
    link.addEventListener('error', () => resolve(), { once: true })
    setTimeout(resolve, 3000)
  })
}

/** The page that carries a route's data (the route's own HTML), or none when `path` is not a route. */
const pageOf = (map: RouteMap, path: string): string | undefined => (hasRoute(map.routes, path) ? path : undefined)

const newKey = () => Math.random().toString(36).slice(2, 10) + Date.now().toString(36)
const FILE_EXT_RE = /\.(?!html?$)[a-z0-9]+$/i

/**
 * A history-mode router under the site base. A route's data comes from its HTML page (the inline
 * data and the content element: the build writes each page's content once), found through a
 * route map that loads at idle time, so first-load JavaScript does not grow with the number of pages.
 */
export class Router {
  route: RouteData
  private readonly listeners = new Set<Listener>()
  private readonly loaded = new Map<string, RouteData>()
  private readonly scroll = new ScrollPositions()
  private readonly progress: ProgressBar
  private map?: Promise<RouteMap>
  private key: string
  private navigation = 0
  private started = false

  constructor(
    private readonly site: ClientSite,
    initial: RouteData,
    private readonly render: (commit: () => void) => void = (commit) => commit(),
    /** What a route needs besides its data before it can be shown (its layout's code). */
    private readonly prepare: (route: RouteData) => Promise<void> | void = () => undefined,
  ) {
    this.route = initial
    this.progress = createProgressBar()
    const state = history.state as HistoryState | null
    this.key = state?.key ?? newKey()
  }

  /** Full pathname (base included) of the current route. */
  get path(): string {
    return this.full(this.route.path)
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  start(): void {
    if (this.started) return
    this.started = true
    history.scrollRestoration = 'manual'
    // Canonical address for the page on screen (`tag/index.html` → `tag/`, decoded → encoded).
    const canonical = this.route.kind === 'notFound' ? location.pathname : this.path
    history.replaceState({ ...(history.state ?? {}), key: this.key }, '', canonical + location.search + location.hash)
    document.addEventListener('click', this.onClick)
    window.addEventListener('popstate', this.onPopState)
    window.addEventListener(DEV_REFRESH_EVENT, this.onDevRefresh)
    let ticking = false
    window.addEventListener(
      'scroll',
      () => {
        if (ticking) return
        ticking = true
        requestAnimationFrame(() => {
          ticking = false
          this.scroll.save(this.key, window.scrollY)
        })
      },
      { passive: true },
    )
    window.addEventListener('pagehide', () => {
      this.scroll.save(this.key, window.scrollY)
      this.scroll.persist()
    })
    // Back to this entry through a full load (reload, no page cache): restore where the reader was.
    const saved = this.scroll.get(this.key)
    if (saved !== undefined && !location.hash) window.scrollTo({ top: saved })
    // A static host answers an address like `/gpt/handbook/page` with 404.html: apply the
    // spec's path handling here, as `serve` does on the server.
    if (this.route.kind === 'notFound') {
      void this.routeMap()
        .then((map) => {
          const resolved = resolvePath(location.pathname, (p) => hasRoute(map.routes, p), map.redirects)
          // A known route whose own address the host answered with not-found (its page is missing):
          // stay; loading it again would only bring this page back.
          if (resolved.kind !== 'notFound' && resolved.path !== location.pathname) void this.go(resolved.path + location.search + location.hash, { replace: true })
        })
        .catch(() => undefined)
    }
    whenIdle(() => void this.routeMap().catch(() => undefined))
  }

  /**
   * Navigate to `href`. Resolves with nothing on success and with the error when the
   * navigation failed (push failures are swallowed, as the spec says).
   */
  async go(href: string, { replace = false } = {}): Promise<Error | void> {
    const url = new URL(href, location.href)
    if (url.origin !== location.origin || !url.pathname.startsWith(this.site.base) || FILE_EXT_RE.test(url.pathname)) {
      location.assign(url.href)
      return
    }
    const id = ++this.navigation
    const map = await this.routeMapWithProgress()
    if (!map) {
      location.assign(url.href)
      return
    }
    const resolved = resolvePath(url.pathname, (p) => hasRoute(map.routes, p), map.redirects)
    const target = resolved.kind === 'notFound' ? url.pathname : resolved.path
    const sameRoute = normalizePath(target) === normalizePath(this.path)
    if (sameRoute && !replace) {
      this.progress.done() // the route map may have started the bar; no chunk will end it
      if (url.hash === location.hash && url.search === location.search) {
        focusHashTarget(url.hash) // duplicate navigation: ignored, but a skip link still moves focus
        return
      }
      this.scroll.save(this.key, window.scrollY)
      this.key = newKey()
      history.pushState({ key: this.key }, '', target + url.search + url.hash)
      if (!scrollToHash(url.hash, this.site.smoothScroll, { focus: true })) window.scrollTo({ top: 0, behavior: scrollBehavior(this.site.smoothScroll) })
      return
    }
    const pageUrl = resolved.kind === 'notFound' ? map.notFound : pageOf(map, target)
    if (!pageUrl) {
      // A redirect to a path that is no route (an address decoded): the host answers it.
      this.progress.done()
      location.assign(target + url.search + url.hash)
      return
    }
    let data: RouteData
    try {
      data = await this.load(pageUrl, resolved.kind === 'notFound')
    } catch (err) {
      this.progress.done()
      console.error(`Failed to resolve async component ${target}: ${err instanceof ChunkLoadError ? `${err.name}: ${err.message}` : String(err)}`)
      if (err instanceof ChunkLoadError) console.error(err)
      // The page still exists on the server: let the browser load it in full.
      if (id === this.navigation) location.assign(target + url.search + url.hash)
      return err as Error
    }
    if (id !== this.navigation) return // a newer navigation won
    this.scroll.save(this.key, window.scrollY)
    this.key = newKey()
    try {
      history[replace ? 'replaceState' : 'pushState']({ key: this.key }, '', target + url.search + url.hash)
    } catch (err) {
      return err as Error
    }
    this.commit(data)
    if (!scrollToHash(url.hash, this.site.smoothScroll, { focus: !replace })) window.scrollTo({ top: 0, behavior: scrollBehavior(this.site.smoothScroll) })
  }

  private onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const a = (event.target as Element | null)?.closest?.('a')
    if (!a || a.hasAttribute('download')) return
    const href = a.getAttribute('href')
    const target = a.getAttribute('target')
    if (!href || isExternal(href) || (target && target !== '_self')) return
    const url = new URL(a.href, location.href)
    if (url.origin !== location.origin || !url.pathname.startsWith(this.site.base) || FILE_EXT_RE.test(url.pathname)) return
    event.preventDefault()
    void this.go(url.href)
  }

  private onPopState = async (event: PopStateEvent) => {
    this.scroll.save(this.key, window.scrollY)
    const state = event.state as HistoryState | null
    this.key = state?.key ?? newKey()
    const saved = this.scroll.get(this.key)
    const id = ++this.navigation
    const samePath = normalizePath(location.pathname) === normalizePath(this.path)
    if (!samePath) {
      const map = await this.routeMapWithProgress()
      const path = location.pathname
      const pageUrl = map ? (pageOf(map, normalizePath(path)) ?? map.notFound) : undefined
      if (!pageUrl) return location.reload()
      try {
        const data = await this.load(pageUrl, pageUrl === map?.notFound)
        if (id !== this.navigation) return
        this.commit(data)
      } catch (err) {
        this.progress.done()
        console.error(`Failed to resolve async component ${path}: ${String(err)}`)
        return location.reload()
      }
    }
    if (saved !== undefined) window.scrollTo({ top: saved, behavior: scrollBehavior(this.site.smoothScroll) })
    else if (!scrollToHash(location.hash, this.site.smoothScroll)) window.scrollTo({ top: 0, behavior: scrollBehavior(this.site.smoothScroll) })
  }

  /**
   * `serve` after an edit of this page's body: show the page's new HTML (`detail.html`) in place,
   * keeping scripts, state and scroll. Taking the event (cancelling it) and putting the work's
   * promise in `detail.done` tells the page script not to reload; a failure rejects it (it reloads then).
   */
  private onDevRefresh = (event: Event) => {
    const detail = (event as CustomEvent<{ html?: unknown; done?: Promise<void> }>).detail
    if (this.route.kind === 'notFound' || typeof detail?.html !== 'string') return
    event.preventDefault()
    detail.done = this.refresh(detail.html)
  }

  private async refresh(html: string): Promise<void> {
    const id = ++this.navigation
    // Pages loaded before the edit may be stale now, and so may the route map.
    this.loaded.clear()
    this.map = undefined
    const data = await loadPage(location.href, { base: this.site.base, fetcher: () => Promise.resolve(new Response(html)) })
    await Promise.all([this.prepare(data), stylesheetLoaded()])
    if (id !== this.navigation) return
    this.commit(data)
  }

  private commit(data: RouteData) {
    this.render(() => {
      this.route = data
      for (const l of this.listeners) l(data)
    })
    document.title = data.documentTitle
    document.documentElement.lang = data.lang
    this.progress.done()
  }

  private async load(pageUrl: string, notFound = false): Promise<RouteData> {
    const cached = this.loaded.get(pageUrl)
    if (cached) return cached
    // The loading bar shows only when the page is not loaded yet.
    if (this.progress.value === null) this.progress.start()
    const data = await loadPage(pageUrl, { notFound, base: this.site.base })
    // The theme's stylesheet (added after the first paint) styles what this page's own inline share did not.
    await Promise.all([this.prepare(data), stylesheetLoaded()])
    this.loaded.set(pageUrl, data)
    return data
  }

  private async routeMapWithProgress(): Promise<RouteMap | undefined> {
    if (!this.map) this.progress.start()
    try {
      return await this.routeMap()
    } catch (err) {
      console.error(err)
      this.progress.done()
      return undefined
    }
  }

  private routeMap(): Promise<RouteMap> {
    this.map ??= loadChunk<RouteMap>(this.site.routesUrl).then((map) => {
      const own = pageOf(map, this.path)
      if (own && hasBody(this.route) && this.route.html !== undefined) this.loaded.set(own, this.route)
      return map
    })
    this.map.catch(() => (this.map = undefined))
    return this.map
  }

  private full(path: string): string {
    return this.site.base.replace(/\/$/, '') + path
  }
}
