import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'

/** The real server (design.md §7); `.ci/run` starts it when it is not running. */
export const POSTGRES_SERVER = process.env.GPTNOTES_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/**
 * A database of its own for the enclosing suite: created before its tests, dropped after (with
 * any connection left). Returns its address.
 */
export function postgresDatabase(prefix: string): string {
  const database = `${prefix}_${process.pid}_${Date.now().toString(36)}`
  const admin = new pg.Client({ connectionString: POSTGRES_SERVER })
  const url = new URL(POSTGRES_SERVER)
  url.pathname = `/${database}`

  beforeAll(async () => {
    await admin.connect().catch((e: Error) => {
      throw new Error(`PostgreSQL is not reachable at ${new URL(POSTGRES_SERVER).host} (set GPTNOTES_TEST_POSTGRES to another server): ${e.message}`)
    })
    await admin.query(`create database ${database}`)
  })
  afterAll(async () => {
    await admin.query(`drop database if exists ${database} with (force)`)
    await admin.end()
  })
  return url.href
}
