/**
 * `gptnotes comments import --from-leancloud`: an app's `Comment` and `Counter` classes read
 * straight from LeanCloud's REST API and written to a store, page by page, resumable.
 *
 * The API, as LeanCloud's REST guide documents it ("存储 REST API", sections 请求格式 / 更安全的鉴权方式
 * and 遍历 Class): `GET {API_URL}/1.1/scan/classes/<Class>?limit=…&cursor=…` with `X-LC-Id` and
 * `X-LC-Sign: md5(timestamp + masterKey),timestamp,master` (the guide's alternative to sending the
 * key itself in `X-LC-Key`); scan requires the master key, pages are at most 1,000 objects in
 * objectId order, and each answer is `{results, cursor}` with `cursor: null` after the last page.
 * Errors are `{code, error}`: 401 for a refused key, 1020 when the international region refuses
 * the caller (mainland IPs on the shared domains), 140 when the app's quota is spent, 101 for a
 * class that was never created (read here as an empty class).
 *
 * Records are mapped by the export reader (`leancloud-export.ts`) and written by the store's
 * import, exactly as an export file is: ids decide what is new, so a page read twice adds
 * nothing. Web-standard: the caller gives the fetch, the clock and where the state is kept.
 */
import { md5 } from '../../shared/encoding/md5.js'
import type { CommentStore, ImportResult } from '../stores/store.js'
import { parseCommentLines, parseCounterLines, type LeanCloudClass, type ParseOptions } from './leancloud-export.js'

/** What a scan answers. */
export interface ScanPage {
  results: unknown[]
  cursor: string | null
}

export type LeanCloudFailure =
  /** 401: the master key or the app id is wrong. */
  | 'unauthorized'
  /** 1020: the region refuses this caller or this address. */
  | 'region'
  /** 140: the app's request quota is spent. */
  | 'quota'
  /** 429, 5xx, a timeout or a dropped connection, still failing after every retry. */
  | 'unavailable'
  /** Any other refusal, or an answer that is not a scan page. */
  | 'refused'

/** A request LeanCloud refused or never answered; its message never holds the key. */
export class LeanCloudApiError extends Error {
  constructor(
    readonly failure: LeanCloudFailure,
    /** What happened, in words: `HTTP 503`, `code 1020: …`, `the connection was dropped`. */
    readonly detail: string,
    readonly className: LeanCloudClass,
  ) {
    super(`${className}: ${detail}`)
    this.name = 'LeanCloudApiError'
  }
}

export interface ScanClientOptions {
  /** The app's REST address (`https://xxxx.lc-cn-n1-shared.com`, a custom domain, `https://xxxx.api.lncldglobal.com`). */
  apiUrl: string
  appId: string
  masterKey: string
  fetch?: typeof fetch
  /** Objects per page: LeanCloud's largest, 1,000, unless a test asks for fewer. */
  limit?: number
  /** Each request's time limit. */
  timeoutMs?: number
  /** Retries of one page after a 429, a 5xx, a timeout or a dropped connection. */
  retries?: number
  /** The wait before retry `attempt` (1-based) when the answer names none. */
  backoffMs?: (attempt: number) => number
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  now?: () => number
  /** Called before each wait, for the progress line. */
  onRetry?: (info: { className: LeanCloudClass; attempt: number; waitMs: number; reason: string }) => void
}

/** Longest wait a `Retry-After` may ask for; beyond it the wait is cut to this. */
const MAX_RETRY_AFTER_MS = 10 * 60_000

const defaultBackoff = (attempt: number): number => Math.min(30_000, 500 * 2 ** (attempt - 1)) * (0.75 + Math.random() * 0.5)

const defaultSleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal!.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })

