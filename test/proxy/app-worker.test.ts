import { join } from 'node:path'
import { build } from 'esbuild'
import { Miniflare } from 'miniflare'
import { afterAll, beforeAll, describe } from 'vitest'
import { REPO_ROOT } from '../helpers/sites.js'
import { CASE_BINDINGS, fromResponse, httpCases, toRequest, type CaseRequest } from './http-cases.js'

/**
 * The same HTTP cases against the edge entry (`src/proxy/worker.ts`) inside workerd, through
 * miniflare, with a D1 database bound as `DB` and the settings as plain-text bindings. A second
 * worker with the same code and the same database (its own isolate, app and store) is the second
 * instance of the concurrency cases.
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
  const worker = (name: string) => ({
    name,
    modules: true,
    script: bundle.outputFiles[0].text,
    compatibilityDate: '2025-01-01',
    d1Databases: { DB: 'app-worker-test' },
    bindings: CASE_BINDINGS,
  })
  mf = new Miniflare({ workers: [worker('first'), worker('second')] })
  await mf.ready
})

afterAll(async () => {
  await mf?.dispose()
})

/** To the first worker (miniflare's entry), or by name to the second. */
const sendTo = (name: 'first' | 'second') => async (req: CaseRequest) => {
  const request = toRequest('http://comments.test', req)
  // miniflare's fetch takes its own Request type; the parts are handed over as they are.
  const init = { method: request.method, headers: Object.fromEntries(request.headers), body: request.body ? await request.text() : undefined }
  // The second worker's fetcher is typed for workers' own Request; it takes the same parts.
  const second = async () => (await mf.getWorker(name)) as unknown as { fetch(url: string, i: typeof init): Promise<unknown> }
  const res = name === 'first' ? await mf.dispatchFetch(request.url, init) : await (await second()).fetch(request.url, init)
  return fromResponse(res as unknown as Response)
}

describe('the comment service in an edge runtime (workerd)', () => {
  httpCases(
    () => sendTo('first'),
    () => sendTo('second'),
  )
})
