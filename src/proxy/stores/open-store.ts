/**
 * Opens the store that the `GPTNOTES_STORE` setting (`--store`) names (Node), and migrates it
 * before its first use. The drivers load only when chosen, so a machine without the SQLite
 * native module can still use PostgreSQL.
 */
import { accessSync, constants, existsSync, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { latestMigration, pendingMigrations } from './migrations.js'
import { StoreTooNew, type CommentStore } from './store.js'

export async function openStore(url: string): Promise<CommentStore> {
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length)
    if (!path) throw new Error('GPTNOTES_STORE (--store): "sqlite:" needs a file path, e.g. sqlite:./comments.db')
    const { openSqliteStore } = await import('./sqlite.js')
    return openSqliteStore(path)
  }
  if (/^postgres(ql)?:\/\//.test(url)) {
    const { openPostgresStore } = await import('./postgres.js')
    return openPostgresStore(url)
  }
  // Only the scheme is echoed: the rest of a URL may hold a password.
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(url)?.[0] ?? 'no scheme'
  throw new Error(`GPTNOTES_STORE (--store) must be sqlite:PATH or postgres://…; got ${scheme === 'no scheme' ? `"${url}"` : `a "${scheme}" URL`}`)
}

/** Runs the store's migrations; a store they fail on is closed before the error goes on. */
export async function migrateOrClose(store: CommentStore): Promise<CommentStore> {
  try {
    await store.migrate()
    return store
  } catch (err) {
    await store.close().catch(() => undefined)
    throw err
  }
}

/** The store `url` names, migrated (the service, the embedded service and `gptnotes comments` all start so). */
export async function openMigratedStore(url: string): Promise<CommentStore> {
  return migrateOrClose(await openStore(url))
}

/** What `gptnotes proxy --check` found in the store. */
export interface StoreCheck {
  /** The schema version the database is at (0: never migrated, or no file yet). */
  level: number
  /** The last version this gptnotes knows. */
  known: number
  /** Steps the service will apply when it starts. */
  pending: number
  /** An SQLite file that does not exist yet: the service creates it (its folder is there and writable). */
  created: boolean
}

/**
 * Reaches the store `url` names and reads its schema level, creating and changing nothing (no
 * SQLite file or folder, no table, no migration). Throws what the start would: a wrong address,
 * `StoreUnavailable`, `StoreTooNew` for a schema written by a newer gptnotes.
 */
export async function checkStore(url: string): Promise<StoreCheck> {
  const known = latestMigration()
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length)
    if (path && path !== ':memory:' && !existsSync(path)) {
      // The service will create the file (and any missing folders): the nearest folder that
      // exists must be one this user may write in (under systemd: one of ReadWritePaths).
      let folder = dirname(resolve(path))
      while (!existsSync(folder) && dirname(folder) !== folder) folder = dirname(folder)
      let writable = statSync(folder).isDirectory()
      try {
        accessSync(folder, constants.W_OK)
      } catch {
        writable = false
      }
      if (!writable) throw new Error(`GPTNOTES_STORE (--store): there is no file ${path} and ${folder} is not a folder this user may write in, so the service cannot create it`)
      return { level: 0, known, pending: pendingMigrations(0), created: true }
    }
    if (path && path !== ':memory:') {
      // WAL mode writes beside the file: the service needs its folder writable too.
      try {
        accessSync(path, constants.R_OK | constants.W_OK)
        accessSync(dirname(resolve(path)), constants.W_OK)
      } catch {
        throw new Error(`GPTNOTES_STORE (--store): ${path} or its folder is not writable by this user`)
      }
    }
  }
  let store: CommentStore
  if (url.startsWith('sqlite:') && url.slice('sqlite:'.length) && url !== 'sqlite::memory:') {
    const { openSqliteStore } = await import('./sqlite.js')
    store = openSqliteStore(url.slice('sqlite:'.length), { readonly: true })
  } else {
    store = await openStore(url)
  }
  try {
    const level = await store.schemaLevel()
    if (level > known) throw new StoreTooNew(level, known)
    return { level, known, pending: pendingMigrations(level), created: false }
  } finally {
    await store.close().catch(() => undefined)
  }
}
