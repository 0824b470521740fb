/**
 * Comment login (design.md §8): `POST /oauth/:platform/token` exchanges an authorization code
 * with the client secret only the service holds, and `/cors/<token endpoint URL>` is the
 * drop-in proxy for sites that still run the original Vssue client. Neither is a relay: the
 * only outbound requests go to the configured providers' token endpoints, exactly as
 * configured, with POST, no redirects followed, bounded in size and time. Errors are OAuth
 * style `{error, error_description}` with a 4xx (5xx only when the provider fails), never a
 * 200. Both routes are rate limited per IP in the store.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { limitsOn } from '../policy/limits.js'
import { ipHash } from '../policy/privacy.js'
import { basicAuth, configuredProviders, formRecord, specOf, PLATFORM_ALIASES, readTokenResponse, redirectAllowed, tokenRequest, type OAuthErrorBody, type OAuthProvider } from '../oauth/providers.js'
import type { ProxyEnv, Services } from './context.js'

/** Longest wait for a provider. */
export const UPSTREAM_TIMEOUT_MS = 10_000
/** Largest provider answer read. */
export const UPSTREAM_MAX_BYTES = 64 * 1024

export function oauthError(c: Context, status: number, error: string, description: string): Response {
  c.header('Cache-Control', 'no-store')
  return c.json({ error, error_description: description } satisfies OAuthErrorBody, status as ContentfulStatusCode)
}

/** Browsers from other origins are refused (no outbound request); per-IP rate limit in the store. */
export function oauthGuard(): MiddlewareHandler<ProxyEnv> {
  return async (c, next) => {
    const svc = c.var.services
    const origin = c.req.header('origin')
    if (origin !== undefined && !svc.options.origins.includes(origin)) return oauthError(c, 403, 'origin_not_allowed', 'This origin is not allowed.')
    if (c.req.method === 'OPTIONS') return next()
    const claim = await limitsOn(svc.store, svc.options).login(await ipHash(svc.clientIp(c), svc.salt), svc.now())
    if (!claim.granted) {
      c.header('Retry-After', String(claim.retryAfterSeconds))
      return oauthError(c, 429, 'rate_limited', `At most ${svc.options.limits.oauthPerMinute} token requests a minute from one address.`)
    }
    await next()
  }
}

/** `GPTNOTES_REDIRECT_URIS`, or every page of the allowed origins. */
const allowedRedirects = (svc: Services): readonly string[] => (svc.options.redirectUris.length ? svc.options.redirectUris : svc.options.origins.map((o) => `${o}/`))

/** The request's parameters from a JSON object or a form body. */
async function readParams(req: Request): Promise<Record<string, string> | undefined> {
  const type = req.headers.get('content-type') ?? ''
  const raw = await req.text()
  if (raw.trim() === '') return {}
  if (/json/i.test(type) || (!/form/i.test(type) && /^\s*\{/.test(raw))) {
    try {
      const parsed: unknown = JSON.parse(raw)
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined
      const out: Record<string, string> = {}
      for (const [k, v] of Object.entries(parsed)) {
        if (typeof v === 'string') out[k] = v
        else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v)
        else if (v !== null && v !== undefined) return undefined
      }
      return out
    } catch {
      return undefined
    }
  }
  return formRecord(raw)
}

type Upstream = { ok: true; status: number; contentType: string; text: string } | { ok: false; status: 502 | 504; error: string; description: string }

