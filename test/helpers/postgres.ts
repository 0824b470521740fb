import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'

/** The real server (design.md §7); `.ci/run` starts it when it is not running. */
export const POSTGRES_SERVER = process.env.GPTNOTES_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/postgres'

/** The server's URL naming another database, with connection parameters (`options`, `application_name`). */
export function withDatabase(name: string, params: Record<string, string> = {}): string {
  const url = new URL(POSTGRES_SERVER)
  url.pathname = `/${name}`
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  return url.href
}

/**
 * Drops a test database once its users are gone. Every store is closed by then, but a closing
 * connection may still be on its way out: it is let go before the drop, which ends any connection
 * left (one ending meanwhile would report it).
 */
export async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name])
    if ((rows[0] as { n: number }).n === 0) break
    await new Promise((r) => setTimeout(r, 100))
  }
  await admin.query(`drop database if exists ${name} with (force)`)
}

/**
 * A database of its own for the enclosing suite: created before its tests, dropped after (with
 * any connection left). Returns its address.
 */
export function postgresDatabase(prefix: string): string {
  const database = `${prefix}_${process.pid}_${Date.now().toString(36)}`
  const admin = new pg.Client({ connectionString: POSTGRES_SERVER })

  beforeAll(async () => {
    await admin.connect().catch((e: Error) => {
      throw new Error(`PostgreSQL is not reachable at ${new URL(POSTGRES_SERVER).host} (set GPTNOTES_TEST_POSTGRES to another server): ${e.message}`)
    })
    await admin.query(`create database ${database}`)
  })
  afterAll(async () => {
    await dropDatabase(admin, database)
    await admin.end()
  })
  return withDatabase(database)
}
