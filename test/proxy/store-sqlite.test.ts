import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import Database from 'better-sqlite3'
import { build } from 'esbuild'
import { afterAll, describe, expect, it } from 'vitest'
import { openSqliteStore } from '../../src/proxy/stores/sqlite.js'
import type { CommentStore } from '../../src/proxy/stores/store.js'
import { REPO_ROOT } from '../helpers/sites.js'
import { comment, storeCases } from './store-cases.js'

const dir = mkdtempSync(join(tmpdir(), 'gptnotes-sqlite-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const paths = new Map<CommentStore, string>()
let n = 0
const openAt = (path: string): CommentStore => {
  const store = openSqliteStore(path)
  paths.set(store, path)
  return store
}

storeCases('SQLite', {
  fresh: async () => openAt(join(dir, `store-${++n}.db`)),
  reopen: async (store) => openAt(paths.get(store)!),
  async recordVersion(store, version) {
    const db = new Database(paths.get(store)!)
    try {
      db.prepare(`insert into gptnotes_migrations (version, name, applied_at) values (?, 'from a newer gptnotes', ?)`).run(version, new Date().toISOString())
    } finally {
      db.close()
    }
  },
  async run(store, statements) {
    const db = new Database(paths.get(store)!)
    try {
      for (const statement of statements) db.exec(statement)
    } finally {
      db.close()
    }
  },
})

describe('SQLite store settings', () => {
  it('uses a WAL journal, creates the folder of a new file and indexes the widget\'s queries', async () => {
    const path = join(dir, 'nested', 'deeper', 'comments.db')
    const store = openSqliteStore(path)
    await store.migrate()
    const db = new Database(path, { readonly: true })
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
      const indexes = db.prepare(`select name from sqlite_master where type = 'index' and tbl_name = 'comments' and name not like 'sqlite_%'`).all()
      expect(indexes.map((r) => (r as { name: string }).name).sort()).toEqual(['comments_duplicate_key', 'comments_ip_created', 'comments_pid', 'comments_rid_status_created', 'comments_status_created', 'comments_url_status_created'])
      // The widget's page of root comments is served by an index, not a scan of every comment.
      const plan = db
        .prepare(`explain query plan select * from comments where url = ? and status in ('approved') and (rid is null or rid = '') order by created_at desc, inserted_at desc, object_id desc limit 10`)
        .all('/p/a')
        .map((r) => (r as { detail: string }).detail)
        .join('\n')
      expect(plan).toMatch(/USING INDEX comments_url_status_created/)
    } finally {
      db.close()
      await store.close()
    }
  })

  it('a comment whose insert resolved survives the process being killed at once (kill -9)', async () => {
    // The store, bundled so a plain Node child can run it; beside node_modules so its packages resolve.
    const cache = join(REPO_ROOT, 'node_modules', '.cache', 'gptnotes-test')
    mkdirSync(cache, { recursive: true })
    const bundle = join(cache, `sqlite-store-${process.pid}.mjs`)
    await build({ entryPoints: [join(REPO_ROOT, 'src/proxy/stores/sqlite.ts')], bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile: bundle, logLevel: 'silent' })
    const path = join(dir, 'killed.db')
    const c = comment({ objectId: 'survivor' })
    const child = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { openSqliteStore } = await import(${JSON.stringify(pathToFileURL(bundle).href)})
         const store = openSqliteStore(${JSON.stringify(path)})
         await store.migrate()
         await store.insertComment(${JSON.stringify(c)})
         process.kill(process.pid, 'SIGKILL')`,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    )
    let stderr = ''
    child.stderr.on('data', (d) => (stderr += d))
    const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, sig) => resolve(sig)))
    rmSync(bundle, { force: true })
    expect(stderr).toBe('')
    expect(signal).toBe('SIGKILL')
    const store = openSqliteStore(path)
    try {
      expect(await store.getComment('survivor')).toEqual(c)
    } finally {
      await store.close()
    }
  })
})