/** `Retry-After` as milliseconds: seconds or an HTTP date. */
function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null || value.trim() === '') return undefined
  const v = value.trim()
  const ms = /^\d+$/.test(v) ? Number(v) * 1000 : Date.parse(v) - now
  return Number.isFinite(ms) ? Math.min(MAX_RETRY_AFTER_MS, Math.max(0, ms)) : undefined
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The app's REST address as a base URL, or a reason it is not one. */
export function apiBase(apiUrl: string): URL | string {
  let url: URL
  try {
    url = new URL(apiUrl)
  } catch {
    return `must be the app's REST address, e.g. https://xxxxxxxx.lc-cn-n1-shared.com, got "${apiUrl}"`
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `must be an http(s) address, got "${apiUrl}"`
  if (url.username || url.password || url.search || url.hash) return `must be a plain address (no user, query or fragment), got "${url.origin}…"`
  // A path the owner copied with /1.1 is taken off: the client adds it.
  url.pathname = url.pathname.replace(/\/+$/, '').replace(/\/1\.1$/, '') + '/'
  return url
}

export interface ScanClient {
  page(className: LeanCloudClass, cursor: string | null, signal?: AbortSignal): Promise<ScanPage>
}

/** The scan API with retries; `page` throws `LeanCloudApiError` once it gives up. */
export function scanClient(options: ScanClientOptions): ScanClient {
  const base = apiBase(options.apiUrl)
  if (typeof base === 'string') throw new TypeError(`API_URL ${base}`)
  const doFetch = options.fetch ?? fetch
  const limit = options.limit ?? 1000
  const timeoutMs = options.timeoutMs ?? 30_000
  const retries = options.retries ?? 5
  const backoff = options.backoffMs ?? defaultBackoff
  const sleep = options.sleep ?? defaultSleep
  const now = options.now ?? Date.now

  const headers = (): Record<string, string> => {
    const ts = String(now())
    return { 'X-LC-Id': options.appId, 'X-LC-Sign': `${md5(ts + options.masterKey)},${ts},master`, Accept: 'application/json' }
  }

  /** One request: a page, or what to do about the failure. */
  async function once(className: LeanCloudClass, cursor: string | null, signal?: AbortSignal): Promise<ScanPage | { retry: string; waitMs?: number } | LeanCloudApiError> {
    const url = new URL(`1.1/scan/classes/${className}`, base)
    url.searchParams.set('limit', String(limit))
    if (cursor !== null) url.searchParams.set('cursor', cursor)
    const timeout = AbortSignal.timeout(timeoutMs)
    const combined = signal ? AbortSignal.any([signal, timeout]) : timeout
    let response: Response
    let text: string
    try {
      response = await doFetch(url, { headers: headers(), signal: combined, redirect: 'error' })
      text = await response.text()
    } catch (err) {
      if (signal?.aborted) throw signal.reason
      if (timeout.aborted) return { retry: `no answer within ${timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`}` }
      return { retry: `the connection failed (${connectionReason(err)})` }
    }
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      body = undefined
    }
    const code = isPlainObject(body) && typeof body.code === 'number' ? body.code : undefined
    const said = isPlainObject(body) && typeof body.error === 'string' ? `: ${body.error.slice(0, 200)}` : ''
    if (response.ok && code === undefined) {
      if (isPlainObject(body) && Array.isArray(body.results) && (body.cursor === null || body.cursor === undefined || typeof body.cursor === 'string')) {
        return { results: body.results, cursor: typeof body.cursor === 'string' && body.cursor !== '' ? body.cursor : null }
      }
      return new LeanCloudApiError('refused', `HTTP ${response.status} with an answer that is not a scan page (${url.host} may not be LeanCloud's REST address)`, className)
    }
    // The body's code first: LeanCloud's own codes say more than the status.
    if (code === 1020) return new LeanCloudApiError('region', `code 1020${said}`, className)
    if (code === 140) return new LeanCloudApiError('quota', `code 140${said}`, className)
    if (code === 101 && response.status === 404) return { results: [], cursor: null }
    if (response.status === 401 || code === 401) return new LeanCloudApiError('unauthorized', `HTTP ${response.status}${code !== undefined ? ` code ${code}` : ''}${said}`, className)
    if (response.status === 429 || response.status >= 500) {
      return { retry: `HTTP ${response.status}${code !== undefined ? ` code ${code}` : ''}${said}`, waitMs: retryAfterMs(response.headers.get('retry-after'), now()) }
    }
    return new LeanCloudApiError('refused', `HTTP ${response.status}${code !== undefined ? ` code ${code}` : ''}${said}`, className)
  }

  return {
    async page(className, cursor, signal) {
      for (let attempt = 0; ; attempt++) {
        const outcome = await once(className, cursor, signal)
        if (outcome instanceof LeanCloudApiError) throw outcome
        if (!('retry' in outcome)) return outcome
        if (attempt >= retries) throw new LeanCloudApiError('unavailable', `${outcome.retry} (after ${retries + 1} tries)`, className)
        const waitMs = outcome.waitMs ?? backoff(attempt + 1)
        options.onRetry?.({ className, attempt: attempt + 1, waitMs, reason: outcome.retry })
        await sleep(waitMs, signal)
      }
    },
  }
}

/** Why a connection failed, from undici's error and its cause, without the address's query. */
function connectionReason(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } } | undefined)?.cause
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err))
}

/** Where one class stands: the cursor of the next page and what the pass did so far. */
export interface ClassProgress {
  /** The next page's cursor; null before the first page. */
  cursor: string | null
  done: boolean
  read: number
  added: number
  skipped: number
  bad: number
}

/** What a run keeps between runs (the state file). Never holds the key. */
export interface ImportState {
  version: 1
  apiUrl: string
  appId: string
  classes: Record<LeanCloudClass, ClassProgress>
}

export const freshProgress = (): ClassProgress => ({ cursor: null, done: false, read: 0, added: 0, skipped: 0, bad: 0 })

export function freshState(apiUrl: string, appId: string): ImportState {
  return { version: 1, apiUrl, appId, classes: { Comment: freshProgress(), Counter: freshProgress() } }
}

