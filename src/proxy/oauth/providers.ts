/**
 * The OAuth providers whose code exchange the service does with its own client secret
 * (design.md §8, comment login): where each token endpoint is, how each wants the exchange
 * sent, and how each answers. The shapes follow the providers' documentation:
 *
 * - GitHub: "Authorizing OAuth apps" (POST `/login/oauth/access_token` with `client_id`,
 *   `client_secret`, `code`, `redirect_uri`, `code_verifier`; `Accept: application/json`) and
 *   "Troubleshooting OAuth app access token request errors" (errors such as
 *   `bad_verification_code` come back as HTTP 200 with an `error` field).
 * - Gitee v5: the OAuth guide (POST `/oauth/token` with `grant_type=authorization_code`,
 *   `code`, `client_id`, `redirect_uri`, `client_secret`); errors are OAuth 2 bodies
 *   (`{error, error_description}`) or, from its API gateway, `{message}`.
 * - Bitbucket Cloud: developer.atlassian.com/cloud/bitbucket/oauth-2 (POST
 *   `/site/oauth2/access_token`, client id and secret as HTTP Basic, form body
 *   `grant_type=authorization_code&code=…`); errors are `{error, error_description}` with 400.
 *
 * Web-standard only: the edge worker runs it as it is.
 */
import type { ProxyOptions } from '../options.js'
import { PLATFORMS, type LoginPlatform, type PlatformId } from './platforms.js'

/** What the service must know of a provider to exchange a code at its token endpoint (its record's part). */
export type ProviderSpec = Pick<LoginPlatform, 'tokenPath' | 'auth' | 'accept' | 'grantType'>

export type OAuthPlatform = PlatformId

/** Each platform's record by its id: the code exchange (`/oauth/…/token`) and `/cors/` both read it. */
export const PROVIDERS = Object.fromEntries(PLATFORMS.map((p): [OAuthPlatform, LoginPlatform] => [p.id, p])) as Record<OAuthPlatform, LoginPlatform>

export interface OAuthProvider {
  platform: OAuthPlatform
  /** The token endpoint, exact (`https://github.com/login/oauth/access_token`). */
  tokenUrl: string
  clientId: string
  clientSecret: string
}

/** The widget's platform names (`github-v4` logs in as `github` does). */
export const PLATFORM_ALIASES: Record<string, OAuthPlatform> = Object.fromEntries(PLATFORMS.flatMap((p) => [p.id, ...p.aliases].map((name) => [name, p.id])))

/** The providers with both a client id and a secret configured. */
export function configuredProviders(options: ProxyOptions): OAuthProvider[] {
  return PLATFORMS.flatMap((p) => {
    const { clientId, clientSecret, url } = options.providers[p.id]
    if (!clientId || !clientSecret) return []
    const tokenUrl = new URL(url.replace(/\/+$/, '') + p.tokenPath).href
    return [{ platform: p.id, clientId, clientSecret, tokenUrl }]
  })
}

/** The provider's record. */
export const specOf = (provider: OAuthProvider): ProviderSpec => PROVIDERS[provider.platform]

/** The `Authorization` header of a provider that takes its client as HTTP Basic. */
export const basicAuth = (provider: OAuthProvider): string => `Basic ${btoa(`${provider.clientId}:${provider.clientSecret}`)}`

export interface ExchangeParams {
  code: string
  redirectUri: string
  codeVerifier?: string
}

