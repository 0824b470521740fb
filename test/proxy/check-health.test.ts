// `gptnotes proxy --check` (a deploy script's gate: settings, the store reached, nothing changed)
// and `/healthz` (503 while the store does not answer), on SQLite and PostgreSQL. The compiled
// CLI runs as an operator runs it (`npm run compile` first). A stopped PostgreSQL is a TCP relay
// of the test's own in front of the shared server: closed, the service's connections to it end
// and new ones are refused, as when the database stops; opened again, the service recovers.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer, connect, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveProxyOptions } from '../../src/proxy/options.js'
import { startProxyServer } from '../../src/proxy/node.js'
import { latestMigration } from '../../src/proxy/stores/migrations.js'
import { openSqliteStore } from '../../src/proxy/stores/sqlite.js'
import { openPostgresStore } from '../../src/proxy/stores/postgres.js'
import type { CommentStore } from '../../src/proxy/stores/store.js'
import { postgresDatabase } from '../helpers/postgres.js'
import { cliEnv, startCli, type CliRun } from '../helpers/cli-run.js'
import { REPO_ROOT } from '../helpers/sites.js'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gptnotes-check-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function check(store: string, env: Record<string, string> = { GPTNOTES_ORIGINS: 'https://site.example', GPTNOTES_SECRET: 'a-long-random-secret-0123456789' }): Promise<CliRun> {
  return startCli(['proxy', '--check', '--store', store], { env: cliEnv(['GPTNOTES_'], env), cwd: dir }).done
}

const options = (store: string) => resolveProxyOptions({ flags: { port: '0', store }, env: { GPTNOTES_ORIGINS: 'https://site.example', GPTNOTES_SECRET: 'a-long-random-secret-0123456789' } })
const quiet = () => undefined

async function health(url: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${url}/healthz`)
  return { status: res.status, body: await res.json() }
}

/** Polls `/healthz` until it answers `status` (the pool notices a dead or revived server on its next query). */
async function healthBecomes(url: string, status: number, ms = 15_000): Promise<{ status: number; body: unknown }> {
  const end = Date.now() + ms
  for (;;) {
    const h = await health(url)
    if (h.status === status || Date.now() > end) return h
    await new Promise((r) => setTimeout(r, 200))
  }
}

describe('gptnotes proxy --check on SQLite', () => {
  it('a store not there yet: exit 0, the service will create it; nothing is created', async () => {
    const path = join(dir, 'new', 'deeper', 'comments.db')
    const r = await check(`sqlite:${path}`)
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(`no file yet: the service creates it at start and migrates it (${latestMigration()} steps)`)
    expect(r.stdout).toContain('ready to start')
    expect(existsSync(join(dir, 'new'))).toBe(false)
  })

  it('a migrated store is up to date; an older one will be migrated at start (exit 0); neither is changed', async () => {
    const path = join(dir, 'current.db')
    const store = openSqliteStore(path)
    await store.migrate()
    await store.close()
    const before = readdirSync(dir).sort()
    const current = await check(`sqlite:${path}`)
    expect(readdirSync(dir).sort()).toEqual(before)
    expect(current.code).toBe(0)
    expect(current.stdout).toContain(`schema version ${latestMigration()}, up to date`)

    // An older gptnotes's store: only the first step applied.
    const db = new Database(path)
    db.prepare('delete from gptnotes_migrations where version > 1').run()
    db.close()
    const older = await check(`sqlite:${path}`)
    expect(readdirSync(dir).sort()).toEqual(before)
    expect(older.code).toBe(0)
    const pending = latestMigration() - 1
    expect(older.stdout).toContain(`schema version 1 of ${latestMigration()}: will migrate ${pending} step${pending === 1 ? '' : 's'} at start`)
    const level = new Database(path, { readonly: true })
    expect(level.prepare('select max(version) as v from gptnotes_migrations').get()).toEqual({ v: 1 })
    level.close()
  })

  it('a store of a newer gptnotes: exit 1, CommentStoreTooNew; the service refuses to start on it too', async () => {
    const path = join(dir, 'newer.db')
    const store = openSqliteStore(path)
    await store.migrate()
    await store.close()
    const db = new Database(path)
    db.prepare(`insert into gptnotes_migrations (version, name, applied_at) values (?, 'later', '2027-01-01T00:00:00.000Z')`).run(latestMigration() + 1)
    db.close()
    const r = await check(`sqlite:${path}`)
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(new RegExp(`^error \\[CommentStoreTooNew\\] --store: the comment store's schema is at version ${latestMigration() + 1}, but this gptnotes knows versions up to ${latestMigration()}`, 'm'))
    await expect(startProxyServer({ options: options(`sqlite:${path}`), signals: false, log: quiet })).rejects.toThrow(/newer gptnotes/)
  })

  it('a wrong setting is named (exit 1), before the store is tried', async () => {
    const r = await check(`sqlite:${join(dir, 'x.db')}`, { GPTNOTES_MODERATION: 'sometimes' })
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^error \[ProxySettingInvalid\] GPTNOTES_MODERATION /m)
    expect(existsSync(join(dir, 'x.db'))).toBe(false)
  })
})

