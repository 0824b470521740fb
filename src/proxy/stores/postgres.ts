/**
 * The PostgreSQL store, for more than one service instance (Node; node-postgres).
 *
 * Durability is the server's: with its default `synchronous_commit = on` a commit returns
 * only once its WAL record is flushed, so an insert resolves only when it is durable.
 */
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { columnNames, createSqlStore, inTransaction, postgresUnreachable, type Tables } from './sql-store.js'
import type { CommentStore } from './store.js'

/** PostgreSQL's limit on bound parameters per statement (a 16-bit count). */
const POSTGRES_MAX_PARAMETERS = 65535

/** Any constant: concurrent starts of the service queue on it while one migrates. */
const MIGRATION_LOCK_ID = 0x67707473

/** How long a request waits for a connection (a new one, or a free one of the pool's) before it fails as unavailable. */
const CONNECT_TIMEOUT_MS = 10_000

export function openPostgresStore(url: string): CommentStore {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
  // An idle connection the server ends (a restart, an administrator, a dropped link) is reported
  // here; unheard, it would stop the process. The pool opens a new connection for the next query,
  // and a query that fails still fails to its caller.
  pool.on('error', () => undefined)
  // A connection in use reports its end on itself, not on the pool (which listens only while it is
  // idle): without a listener of its own, the server ending it mid-request would stop the process.
  // The query on it fails to its caller (StoreUnavailable); released, the broken connection leaves
  // the pool and the next request gets a new one.
  pool.on('connect', (client) => client.on('error', () => undefined))
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }), plugins: [columnNames()] })
  return createSqlStore({
    db,
    flavor: 'postgres',
    maxParameters: POSTGRES_MAX_PARAMETERS,
    atomic: (queries) => inTransaction(db, queries),
    migrationLock: sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.compile(db),
    // Autovacuum keeps statistics current as comments arrive; a bulk import should not wait for it.
    analyze: [sql`analyze comments, counters`.compile(db)],
    unavailable: postgresUnreachable,
    close: () => db.destroy(),
  })
}
