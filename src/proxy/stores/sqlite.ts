/**
 * The embedded default store: one SQLite file (Node; better-sqlite3).
 *
 * Durability: WAL journal with `synchronous = FULL`, so every commit syncs the WAL to disk
 * before the statement returns. A write is acknowledged only once it survives not just a
 * killed process (NORMAL would cover that) but a power cut or an OS crash too (NORMAL in WAL
 * mode may lose the last commits then). WAL keeps that cheap: one sequential sync per commit,
 * and readers never wait for the writer.
 */
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import Database from 'better-sqlite3'
import { Kysely, SqliteDialect, sql } from 'kysely'
import { columnNames, createSqlStore, type Tables } from './sql-store.js'
import { cachingStatements } from './statement-cache.js'
import type { CommentStore } from './store.js'

/** SQLite's own default limit on bound parameters (SQLITE_MAX_VARIABLE_NUMBER). */
const SQLITE_MAX_PARAMETERS = 32766

export interface SqliteStoreOptions {
  /**
   * Open an existing file only and change nothing in it (no folder, no file, no journal mode, no
   * statistics): what `gptnotes proxy --check` reads the schema level through. The connection is
   * not SQLite's read-only kind: on a WAL file that one leaves `-wal` and `-shm` files behind,
   * where a plain connection, the last to close, removes them.
   */
  readonly?: boolean
}

export function openSqliteStore(path: string, { readonly = false }: SqliteStoreOptions = {}): CommentStore {
  if (path !== ':memory:' && !readonly) mkdirSync(dirname(path), { recursive: true })
  const database = readonly ? new Database(path, { fileMustExist: true }) : new Database(path)
  if (!readonly) {
    database.pragma('journal_mode = WAL')
    database.pragma('synchronous = FULL')
  }
  // Another process on the same file (an import while the service runs) waits, not fails.
  database.pragma('busy_timeout = 5000')
  const statements = cachingStatements(database)
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: statements }), plugins: [columnNames()] })
  // SQLite never gathers planner statistics by itself: as its documentation advises for a
  // long-lived connection, refresh them at start (migrate) and then every hour.
  const optimize = sql`pragma optimize=0x10002`.compile(db)
  const hourly = setInterval(() => void db.executeQuery(optimize).catch(() => {}), 3_600_000)
  hourly.unref()
  if (readonly) clearInterval(hourly)
  return createSqlStore({
    db,
    flavor: 'sqlite',
    maxParameters: SQLITE_MAX_PARAMETERS,
    // In one synchronous better-sqlite3 transaction, taking the write lock at its start: nothing
    // else in this process runs between its statements, so two handles on one file (two stores
    // in one process) cannot each hold a lock while the other waits for it inside a synchronous
    // call that blocks the event loop; another process waits for it (busy_timeout).
    atomic: async (queries) => database.transaction(() => queries.map((q) => Number(statements.prepare(q.sql).run(q.parameters as unknown[]).changes))).immediate(),
    analyze: readonly ? [] : [optimize],
    close: async () => {
      clearInterval(hourly)
      await db.destroy()
    },
  })
}
