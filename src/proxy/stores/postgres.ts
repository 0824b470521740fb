/**
 * The PostgreSQL store, for more than one service instance (Node; node-postgres).
 *
 * Durability is the server's: with its default `synchronous_commit = on` a commit returns
 * only once its WAL record is flushed, so an insert resolves only when it is durable.
 */
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { columnNames, createSqlStore, inTransaction, type Tables } from './sql-store.js'
import type { CommentStore } from './store.js'

/** PostgreSQL's limit on bound parameters per statement (a 16-bit count). */
const POSTGRES_MAX_PARAMETERS = 65535

/** Any constant: concurrent starts of the service queue on it while one migrates. */
const MIGRATION_LOCK_ID = 0x67707473

export function openPostgresStore(url: string): CommentStore {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  // An idle connection the server ends (a restart, an administrator, a dropped link) is reported
  // here; unheard, it would stop the process. The pool opens a new connection for the next query,
  // and a query that fails still fails to its caller.
  pool.on('error', () => undefined)
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }), plugins: [columnNames()] })
  return createSqlStore({
    db,
    flavor: 'postgres',
    maxParameters: POSTGRES_MAX_PARAMETERS,
    atomic: (queries) => inTransaction(db, queries),
    migrationLock: sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.compile(db),
    // Autovacuum keeps statistics current as comments arrive; a bulk import should not wait for it.
    analyze: [sql`analyze comments, counters`.compile(db)],
    close: () => db.destroy(),
  })
}
