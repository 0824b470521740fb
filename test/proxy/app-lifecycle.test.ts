import { mkdtempSync, rmSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { build } from 'esbuild'
import { Miniflare } from 'miniflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NODE_LIMITS, openSqliteStore, startProxyServer, type ProxyServer } from '../../src/proxy/node.js'
import { checkServingRules, proxyOptions, ProxyOptionError } from '../../src/proxy/options.js'
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

describe('the secret across instances', () => {
  it('a PostgreSQL store does not start without GPTNOTES_SECRET; the store given is closed', async () => {
    let closed = false
    const real = await openSqliteStore(join(dir, 'pg-stand-in.db'))
    const store: CommentStore = { ...real, close: async () => ((closed = true), real.close()) }
    const options = proxyOptions({ port: 0, store: 'postgres://nobody@127.0.0.1:1/comments' })
    const refused = startProxyServer({ options, store, signals: false, log: () => {} })
    await expect(refused).rejects.toBeInstanceOf(ProxyOptionError)
    await expect(refused).rejects.toMatchObject({ setting: 'GPTNOTES_SECRET', message: expect.stringMatching(/^GPTNOTES_SECRET must be set with a PostgreSQL store/) })
    expect(closed).toBe(true)
    expect(checkServingRules({ ...options, secret: 'a-long-random-secret-0123456789' })).toEqual([])
  })

  it('SQLite starts without it and warns once, naming it', async () => {
    const entries: Record<string, unknown>[] = []
    const server = await startProxyServer({ options: proxyOptions({ port: 0, store: `sqlite:${join(dir, 'no-secret.db')}` }), signals: false, log: (e) => entries.push(e) })
    for (let i = 0; i < 3; i++) await fetch(`${server.url}/1.1/classes/Comment?count=1&limit=0`)
    await server.close()
    const warnings = entries.filter((e) => e.level === 'warn')
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatchObject({ event: 'setting', setting: 'GPTNOTES_SECRET' })
    // With one, nothing is said.
    const quiet: Record<string, unknown>[] = []
    const other = await startProxyServer({ options: proxyOptions({ port: 0, store: `sqlite:${join(dir, 'secret.db')}`, secret: 'a-long-random-secret-0123456789' }), signals: false, log: (e) => quiet.push(e) })
    await other.close()
    expect(quiet.filter((e) => e.level === 'warn')).toEqual([])
  })
})

/** Opens a TCP connection, sends `data`, and collects what comes back until the server closes it. */
function rawConnection(server: ProxyServer, data = ''): { socket: Socket; answer: Promise<{ text: string; ms: number }> } {
  const started = Date.now()
  const socket = connect(server.port, '127.0.0.1')
  let text = ''
  socket.setEncoding('utf8')
  socket.on('data', (chunk: string) => (text += chunk))
  socket.on('error', () => undefined)
  if (data) socket.write(data)
  return { socket, answer: new Promise((resolve) => socket.on('close', () => resolve({ text, ms: Date.now() - started }))) }
}

const bodyOf = (text: string): unknown => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))