describe('gptnotes proxy --check refuses what would start badly', () => {
  it('the Node template\'s comments.env left unedited: exit 1 naming the placeholder secret', async () => {
    const template = readFileSync(join(REPO_ROOT, 'templates/node/comments.env'), 'utf8')
    const env = Object.fromEntries(
      template
        .split('\n')
        .filter((l) => /^[A-Z_]+=/.test(l))
        .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
    )
    expect(env.GPTNOTES_ADMIN_TOKEN).toMatch(/^change-me/)
    const r = await check(`sqlite:${join(dir, 'template.db')}`, { ...env, GPTNOTES_STORE: `sqlite:${join(dir, 'template.db')}` })
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^error \[ProxySettingInvalid\] GPTNOTES_(SECRET|ADMIN_TOKEN) is still a placeholder \(change-me-…\)/m)
    expect(r.stdout).not.toContain('ready to start')
    // Each placeholder is refused on its own, and a run of a few characters too.
    for (const [name, value] of [['GPTNOTES_ADMIN_TOKEN', 'change-me-to-another-long-random-string'], ['GPTNOTES_SECRET', 'your-secret-here-please-0123'], ['GPTNOTES_ADMIN_TOKEN', 'abababababababababab']]) {
      const one = await check(`sqlite:${join(dir, 'template.db')}`, { GPTNOTES_ORIGINS: 'https://site.example', [name]: value })
      expect(one.code, `${name}=${value}`).toBe(1)
      expect(one.stderr).toContain(`[ProxySettingInvalid] ${name} `)
    }
  })

  it('a port another program holds: exit 1, PortInUse', async () => {
    const busy = createServer()
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve))
    const port = (busy.address() as { port: number }).port
    try {
      const r = await startCli(['proxy', '--check', '--port', String(port), '--store', `sqlite:${join(dir, 'port.db')}`], {
        env: cliEnv(['GPTNOTES_'], { GPTNOTES_ORIGINS: 'https://site.example' }),
        cwd: dir,
      }).done
      expect(r.code).toBe(1)
      expect(r.stderr).toContain(`error [PortInUse] port ${port} on 127.0.0.1 is already in use`)
    } finally {
      busy.close()
    }
  })

  it('no origins: ready, but said loudly that no site can use it', async () => {
    const r = await check(`sqlite:${join(dir, 'origins.db')}`, {})
    expect(r.code).toBe(0)
    expect(r.stderr).toContain('[ProxyNoOrigins]')
    expect(r.stdout).toContain('ready to start, but NO SITE CAN USE IT')
  })
})

describe('/healthz on SQLite', () => {
  it('200 {ok: true} while the store answers, 503 {ok: false} when it does not answer within its time-out', async () => {
    const store = openSqliteStore(join(dir, 'health.db'))
    let stalled = false
    // The same store, its ping held while `stalled` (a disk that hangs, a lock never let go).
    const held = new Proxy(store, {
      get: (target, name, receiver) => (name === 'ping' ? () => (stalled ? new Promise<void>(() => undefined) : target.ping()) : Reflect.get(target, name, receiver)),
    }) as CommentStore
    const server = await startProxyServer({ options: options('sqlite:unused.db'), store: held, signals: false, log: quiet })
    try {
      expect(await health(server.url)).toEqual({ status: 200, body: { ok: true } })
      stalled = true
      const started = Date.now()
      expect(await health(server.url)).toEqual({ status: 503, body: { ok: false } })
      expect(Date.now() - started).toBeLessThan(5_000)
      stalled = false
      expect(await health(server.url)).toEqual({ status: 200, body: { ok: true } })
    } finally {
      await server.close()
    }
  })
})

