import { join } from 'node:path'
import { build } from 'esbuild'
import { Miniflare } from 'miniflare'
import { afterAll, beforeAll } from 'vitest'
import type { CommentStore } from '../../src/proxy/stores/store.js'
import { REPO_ROOT } from '../helpers/sites.js'
import { storeCases } from './store-cases.js'

/**
 * The D1 store runs inside workerd (miniflare) on real D1 bindings; the cases reach it through
 * a small worker that calls the store's methods (store-d1-worker.ts). One binding per case,
 * so each starts on an empty database.
 */
const BINDINGS = Array.from({ length: 48 }, (_, i) => `DB${i}`)
let mf: Miniflare
let next = 0

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [join(REPO_ROOT, 'test/proxy/store-d1-worker.ts')],
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
    d1Databases: Object.fromEntries(BINDINGS.map((b) => [b, `store-test-${b}`])),
  })
  await mf.ready
})

afterAll(async () => {
  await mf?.dispose()
})

const bindingOf = new WeakMap<CommentStore, string>()

async function runSql(binding: string, statements: [string, ...unknown[]][]): Promise<void> {
  const res = await mf.dispatchFetch('http://store.test/', { method: 'POST', body: JSON.stringify({ binding, statements }) })
  const body = (await res.json()) as { ok: boolean; error?: string }
  if (!body.ok) throw new Error(body.error)
}

function client(binding: string): CommentStore {
  const call = async (method: string, args: unknown[]): Promise<unknown> => {
    const res = await mf.dispatchFetch('http://store.test/', { method: 'POST', body: JSON.stringify({ binding, method, args }) })
    const body = (await res.json()) as { ok: boolean; undefined?: boolean; result?: unknown; error?: string }
    if (!body.ok) throw new Error(body.error)
    return body.undefined ? undefined : body.result
  }
  const store = new Proxy({} as CommentStore, {
    // Not a thenable (`await` would call it), and nothing to close on the client side.
    get: (_target, method: string) => (method === 'then' ? undefined : method === 'close' ? async () => {} : (...args: unknown[]) => call(method, args)),
  })
  bindingOf.set(store, binding)
  return store
}

storeCases('D1', {
  async fresh() {
    const binding = BINDINGS[next++]
    if (!binding) throw new Error('store-d1.test.ts: add bindings, every case needs its own')
    return client(binding)
  },
  reopen: async (store) => client(bindingOf.get(store)!),
  // By hand through the store worker too: miniflare's D1 proxy (getD1Database) blocks the
  // test's thread on a synchronous fetch per call, which has lost its answer under load.
  recordVersion: (store, version) =>
    runSql(bindingOf.get(store)!, [[`insert into gptnotes_migrations (version, name, applied_at) values (?, 'from a newer gptnotes', ?)`, version, new Date().toISOString()]]),
  run: (store, statements) => runSql(bindingOf.get(store)!, statements.map((s) => [s])),
})