describe('the Node server’s connections', () => {
  it('its limits are below Node’s defaults', () => {
    expect(NODE_LIMITS).toEqual({ headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000, connectionsPerAddress: 32 })
  })

  it('a client that sends half a request and stalls is cut off with a 408 {code, error}; so is a stalled body', async () => {
    const logged: Record<string, unknown>[] = []
    const server = await startProxyServer({ options: proxyOptions({ port: 0, store: `sqlite:${join(dir, 'slow.db')}`, secret: 'a-long-random-secret-0123456789' }), signals: false, log: (e) => logged.push(e), limits: { headersMs: 300, requestMs: 1_500 } })
    try {
      const headers = rawConnection(server, 'GET /healthz HTTP/1.1\r\nHost: comments.test\r\nX-Slow: ')
      const body = rawConnection(server, 'POST /1.1/classes/Comment HTTP/1.1\r\nHost: comments.test\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"comment":')
      for (const { answer } of [headers, body]) {
        const { text, ms } = await answer
        expect(text).toMatch(/^HTTP\/1\.1 408 /)
        expect(bodyOf(text)).toEqual({ code: 124, error: 'The request was not received in time.' })
        expect(ms).toBeLessThan(5_000)
      }
      // The server goes on, and a client cut off is no fault in the log.
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200)
      expect(logged.filter((e) => e.level === 'error')).toEqual([])
    } finally {
      await server.close()
    }
  })

  it('more open connections from one address than the cap are answered 429 {code, error} and closed', async () => {
    const server = await startProxyServer({ options: proxyOptions({ port: 0, store: `sqlite:${join(dir, 'many.db')}`, secret: 'a-long-random-secret-0123456789' }), signals: false, log: () => {}, limits: { connectionsPerAddress: 3 } })
    try {
      const held = [rawConnection(server), rawConnection(server), rawConnection(server)]
      await Promise.all(held.map(({ socket }) => new Promise((resolve) => socket.once('connect', resolve))))
      const { text } = await rawConnection(server, 'GET /healthz HTTP/1.1\r\nHost: comments.test\r\n\r\n').answer
      expect(text).toMatch(/^HTTP\/1\.1 429 /)
      expect(bodyOf(text)).toEqual({ code: 429, error: 'At most 3 open connections from one address.' })
      // One closed, one more is served.
      held[0].socket.destroy()
      await held[0].answer
      const { text: served } = await rawConnection(server, 'GET /healthz HTTP/1.1\r\nHost: comments.test\r\nConnection: close\r\n\r\n').answer
      expect(served).toMatch(/^HTTP\/1\.1 200 /)
      for (const { socket } of held) socket.destroy()
    } finally {
      await server.close()
    }
  })

  it('a request line and headers over 16 KB are answered 431 {code: 116, error}, also while the client is still sending', async () => {
    const server = await startProxyServer({ options: proxyOptions({ port: 0, store: `sqlite:${join(dir, 'big.db')}`, secret: 'a-long-random-secret-0123456789' }), signals: false, log: () => {} })
    try {
      const res = await fetch(`${server.url}/1.1/classes/Comment?where=${'x'.repeat(17 * 1024)}`)
      expect(res.status).toBe(431)
      expect(await res.json()).toEqual({ code: 116, error: 'The request line and headers are larger than 16 KB.' })
      // Headers that keep coming: the answer arrives rather than a reset.
      const { socket, answer } = rawConnection(server, `GET /healthz HTTP/1.1\r\nHost: comments.test\r\nX-Big: ${'y'.repeat(20 * 1024)}`)
      const more = setInterval(() => socket.writable && socket.write('z'.repeat(1024)), 20)
      const { text } = await answer
      clearInterval(more)
      expect(text).toMatch(/^HTTP\/1\.1 431 /)
      expect(bodyOf(text)).toMatchObject({ code: 116 })
    } finally {
      await server.close()
    }
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

  it('without GPTNOTES_SECRET it serves and warns once per isolate, naming it', async () => {
    let output = ''
    const collect = (stream: NodeJS.ReadableStream) => stream.on('data', (d: Buffer) => (output += d.toString()))
    const mf = new Miniflare({ modules: true, script, compatibilityDate: '2025-01-01', d1Databases: { DB: 'life-no-secret' }, handleRuntimeStdio: (out: NodeJS.ReadableStream, err: NodeJS.ReadableStream) => (collect(out), collect(err)) } as unknown as ConstructorParameters<typeof Miniflare>[0])
    try {
      for (let i = 0; i < 3; i++) expect((await mf.dispatchFetch('http://comments.test/healthz')).status).toBe(200)
      await new Promise((r) => setTimeout(r, 200))
    } finally {
      await mf.dispose()
    }
    expect(output.match(/"setting":"GPTNOTES_SECRET"/g)).toHaveLength(1)
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