/** One POST to a token endpoint: no redirects followed, bounded in time and size. */
async function callProvider(svc: Services, url: string, init: RequestInit): Promise<Upstream> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), UPSTREAM_TIMEOUT_MS)
  try {
    const res = await svc.fetch(url, { ...init, redirect: 'manual', signal: controller.signal })
    if ((res.status >= 300 && res.status < 400) || res.type === 'opaqueredirect') {
      await res.body?.cancel().catch(() => undefined)
      return { ok: false, status: 502, error: 'provider_unavailable', description: 'The provider answered with a redirect, which is not followed.' }
    }
    const chunks: Uint8Array[] = []
    let size = 0
    if (res.body) {
      const reader = res.body.getReader()
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        size += value.byteLength
        if (size > UPSTREAM_MAX_BYTES) {
          await reader.cancel().catch(() => undefined)
          return { ok: false, status: 502, error: 'provider_unavailable', description: 'The provider’s answer is too large.' }
        }
        chunks.push(value)
      }
    }
    const bytes = new Uint8Array(size)
    let at = 0
    for (const chunk of chunks) {
      bytes.set(chunk, at)
      at += chunk.byteLength
    }
    return { ok: true, status: res.status, contentType: res.headers.get('content-type') ?? '', text: new TextDecoder().decode(bytes) }
  } catch {
    if (controller.signal.aborted) return { ok: false, status: 504, error: 'provider_timeout', description: 'The provider did not answer in time.' }
    return { ok: false, status: 502, error: 'provider_unavailable', description: 'The provider could not be reached.' }
  } finally {
    clearTimeout(timer)
  }
}

/** `POST /oauth/:platform/token` → `{access_token, token_type, scope}`. */
export function oauthRoutes(): Hono<ProxyEnv> {
  const oauth = new Hono<ProxyEnv>()
  oauth.use('*', oauthGuard())

  oauth.post('/:platform/token', async (c) => {
    const svc = c.var.services
    const platform = PLATFORM_ALIASES[c.req.param('platform')]
    const provider = configuredProviders(svc.options).find((p) => p.platform === platform)
    if (!provider) return oauthError(c, 404, 'unsupported_platform', 'This platform is not configured on the service.')
    const params = await readParams(c.req.raw)
    if (!params) return oauthError(c, 400, 'invalid_request', 'The body must be a JSON object or a form.')
    const { code, redirect_uri: redirectUri, code_verifier: codeVerifier } = params
    if (!code || code.length > 512) return oauthError(c, 400, 'invalid_request', 'code is required.')
    if (codeVerifier !== undefined && !/^[A-Za-z0-9._~-]{43,128}$/.test(codeVerifier)) return oauthError(c, 400, 'invalid_request', 'code_verifier is not a PKCE verifier.')
    if (!redirectUri || !redirectAllowed(redirectUri, allowedRedirects(svc))) return oauthError(c, 400, 'invalid_redirect_uri', 'redirect_uri is not on the service’s list.')
    const { url, init } = tokenRequest(provider, { code, redirectUri, codeVerifier })
    const upstream = await callProvider(svc, url, init)
    if (!upstream.ok) return oauthError(c, upstream.status, upstream.error, upstream.description)
    const outcome = readTokenResponse(upstream.status, upstream.text, upstream.contentType)
    if (!outcome.ok) return oauthError(c, outcome.status, outcome.body.error, outcome.body.error_description)
    const { access_token, token_type, scope } = outcome.body
    c.header('Cache-Control', 'no-store')
    return c.json({ access_token, token_type: typeof token_type === 'string' ? token_type : 'bearer', scope: typeof scope === 'string' ? scope : '' })
  })

  oauth.all('*', (c) => oauthError(c, 404, 'not_found', 'No such route.'))
  return oauth
}

/**
 * The configured endpoint a `/cors/` target names, or undefined. The target must be exactly a
 * configured token endpoint (string equality of the canonical URL; a query string may follow):
 * no other host or path, no userinfo, no dot segments or percent tricks, no fragment.
 */
export function corsTarget(raw: string, providers: OAuthProvider[]): { provider: OAuthProvider; url: URL } | undefined {
  if (raw.length > 4096 || /[\\\s\u0000-\u001f#]/.test(raw)) return undefined
  const q = raw.indexOf('?')
  const base = q === -1 ? raw : raw.slice(0, q)
  if (base.includes('%') || base.includes('@')) return undefined
  const provider = providers.find((p) => p.tokenUrl === base)
  if (!provider) return undefined
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return undefined
  }
  if (url.origin + url.pathname !== provider.tokenUrl || url.username || url.password) return undefined
  return { provider, url }
}

/**
 * The request target as the client sent it. On Node the adapter's bindings hold the incoming
 * message, whose `url` is the target before any parsing (the Request's URL has its dot
 * segments, `%2e` forms included, already resolved). Edge runtimes give only the parsed URL:
 * workerd resolves dot segments before the worker runs, so there a dotted target is read as the
 * endpoint it resolves to (never another path or host).
 */
function sentTarget(c: Context<ProxyEnv>): string {
  const incoming = (c.env as { incoming?: { url?: unknown } } | undefined)?.incoming
  return typeof incoming?.url === 'string' ? incoming.url : c.req.url
}

/** The path and query of a target in absolute form (`http://host/cors/…`), or the target as it is. */
const originForm = (target: string): string => (target.startsWith('/') ? target : target.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, ''))

