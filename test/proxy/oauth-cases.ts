/**
 * One case suite for comment login (`POST /oauth/:platform/token`) and the Vssue proxy
 * (`/cors/<URL>`), run against the Node server (oauth-node.test.ts) and the worker inside
 * workerd (oauth-worker.test.ts), both talking to the provider fakes of oauth-fakes.ts on
 * loopback. Covers the threat rows 14 and 17–20 of the comments research: open-redirect forms
 * of `redirect_uri`, SSRF targets, header stripping, CORS, and the per-IP rate limit. Every
 * refusal checks that the fakes saw no request.
 */
import { expect, it } from 'vitest'
import { SITE, type CaseRequest, type Send } from './http-cases.js'
import { FAKE_CLIENTS, type FakeProviders } from './oauth-fakes.js'

export const CALLBACK = `${SITE}/oauth/callback`
export const OAUTH_PER_MINUTE = 5

/** The service's settings for these cases: the fakes as every provider's base URL. */
export function oauthBindings(fakeUrl: string): Record<string, string> {
  return {
    GPTNOTES_ORIGINS: `${SITE},http://localhost:4173`,
    GPTNOTES_TRUST_PROXY: '1',
    GPTNOTES_SECRET: 'test-secret-0123456789abcdef',
    GPTNOTES_REDIRECT_URIS: `${CALLBACK},http://localhost:4173/`,
    GPTNOTES_OAUTH_PER_MINUTE: String(OAUTH_PER_MINUTE),
    GITHUB_CLIENT_ID: FAKE_CLIENTS.github.id,
    GITHUB_CLIENT_SECRET: FAKE_CLIENTS.github.secret,
    GITHUB_URL: fakeUrl,
    GITEE_CLIENT_ID: FAKE_CLIENTS.gitee.id,
    GITEE_CLIENT_SECRET: FAKE_CLIENTS.gitee.secret,
    GITEE_URL: fakeUrl,
    BITBUCKET_CLIENT_ID: FAKE_CLIENTS.bitbucket.id,
    BITBUCKET_CLIENT_SECRET: FAKE_CLIENTS.bitbucket.secret,
    BITBUCKET_URL: fakeUrl,
  }
}

let ipCounter = 0
const freshIp = (): string => `192.0.2.${(++ipCounter % 250) + 1}`

/** Sends a request with its path exactly as written (see `rawRequest`), and what the runtime does with it. */
export interface RawSender {
  send: () => Send
  /**
   * The runtime resolves the URL (dot segments, `%2e` forms, backslashes) before the app runs, so
   * the app never sees those forms (workerd: `request.url` is parsed). Node hands the app the
   * target as sent.
   */
  resolvesUrl: boolean
}

