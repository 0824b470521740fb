import { join } from 'node:path'
import { build } from 'esbuild'
import { Miniflare } from 'miniflare'
import { afterAll, beforeAll, describe } from 'vitest'
import { REPO_ROOT } from '../helpers/sites.js'
import { CASE_BINDINGS, fromResponse, httpCases, toRequest } from './http-cases.js'

/**
 * The same HTTP cases against the edge entry (`src/proxy/worker.ts`) inside workerd, through
 * miniflare, with a D1 database bound as `DB` and the settings as plain-text bindings.
 */
let mf: Miniflare

beforeAll(async () => {
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
    d1Databases: { DB: 'app-worker-test' },
    bindings: CASE_BINDINGS,
  })
  await mf.ready
})

afterAll(async () => {
  await mf?.dispose()
})

describe('the comment service in an edge runtime (workerd)', () => {
  httpCases(() => async (req) => {
    const request = toRequest('http://comments.test', req)
    // miniflare's fetch takes its own Request type; the parts are handed over as they are.
    const res = await mf.dispatchFetch(request.url, { method: request.method, headers: Object.fromEntries(request.headers), body: request.body ? await request.text() : undefined })
    return fromResponse(res as unknown as Response)
  })
})
