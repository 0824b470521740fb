import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS } from '../../src/proxy/stores/migrations.js'
import { openPostgresStore } from '../../src/proxy/stores/postgres.js'
import { postgresUnreachable } from '../../src/proxy/stores/sql-store.js'
import { StoreUnavailable, type CommentStore } from '../../src/proxy/stores/store.js'
import { dropDatabase, POSTGRES_SERVER, withDatabase } from '../helpers/postgres.js'
import { storeCases } from './store-cases.js'

const SERVER = POSTGRES_SERVER
const database = `gptnotes_test_${process.pid}_${Date.now().toString(36)}`

const admin = new pg.Client({ connectionString: SERVER })
let setup: pg.Client
const urls = new Map<CommentStore, string>()
let n = 0

beforeAll(async () => {
  await admin.connect().catch((e: Error) => {
    throw new Error(`PostgreSQL is not reachable at ${new URL(SERVER).host} (set GPTNOTES_TEST_POSTGRES to another server): ${e.message}`)
  })
  await admin.query(`create database ${database}`)
  setup = new pg.Client({ connectionString: withDatabase(database) })
  await setup.connect()
})

afterAll(async () => {
  await setup?.end()
  await dropDatabase(admin, database)
  await admin.end()
})

const schemaOf = new Map<CommentStore, string>()

const openAt = (url: string): CommentStore => {
  const store = openPostgresStore(url)
  urls.set(store, url)
  return store
}

// One database per run, one schema per case: every case starts empty.
storeCases('PostgreSQL', {
  async fresh() {
    const schema = `case_${++n}`
    await setup.query(`create schema ${schema}`)
    const store = openAt(withDatabase(database, { options: `-c search_path=${schema}` }))
    schemaOf.set(store, schema)
    return store
  },
  async reopen(store) {
    const again = openAt(urls.get(store)!)
    schemaOf.set(again, schemaOf.get(store)!)
    return again
  },
  async recordVersion(store, version) {
    await setup.query(`insert into ${schemaOf.get(store)!}.gptnotes_migrations (version, name, applied_at) values ($1, 'from a newer gptnotes', $2)`, [version, new Date().toISOString()])
  },
  async run(store, statements) {
    await setup.query(`set search_path to ${schemaOf.get(store)!}`)
    try {
      for (const statement of statements) await setup.query(statement)
    } finally {
      await setup.query('reset search_path')
    }
  },
})

describe('PostgreSQL store', () => {
  it('concurrent first starts migrate once, without errors', async () => {
    await setup.query('create schema racing')
    const url = withDatabase(database, { options: '-c search_path=racing' })
    const stores = Array.from({ length: 4 }, () => openPostgresStore(url))
    try {
      await Promise.all(stores.map((s) => s.migrate()))
      const { rows } = await setup.query('select version from racing.gptnotes_migrations order by version')
      expect(rows).toEqual(MIGRATIONS.map(({ version }) => ({ version })))
    } finally {
      await Promise.all(stores.map((s) => s.close()))
    }
  })

  it('indexes what the widget queries', async () => {
    await setup.query('create schema indexed')
    const store = openPostgresStore(withDatabase(database, { options: '-c search_path=indexed' }))
    try {
      await store.migrate()
      const { rows } = await setup.query(`select indexname from pg_indexes where schemaname = 'indexed' and tablename = 'comments' order by indexname`)
      expect(rows.map((r: { indexname: string }) => r.indexname)).toEqual(['comments_duplicate_key', 'comments_ip_created', 'comments_pid', 'comments_pkey', 'comments_rid_status_created', 'comments_status_created', 'comments_url_status_created'])
    } finally {
      await store.close()
    }
  })

  it('keeps serving when the server ends its idle connections (a restart, an administrator)', async () => {
    await setup.query('create schema restarted')
    const store = openPostgresStore(withDatabase(database, { options: '-c search_path=restarted', application_name: 'gptnotes_restarted' }))
    try {
      await store.migrate()
      expect(await store.getCounter('none')).toBeUndefined()
      const { rows } = await admin.query(`select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = 'gptnotes_restarted'`)
      expect(rows.length).toBeGreaterThan(0)
      // The ended connections report their end to the pool; the next query opens a new one.
      await new Promise((r) => setTimeout(r, 200))
      expect(await store.getCounter('none')).toBeUndefined()
    } finally {
      await store.close()
    }
  })

  it('a server it cannot reach is StoreUnavailable (with the socket’s code), not a query fault', async () => {
    // Port 1 on loopback: nothing listens, the connect is refused at once.
    const store = openPostgresStore('postgres://postgres@127.0.0.1:1/none')
    try {
      const err = await store.getCounter('x').then(() => undefined, (e: unknown) => e)
      expect(err).toBeInstanceOf(StoreUnavailable)
      expect((err as StoreUnavailable).code).toBe('ECONNREFUSED')
      expect((err as StoreUnavailable).message).toContain('ECONNREFUSED')
    } finally {
      await store.close()
    }
  })

  it('tells connection failures from query faults', () => {
    const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code })
    for (const err of [coded('57P01'), coded('57P02'), coded('57P03'), coded('08006'), coded('08001'), coded('53300'), coded('ECONNREFUSED'), coded('ECONNRESET'), new Error('Connection terminated unexpectedly'), new Error('Client has encountered a connection error and is not queryable'), new Error('timeout exceeded when trying to connect')]) {
      expect(postgresUnreachable(err), String(err)).toBe(true)
    }
    for (const err of [coded('23505'), coded('22P02'), coded('22021'), coded('42P01'), coded('57014'), new Error('syntax error'), 'text', undefined]) {
      expect(postgresUnreachable(err), String(err)).toBe(false)
    }
  })
})
