/**
 * The visitor counter's requests, as Valine 1.5 made them on LeanCloud's `Counter` class
 * (`/1.1/classes/Counter`), so the same calls work on `gptnotes proxy` and on a LeanCloud app:
 * find by `url` (one page, or `$in` for a list), create `{url, xid, title, time: 1}`, and the
 * `Increment` by 1. Pure: they build what `fetch` sends and read what comes back.
 */
import type { CounterService } from '../../../shared/types.js'

/** Where a page's count lives: widget A's service and credentials, and the page's key. */
export interface CounterTarget extends CounterService {
  /** The page's key: its decoded path, base included (`/gpt/handbook/a.html`), as Valine's `url`. */
  url: string
}

/** What a view of an article also records when it creates the page's counter. */
export interface CounterPage {
  /** The percent-encoded path (Valine's `xid`). */
  xid: string
  title: string
}

export interface CounterRequest {
  url: string
  init: { method: 'GET' | 'POST' | 'PUT'; headers: Record<string, string>; body?: string }
}

/** The service's page limit (and `$in`'s): longer lists are asked for in parts. */
export const COUNTS_PER_REQUEST = 100

const classUrl = (t: CounterTarget) => `${t.serverURLs.replace(/\/+$/, '')}/1.1/classes/Counter`
const headers = (t: CounterTarget): Record<string, string> => ({ 'X-LC-Id': t.appId, 'X-LC-Key': t.appKey, 'Content-Type': 'application/json' })

/** Find the counters of `urls` (one service): one `url` is an equality, more an `$in`. */
export function findRequest(service: CounterTarget, urls: readonly string[]): CounterRequest {
  const where = urls.length === 1 ? { url: urls[0] } : { url: { $in: urls } }
  const query = `where=${encodeURIComponent(JSON.stringify(where))}&keys=url,time&limit=${urls.length}`
  return { url: `${classUrl(service)}?${query}`, init: { method: 'GET', headers: headers(service) } }
}

/** The first view of a page makes its counter, counted as one. */
export function createRequest(target: CounterTarget, page: CounterPage): CounterRequest {
  return { url: classUrl(target), init: { method: 'POST', headers: headers(target), body: JSON.stringify({ url: target.url, xid: page.xid, title: page.title, time: 1 }) } }
}

/** A later view: the service counts it once per reader and window, and answers the count. */
export function incrementRequest(target: CounterTarget, objectId: string): CounterRequest {
  return { url: `${classUrl(target)}/${encodeURIComponent(objectId)}`, init: { method: 'PUT', headers: headers(target), body: JSON.stringify({ time: { __op: 'Increment', amount: 1 } }) } }
}

export interface CounterRow {
  objectId: string
  url: string
  time: number
}

/** The counters of a find answer; rows of another shape are skipped. */
export function rowsOf(body: unknown): CounterRow[] {
  const results = (body as { results?: unknown } | null)?.results
  if (!Array.isArray(results)) throw new Error('not a list of counters')
  return results.filter((r): r is CounterRow => typeof r?.objectId === 'string' && typeof r.url === 'string' && typeof r.time === 'number')
}

/** The targets of one service together, each group split to what one request may ask. */
export function groupByService(targets: readonly CounterTarget[]): { service: CounterTarget; urls: string[] }[] {
  const groups = new Map<string, { service: CounterTarget; urls: string[] }>()
  for (const t of targets) {
    const key = JSON.stringify([t.serverURLs, t.appId, t.appKey])
    const group = groups.get(key) ?? groups.set(key, { service: t, urls: [] }).get(key)!
    if (!group.urls.includes(t.url)) group.urls.push(t.url)
  }
  return [...groups.values()].flatMap(({ service, urls }) =>
    Array.from({ length: Math.ceil(urls.length / COUNTS_PER_REQUEST) }, (_, i) => ({ service, urls: urls.slice(i * COUNTS_PER_REQUEST, (i + 1) * COUNTS_PER_REQUEST) })),
  )
}
