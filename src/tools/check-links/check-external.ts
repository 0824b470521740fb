import { STATUS_CODES } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import { Agent, interceptors, request, type Dispatcher } from 'undici'
import type { ExternalResult } from './link-cache.js'

export interface ExternalCheckOptions {
  /** Per request: connecting, waiting for headers, reading. */
  timeoutMs: number
  /** Extra attempts after a 429, a 5xx or a dropped connection. */
  retries: number
  /** Links checked at once, over all hosts. */
  concurrency: number
  /** Open connections per host (undici keeps one pool per origin). */
  connectionsPerHost: number
  /** A longer Retry-After is not waited for: the link is reported as rate-limited. */
  maxRetryAfterMs: number
  /** First back-off when the server gives no Retry-After; doubles on each retry. */
  backoffMs: number
}

export const EXTERNAL_DEFAULTS: ExternalCheckOptions = {
  timeoutMs: 10_000,
  retries: 2,
  concurrency: 8,
  connectionsPerHost: 2,
  maxRetryAfterMs: 30_000,
  backoffMs: 500,
}

export interface ExternalCheck extends ExternalResult {
  /** Retries made after the first attempt. */
  retries: number
}

type Attempt = { status: number; retryAfter?: string } | { error: string; timeout: boolean; transient: boolean }

const USER_AGENT = 'Mozilla/5.0 (compatible; gptnotes-check-links/1.0)'
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])
const TRANSIENT_CODES = new Set(['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'])

/**
 * Check http(s) URLs: HEAD first, GET when HEAD is refused (405/501) or fails; retries with
 * back-off on 429 and 5xx, honouring Retry-After; redirects followed. Each URL is asked once.
 */
export async function checkExternal(urls: string[], options: Partial<ExternalCheckOptions> = {}): Promise<Map<string, ExternalCheck>> {
  const opts = { ...EXTERNAL_DEFAULTS, ...options }
  const agent = new Agent({
    connections: opts.connectionsPerHost,
    connect: { timeout: opts.timeoutMs },
    headersTimeout: opts.timeoutMs,
    bodyTimeout: opts.timeoutMs,
  })
  const dispatcher = agent.compose(interceptors.redirect({ maxRedirections: 5 }))
  const results = new Map<string, ExternalCheck>()
  const queue = [...new Set(urls)]
  const worker = async () => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) results.set(url, await checkOne(url, dispatcher, opts))
  }
  try {
    await Promise.all(Array.from({ length: Math.min(opts.concurrency, queue.length) }, worker))
  } finally {
    await agent.destroy()
  }
  return results
}

async function checkOne(url: string, dispatcher: Dispatcher, opts: ExternalCheckOptions): Promise<ExternalCheck> {
  for (let retries = 0; ; retries++) {
    let attempt = await send(url, 'HEAD', dispatcher, opts)
    // Many servers refuse or mishandle HEAD; a 429 is a real answer, so it is waited on instead.
    if ('error' in attempt ? !attempt.timeout : attempt.status >= 400 && attempt.status !== 429) attempt = await send(url, 'GET', dispatcher, opts)
    if ('status' in attempt && attempt.status >= 200 && attempt.status < 300) return { ok: true, status: attempt.status, retries }
    const retryable = 'error' in attempt ? attempt.transient : attempt.status === 429 || attempt.status >= 500
    const after = retries < opts.retries && retryable ? waitBeforeRetry(attempt, retries, opts) : undefined
    if (after === undefined || after > opts.maxRetryAfterMs) return { ok: false, ...describe(attempt, retries, opts, after), retries }
    await sleep(after)
  }
}

async function send(url: string, method: 'HEAD' | 'GET', dispatcher: Dispatcher, opts: ExternalCheckOptions): Promise<Attempt> {
  try {
    const res = await request(url, {
      method,
      dispatcher,
      headers: { 'user-agent': USER_AGENT, accept: method === 'GET' ? 'text/html,*/*;q=0.8' : '*/*' },
      signal: AbortSignal.timeout(opts.timeoutMs),
    })
    // Only the status matters; drain a little of the body so the connection can be reused.
    await res.body.dump({ limit: 64 * 1024 }).catch(() => undefined)
    const retryAfter = res.headers['retry-after']
    return { status: res.statusCode, retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter }
  } catch (err) {
    const e = err as Error & { code?: string; cause?: { code?: string } }
    const code = e.code ?? e.cause?.code ?? ''
    return {
      error: code || e.message,
      timeout: e.name === 'TimeoutError' || TIMEOUT_CODES.has(code),
      transient: TRANSIENT_CODES.has(code),
    }
  }
}

/** Milliseconds to wait: the server's Retry-After (seconds or a date) or exponential back-off. */
function waitBeforeRetry(attempt: Attempt, retries: number, opts: ExternalCheckOptions): number {
  const header = 'status' in attempt ? attempt.retryAfter?.trim() : undefined
  if (header) {
    if (/^\d+$/.test(header)) return Number(header) * 1000
    const date = Date.parse(header)
    if (!Number.isNaN(date)) return Math.max(0, date - Date.now())
  }
  return opts.backoffMs * 2 ** retries
}

function describe(attempt: Attempt, retries: number, opts: ExternalCheckOptions, after: number | undefined): { status?: number; reason: string } {
  const tries = retries > 0 ? ` (after ${retries} ${retries === 1 ? 'retry' : 'retries'})` : ''
  if ('error' in attempt) {
    if (attempt.timeout) return { reason: `timed out after ${opts.timeoutMs} ms${tries}` }
    const what = attempt.error === 'ENOTFOUND' ? 'host not found' : attempt.error === 'ECONNREFUSED' ? 'connection refused' : `request failed: ${attempt.error}`
    return { reason: `${what}${tries}` }
  }
  const text = `HTTP ${attempt.status}${STATUS_CODES[attempt.status] ? ' ' + STATUS_CODES[attempt.status] : ''}`
  if (after !== undefined) return { status: attempt.status, reason: `${text}: Retry-After ${Math.ceil(after / 1000)} s is too long to wait${tries}` }
  if (attempt.status >= 300 && attempt.status < 400) return { status: attempt.status, reason: `${text}: redirect not followed (a loop or no Location)${tries}` }
  return { status: attempt.status, reason: `${text}${tries}` }
}
