import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { Miniflare } from 'miniflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProxyServer, type ProxyServer } from '../../src/proxy/node.js'
import { resolveProxyOptions } from '../../src/proxy/options.js'
import { REPO_ROOT } from '../helpers/sites.js'
import { CALLBACK, oauthBindings } from './oauth-cases.js'
import { FAKE_CLIENTS, startFakeProviders, type FakeProviders } from './oauth-fakes.js'

/**
 * The unmodified Vssue API packages (`@vssue/api-github-v3`, `@vssue/api-gitee-v5`, as Vssue
 * 1.4.8 ships them) exchange a code through the service's `/cors/` proxy, configured as old
 * sites configure them (`proxy: url => '<service>/cors/' + url`) but with an empty client
 * secret: the service adds its own. The packages are published as untranspiled ES modules for
 * bundlers, so they are bundled here as a site would bundle them. The service runs twice: the
 * Node server, and the worker entry inside workerd (miniflare).
 */
let server: ProxyServer
let mf: Miniflare
let workerUrl: string
let fakes: FakeProviders
let dir: string
type VssueApi = { getAccessToken(args: { code: string }): Promise<string> }
type VssueApiClass = new (options: Record<string, unknown>) => VssueApi
let GithubV3: VssueApiClass
let GiteeV5: VssueApiClass

async function load(pkg: string): Promise<VssueApiClass> {
  const out = await build({ stdin: { contents: `export { default } from '${pkg}'`, resolveDir: process.cwd() }, bundle: true, format: 'esm', platform: 'node', write: false, logLevel: 'silent' })
  const file = join(dir, `${pkg.replace(/\W/g, '_')}.mjs`)
  writeFileSync(file, out.outputFiles[0].text)
  return (await import(pathToFileURL(file).href)).default
}

beforeAll(async () => {
  fakes = await startFakeProviders()
  dir = mkdtempSync(join(tmpdir(), 'gptnotes-vssue-'))
  const options = resolveProxyOptions({ flags: { port: '0', host: '127.0.0.1', store: `sqlite:${join(dir, 'comments.db')}` }, env: oauthBindings(fakes.url) })
  server = await startProxyServer({ options, signals: false, log: () => {} })
  const worker = await build({ entryPoints: [join(REPO_ROOT, 'src/proxy/worker.ts')], bundle: true, format: 'esm', platform: 'browser', write: false, logLevel: 'silent' })
  mf = new Miniflare({ modules: true, script: worker.outputFiles[0].text, compatibilityDate: '2025-01-01', d1Databases: { DB: 'vssue-test' }, bindings: oauthBindings(fakes.url) })
  workerUrl = (await mf.ready).href.replace(/\/$/, '')
  GithubV3 = await load('@vssue/api-github-v3')
  GiteeV5 = await load('@vssue/api-gitee-v5')
  // Gitee's client sends the page's address as redirect_uri.
  ;(globalThis as Record<string, unknown>).window = { location: { href: CALLBACK } }
})

afterAll(async () => {
  delete (globalThis as Record<string, unknown>).window
  await server?.close()
  await mf?.dispose()
  await fakes?.close()
  rmSync(dir, { recursive: true, force: true })
})

for (const [where, service] of [
  ['on Node', () => server.url],
  ['in workerd', () => workerUrl],
] as const) {
  describe(`the original Vssue API packages through /cors/ ${where}`, () => {
    const proxy = (url: string) => `${service()}/cors/${url}`

    it('@vssue/api-github-v3 exchanges a code with no client secret in its options', async () => {
      const api = new GithubV3({ baseURL: fakes.url, owner: 'o', repo: 'r', labels: ['Vssue'], clientId: FAKE_CLIENTS.github.id, clientSecret: '', state: 'Vssue', proxy })
      const token = await api.getAccessToken({ code: fakes.code() })
      expect(token).toMatch(/^github-token-/)
      expect(JSON.parse(fakes.requests.at(-1)!.body).client_secret).toBe(FAKE_CLIENTS.github.secret)
      // A replayed or wrong code is an error the client raises, not a token.
      await expect(api.getAccessToken({ code: 'used-or-wrong' })).rejects.toThrow()
    })

    it('@vssue/api-gitee-v5 exchanges a code with no client secret in its options', async () => {
      const api = new GiteeV5({ baseURL: fakes.url, owner: 'o', repo: 'r', labels: ['Vssue'], clientId: FAKE_CLIENTS.gitee.id, clientSecret: '', state: 'Vssue', proxy })
      const token = await api.getAccessToken({ code: fakes.code() })
      expect(token).toMatch(/^gitee-token-/)
      expect(JSON.parse(fakes.requests.at(-1)!.body)).toMatchObject({ client_secret: FAKE_CLIENTS.gitee.secret, grant_type: 'authorization_code', redirect_uri: CALLBACK })
      await expect(api.getAccessToken({ code: 'used-or-wrong' })).rejects.toThrow()
    })
  })
}