/** Request headers passed on to the provider; everything else (Cookie, Authorization…) stays here. */
const FORWARDED_REQUEST_HEADERS = ['accept', 'content-type']

/** `/cors/<token endpoint URL>`: the original Vssue client's proxy, reduced to the token exchange. */
export function corsProxyRoutes(): Hono<ProxyEnv> {
  const proxy = new Hono<ProxyEnv>()
  proxy.use('*', oauthGuard())

  proxy.all('*', async (c) => {
    const svc = c.var.services
    // The target as the client sent it, after `/cors/`: never a decoded or normalised path.
    const path = originForm(sentTarget(c))
    const raw = path.startsWith('/cors/') ? path.slice('/cors/'.length) : ''
    const target = corsTarget(raw, configuredProviders(svc.options))
    if (!target) return oauthError(c, 403, 'forbidden_target', 'Only the configured providers’ token endpoints can be reached through this proxy.')
    if (c.req.method !== 'POST') return oauthError(c, 403, 'forbidden_method', 'Only POST is proxied.')
    const { provider, url } = target
    const params = await readParams(c.req.raw)
    if (!params) return oauthError(c, 400, 'invalid_request', 'The body must be a JSON object or a form.')
    const query = url.searchParams
    // One place per parameter: a provider may read the query or the body first, so a name in
    // both (or twice in the query) could be checked here in one value and used there in another.
    const names: string[] = []
    query.forEach((_, name) => names.push(name))
    const twice = names.find((name, i) => names.indexOf(name) !== i || Object.hasOwn(params, name))
    if (twice !== undefined) return oauthError(c, 400, 'invalid_request', 'A parameter is sent twice (in the query and the body, or twice in the query).')
    const clientId = params.client_id ?? query.get('client_id') ?? provider.clientId
    if (clientId !== provider.clientId) return oauthError(c, 403, 'forbidden_client', 'This client_id is not the one configured on the service.')
    const redirectUri = params.redirect_uri ?? query.get('redirect_uri') ?? undefined
    if (redirectUri !== undefined && !redirectAllowed(redirectUri, allowedRedirects(svc))) return oauthError(c, 400, 'invalid_redirect_uri', 'redirect_uri is not on the service’s list.')
    // The original client insists on a secret option, so pages pass '': the service's is added.
    if (!query.get('client_secret')) query.delete('client_secret')
    if (!params.client_secret && !query.get('client_secret')) params.client_secret = provider.clientSecret
    if (!params.client_id && !query.get('client_id')) params.client_id = provider.clientId

    const headers = new Headers()
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = c.req.header(name)
      if (value !== undefined) headers.set(name, value)
    }
    const spec = specOf(provider)
    if (spec.accept) headers.set('Accept', spec.accept)
    if (spec.auth === 'basic') headers.set('Authorization', basicAuth(provider))
    const json = /json/i.test(c.req.header('content-type') ?? '')
    headers.set('Content-Type', json ? 'application/json' : 'application/x-www-form-urlencoded')
    const body = json ? JSON.stringify(params) : new URLSearchParams(params).toString()

    const upstream = await callProvider(svc, url.href, { method: 'POST', headers, body })
    if (!upstream.ok) return oauthError(c, upstream.status, upstream.error, upstream.description)
    const outcome = readTokenResponse(upstream.status, upstream.text, upstream.contentType)
    if (!outcome.ok) return oauthError(c, outcome.status, outcome.body.error, outcome.body.error_description)
    // Only the body and its type come back: no Set-Cookie, hop-by-hop or Connection-named header.
    c.header('Cache-Control', 'no-store')
    return c.json(outcome.body)
  })
  return proxy
}
