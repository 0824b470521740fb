/**
 * The store's migrations as wrangler D1 migration files (`migrations/0001_….sql`), written from
 * the one migration list (`migrations.ts`), so `wrangler d1 migrations apply DB` builds the
 * schema the worker expects. Each file also records its version in the store's own bookkeeping
 * table, exactly as `migrate()` does, so the worker finds the schema applied and changes nothing.
 * Web-standard: no driver, the statements are only compiled.
 */
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler, type CompiledQuery } from 'kysely'
import { createMigrationsTable, MIGRATIONS, MIGRATIONS_TABLE, type Migration } from './migrations.js'

export interface SqlFile {
  /** The file's name, e.g. `0001_comments_counters_and_view_claims.sql`. */
  name: string
  text: string
}

/** A Kysely that compiles SQLite's SQL (D1's) and runs nothing. */
export const compilingOnly = (): Kysely<any> =>
  new Kysely<any>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createQueryCompiler: () => new SqliteQueryCompiler(),
      createIntrospector: (db) => new SqliteIntrospector(db),
    },
  })

/** A SQLite literal: a string quoted (quotes doubled), a finite number as written, or NULL. */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'number' || typeof value === 'bigint') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new Error(`cannot write ${value} as SQL`)
    return String(value)
  }
  if (typeof value === 'boolean') return value ? '1' : '0'
  if (typeof value === 'string') {
    // SQLite ends a string at NUL; nothing the store holds contains one.
    if (value.includes('\0')) throw new Error('a text value holds a NUL character, which SQL text cannot carry')
    return `'${value.replaceAll("'", "''")}'`
  }
  throw new Error(`cannot write a ${typeof value} as SQL`)
}

/** A compiled statement with its parameters written in, ending with `;`. */
export function inlined(query: CompiledQuery): string {
  let i = 0
  const text = query.sql.replace(/\?/g, () => sqlLiteral(query.parameters[i++]))
  if (i !== query.parameters.length) throw new Error('a statement with parameters the generator cannot place')
  return `${text};`
}

const fileName = (m: Migration): string =>
  `${String(m.version).padStart(4, '0')}_${m.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')}.sql`

/** One file per version of the migration list, in order. */
export function d1MigrationFiles(): SqlFile[] {
  const db = compilingOnly()
  return MIGRATIONS.map((m) => {
    const statements = [
      inlined(createMigrationsTable(db)),
      ...m.statements(db, 'sqlite').map(inlined),
      // The store's own record of the version (the worker's `migrate()` then skips it).
      `insert into "${MIGRATIONS_TABLE}" ("version", "name", "applied_at") values (${m.version}, ${sqlLiteral(m.name)}, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) on conflict ("version") do nothing;`,
    ]
    const text = [`-- gptnotes comment store, version ${m.version}: ${m.name}.`, '-- Written by `gptnotes proxy init --edge` from the store\'s migration list; do not edit.', ...statements, ''].join('\n')
    return { name: fileName(m), text }
  })
}
