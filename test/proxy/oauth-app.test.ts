import { afterEach, describe, expect, it, vi } from 'vitest'
import { createProxyApp } from '../../src/proxy/app.js'
import { openSqliteStore } from '../../src/proxy/node.js'
import { PLATFORMS } from '../../src/proxy/oauth/platforms.js'
import { configuredProviders, PLATFORM_ALIASES, readTokenResponse, redirectAllowed } from '../../src/proxy/oauth/providers.js'
import { proxyOptions, resolveProxyOptions, type ProxyOptions } from '../../src/proxy/options.js'
import type { CommentStore } from '../../src/proxy/stores/store.js'

/**
 * Comment login on the app alone, with the default provider URLs and a spy in place of the
 * outbound fetch: refused requests make no outbound request at all (threat row 17), and the
 * time and size limits on the provider's answer hold.
 */
const stores: CommentStore[] = []
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close()
  vi.useRealTimers()
})

const SITE = 'https://site.example'
const GH = 'https://github.com/login/oauth/access_token'

async function appWith(outbound: typeof fetch, options: Partial<ProxyOptions> = {}) {
  const store = await openSqliteStore(':memory:')
  stores.push(store)
  await store.migrate()
  const opts = proxyOptions({ origins: [SITE], providers: { github: { clientId: 'id', clientSecret: 'secret' }, gitee: { clientId: 'gid', clientSecret: 'gsecret' } }, ...options })
  return createProxyApp({ store, options: opts, log: () => {}, clientIp: () => '192.0.2.7', fetch: outbound })
}

const okToken = () => Response.json({ access_token: 'gho_x', token_type: 'bearer', scope: '' })

