import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MIGRATIONS } from '../../src/proxy/stores/migrations.js'
import { openPostgresStore } from '../../src/proxy/stores/postgres.js'
import type { CommentStore } from '../../src/proxy/stores/store.js'
import { dropTestDatabase } from './postgres-database.js'
import { storeCases } from './store-cases.js'

/** The real server (design.md §7); `.ci/run` starts it when it is not running. */
const SERVER = process.env.GPTNOTES_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const database = `gptnotes_test_${process.pid}_${Date.now().toString(36)}`

const withDatabase = (name: string, params: Record<string, string> = {}): string => {
  const url = new URL(SERVER)
  url.pathname = `/${name}`
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  return url.href
}

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
  await dropTestDatabase(admin, database)
  await admin.end()
})

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
    return openAt(withDatabase(database, { options: `-c search_path=${schema}` }))
  },
  reopen: async (store) => openAt(urls.get(store)!),
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
})
