/**
 * The adapters' one way to call a platform: fetch with JSON, the token header, and every
 * failure as a PlatformError carrying the HTTP status (0 when the request never got an answer)
 * and the platform's own message, so the widget can show it as the platform worded it.
 */
import { PlatformError } from '../platform.js'

export type Query = Record<string, string | number | boolean | null | undefined>

export interface HttpRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON (a URLSearchParams is sent as a form). */
  body?: unknown
  /** `Authorization: Bearer …` when given; Gitee passes its token as a parameter instead. */
  token?: string | null
  accept?: string
  /** `no-referrer` where the URL carries a token (Gitee's query), so no Referer repeats it. */
  referrerPolicy?: ReferrerPolicy
}

export interface HttpResponse<T> {
  status: number
  data: T
  headers: Headers
}

/** A base URL as configured, without trailing slashes. */
export const trimBase = (base: string): string => base.replace(/\/+$/, '')

/** `base` + `/path` + the query, leaving out empty values. */
export function url(base: string, path: string, query: Query = {}): string {
  const tail = path.replace(/^\/+/, '')
  const out = new URL(tail ? `${trimBase(base)}/${tail}` : base)
  for (const [name, value] of Object.entries(query)) if (value !== undefined && value !== null) out.searchParams.set(name, String(value))
  return out.href
}

/** The platform's words for a failure: GitHub/Gitee/GitLab `message`, OAuth `error_description`, Bitbucket `error.message`, GraphQL `errors[0].message`. */
export function messageOf(data: unknown): string | undefined {
  if (typeof data === 'string') return data.trim() ? data.trim().slice(0, 300) : undefined
  if (!data || typeof data !== 'object') return undefined
  const d = data as Record<string, unknown>
  const error = d.error
  if (error && typeof error === 'object' && typeof (error as Record<string, unknown>).message === 'string') return (error as Record<string, string>).message
  if (typeof d.error_description === 'string' && d.error_description) return d.error_description
  if (typeof d.message === 'string' && d.message) return d.message
  // GitLab's validation errors: {"message": {"body": ["can't be blank"]}}
  if (d.message && typeof d.message === 'object') {
    return Object.entries(d.message as Record<string, unknown>)
      .map(([field, why]) => `${field} ${Array.isArray(why) ? why.join(', ') : String(why)}`)
      .join('; ')
  }
  if (Array.isArray(d.errors) && d.errors[0] && typeof d.errors[0].message === 'string') return d.errors[0].message
  if (typeof error === 'string' && error) return error
  return undefined
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text()
  if (!text) return null
  if (/json/i.test(res.headers.get('content-type') ?? '') || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text)
    } catch {
      return text
    }
  }
  return text
}

/** One call; `target` is a full URL (see `url`). */
export async function http<T>(target: string, req: HttpRequest = {}): Promise<HttpResponse<T>> {
  const headers = new Headers({ Accept: req.accept ?? 'application/json' })
  if (req.token) headers.set('Authorization', `Bearer ${req.token}`)
  let body: BodyInit | undefined
  if (req.body instanceof URLSearchParams) {
    body = req.body
  } else if (req.body !== undefined) {
    headers.set('Content-Type', 'application/json')
    body = JSON.stringify(req.body)
  }
  let res: Response
  try {
    res = await fetch(target, { method: req.method ?? 'GET', headers, body, ...(req.referrerPolicy ? { referrerPolicy: req.referrerPolicy } : {}) })
  } catch (err) {
    // No answer at all (offline, DNS, CORS refusal): status 0, as a browser reports it.
    throw new PlatformError(0, err instanceof Error && err.message ? err.message : 'Network Error')
  }
  let data: unknown
  try {
    data = await readBody(res)
  } catch (err) {
    throw new PlatformError(0, err instanceof Error && err.message ? err.message : 'Network Error')
  }
  if (!res.ok) throw new PlatformError(res.status, messageOf(data) ?? `${res.status} ${res.statusText}`.trim())
  return { status: res.status, data: data as T, headers: res.headers }
}
