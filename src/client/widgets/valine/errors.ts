/**
 * What the box shows for a failure (spec §8): code 101 or -1 (nothing stored yet) is the empty
 * state; the codes Valine explained get their localised text; a rate limit (429) reads as "too
 * fast"; a service that cannot be reached says so, with a retry; other numeric codes show as
 * `Code N: message` and anything else as JSON.
 */
import type { Messages } from './i18n.js'

export type ShownError =
  | { kind: 'empty' }
  | { kind: 'message'; text: string; retry: boolean }

/** Codes that mean "no comments yet", not a fault. */
const EMPTY_CODES = [101, -1]
const RATE_LIMITED = 429

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null

/**
 * A failure that never reached the service: refused, reset, offline, timed out, or CORS. The
 * SDK reports those as code -1 with the browser's message ("Failed to fetch"), so -1 is read
 * by its message: only a -1 without a network message is the "empty" of spec §8.
 */
export function isUnreachable(err: unknown): boolean {
  if (!isRecord(err)) return false
  const code = err.code
  if (typeof code === 'number' && code !== 0 && code !== -1) return false
  const text = `${String(err.name ?? '')} ${String(err.message ?? '')} ${String(err.rawMessage ?? '')} ${typeof code === 'string' ? code : ''}`
  return /failed to fetch|networkerror|network error|load failed|ECONN|ENOTFOUND|EAI_AGAIN|timeout|timed out|request has been terminated|offline/i.test(text)
}

/** The JSON of an error, its message included (an Error's own fields are not enumerable). */
function asJson(err: unknown): string {
  if (!isRecord(err)) return JSON.stringify(err) ?? String(err)
  const out: Record<string, unknown> = {}
  if (err instanceof Error) out.error = err.message
  for (const [k, v] of Object.entries(err)) if (k !== 'stack' && k !== 'response') out[k] = v
  try {
    return JSON.stringify(out)
  } catch {
    return String(err)
  }
}

/** Seconds to wait: the service's `retryAfter`, which the SDK copies from the answer onto its error. */
function retryAfter(err: Record<string, unknown>): number | undefined {
  const s = err.retryAfter
  return typeof s === 'number' && Number.isFinite(s) && s > 0 ? Math.ceil(s) : undefined
}

export function describeError(err: unknown, t: Messages): ShownError {
  if (isUnreachable(err)) return { kind: 'message', text: t.unreachable, retry: true }
  const code = isRecord(err) && typeof err.code === 'number' ? err.code : undefined
  if (code === undefined) return { kind: 'message', text: asJson(err), retry: false }
  if (EMPTY_CODES.includes(code)) return { kind: 'empty' }
  if (code === RATE_LIMITED) return { kind: 'message', text: t.tooFast(retryAfter(err as Record<string, unknown>)), retry: false }
  const localised = t.codes[code]
  const message = localised ?? String((err as { message?: unknown }).message ?? '')
  return { kind: 'message', text: `Code ${code}: ${message}`, retry: false }
}