export function oauthCases(send: () => Send, fakes: () => FakeProviders, raw: RawSender): void {
  const s: Send = (req) => send()(req)
  const from = (headers: Record<string, string> = {}, ip = freshIp()) => ({ 'X-Forwarded-For': ip, ...headers })
  const exchange = (platform: string, body: unknown, headers: Record<string, string> = {}) => s({ method: 'POST', path: `/oauth/${platform}/token`, headers: from(headers), body })
  const viaCors = (target: string, req: Partial<CaseRequest> = {}) => s({ method: 'POST', ...req, path: `/cors/${target}`, headers: from(req.headers) })
  const seen = () => fakes().requests.length

  /** A clean OAuth error: 4xx, `{error, error_description}`, nothing else. */
  const expectOAuthError = (res: { status: number; body: any }, status: number, error?: string) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status)
    expect(Object.keys(res.body).sort()).toEqual(['error', 'error_description'])
    expect(typeof res.body.error_description).toBe('string')
    if (error !== undefined) expect(res.body.error).toBe(error)
  }

  // —— POST /oauth/:platform/token ——

  for (const platform of ['github', 'github-v4', 'gitee', 'bitbucket']) {
    it(`${platform}: a code is exchanged with the service's secret → {access_token, token_type, scope}`, async () => {
      const before = seen()
      const res = await exchange(platform, { code: fakes().code(), redirect_uri: CALLBACK, state: 'abc' })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(Object.keys(res.body).sort()).toEqual(['access_token', 'scope', 'token_type'])
      const name = platform === 'github-v4' ? 'github' : platform
      expect(res.body.access_token).toMatch(new RegExp(`^${name}-token-`))
      expect(res.body.token_type).toBe('bearer')
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(seen()).toBe(before + 1)
      const sent = fakes().requests.at(-1)!
      expect(sent.method).toBe('POST')
      if (name === 'bitbucket') expect(sent.headers.authorization).toMatch(/^Basic /)
      else expect(new URLSearchParams(sent.body).get('client_secret')).toBe(FAKE_CLIENTS[name as 'github' | 'gitee'].secret)
      if (name === 'gitee') expect(new URLSearchParams(sent.body).get('grant_type')).toBe('authorization_code')
    })
  }

  it('takes a form body as well as JSON', async () => {
    const res = await exchange('gitee', new URLSearchParams({ code: fakes().code(), redirect_uri: CALLBACK }).toString(), { 'Content-Type': 'application/x-www-form-urlencoded' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.access_token).toMatch(/^gitee-token-/)
  })

  it('a PKCE code_verifier goes to the provider; a malformed one is refused here', async () => {
    const verifier = 'v'.repeat(20) + '-._~' + 'A1'.repeat(12)
    const res = await exchange('github', { code: fakes().code(), redirect_uri: CALLBACK, code_verifier: verifier })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(new URLSearchParams(fakes().requests.at(-1)!.body).get('code_verifier')).toBe(verifier)
    const before = seen()
    expectOAuthError(await exchange('github', { code: fakes().code(), redirect_uri: CALLBACK, code_verifier: 'short' }), 400, 'invalid_request')
    expect(seen()).toBe(before)
  })

  it('a replayed code is refused by the provider and answered as a clean 400', async () => {
    const code = fakes().code()
    expect((await exchange('github', { code, redirect_uri: CALLBACK })).status).toBe(200)
    const again = await exchange('github', { code, redirect_uri: CALLBACK })
    expectOAuthError(again, 400, 'bad_verification_code')
    expect(again.body.error_description).toBe('The code passed is incorrect or expired.')
    expectOAuthError(await exchange('gitee', { code, redirect_uri: CALLBACK }), 400, 'invalid_grant')
    expectOAuthError(await exchange('bitbucket', { code, redirect_uri: CALLBACK }), 400, 'invalid_grant')
  })

  it('each documented provider error comes back as a 4xx {error, error_description}, never a 200', async () => {
    // GitHub answers these with HTTP 200 and an error field.
    expectOAuthError(await exchange('github', { code: 'mismatch', redirect_uri: CALLBACK }), 400, 'redirect_uri_mismatch')
    expectOAuthError(await exchange('github', { code: 'unknown-code', redirect_uri: CALLBACK }), 400, 'bad_verification_code')
    // Gitee's gateway answers {message}.
    const gateway = await exchange('gitee', { code: 'gateway', redirect_uri: CALLBACK })
    expectOAuthError(gateway, 400, 'provider_error')
    expect(gateway.body.error_description).toBe('redirect_uri is missing')
    // Bitbucket's {error_description, error} with 400.
    const bb = await exchange('bitbucket', { code: 'unknown-code', redirect_uri: CALLBACK })
    expectOAuthError(bb, 400, 'invalid_grant')
    expect(bb.body.error_description).toBe('The specified code is not valid.')
    // GitHub's wrong-credentials body, through the proxy with a wrong secret on the page.
    expectOAuthError(await viaCors(`${fakes().url}/login/oauth/access_token`, { body: { client_id: FAKE_CLIENTS.github.id, client_secret: 'wrong', code: fakes().code() } }), 400, 'incorrect_client_credentials')
  })

  it('refuses a missing code, a bad body and an unknown platform without calling a provider', async () => {
    const before = seen()
    expectOAuthError(await exchange('github', { redirect_uri: CALLBACK }), 400, 'invalid_request')
    expectOAuthError(await exchange('github', '[1,2]'), 400, 'invalid_request')
    expectOAuthError(await exchange('gitlab', { code: 'x', redirect_uri: CALLBACK }), 404, 'unsupported_platform')
    expect(seen()).toBe(before)
  })

  it('redirect_uri must be on the list: the open-redirect forms are refused with no outbound request', async () => {
    const before = seen()
    for (const redirect_uri of [
      'https://evil.example',
      'https://evil.example/oauth/callback',
      '//evil.example',
      '//evil.example/oauth/callback',
      'https://site.example.evil.example/oauth/callback',
      'https://site.example@evil.example/oauth/callback',
      'https://site.example:443@evil.example/oauth/callback',
      'javascript:alert(document.domain)',
      'http://site.example/oauth/callback',
      'https://site.example/oauth/callbackx',
      'https://site.example/oauth/callback/../../admin',
      'https://site.example/oauth/callback/%2e%2e/admin',
      'https://site.example\\@evil.example/oauth/callback',
      '',
    ]) {
      const res = await exchange('github', { code: fakes().code(), redirect_uri })
      expectOAuthError(res, 400, 'invalid_redirect_uri')
    }
    expect(seen()).toBe(before)
    // Below the allowed path on a segment boundary is fine.
    expect((await exchange('github', { code: fakes().code(), redirect_uri: `${CALLBACK}/done?x=1` })).status).toBe(200)
  })

  // —— /cors/<token endpoint> ——

  it('/cors/: the original client’s exchange with an empty secret gets the service’s secret; Cookie and Authorization stay here', async () => {
    const res = await viaCors(`${fakes().url}/login/oauth/access_token`, {
      headers: { Accept: 'application/json', Cookie: 'site=session', Authorization: 'token page-token' },
      body: { client_id: FAKE_CLIENTS.github.id, client_secret: '', code: fakes().code() },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.access_token).toMatch(/^github-token-/)
    const sent = fakes().requests.at(-1)!
    expect(JSON.parse(sent.body).client_secret).toBe(FAKE_CLIENTS.github.secret)
    expect(sent.headers.cookie).toBeUndefined()
    expect(sent.headers.authorization).toBeUndefined()
  })

  it('/cors/: Gitee with its parameters in the query, the secret absent', async () => {
    const code = fakes().code()
    const q = new URLSearchParams({ grant_type: 'authorization_code', code, client_id: FAKE_CLIENTS.gitee.id, redirect_uri: CALLBACK })
    const res = await viaCors(`${fakes().url}/oauth/token?${q}`, { body: { client_secret: '' } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.access_token).toMatch(/^gitee-token-/)
  })

  it('/cors/: Set-Cookie, hop-by-hop and Connection-named headers of the provider are not passed on', async () => {
    const res = await viaCors(`${fakes().url}/login/oauth/access_token`, { body: { client_id: FAKE_CLIENTS.github.id, code: 'leaky' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(res.headers.get('x-secret')).toBeNull()
    expect(res.headers.get('x-other')).toBeNull()
    expect(res.headers.get('connection') ?? '').not.toMatch(/x-secret/i)
  })

  it('/cors/: a redirect from the provider is not followed', async () => {
    const before = seen()
    const res = await viaCors(`${fakes().url}/login/oauth/access_token`, { body: { client_id: FAKE_CLIENTS.github.id, code: 'redirect' } })
    expectOAuthError(res, 502, 'provider_unavailable')
    expect(seen()).toBe(before + 1)
    expect(fakes().requests.some((r) => r.url === '/elsewhere')).toBe(false)
  })

  it('/cors/: anything but a configured token endpoint is 403 with no outbound request', async () => {
    const fake = fakes().url
    const port = new URL(fake).port
    const before = seen()
    for (const target of [
      'https://evil.example/login/oauth/access_token',
      'https://github.com/login/oauth/access_token',
      `${fake}/login/oauth/authorize`,
      `${fake}/`,
      `${fake}/login/oauth/access_token/x`,
      `${fake}/login/oauth/../oauth/token`,
      `${fake}/login/oauth/%2e%2e/oauth/token`,
      `${fake}/login%2Foauth%2Faccess_token`,
      `${fake}/login/oauth/access%5Ftoken`,
      `http://user:pw@127.0.0.1:${port}/login/oauth/access_token`,
      `http://user@127.0.0.1:${port}/login/oauth/access_token`,
      `http://localhost:${port}/login/oauth/access_token`,
      `http://[::1]:${port}/login/oauth/access_token`,
      `http://127.1:${port}/login/oauth/access_token`,
      `http://2130706433:${port}/login/oauth/access_token`,
      `http://127.0.0.1.nip.io:${port}/login/oauth/access_token`,
      `http://localtest.me:${port}/login/oauth/access_token`,
      'http://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1/',
      'http://10.0.0.1/login/oauth/access_token',
      `file:///etc/passwd`,
      'nothing',
    ]) {
      const res = await viaCors(target, { body: { client_id: FAKE_CLIENTS.github.id, code: 'x' } })
      expectOAuthError(res, 403)
    }
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const res = await s({ method, path: `/cors/${fake}/login/oauth/access_token`, headers: from(), body: method === 'GET' ? undefined : { code: 'x' } })
      expectOAuthError(res, 403, 'forbidden_method')
    }
    // A redirect_uri off the list is refused here too.
    expectOAuthError(await viaCors(`${fakes().url}/oauth/token`, { body: { client_id: FAKE_CLIENTS.gitee.id, client_secret: '', code: 'x', grant_type: 'authorization_code', redirect_uri: 'https://evil.example/' } }), 400, 'invalid_redirect_uri')
    // Another app's client id does not get this service's secret.
    expectOAuthError(await viaCors(`${fake}/login/oauth/access_token`, { body: { client_id: 'someone-else', client_secret: '', code: 'x' } }), 403, 'forbidden_client')
    expect(seen()).toBe(before)
  })

  it('/cors/: a parameter in both the query and the body, or twice in the query, is 400 with no outbound request', async () => {
    const fake = fakes().url
    const body = { client_id: FAKE_CLIENTS.gitee.id, client_secret: '', code: fakes().code(), grant_type: 'authorization_code', redirect_uri: CALLBACK }
    const before = seen()
    for (const query of [
      // Another app's client id beside the configured one, which alone was checked.
      `client_id=someone-else`,
      // An off-list redirect_uri beside the allowed one.
      `redirect_uri=${encodeURIComponent('https://evil.example/')}`,
      // The same value again: which one a provider reads is its own choice.
      `code=${body.code}`,
      `grant_type=authorization_code`,
    ]) {
      expectOAuthError(await viaCors(`${fake}/oauth/token?${query}`, { body }), 400, 'invalid_request')
    }
    // Twice in the query, the body without it.
    const { client_id: _id, redirect_uri: _uri, ...rest } = body
    expectOAuthError(await viaCors(`${fake}/oauth/token?client_id=${FAKE_CLIENTS.gitee.id}&client_id=someone-else&redirect_uri=${encodeURIComponent(CALLBACK)}`, { body: rest }), 400, 'invalid_request')
    expectOAuthError(await viaCors(`${fake}/oauth/token?redirect_uri=${encodeURIComponent(CALLBACK)}&redirect_uri=${encodeURIComponent('https://evil.example/')}&client_id=${FAKE_CLIENTS.gitee.id}`, { body: rest }), 400, 'invalid_request')
    // In the query alone, each is checked as in the body.
    expectOAuthError(await viaCors(`${fake}/oauth/token?client_id=someone-else&redirect_uri=${encodeURIComponent(CALLBACK)}`, { body: rest }), 403, 'forbidden_client')
    expectOAuthError(await viaCors(`${fake}/oauth/token?client_id=${FAKE_CLIENTS.gitee.id}&redirect_uri=${encodeURIComponent('https://evil.example/')}`, { body: rest }), 400, 'invalid_redirect_uri')
    expect(seen()).toBe(before)
    // Each parameter in one place goes through.
    const ok = await viaCors(`${fake}/oauth/token?client_id=${FAKE_CLIENTS.gitee.id}&redirect_uri=${encodeURIComponent(CALLBACK)}`, { body: { ...rest, code: fakes().code() } })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
  })

  it('/cors/: dot segments (also %2e), backslashes and double slashes in the target as sent are 403 with no outbound request', async () => {
    const fake = fakes().url
    const endpoint = '/login/oauth/access_token'
    const body = { client_id: FAKE_CLIENTS.github.id, code: 'x' }
    const paths = [
      `/cors/${fake}/login/oauth/x/../access_token`,
      `/cors/${fake}/login/oauth/./access_token`,
      `/cors/${fake}/login/oauth/access_token/.`,
      `/cors/${fake}/login/oauth/access_token/x/..`,
      `/cors/${fake}/login/oauth/x/%2e%2e/access_token`,
      `/cors/${fake}/login/oauth/x/%2E%2e/access_token`,
      `/cors/${fake}/login/oauth/x/.%2e/access_token`,
      `/cors/${fake}/login/oauth/%2e/access_token`,
      `/cors/${fake}/login/oauth/access_token/%2e%2e/access_token`,
      `/cors/${fake}/login\\oauth\\access_token`,
      `/cors/${fake}//login/oauth/access_token`,
      `/cors/${fake}/login//oauth/access_token`,
      `/cors//${fake}/login/oauth/access_token`,
      `/cors/./${fake}/login/oauth/access_token`,
      `/cors/x/../${fake}/login/oauth/access_token`,
      `/x/../cors/${fake}/login/oauth/access_token`,
      `/./cors/${fake}/login/oauth/access_token`,
      `/cors/%2e/${fake}/login/oauth/access_token`,
      `/%63ors/${fake}/login/oauth/access_token`,
    ]
    for (const path of paths) {
      const before = seen()
      const res = await raw.send()({ method: 'POST', path, headers: from(), body })
      const parsed = new URL(path, 'http://service.test')
      if (raw.resolvesUrl && parsed.pathname + parsed.search !== path) {
        // Resolved by the runtime before the app: it is the endpoint it resolves to, and only that is reached.
        for (const r of fakes().requests.slice(before)) expect(new URL(r.url, fake).pathname, path).toBe(endpoint)
        continue
      }
      expect(seen(), path).toBe(before)
      if (path.includes('\\')) {
        // Node's adapter refuses a backslash in a target as malformed before the app: a LeanCloud-style 400.
        expect(res.status, path).toBe(400)
        expect(Object.keys(res.body).sort()).toEqual(['code', 'error'])
        continue
      }
      expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(403)
      expectOAuthError(res, 403, 'forbidden_target')
    }
    // The endpoint as it is still goes through the same way.
    const ok = await raw.send()({ method: 'POST', path: `/cors/${fake}${endpoint}`, headers: from(), body: { client_id: FAKE_CLIENTS.github.id, code: fakes().code() } })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
  })

  // —— CORS ——

  for (const path of ['/oauth/github/token', `/cors/http://127.0.0.1:1/login/oauth/access_token`]) {
    it(`CORS on ${path.split('/')[1]}: exact origins only, Vary: Origin, preflight answered`, async () => {
      const preflight = (origin: string) => s({ method: 'OPTIONS', path, headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' } })
      const ok = await preflight(SITE)
      expect(ok.status).toBeLessThan(300)
      expect(ok.headers.get('access-control-allow-origin')).toBe(SITE)
      expect(ok.headers.get('access-control-allow-methods') ?? '').toMatch(/POST/)
      expect(ok.headers.get('vary') ?? '').toMatch(/origin/i)
      expect(ok.headers.get('access-control-allow-credentials')).toBeNull()
      for (const origin of ['https://evil.example', 'null', 'https://site.example.evil.example', 'https://evilsite.example', 'http://site.example']) {
        const res = await preflight(origin)
        expect(res.headers.get('access-control-allow-origin'), origin).toBeNull()
      }
    })
  }

  it('CORS: an allowed origin reads the answer; a foreign, null or suffix-trick origin is refused without an outbound request', async () => {
    const ok = await exchange('github', { code: fakes().code(), redirect_uri: CALLBACK }, { Origin: SITE })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(ok.headers.get('vary') ?? '').toMatch(/origin/i)
    const before = seen()
    for (const origin of ['https://evil.example', 'null', 'https://site.example.evil.example']) {
      const res = await exchange('github', { code: fakes().code(), redirect_uri: CALLBACK }, { Origin: origin })
      expectOAuthError(res, 403, 'origin_not_allowed')
      expect(res.headers.get('access-control-allow-origin')).toBeNull()
      const proxied = await viaCors(`${fakes().url}/login/oauth/access_token`, { headers: { Origin: origin }, body: { client_id: FAKE_CLIENTS.github.id, code: fakes().code() } })
      expectOAuthError(proxied, 403, 'origin_not_allowed')
    }
    expect(seen()).toBe(before)
  })

  // —— rate limit ——

  it(`more than ${OAUTH_PER_MINUTE} token requests a minute from one address are 429 with Retry-After`, async () => {
    const ip = freshIp()
    const statuses: number[] = []
    let last: Awaited<ReturnType<Send>> | undefined
    for (let i = 0; i <= OAUTH_PER_MINUTE; i++) {
      last = await s({ method: 'POST', path: i % 2 ? '/oauth/github/token' : `/cors/${fakes().url}/nowhere`, headers: from({}, ip), body: { code: 'x', redirect_uri: 'https://evil.example' } })
      statuses.push(last.status)
    }
    expect(statuses.slice(0, OAUTH_PER_MINUTE).every((st) => st === 400 || st === 403)).toBe(true)
    expectOAuthError(last!, 429, 'rate_limited')
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another address is not affected.
    expect((await exchange('github', { code: fakes().code(), redirect_uri: CALLBACK })).status).toBe(200)
  })
}
