import type { SqliteDatabase, SqliteStatement } from 'kysely'

/** Distinct SQL texts kept prepared; `$in` lists of other lengths make other texts. */
const MAX_STATEMENTS = 256

/**
 * A database whose `prepare` hands back the statement it prepared before for the same SQL.
 * Kysely's SQLite driver prepares every query afresh, and for the service's short reads the
 * preparing (parsing and planning the SQL) costs as much as running it. Safe here because
 * better-sqlite3 runs each statement to completion synchronously and the store never streams.
 */
export function cachingStatements(database: SqliteDatabase): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>()
  return {
    prepare(text) {
      const hit = cache.get(text)
      if (hit) {
        // Most recently used last, so the oldest is the first key.
        cache.delete(text)
        cache.set(text, hit)
        return hit
      }
      const statement = database.prepare(text)
      cache.set(text, statement)
      if (cache.size > MAX_STATEMENTS) cache.delete(cache.keys().next().value!)
      return statement
    },
    close() {
      cache.clear()
      database.close()
    },
  }
}
