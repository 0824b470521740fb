/**
 * Local fakes of the providers' token endpoints, on a loopback port, answering as the
 * providers document it:
 *
 * - GitHub, docs.github.com "Authorizing OAuth apps" (POST /login/oauth/access_token with
 *   client_id, client_secret, code, redirect_uri; JSON with `Accept: application/json`, a form
 *   otherwise) and "Troubleshooting OAuth app access token request errors" (the errors
 *   `incorrect_client_credentials`, `redirect_uri_mismatch`, `bad_verification_code`, each with
 *   `error_description` and `error_uri`, sent with HTTP 200).
 * - Gitee v5, gitee.com/api/v5/oauth_doc (POST /oauth/token with grant_type=authorization_code,
 *   code, client_id, redirect_uri and client_secret, in the query or the body; an OAuth 2 error
 *   body `{error, error_description}` with 401, or `{message}` from its gateway).
 * - Bitbucket Cloud, developer.atlassian.com/cloud/bitbucket/oauth-2 (POST
 *   /site/oauth2/access_token, the consumer as HTTP Basic, form `grant_type=authorization_code&code=…`;
 *   errors `{error_description, error}` with 400, e.g. `unauthorized_client`, `invalid_grant`).
 *
 * A code is good once: a second exchange is refused as each provider refuses it. Every request
 * is recorded, so a test can prove none was made.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export const FAKE_CLIENTS = {
  github: { id: 'gh-client-id', secret: 'gh-client-secret' },
  gitee: { id: 'gitee-client-id', secret: 'gitee-client-secret' },
  bitbucket: { id: 'bb-client-id', secret: 'bb-client-secret' },
} as const

export interface RecordedRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

export interface FakeProviders {
  url: string
  requests: RecordedRequest[]
  /** A fresh one-time code the fakes accept. */
  code(): string
  close(): Promise<void>
}

const readAll = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let data = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (data += chunk))
    req.on('end', () => resolve(data))
    req.on('error', reject)
  })

function params(req: IncomingMessage, body: string): Record<string, string> {
  const out: Record<string, string> = {}
  new URL(req.url ?? '/', 'http://fake').searchParams.forEach((v, k) => (out[k] = v))
  const type = req.headers['content-type'] ?? ''
  if (/json/.test(type) && body) Object.assign(out, JSON.parse(body))
  else new URLSearchParams(body).forEach((v, k) => (out[k] = v))
  return out
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string | string[]> = {}) => {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers })
  res.end(JSON.stringify(body))
}

export async function startFakeProviders(): Promise<FakeProviders> {
  const requests: RecordedRequest[] = []
  const codes = new Set<string>()
  let n = 0
  const token = (platform: string) => `${platform}-token-${++n}`

  const github = (req: IncomingMessage, res: ServerResponse, p: Record<string, string>) => {
    const reply = (body: Record<string, string>, headers: Record<string, string | string[]> = {}) => {
      if (/json/.test(req.headers.accept ?? '')) return json(res, 200, body, headers)
      res.writeHead(200, { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8', ...headers })
      res.end(new URLSearchParams(body).toString())
    }
    if (p.client_id !== FAKE_CLIENTS.github.id || p.client_secret !== FAKE_CLIENTS.github.secret)
      return reply({ error: 'incorrect_client_credentials', error_description: 'The client_id and/or client_secret passed are incorrect.', error_uri: '/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#incorrect-client-credentials' })
    if (p.code === 'mismatch') return reply({ error: 'redirect_uri_mismatch', error_description: 'The redirect_uri MUST match the registered callback URL for this application.', error_uri: '/apps/managing-oauth-apps/troubleshooting-authorization-request-errors/#redirect-uri-mismatch2' })
    if (p.code === 'redirect') {
      res.writeHead(302, { Location: '/elsewhere' })
      return res.end()
    }
    if (p.code === 'leaky') {
      // Headers that must never reach the browser through the service.
      return json(res, 200, { access_token: token('github'), token_type: 'bearer', scope: 'public_repo' }, { 'Set-Cookie': ['session=stolen; Path=/'], Connection: 'x-secret', 'x-secret': 'do-not-forward', 'x-other': 'not-forwarded' })
    }
    if (!codes.delete(p.code)) return reply({ error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.', error_uri: '/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/#bad-verification-code' })
    return reply({ access_token: token('github'), token_type: 'bearer', scope: 'public_repo' })
  }

  const gitee = (res: ServerResponse, p: Record<string, string>) => {
    if (p.grant_type !== 'authorization_code') return json(res, 400, { error: 'unsupported_grant_type', error_description: 'The authorization grant type is not supported by the authorization server.' })
    if (p.client_id !== FAKE_CLIENTS.gitee.id || p.client_secret !== FAKE_CLIENTS.gitee.secret) return json(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.' })
    if (p.code === 'gateway') return json(res, 400, { message: 'redirect_uri is missing' })
    if (!p.redirect_uri) return json(res, 400, { message: 'redirect_uri is missing' })
    if (!codes.delete(p.code)) return json(res, 401, { error: 'invalid_grant', error_description: 'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.' })
    return json(res, 200, { access_token: token('gitee'), token_type: 'bearer', expires_in: 86400, refresh_token: 'gitee-refresh', scope: 'user_info issues notes', created_at: 1767225600 })
  }

  const bitbucket = (req: IncomingMessage, res: ServerResponse, p: Record<string, string>) => {
    const expected = `Basic ${Buffer.from(`${FAKE_CLIENTS.bitbucket.id}:${FAKE_CLIENTS.bitbucket.secret}`).toString('base64')}`
    if (req.headers.authorization !== expected) return json(res, 400, { error_description: 'Invalid OAuth client credentials', error: 'unauthorized_client' })
    if (p.grant_type !== 'authorization_code') return json(res, 400, { error_description: 'Unsupported grant type: None', error: 'invalid_grant' })
    if (!codes.delete(p.code)) return json(res, 400, { error_description: `The specified code is not valid.`, error: 'invalid_grant' })
    return json(res, 200, { access_token: token('bitbucket'), scopes: 'issue:write', scope: 'issue:write', expires_in: 7200, refresh_token: 'bb-refresh', token_type: 'bearer', state: 'authorization_code' })
  }

  const server: Server = createServer(async (req, res) => {
    const body = await readAll(req)
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
    const path = new URL(req.url ?? '/', 'http://fake').pathname
    if (req.method !== 'POST') return json(res, 404, { message: 'Not Found' })
    let p: Record<string, string>
    try {
      p = params(req, body)
    } catch {
      return json(res, 400, { message: 'Problems parsing JSON' })
    }
    if (path === '/login/oauth/access_token') return github(req, res, p)
    if (path === '/oauth/token') return gitee(res, p)
    if (path === '/site/oauth2/access_token') return bitbucket(req, res, p)
    return json(res, 404, { message: 'Not Found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    code: () => {
      const code = `code-${++n}-${Math.random().toString(36).slice(2, 10)}`
      codes.add(code)
      return code
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
