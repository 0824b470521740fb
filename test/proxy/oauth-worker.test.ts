import { join } from 'node:path'
import { build } from 'esbuild'
import { Miniflare } from 'miniflare'
import { afterAll, beforeAll, describe } from 'vitest'
import { REPO_ROOT } from '../helpers/sites.js'
import { fromResponse, rawRequest, toRequest } from './http-cases.js'
import { oauthBindings, oauthCases } from './oauth-cases.js'
import { startFakeProviders, type FakeProviders } from './oauth-fakes.js'

/**
 * The same comment-login cases against the edge entry (`src/proxy/worker.ts`) inside workerd,
 * through miniflare, with a D1 database as the store and the provider fakes on loopback.
 */
let mf: Miniflare
let fakes: FakeProviders
/** workerd's own HTTP socket, for requests whose target must go as written. */
let socketUrl: URL

beforeAll(async () => {
  fakes = await startFakeProviders()
  const bundle = await build({
    entryPoints: [join(REPO_ROOT, 'src/proxy/worker.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  })
  mf = new Miniflare({
    modules: true,
    script: bundle.outputFiles[0].text,
    compatibilityDate: '2025-01-01',
    d1Databases: { DB: 'oauth-worker-test' },
    bindings: oauthBindings(fakes.url),
  })
  socketUrl = await mf.ready
})

afterAll(async () => {
  await mf?.dispose()
  await fakes?.close()
})

describe('comment login and the Vssue proxy in an edge runtime (workerd)', () => {
  oauthCases(
    () => async (req) => {
      const request = toRequest('http://comments.test', req)
      // miniflare's fetch takes its own Request type; the parts are handed over as they are.
      const res = await mf.dispatchFetch(request.url, { method: request.method, headers: Object.fromEntries(request.headers), body: request.body ? await request.text() : undefined })
      return fromResponse(res as unknown as Response)
    },
    () => fakes,
    // workerd parses the target into request.url (dot segments resolved) before the worker runs.
    { send: () => (req) => rawRequest(socketUrl.href, req), resolvesUrl: true },
  )
})