/** A TCP relay to the PostgreSQL server that the test can stop (ending every connection) and start again on the same port. */
async function relayTo(target: URL): Promise<{ port: number; stop(): Promise<void>; start(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<Socket>()
  let server: Server | undefined
  let port = 0
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname)
        for (const sock of [client, upstream]) {
          sockets.add(sock)
          sock.on('close', () => sockets.delete(sock))
          sock.on('error', () => undefined)
        }
        client.pipe(upstream).pipe(client)
        client.on('close', () => upstream.destroy())
        upstream.on('close', () => client.destroy())
      })
      s.once('error', reject)
      s.listen(port, '127.0.0.1', () => {
        port = (s.address() as { port: number }).port
        server = s
        resolve()
      })
    })
  const stop = async () => {
    const s = server
    server = undefined
    for (const sock of sockets) sock.destroy()
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()))
  }
  await start()
  return { port, stop, start, close: stop }
}

describe('PostgreSQL', () => {
  const url = postgresDatabase('gptnotes_check')
  const through = (port: number) => {
    const u = new URL(url)
    u.host = `127.0.0.1:${port}`
    return u.href
  }

  it('--check on an empty database: exit 0, will migrate at start; no table is created', async () => {
    const r = await check(url)
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(`schema version 0 of ${latestMigration()}: will migrate ${latestMigration()} steps at start`)
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      const { rows } = await client.query(`select count(*)::int as n from pg_tables where schemaname = 'public'`)
      expect(rows).toEqual([{ n: 0 }])
    } finally {
      await client.end()
    }
  })

  it('--check on a server that does not answer: exit 1, CommentStoreUnavailable with the socket\'s code; the password is never printed', async () => {
    const r = await check('postgres://postgres:s3cret-pass@127.0.0.1:1/none')
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^error \[CommentStoreUnavailable\] .*ECONNREFUSED/m)
    expect(r.stdout + r.stderr).not.toContain('s3cret-pass')
  })

  it('--check on a migrated store is up to date; on a newer one, exit 1 and the service refuses to start', async () => {
    const store = openPostgresStore(url)
    await store.migrate()
    await store.close()
    expect((await check(url)).stdout).toContain(`schema version ${latestMigration()}, up to date`)
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      await client.query(`insert into gptnotes_migrations (version, name, applied_at) values ($1, 'later', '2027-01-01T00:00:00.000Z')`, [latestMigration() + 1])
      const r = await check(url)
      expect(r.code).toBe(1)
      expect(r.stderr).toMatch(/^error \[CommentStoreTooNew\] /m)
      await expect(startProxyServer({ options: options(url), signals: false, log: quiet })).rejects.toThrow(/newer gptnotes/)
    } finally {
      await client.query('delete from gptnotes_migrations where version > $1', [latestMigration()])
      await client.end()
    }
  })

  it('/healthz answers 503 {ok: false} while the database is out of reach, and 200 again once it is back', async () => {
    const relay = await relayTo(new URL(url))
    const server = await startProxyServer({ options: options(through(relay.port)), signals: false, log: quiet })
    try {
      expect(await health(server.url)).toEqual({ status: 200, body: { ok: true } })
      await relay.stop()
      const down = Date.now()
      expect(await healthBecomes(server.url, 503)).toEqual({ status: 503, body: { ok: false } })
      expect(Date.now() - down).toBeLessThan(10_000)
      // --check says so too, for a deploy script.
      const r = await check(through(relay.port))
      expect(r.code).toBe(1)
      expect(r.stderr).toMatch(/^error \[CommentStoreUnavailable\] /m)
      await relay.start()
      expect(await healthBecomes(server.url, 200)).toEqual({ status: 200, body: { ok: true } })
    } finally {
      await server.close()
      await relay.close()
    }
  })
})
