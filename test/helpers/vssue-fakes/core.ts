/**
 * The plumbing every platform fake shares: a node:http server on a loopback port, the request
 * log (every request as it arrived, so a test can prove what was or was not sent), body
 * parsing, JSON answers and CORS. Each platform's file decides what the routes answer.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface LoggedRequest {
  platform: string
  method: string
  /** The path as sent (still percent-encoded). */
  path: string
  query: Record<string, string>
  headers: IncomingHttpHeaders
  body: string
}

export interface Call {
  req: IncomingMessage
  res: ServerResponse
  method: string
  /** Path segments, each decoded (GitLab's `owner%2Frepo` stays one segment). */
  segments: string[]
  query: URLSearchParams
  /** Query and body parameters together (the body wins), for form, JSON and query styles. */
  params: Record<string, unknown>
  body: string
  origin: string | undefined
}

export type Handler = (call: Call) => unknown

export interface FakeServer {
  url: string
  close(): Promise<void>
}

export function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return
  if (body === null || body === undefined) {
    res.writeHead(status, headers)
    res.end()
    return
  }
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers })
  res.end(JSON.stringify(body))
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { Location: location })
  res.end()
}

function parseBody(type: string, body: string): Record<string, unknown> {
  if (!body) return {}
  if (/json/.test(type) || /^\s*\{/.test(body)) {
    try {
      const parsed: unknown = JSON.parse(body)
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {}
    } catch {
      return {}
    }
  }
  return Object.fromEntries(new URLSearchParams(body))
}

/** CORS for the APIs: any page may call them, as api.github.com and the others allow. */
export function apiCors(res: ServerResponse, expose: string[] = []): void {
  res.setHeader('Access-Control-Allow-Origin', '*')
  if (expose.length) res.setHeader('Access-Control-Expose-Headers', expose.join(', '))
}

/** The answer to a preflight the platform accepts. */
export function preflight(res: ServerResponse, origin: string | undefined, allowHeaders = 'Authorization, Content-Type, Accept'): void {
  res.writeHead(204, {
    'Access-Control-Allow-Origin': origin ?? '*',
    'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': allowHeaders,
    'Access-Control-Max-Age': '600',
  })
  res.end()
}

export async function startServer(platform: string, log: LoggedRequest[], handle: Handler): Promise<FakeServer> {
  const server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      const raw = req.url ?? '/'
      const parsed = new URL(raw, 'http://fake')
      const query = parsed.searchParams
      log.push({ platform, method: req.method ?? '', path: raw.split('?')[0], query: Object.fromEntries(query), headers: req.headers, body })
      const segments = parsed.pathname.split('/').filter(Boolean).map((s) => decodeURIComponent(s))
      const params = { ...Object.fromEntries(query), ...parseBody(req.headers['content-type'] ?? '', body) }
      const call: Call = { req, res, method: req.method ?? 'GET', segments, query, params, body, origin: req.headers.origin }
      Promise.resolve(handle(call)).catch((err: unknown) => send(res, 500, { message: String(err) }))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A small grey square, so avatars in browser tests load from the fake. */
export const AVATAR_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#ccc"/></svg>'

export function avatar(res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'image/svg+xml', 'Access-Control-Allow-Origin': '*' })
  res.end(AVATAR_SVG)
}

/** `Bearer x` or `token x` from the Authorization header. */
export function bearer(call: Call): string | undefined {
  const match = /^(?:bearer|token)\s+(\S+)$/i.exec(call.req.headers.authorization ?? '')
  return match?.[1]
}

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined)
