import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe } from 'vitest'
import { startProxyServer, type ProxyServer } from '../../src/proxy/node.js'
import { resolveProxyOptions } from '../../src/proxy/options.js'
import { CASE_BINDINGS, fromResponse, httpCases, toRequest } from './http-cases.js'

/**
 * The HTTP cases against the Node server, on a loopback port with a SQLite store in a temp
 * folder; a second server on the same file is the second instance of the concurrency cases.
 */
let server: ProxyServer
let second: ProxyServer
let dir: string

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gptnotes-proxy-node-'))
  const options = resolveProxyOptions({ flags: { port: '0', host: '127.0.0.1', store: `sqlite:${join(dir, 'comments.db')}` }, env: CASE_BINDINGS })
  server = await startProxyServer({ options, signals: false, log: () => {} })
  second = await startProxyServer({ options, signals: false, log: () => {} })
})

afterAll(async () => {
  await server?.close()
  await second?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the comment service on Node', () => {
  httpCases(
    () => async (req) => fromResponse(await fetch(toRequest(server.url, req))),
    () => async (req) => fromResponse(await fetch(toRequest(second.url, req))),
  )
})
