import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe } from 'vitest'
import { startProxyServer, type ProxyServer } from '../../src/proxy/node.js'
import { resolveProxyOptions } from '../../src/proxy/options.js'
import { fromResponse, rawRequest, toRequest } from './http-cases.js'
import { oauthBindings, oauthCases } from './oauth-cases.js'
import { startFakeProviders, type FakeProviders } from './oauth-fakes.js'

/** The comment-login cases against the Node server, with the provider fakes on loopback. */
let server: ProxyServer
let fakes: FakeProviders
let dir: string

beforeAll(async () => {
  fakes = await startFakeProviders()
  dir = mkdtempSync(join(tmpdir(), 'gptnotes-oauth-node-'))
  const options = resolveProxyOptions({ flags: { port: '0', host: '127.0.0.1', store: `sqlite:${join(dir, 'comments.db')}` }, env: oauthBindings(fakes.url) })
  server = await startProxyServer({ options, signals: false, log: () => {} })
})

afterAll(async () => {
  await server?.close()
  await fakes?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('comment login and the Vssue proxy on Node', () => {
  oauthCases(
    () => async (req) => fromResponse(await fetch(toRequest(server.url, req))),
    () => fakes,
    // Node hands the app the request target as sent.
    { send: () => (req) => rawRequest(server.url, req), resolvesUrl: false },
  )
})
