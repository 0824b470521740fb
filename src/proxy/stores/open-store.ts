/**
 * Opens the store that the `GPTNOTES_STORE` setting (`--store`) names (Node), and migrates it
 * before its first use. The drivers load only when chosen, so a machine without the SQLite
 * native module can still use PostgreSQL.
 */
import type { CommentStore } from './store.js'

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
