/**
 * Login for widget B: the authorization-code flow with a random `state` kept in this tab's
 * session storage (a redirect whose state does not match is ignored, so a forged login link
 * does nothing), PKCE S256 for GitLab, the code exchanged through `platform.exchangeCode` (the
 * comment service; no client secret is in the page), the token in local storage under Vssue's
 * per-platform key, and the code and state removed from the address once read.
 */
import { base64url } from '../../../shared/encoding/base64url.js'
import type { PlatformName } from './platform.js'

/** What the widget needs of `window`: tests pass their own. */
export interface AuthEnv {
  localStorage: Storage
  sessionStorage: Storage
  location: { href: string; assign(url: string): void }
  history: { replaceState(data: unknown, unused: string, url?: string): void; state: unknown }
  crypto: Crypto
}

/** Vssue's key, so a reader logged in under the original stays logged in. */
export const tokenKey = (platform: PlatformName): string => `Vssue.${platform}.access_token`
const stateKey = (platform: PlatformName) => `Vssue.${platform}.state`
const verifierKey = (platform: PlatformName) => `Vssue.${platform}.code_verifier`

/** The callback's parameters, removed from the address after they are read. */
const CALLBACK_PARAMS = ['code', 'state', 'error', 'error_description', 'error_uri']

function safely<T>(f: () => T, fallback: T): T {
  try {
    return f()
  } catch {
    return fallback // Storage refused (private mode, quota): behave as logged out.
  }
}

export function readToken(env: AuthEnv, platform: PlatformName): string | null {
  return safely(() => env.localStorage.getItem(tokenKey(platform)), null) || null
}

export function saveToken(env: AuthEnv, platform: PlatformName, token: string | null): void {
  safely(() => (token ? env.localStorage.setItem(tokenKey(platform), token) : env.localStorage.removeItem(tokenKey(platform))), undefined)
}

/** A random string of `bytes` bytes, URL-safe. */
export function randomString(env: Pick<AuthEnv, 'crypto'>, bytes = 32): string {
  return base64url(env.crypto.getRandomValues(new Uint8Array(bytes)))
}

/** PKCE's S256 challenge of a verifier (RFC 7636 §4.2). */
export async function codeChallenge(env: Pick<AuthEnv, 'crypto'>, verifier: string): Promise<string> {
  const digest = await env.crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))
  return base64url(new Uint8Array(digest))
}

/** The address the platform sends the reader back to: this page, without the callback's parameters or hash. */
export function redirectUriOf(href: string): string {
  const url = new URL(href)
  for (const p of CALLBACK_PARAMS) url.searchParams.delete(p)
  url.hash = ''
  return url.href
}

/**
 * Where to send the reader to log in: a fresh state (with the configured prefix) and, for
 * GitLab, a fresh PKCE verifier are kept for the return.
 */
export async function loginUrl(
  env: AuthEnv,
  platform: PlatformName,
  statePrefix: string,
  authorizeUrl: (auth: { state: string; codeChallenge?: string }) => string,
): Promise<string> {
  const state = `${statePrefix ? `${statePrefix}.` : ''}${randomString(env, 16)}`
  env.sessionStorage.setItem(stateKey(platform), state)
  if (platform !== 'gitlab') return authorizeUrl({ state })
  const verifier = randomString(env, 48)
  env.sessionStorage.setItem(verifierKey(platform), verifier)
  return authorizeUrl({ state, codeChallenge: await codeChallenge(env, verifier) })
}

export type Callback =
  | { kind: 'none' }
  /** A code or an error whose state is not the one this tab sent: ignored. */
  | { kind: 'ignored' }
  | { kind: 'code'; code: string; codeVerifier?: string }
  | { kind: 'error'; description: string }

/**
 * Reads the login callback from the address, if there is one, and removes its parameters from
 * it (history.replaceState): a code is usable once, and an address with one must not be shared.
 */
export function takeCallback(env: AuthEnv, platform: PlatformName): Callback {
  const url = new URL(env.location.href)
  const params = url.searchParams
  const code = params.get('code')
  const error = params.get('error')
  if (code === null && error === null) return { kind: 'none' }
  const sent = safely(() => env.sessionStorage.getItem(stateKey(platform)), null)
  const verifier = safely(() => env.sessionStorage.getItem(verifierKey(platform)), null)
  const matches = sent !== null && params.get('state') === sent
  const description = params.get('error_description') || error || ''
  if (matches) {
    safely(() => env.sessionStorage.removeItem(stateKey(platform)), undefined)
    safely(() => env.sessionStorage.removeItem(verifierKey(platform)), undefined)
  }
  for (const p of CALLBACK_PARAMS) params.delete(p)
  env.history.replaceState(env.history.state, '', url.pathname + url.search + url.hash)
  if (!matches) return { kind: 'ignored' }
  if (code !== null) return verifier ? { kind: 'code', code, codeVerifier: verifier } : { kind: 'code', code }
  return { kind: 'error', description }
}