describe('comment login: the outbound side', () => {
  it('refused /cors/ targets and methods never reach fetch', async () => {
    const spy = vi.fn<typeof fetch>(async () => okToken())
    const app = await appWith(spy, { limits: { bodyBytes: 65536, batchRequests: 20, oauthPerMinute: 1000 } })
    for (const target of [
      'http://169.254.169.254/latest/meta-data/iam/security-credentials/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://127.0.0.1/login/oauth/access_token',
      'http://localhost/login/oauth/access_token',
      'http://[::1]/login/oauth/access_token',
      'http://localtest.me/login/oauth/access_token',
      'https://evil.example/login/oauth/access_token',
      'https://github.com.evil.example/login/oauth/access_token',
      'https://github.com@evil.example/login/oauth/access_token',
      'https://evil.example@github.com/login/oauth/access_token',
      'https://github.com/login/oauth/authorize',
      'https://github.com/login/oauth/access_token/../../user',
      'https://github.com/login/oauth/%2e%2e/%2e%2e/user',
      'https://github.com/login%2foauth%2faccess_token',
      'https://api.github.com/user',
      'http://github.com/login/oauth/access_token',
      'https://github.com:8443/login/oauth/access_token',
      'https://GITHUB.com/login/oauth/access_token',
      'https:/github.com/login/oauth/access_token',
      'github.com/login/oauth/access_token',
    ]) {
      const res = await app.request(`/cors/${target}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ client_id: 'id', code: 'c' }) })
      expect(res.status, target).toBe(403)
    }
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH', 'HEAD']) {
      const res = await app.request(`/cors/${GH}`, { method })
      expect(res.status, method).toBe(403)
    }
    expect(spy).not.toHaveBeenCalled()
    // The configured endpoint itself is reached, POST, redirects not followed, no page credentials.
    const res = await app.request(`/cors/${GH}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: 'a=b', Authorization: 'token t' }, body: JSON.stringify({ client_id: 'id', client_secret: '', code: 'c' }) })
    expect(res.status).toBe(200)
    expect(spy).toHaveBeenCalledTimes(1)
    const [url, init] = spy.mock.calls[0]
    expect(url).toBe(GH)
    expect(init?.method).toBe('POST')
    expect(init?.redirect).toBe('manual')
    const headers = new Headers(init?.headers)
    expect(headers.get('cookie')).toBeNull()
    expect(headers.get('authorization')).toBeNull()
    expect(JSON.parse(String(init?.body))).toEqual({ client_id: 'id', client_secret: 'secret', code: 'c' })
  })

  it('a provider that does not answer in time is a 504; an oversize answer is a 502', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const hanging = vi.fn<typeof fetch>((_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))))
    const app = await appWith(hanging)
    const pending = app.request('/oauth/github/token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code: 'c', redirect_uri: `${SITE}/cb` }) })
    await vi.waitFor(() => expect(hanging).toHaveBeenCalled())
    await vi.advanceTimersByTimeAsync(10_001)
    const res = await pending
    expect(res.status).toBe(504)
    expect(await res.json()).toMatchObject({ error: 'provider_timeout' })
    vi.useRealTimers()

    const huge = await appWith(async () => new Response('{"access_token":"' + 'x'.repeat(200_000) + '"}', { headers: { 'Content-Type': 'application/json' } }))
    const big = await huge.request('/oauth/github/token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ code: 'c', redirect_uri: `${SITE}/cb` }) })
    expect(big.status).toBe(502)
  })

  it('an oversize request body is refused before any outbound request', async () => {
    const spy = vi.fn<typeof fetch>(async () => okToken())
    const app = await appWith(spy)
    const res = await app.request(`/cors/${GH}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ client_id: 'id', code: 'x'.repeat(70_000) }) })
    expect(res.status).toBe(413)
    expect(spy).not.toHaveBeenCalled()
  })
})

describe('comment login: the pieces', () => {
  it('redirect_uri: exact origin and a path prefix on a segment boundary', () => {
    const list = ['https://site.example/blog/', 'https://site.example/oauth/callback', 'http://localhost:4173/']
    expect(redirectAllowed('https://site.example/blog/', list)).toBe(true)
    expect(redirectAllowed('https://site.example/blog/post/1?x=1', list)).toBe(true)
    expect(redirectAllowed('https://site.example/oauth/callback', list)).toBe(true)
    expect(redirectAllowed('https://site.example/oauth/callback/', list)).toBe(true)
    expect(redirectAllowed('http://localhost:4173/any', list)).toBe(true)
    for (const bad of ['https://site.example/blogx', 'https://site.example/oauth/callbackx', 'https://site.example/', 'https://site.example:8443/blog/', 'http://localhost:4174/', 'https://SITE.example.evil.example/blog/', 'https://site.example@evil.example/blog/', 'https://evil.example#https://site.example/blog/', '//site.example/blog/', '/blog/', 'javascript://site.example/blog/%0aalert(1)', 'data:text/html,hi', 'https://site.example/blog/%2e%2e/admin', 'https://site.example/blog/./x', 'https://site.example/blog/\\..\\admin', ' https://site.example/blog/']) {
      expect(redirectAllowed(bad, list), bad).toBe(false)
    }
  })

  it('provider answers: GitHub’s 200-with-error, a form body, Gitee’s message, 5xx', () => {
    expect(readTokenResponse(200, '{"error":"bad_verification_code","error_description":"The code passed is incorrect or expired."}', 'application/json')).toEqual({ ok: false, status: 400, body: { error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' } })
    expect(readTokenResponse(200, 'error=bad_verification_code&error_description=x', 'application/x-www-form-urlencoded')).toMatchObject({ ok: false, status: 400 })
    expect(readTokenResponse(200, 'access_token=t&token_type=bearer&scope=', 'application/x-www-form-urlencoded')).toMatchObject({ ok: true })
    expect(readTokenResponse(403, '{"message":"Forbidden"}', 'application/json')).toEqual({ ok: false, status: 400, body: { error: 'provider_error', error_description: 'Forbidden' } })
    expect(readTokenResponse(429, '{"message":"slow down"}', 'application/json')).toMatchObject({ ok: false, status: 429 })
    expect(readTokenResponse(502, '<html>', 'text/html')).toMatchObject({ ok: false, status: 502 })
    expect(readTokenResponse(200, '{}', 'application/json')).toMatchObject({ ok: false, status: 502 })
  })

  it('settings: providers from the environment, checked base URLs, the redirect list', () => {
    const options = resolveProxyOptions({ env: { GITHUB_CLIENT_ID: 'a', GITHUB_CLIENT_SECRET: 'b', GITHUB_URL: 'https://ghe.example.com/', GITEE_CLIENT_ID: 'c', GPTNOTES_REDIRECT_URIS: 'https://site.example/cb', GPTNOTES_OAUTH_PER_MINUTE: '12' } })
    expect(configuredProviders(options)).toEqual([{ platform: 'github', clientId: 'a', clientSecret: 'b', tokenUrl: 'https://ghe.example.com/login/oauth/access_token' }])
    expect(options.redirectUris).toEqual(['https://site.example/cb'])
    expect(options.limits.oauthPerMinute).toBe(12)
    expect(() => resolveProxyOptions({ env: { GITEE_URL: 'ftp://gitee.com' } })).toThrow(/GITEE_URL/)
    expect(() => resolveProxyOptions({ env: { BITBUCKET_URL: 'https://user:pw@bitbucket.org' } })).toThrow(/BITBUCKET_URL/)
    expect(() => resolveProxyOptions({ env: { GPTNOTES_REDIRECT_URIS: 'javascript:alert(1)' } })).toThrow(/GPTNOTES_REDIRECT_URIS/)
    expect(resolveProxyOptions({ file: { github: { clientId: 'x', clientSecret: 'y' } } }).providers.github.clientId).toBe('x')
  })

  it('each platform is one record; the nine environment names owners use still set its client and address', () => {
    const env = {
      GITHUB_CLIENT_ID: 'g1', GITHUB_CLIENT_SECRET: 'g2', GITHUB_URL: 'https://ghe.example.com',
      GITEE_CLIENT_ID: 't1', GITEE_CLIENT_SECRET: 't2', GITEE_URL: 'https://gitee.example.com',
      BITBUCKET_CLIENT_ID: 'b1', BITBUCKET_CLIENT_SECRET: 'b2', BITBUCKET_URL: 'https://bb.example.com',
    }
    expect(PLATFORMS.flatMap((p) => [p.env.clientId, p.env.clientSecret, p.env.url]).sort()).toEqual(Object.keys(env).sort())
    expect(configuredProviders(resolveProxyOptions({ env }))).toEqual([
      { platform: 'github', clientId: 'g1', clientSecret: 'g2', tokenUrl: 'https://ghe.example.com/login/oauth/access_token' },
      { platform: 'gitee', clientId: 't1', clientSecret: 't2', tokenUrl: 'https://gitee.example.com/oauth/token' },
      { platform: 'bitbucket', clientId: 'b1', clientSecret: 'b2', tokenUrl: 'https://bb.example.com/site/oauth2/access_token' },
    ])
    expect(PLATFORM_ALIASES).toEqual({ github: 'github', 'github-v4': 'github', gitee: 'gitee', bitbucket: 'bitbucket' })
  })
})
