import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { build } from 'esbuild'
import { Miniflare } from 'miniflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSqliteStore, startProxyServer } from '../../src/proxy/node.js'
import { proxyOptions } from '../../src/proxy/options.js'
import { latestMigration } from '../../src/proxy/stores/migrations.js'
import type { CommentStore } from '../../src/proxy/stores/store.js'
import { REPO_ROOT } from '../helpers/sites.js'

let dir: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gptnotes-proxy-life-'))
})

afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('the Node server’s start and stop', () => {
  it('migrates at start, finishes a request in flight on stop, then closes the store', async () => {
    const real = await openSqliteStore(join(dir, 'life.db'))
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let entered!: () => void
    const inside = new Promise<void>((resolve) => (entered = resolve))
    const calls: string[] = []
    // The real store, with one slow read and a record of migrate/close.
    const store: CommentStore = {
      ...real,
      migrate: async () => {
        calls.push('migrate')
        await real.migrate()
      },
      countComments: async (q) => {
        entered()
        await gate
        return real.countComments(q)
      },
      close: async () => {
        calls.push('close')
        await real.close()
      },
    }
    const server = await startProxyServer({ options: proxyOptions({ port: 0 }), store, signals: false, log: () => {} })
    expect(calls).toEqual(['migrate'])
    const slow = fetch(`${server.url}/1.1/classes/Comment?count=1&limit=0`)
    await inside
    const closing = server.close()
    // New connections are refused at once; the request already in flight is answered.
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow()
    expect(calls).toEqual(['migrate'])
    release()
    const res = await slow
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ results: [], count: 0 })
    await closing
    await server.closed
    expect(calls).toEqual(['migrate', 'close'])
  })

  it('a port in use is an error, and the store it opened is closed', async () => {
    const first = await startProxyServer({ options: proxyOptions({ port: 0, store: `sqlite:${join(dir, 'one.db')}` }), signals: false, log: () => {} })
    let closed = false
    const real = await openSqliteStore(join(dir, 'two.db'))
    const store: CommentStore = { ...real, close: async () => ((closed = true), real.close()) }
    await expect(startProxyServer({ options: proxyOptions({ port: first.port }), store, signals: false, log: () => {} })).rejects.toMatchObject({ code: 'EADDRINUSE' })
    expect(closed).toBe(true)
    await first.close()
  })
})

describe('the edge worker’s start', () => {
  let script: string
  beforeAll(async () => {
    const bundle = await build({ entryPoints: [join(REPO_ROOT, 'src/proxy/worker.ts')], bundle: true, format: 'esm', platform: 'browser', write: false, logLevel: 'silent' })
    script = bundle.outputFiles[0].text
  })

  const answer = async (options: ConstructorParameters<typeof Miniflare>[0]) => {
    const mf = new Miniflare({ modules: true, script, compatibilityDate: '2025-01-01', ...options } as unknown as ConstructorParameters<typeof Miniflare>[0])
    try {
      const res = await mf.dispatchFetch('http://comments.test/healthz')
      return { status: res.status, body: (await res.json()) as unknown }
    } finally {
      await mf.dispose()
    }
  }

  it('without a DB binding or with a wrong setting it answers 500 without details', async () => {
    for (const options of [{}, { d1Databases: { DB: 'life-bad' }, bindings: { GPTNOTES_MODERATION: 'sometimes' } }]) {
      const res = await answer(options as ConstructorParameters<typeof Miniflare>[0])
      expect(res.status).toBe(500)
      expect(res.body).toEqual({ code: 1, error: 'The comment service is not configured correctly.' })
    }
  })

  it('on a D1 database a newer gptnotes migrated it refuses to start (500, the reason in its log) and changes nothing', async () => {
    let log = ''
    const mf = new Miniflare({
      modules: true,
      script,
      compatibilityDate: '2025-01-01',
      d1Databases: { DB: 'life-newer' },
      handleRuntimeStdio: (stdout: Readable, stderr: Readable) => [stdout, stderr].forEach((s) => s.on('data', (d: Buffer) => (log += d.toString()))),
    } as unknown as ConstructorParameters<typeof Miniflare>[0])
    try {
      const db = await mf.getD1Database('DB')
      const newer = latestMigration() + 1
      await db.exec('create table gptnotes_migrations (version integer primary key, name text not null, applied_at text not null)')
      await db.prepare(`insert into gptnotes_migrations values (?, 'later', '2027-01-01T00:00:00.000Z')`).bind(newer).run()
      const res = await mf.dispatchFetch('http://comments.test/healthz')
      expect(res.status).toBe(500)
      expect(await res.json()).toEqual({ code: 1, error: 'The comment service is not configured correctly.' })
      await expect.poll(() => log).toContain(`schema is at version ${newer}, newer than this version of gptnotes knows (${latestMigration()})`)
      const tables = await db.prepare(`select name from sqlite_master where type = 'table' and name not like '\\_%' escape '\\' order by name`).all()
      expect(tables.results.map((r: unknown) => (r as { name: string }).name)).toEqual(['gptnotes_migrations'])
    } finally {
      await mf.dispose()
    }
  })

  it('with its binding it serves', async () => {
    expect(await answer({ d1Databases: { DB: 'life-good' } } as unknown as ConstructorParameters<typeof Miniflare>[0])).toEqual({ status: 200, body: { ok: true } })
  })
})
