/**
 * The authorization server half every fake shares: the consent step (the fake's "signed-in"
 * user approves at once, or refuses when none is set) and one-time codes bound to the client,
 * the redirect_uri, the scope and, for GitLab, the PKCE challenge (RFC 7636, S256 only).
 */
import { createHash } from 'node:crypto'
import type { Repo } from './model.js'

export interface OAuthClient {
  id: string
  /** null for a public (non-confidential) client, which must use PKCE. */
  secret: string | null
  /** The registered callback: a redirect_uri must be it or a path below it. */
  callback: string
}

interface Grant {
  clientId: string
  redirectUri: string | undefined
  login: string
  scope: string
  challenge?: string
}

export type AuthorizeOutcome = { ok: true; location: string } | { ok: false; status: number; message: string }
export type ExchangeOutcome = { ok: true; token: string; scope: string } | { ok: false; error: string; description: string }

export const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url')

export class OAuthDesk {
  /** Who is signed in at the platform when the reader arrives at the consent page; null refuses. */
  signedIn: string | null
  private readonly codes = new Map<string, Grant>()

  constructor(
    readonly client: OAuthClient,
    private readonly repo: Repo,
  ) {
    this.signedIn = repo.owner
  }

  callbackAllowed(redirectUri: string): boolean {
    const base = this.client.callback.replace(/\/?$/, '/')
    return redirectUri === this.client.callback || redirectUri.startsWith(base) || redirectUri.startsWith(`${this.client.callback}?`)
  }

  /** The consent step: a redirect back with `code` and `state`, or with `error=access_denied`. */
  authorize(p: { clientId?: string; redirectUri?: string; state?: string; scope?: string; challenge?: string; method?: string }): AuthorizeOutcome {
    if (p.clientId !== this.client.id) return { ok: false, status: 404, message: 'Unknown client_id.' }
    const redirectUri = p.redirectUri ?? this.client.callback
    if (!this.callbackAllowed(redirectUri)) return { ok: false, status: 400, message: 'The redirect_uri is not associated with this application.' }
    const back = new URL(redirectUri)
    if (p.state !== undefined) back.searchParams.set('state', p.state)
    if (!this.signedIn) {
      back.searchParams.set('error', 'access_denied')
      back.searchParams.set('error_description', 'The user has denied your application access.')
      return { ok: true, location: back.href }
    }
    const code = `code_${this.repo.nextId()}_${Math.random().toString(36).slice(2, 10)}`
    this.codes.set(code, { clientId: p.clientId, redirectUri: p.redirectUri, login: this.signedIn, scope: p.scope ?? '', challenge: p.challenge })
    back.searchParams.set('code', code)
    return { ok: true, location: back.href }
  }

  /** The token step; the code is spent whatever the outcome, as providers do. */
  exchange(p: { clientId?: string; secret?: string; code?: string; redirectUri?: string; verifier?: string }): ExchangeOutcome {
    if (p.clientId !== this.client.id) return { ok: false, error: 'invalid_client', description: 'Client authentication failed.' }
    if (this.client.secret !== null && p.secret !== this.client.secret) return { ok: false, error: 'invalid_client', description: 'Client authentication failed.' }
    const grant = p.code ? this.codes.get(p.code) : undefined
    if (p.code) this.codes.delete(p.code)
    const invalid = { ok: false as const, error: 'invalid_grant', description: 'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.' }
    if (!grant || grant.clientId !== p.clientId) return invalid
    if (grant.redirectUri !== undefined && grant.redirectUri !== p.redirectUri) return invalid
    if (this.client.secret === null && !grant.challenge) return invalid
    if (grant.challenge !== undefined && (!p.verifier || s256(p.verifier) !== grant.challenge)) return invalid
    return { ok: true, token: this.repo.token(grant.login), scope: grant.scope }
  }
}
