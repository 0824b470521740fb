/**
 * Widget A's visitor counter (`阅读量`), chosen per page at build time: the site data lists the
 * distinct services (`counters`, usually one) and each article and listed post carries the index
 * of its locale's (`counter`).
 */import { configForLocale } from './locale-config.js'

/** What the counter reads of widget A's settings (`ValineSiteConfig`, valine.ts, which imports this file). */
interface CounterOptions {
  visitor: boolean
  serverURLs: string
  appId: string
  appKey: string
}
type ValineSiteConfig = { valine: CounterOptions; locales?: Readonly<Record<string, CounterOptions>> }

import type { CounterService } from './counter-service.js'

/**
 * The visitor counters' services: widget A's service and credentials of each locale whose
 * `visitor` is on (the base settings first), each service once. The site data carries this
 * table; a page's count names its entry by index (`counterFor`).
 */
export function counterServices(comments: ValineSiteConfig | undefined): CounterService[] {
  const services = new Map<string, CounterService>()
  for (const valine of comments ? [comments.valine, ...Object.values(comments.locales ?? {})] : []) {
    if (!valine.visitor) continue
    const service = { serverURLs: valine.serverURLs, appId: valine.appId, appKey: valine.appKey }
    const key = JSON.stringify([service.serverURLs, service.appId, service.appKey])
    if (!services.has(key)) services.set(key, service)
  }
  return [...services.values()]
}

/**
 * The index in `services` (`counterServices`) of the counter of the page at `path` (base-relative,
 * percent-encoded), for the page's locale; undefined when the page shows no count.
 */
export function counterFor(comments: ValineSiteConfig | undefined, services: readonly CounterService[], path: string): number | undefined {
  if (!comments) return undefined
  const config = configForLocale(comments.valine, comments.locales, path)
  if (!config.visitor) return undefined
  const index = services.findIndex((s) => s.serverURLs === config.serverURLs && s.appId === config.appId && s.appKey === config.appKey)
  return index < 0 ? undefined : index
}

/** A route as the counter marks it: articles carry their count's index, home and list pages their posts'. */
type CountedRoute = { data: { kind: string; path: string; counter?: number; posts?: { path: string; counter?: number }[] } }

/**
 * Marks the visitor counter of every article and listed post (`counter`, an index into
 * `counterServices`; a post shared by several lists is marked once, and its list chunk carries it too).
 */
export function markCounters(routes: readonly CountedRoute[], comments: ValineSiteConfig): void {
  const services = counterServices(comments)
  if (!services.length) return
  const marked = new Set<object>()
  for (const { data } of routes) {
    if (data.kind === 'article') {
      const counter = counterFor(comments, services, data.path)
      if (counter !== undefined) data.counter = counter
    } else if ((data.kind === 'home' || data.kind === 'list') && data.posts) {
      for (const post of data.posts) {
        if (marked.has(post)) continue
        marked.add(post)
        const counter = counterFor(comments, services, post.path)
        if (counter !== undefined) post.counter = counter
      }
    }
  }
}