/** A state read back, or undefined when it is not one this version wrote. */
export function parseState(value: unknown): ImportState | undefined {
  if (!isPlainObject(value) || value.version !== 1 || typeof value.appId !== 'string' || typeof value.apiUrl !== 'string' || !isPlainObject(value.classes)) return undefined
  const classes = {} as Record<LeanCloudClass, ClassProgress>
  for (const name of ['Comment', 'Counter'] as const) {
    const c = value.classes[name]
    if (!isPlainObject(c)) return undefined
    const counts = ['read', 'added', 'skipped', 'bad'] as const
    if (!(c.cursor === null || typeof c.cursor === 'string') || typeof c.done !== 'boolean' || counts.some((k) => !Number.isSafeInteger(c[k]))) return undefined
    classes[name] = { cursor: c.cursor, done: c.done, read: c.read as number, added: c.added as number, skipped: c.skipped as number, bad: c.bad as number }
  }
  return { version: 1, apiUrl: value.apiUrl, appId: value.appId, classes }
}

/** A record left out, by its objectId (or its place in the page), with why. */
export interface BadRecord {
  className: LeanCloudClass
  id: string
  reason: string
}

export interface RunOptions {
  client: ScanClient
  /** Where records go; none for a dry run, which counts what would be imported. */
  store?: CommentStore
  state: ImportState
  /** Called after each page is in the store (and once a class is done): keep the state there. */
  saveState?: (state: ImportState) => Promise<void>
  parse?: ParseOptions
  onPage?: (state: ImportState, className: LeanCloudClass) => void
  onBad?: (bad: BadRecord) => void
  signal?: AbortSignal
}

/**
 * Reads both classes to their ends from where the state stands, a page at a time, each page one
 * store transaction followed by the state saved: a run cut anywhere loses at most a page, which
 * the next run reads again and finds already there. A state whose classes are both done starts a
 * new pass from the beginning (picking up comments written meanwhile; the rest is skipped).
 */
export async function runLeanCloudImport(opts: RunOptions): Promise<ImportState> {
  const { state } = opts
  if (state.classes.Comment.done && state.classes.Counter.done) state.classes = { Comment: freshProgress(), Counter: freshProgress() }
  const roots = new Map<string, string>()
  for (const className of ['Comment', 'Counter'] as const) {
    const progress = state.classes[className]
    while (!progress.done) {
      opts.signal?.throwIfAborted()
      const page = await opts.client.page(className, progress.cursor, opts.signal)
      // A cursor that does not move would read the same page for ever.
      if (page.cursor !== null && page.cursor === progress.cursor) throw new LeanCloudApiError('refused', 'the scan answered the cursor it was given, so it would never end', className)
      const outcome = await importPage(opts, className, page.results, roots)
      progress.read += page.results.length
      progress.added += outcome.added
      progress.skipped += outcome.skipped
      progress.bad += outcome.bad
      progress.cursor = page.cursor
      progress.done = page.cursor === null
      await opts.saveState?.(state)
      opts.onPage?.(state, className)
    }
  }
  return state
}

async function importPage(opts: RunOptions, className: LeanCloudClass, results: unknown[], roots: Map<string, string>): Promise<ImportResult & { bad: number }> {
  // One object a line, so a bad line's number is its place in the page.
  const idAt = (line: number): string => {
    const obj = results[line - 1]
    return isPlainObject(obj) && typeof obj.objectId === 'string' ? obj.objectId : `#${line} of the page`
  }
  if (className === 'Comment') await rootsFromEarlierPages(opts.store, results, roots)
  const text = results.map((r) => JSON.stringify(r)).join('\n')
  const parsed = className === 'Comment' ? await parseCommentLines(text, opts.parse) : parseCounterLines(text)
  for (const { line, reason } of parsed.bad) opts.onBad?.({ className, id: idAt(line), reason })
  let result: ImportResult = { added: parsed.records.length, skipped: 0 }
  if (opts.store !== undefined) {
    const written =
      className === 'Comment'
        ? (await opts.store.importRecords({ comments: parsed.records as Awaited<ReturnType<typeof parseCommentLines>>['records'], counters: [] })).comments
        : (await opts.store.importRecords({ comments: [], counters: parsed.records as ReturnType<typeof parseCounterLines>['records'] })).counters
    result = written
  }
  if (className === 'Comment') for (const c of parsed.records as { objectId: string; rid: string | null }[]) roots.set(c.objectId, c.rid ?? c.objectId)
  return { ...result, bad: parsed.bad.length }
}

/**
 * Valine before 1.3 wrote replies with `pid` only; the export reader finds their thread's root
 * within what it is given. A page is given alone, so a parent on an earlier page (this run's, or
 * one already in the store) lends its root here first.
 */
async function rootsFromEarlierPages(store: CommentStore | undefined, results: unknown[], roots: Map<string, string>): Promise<void> {
  const inPage = new Set(results.flatMap((r) => (isPlainObject(r) && typeof r.objectId === 'string' ? [r.objectId] : [])))
  for (const r of results) {
    if (!isPlainObject(r) || (typeof r.rid === 'string' && r.rid !== '') || typeof r.pid !== 'string' || r.pid === '' || inPage.has(r.pid)) continue
    let root = roots.get(r.pid)
    if (root === undefined && store !== undefined) {
      const parent = await store.getComment(r.pid)
      if (parent !== undefined) root = parent.rid ?? parent.objectId
    }
    if (root !== undefined) r.rid = root
  }
}
