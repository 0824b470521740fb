/**
 * The store on an edge runtime's D1-style SQL binding (the worker's `DB`). Web-standard.
 * D1 commits each statement (and each batch) durably before it answers.
 */
import { Kysely, sql } from 'kysely'
import { columnNames, createSqlStore, type Tables } from './sql-store.js'
import type { CommentStore } from './store.js'
import { D1_MAX_PARAMETERS, D1Dialect, d1Batch, type D1Binding } from './d1-dialect.js'

export type { D1Binding } from './d1-dialect.js'

export function openD1Store(binding: D1Binding): CommentStore {
  const db = new Kysely<Tables>({ dialect: new D1Dialect(binding), plugins: [columnNames()] })
  return createSqlStore({
    db,
    flavor: 'sqlite',
    maxParameters: D1_MAX_PARAMETERS,
    atomic: (queries) => d1Batch(binding, queries),
    // D1's advice after creating indexes and bulk loads: planner statistics, as on SQLite.
    analyze: [sql`pragma optimize=0x10002`.compile(db)],
    close: () => db.destroy(),
  })
}
