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

export type OAuthPlatform = 'github' | 'gitee' | 'bitbucket'

export interface OAuthProvider {
  platform: OAuthPlatform
  /** The token endpoint, exact (`https://github.com/login/oauth/access_token`). */
  tokenUrl: string
  clientId: string
  clientSecret: string
}

/** The widget's platform names (`github-v4` logs in as `github` does). */
export const PLATFORM_ALIASES: Record<string, OAuthPlatform> = { github: 'github', 'github-v4': 'github', gitee: 'gitee', bitbucket: 'bitbucket' }

const TOKEN_PATHS: Record<OAuthPlatform, string> = {
  github: '/login/oauth/access_token',
  gitee: '/oauth/token',
  bitbucket: '/site/oauth2/access_token',
}

/** The providers with both a client id and a secret configured. */
export function configuredProviders(options: ProxyOptions): OAuthProvider[] {
  const entries: [OAuthPlatform, string | undefined, string | undefined, string][] = [
    ['github', options.githubClientId, options.githubClientSecret, options.githubUrl],
    ['gitee', options.giteeClientId, options.giteeClientSecret, options.giteeUrl],
    ['bitbucket', options.bitbucketClientId, options.bitbucketClientSecret, options.bitbucketUrl],
  ]
  const out: OAuthProvider[] = []
  for (const [platform, clientId, clientSecret, base] of entries) {
    if (!clientId || !clientSecret) continue
    out.push({ platform, clientId, clientSecret, tokenUrl: new URL(base.replace(/\/+$/, '') + TOKEN_PATHS[platform]).href })
  }
  return out
}

export interface ExchangeParams {
  code: string
  redirectUri: string
  codeVerifier?: string
}

/** The request to the provider's token endpoint for an authorization code. */
export function tokenRequest(provider: OAuthProvider, params: ExchangeParams): { url: string; init: RequestInit } {
  const form = new URLSearchParams()
  const headers = new Headers({ Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' })
  if (provider.platform === 'bitbucket') {
    headers.set('Authorization', `Basic ${btoa(`${provider.clientId}:${provider.clientSecret}`)}`)
    form.set('grant_type', 'authorization_code')
    form.set('code', params.code)
    form.set('redirect_uri', params.redirectUri)
  } else {
    if (provider.platform === 'gitee') form.set('grant_type', 'authorization_code')
    form.set('client_id', provider.clientId)
    form.set('client_secret', provider.clientSecret)
    form.set('code', params.code)
    form.set('redirect_uri', params.redirectUri)
  }
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