/** The request to the provider's token endpoint for an authorization code. */
export function tokenRequest(provider: OAuthProvider, params: ExchangeParams): { url: string; init: RequestInit } {
  const spec = specOf(provider)
  const form = new URLSearchParams()
  const headers = new Headers({ Accept: spec.accept ?? 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' })
  if (spec.grantType) form.set('grant_type', spec.grantType)
  if (spec.auth === 'basic') headers.set('Authorization', basicAuth(provider))
  else {
    form.set('client_id', provider.clientId)
    form.set('client_secret', provider.clientSecret)
  }
  form.set('code', params.code)
  form.set('redirect_uri', params.redirectUri)
  if (params.codeVerifier) form.set('code_verifier', params.codeVerifier)
  return { url: provider.tokenUrl, init: { method: 'POST', headers, body: form.toString() } }
}

/** A form body as a record (the last value of a repeated name wins). */
export function formRecord(body: string): Record<string, string> {
  const out: Record<string, string> = {}
  new URLSearchParams(body).forEach((value, name) => {
    out[name] = value
  })
  return out
}

export interface OAuthErrorBody {
  error: string
  error_description: string
}

export type TokenOutcome =
  | { ok: true; body: Record<string, unknown> }
  | { ok: false; status: 400 | 429 | 502; body: OAuthErrorBody }

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v.slice(0, 300) : undefined)

/**
 * A provider's answer read as success or a clean error. An `error` field is a failure whatever
 * the status (GitHub answers 200 with it); Gitee's `{message}` and Bitbucket's
 * `error_description` become `error_description`. Provider errors are 400 (429 when the provider
 * limits us); a provider that answers nothing readable is 502.
 */
export function readTokenResponse(status: number, bodyText: string, contentType: string): TokenOutcome {
  let body: Record<string, unknown> | undefined
  if (/json/i.test(contentType) || /^\s*\{/.test(bodyText)) {
    try {
      const parsed: unknown = JSON.parse(bodyText)
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>
    } catch {
      body = undefined
    }
  } else if (/x-www-form-urlencoded/i.test(contentType)) {
    body = formRecord(bodyText)
  }
  const errorStatus = status === 429 ? 429 : 400
  if (body && (text(body.error) || text(body.message) || (status >= 400 && status < 500 && text(body.error_description)))) {
    const error = text(body.error) ?? (status === 401 ? 'invalid_client' : 'provider_error')
    const description = text(body.error_description) ?? text(body.message) ?? error
    if (status >= 500) return { ok: false, status: 502, body: { error: 'provider_unavailable', error_description: description } }
    return { ok: false, status: errorStatus, body: { error, error_description: description } }
  }
  if (status >= 200 && status < 300 && body && text(body.access_token)) return { ok: true, body }
  if (status >= 400 && status < 500) return { ok: false, status: errorStatus, body: { error: 'provider_error', error_description: `The provider refused the exchange (HTTP ${status}).` } }
  return { ok: false, status: 502, body: { error: 'provider_unavailable', error_description: 'The provider did not answer with a token.' } }
}

/**
 * Whether a `redirect_uri` is on the allowlist: parsed, http(s), no credentials, the exact
 * origin of an entry and its path or a path below it (on a segment boundary). Never a string
 * prefix test: `https://site.example.evil.example` and `https://site.example@evil.example`
 * are other hosts.
 */
export function redirectAllowed(candidate: string, allowed: readonly string[]): boolean {
  // Backslashes and control characters are read differently by browsers and parsers.
  if (candidate.length > 2048 || /[\\\s\u0000-\u001f]/.test(candidate)) return false
  // Dot segments and encoded dots or slashes: a path that reads one way here and another there.
  if (/\/\.{1,2}(?:[/?#]|$)|%2e|%2f|%5c/i.test(candidate)) return false
  let url: URL
  try {
    url = new URL(candidate)
  } catch {
    return false
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) return false
  // Only the canonical form: what the provider compares is what was checked.
  if (!/^https?:\/\/[^/?#@]+/i.test(candidate)) return false
  for (const entry of allowed) {
    const base = new URL(entry)
    if (base.origin !== url.origin) continue
    const prefix = base.pathname
    if (url.pathname === prefix) return true
    const dir = prefix.endsWith('/') ? prefix : `${prefix}/`
    if (url.pathname.startsWith(dir)) return true
  }
  return false
}
