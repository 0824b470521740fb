import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { edgeStarterFiles } from '../../src/cli/proxy-init.js'
import { D1_MAX_STATEMENT_BYTES, exportSql } from '../../src/proxy/migrate/export-sql.js'
import { parseCommentLines, parseCounterLines } from '../../src/proxy/migrate/leancloud-export.js'
import { SETTINGS, settingsOf } from '../../src/proxy/settings/table.js'
import { d1MigrationFiles } from '../../src/proxy/stores/d1-migrations.js'
import { MIGRATIONS } from '../../src/proxy/stores/migrations.js'
import { openSqliteStore } from '../../src/proxy/stores/sqlite.js'
import type { StoredComment, StoredCounter } from '../../src/proxy/stores/store.js'
import { cliEnv, startCli } from '../helpers/cli-run.js'
import { FIXTURES, REPO_ROOT } from '../helpers/sites.js'

/**
 * The Cloudflare Workers + D1 starter (`gptnotes proxy init --edge`) and the SQL export
 * (`gptnotes comments export --sql`), checked on SQLite (D1's engine). The same files run
 * through wrangler itself in test/integration/edge-wrangler.test.ts.
 */
const TEMPLATE = join(REPO_ROOT, 'templates', 'edge')
const EXPORT = join(FIXTURES, 'leancloud-export')

let dir: string
let n = 0
const fresh = (name: string) => join(dir, `${++n}-${name}`)

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gptnotes-edge-starter-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function filesUnder(root: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (d: string) => {
    for (const entry of readdirSync(d)) {
      const path = join(d, entry)
      if (statSync(path).isDirectory()) walk(path)
      else out[relative(root, path).split('\\').join('/')] = readFileSync(path, 'utf8')
    }
  }
  walk(root)
  return out
}

/** A database file with the generated migrations applied, as `wrangler d1 migrations apply` runs them. */
function migratedDatabase(): string {
  const path = fresh('d1.db')
  const db = new Database(path)
  for (const file of d1MigrationFiles()) db.exec(file.text)
  db.close()
  return path
}

/** What the tables and indexes are, without the bookkeeping rows. */
function schemaOf(path: string): string[] {
  const db = new Database(path, { readonly: true })
  try {
    return (db.prepare("select type, name, sql from sqlite_master where name not like 'sqlite_%' order by type, name").all() as { type: string; name: string; sql: string }[]).map((r) => `${r.type} ${r.name}: ${r.sql}`)
  } finally {
    db.close()
  }
}

async function fixtureRecords(): Promise<{ comments: StoredComment[]; counters: StoredCounter[] }> {
  const comments = (await parseCommentLines(readFileSync(join(EXPORT, 'Comment.jsonl'), 'utf8'))).records
  const counters = parseCounterLines(readFileSync(join(EXPORT, 'Counter.jsonl'), 'utf8')).records
  return { comments, counters }
}

async function storeContents(path: string) {
  const store = openSqliteStore(path)
  try {
    await store.migrate()
    return await store.exportRecords()
  } finally {
    await store.close()
  }
}

/** The statements of a SQL file as wrangler splits them (none of ours holds `;` outside a string at a line's end). */
const statementsOf = (text: string): string[] =>
  text
    .split(/;\n/)
    .map((s) => s.replace(/^(--[^\n]*\n)+/, '').trim())
    .filter((s) => s !== '')

describe('the edge starter', () => {
  it('is what templates/edge holds (regenerate with `node scripts/edge-template.mjs` after `npm run compile`)', () => {
    const generated = Object.fromEntries(edgeStarterFiles().map((f) => [f.path, f.text]))
    expect(filesUnder(TEMPLATE)).toEqual(generated)
  })

  it('has one wrangler D1 migration per version of the migration list, in order', () => {
    const files = d1MigrationFiles()
    expect(files.map((f) => f.name.slice(0, 5))).toEqual(MIGRATIONS.map((m) => `${String(m.version).padStart(4, '0')}_`))
    expect(files.every((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f.name))).toBe(true)
    const names = Object.keys(Object.fromEntries(edgeStarterFiles().map((f) => [f.path, 1])))
    expect(names.filter((p) => p.startsWith('migrations/'))).toEqual(files.map((f) => `migrations/${f.name}`))
  })

  it('builds the schema the store builds, and the store then finds every version applied', async () => {
    const d1 = migratedDatabase()
    const before = schemaOf(d1)
    const node = fresh('node.db')
    const store = openSqliteStore(node)
    await store.migrate()
    await store.close()
    expect(before).toEqual(schemaOf(node))

    // The worker's start-up migrate() on the migrated database changes nothing.
    const again = openSqliteStore(d1)
    await again.migrate()
    await again.close()
    expect(schemaOf(d1)).toEqual(before)
    const db = new Database(d1, { readonly: true })
    expect(db.prepare('select version, name from gptnotes_migrations order by version').all()).toEqual(MIGRATIONS.map((m) => ({ version: m.version, name: m.name })))
    expect((db.prepare('select applied_at from gptnotes_migrations').all() as { applied_at: string }[]).every((r) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(r.applied_at))).toBe(true)
    db.close()
  })

  it('binds DB, gives every worker setting as a var or a secret, and never a secret as a var', () => {
    const toml = edgeStarterFiles().find((f) => f.path === 'wrangler.toml')!.text
    expect(toml).toMatch(/^\[\[d1_databases\]\]\nbinding = "DB"$/m)
    expect(toml).toMatch(/^main = "src\/index\.js"$/m)
    const vars = toml.slice(toml.indexOf('[vars]'), toml.indexOf('# Secrets'))
    const secrets = toml.slice(toml.indexOf('# Secrets'))
    for (const s of settingsOf(SETTINGS)) {
      if (s.env === undefined || s.env === 'GPTNOTES_STORE') continue
      const isSecret = /_SECRET$|ADMIN_TOKEN$/.test(s.env)
      if (isSecret) {
        expect(vars, s.env).not.toContain(s.env)
        expect(secrets, s.env).toMatch(new RegExp(`^#   ${s.env} `, 'm'))
      } else {
        expect(vars, s.env).toMatch(new RegExp(`^(# )?${s.env} = "`, 'm'))
      }
    }
    expect(toml).not.toContain('GPTNOTES_STORE')
    const entry = edgeStarterFiles().find((f) => f.path === 'src/index.js')!.text
    expect(entry.trimEnd().split('\n')).toHaveLength(2)
    expect(entry).toContain("export { default } from 'gptnotes/proxy/worker'")
    const readme = edgeStarterFiles().find((f) => f.path === 'README.md')!.text
    for (const step of ['npm install gptnotes', 'wrangler d1 create', 'wrangler d1 migrations apply DB --remote', 'wrangler secret put GPTNOTES_ADMIN_TOKEN', 'wrangler deploy']) expect(readme).toContain(step)
  })
})

describe('the SQL export', () => {
  it('loads into a migrated database as the same records, and a second run adds nothing', async () => {
    const records = await fixtureRecords()
    const sql = exportSql(records)
    expect(sql.comments).toBe(records.comments.length)
    const d1 = migratedDatabase()
    const db = new Database(d1)
    db.exec(sql.text)
    db.exec(sql.text)
    db.close()
    const loaded = await storeContents(d1)
    const byId = <T extends { objectId: string }>(xs: T[]) => [...xs].sort((a, b) => a.objectId.localeCompare(b.objectId))
    expect(byId(loaded.comments)).toEqual(byId(records.comments))
    expect(byId(loaded.counters)).toEqual(byId(records.counters))
  })

  it('stays within D1: no transaction, every statement under 100,000 bytes, long rows in batches and long values in parts', async () => {
    const base = (await fixtureRecords()).comments[0]!
    // 3,000 comments, and one whose text alone is over 300 KB (quotes, CJK, astral characters).
    const long = `<p>${"它说：'你好' 😀 ".repeat(12_000)}</p>`
    const comments: StoredComment[] = Array.from({ length: 3000 }, (_, i) => ({ ...base, objectId: `c${String(i).padStart(5, '0')}`, comment: `<p>comment ${i} with a ';' and -- in it, ?1 and ?</p>` }))
    comments.push({ ...base, objectId: 'long', comment: long, nick: "O'Brien" })
    const sql = exportSql({ comments, counters: [] })
    expect(sql.text).not.toMatch(/^\s*(begin|commit|end|rollback|savepoint)\b/im)
    const statements = statementsOf(sql.text)
    expect(statements.length).toBe(sql.statements)
    for (const s of statements) expect(new TextEncoder().encode(s).length).toBeLessThanOrEqual(D1_MAX_STATEMENT_BYTES)
    expect(statements.filter((s) => s.startsWith('insert into "comments"')).length).toBeGreaterThan(2)
    expect(statements.some((s) => s.startsWith('update "comments"'))).toBe(true)

    const d1 = migratedDatabase()
    const db = new Database(d1)
    // One statement at a time, as D1 runs them.
    for (const s of statements) db.exec(`${s};`)
    for (const s of statements) db.exec(`${s};`)
    db.close()
    const loaded = await storeContents(d1)
    expect(loaded.comments).toHaveLength(3001)
    expect(loaded.comments.find((c) => c.objectId === 'long')).toEqual(comments.at(-1))
  })
})

describe('gptnotes proxy init --edge and comments export --sql', () => {
  const env = cliEnv(['GPTNOTES_'])

  it('writes the starter into a new folder, refuses a non-empty one, and writes over it with --force', async () => {
    const out = fresh('starter')
    const first = await startCli(['proxy', 'init', '--edge', out], { env, cwd: dir }).done
    expect(first.code, first.stderr).toBe(0)
    expect(filesUnder(out)).toEqual(filesUnder(TEMPLATE))

    writeFileSync(join(out, 'wrangler.toml'), 'edited')
    const refused = await startCli(['proxy', 'init', '--edge', out], { env, cwd: dir }).done
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/^error \[EdgeStarterDirNotEmpty\] --edge: .* is not empty/m)
    expect(readFileSync(join(out, 'wrangler.toml'), 'utf8')).toBe('edited')

    writeFileSync(join(out, 'mine.txt'), 'kept')
    const forced = await startCli(['proxy', 'init', '--edge', out, '--force'], { env, cwd: dir }).done
    expect(forced.code, forced.stderr).toBe(0)
    expect(readFileSync(join(out, 'wrangler.toml'), 'utf8')).toBe(readFileSync(join(TEMPLATE, 'wrangler.toml'), 'utf8'))
    expect(readFileSync(join(out, 'mine.txt'), 'utf8')).toBe('kept')
  })

  it('writes an imported store as SQL', async () => {
    const base = fresh('store')
    mkdirSync(base)
    const store = `sqlite:${join(base, 'comments.db')}`
    const imported = await startCli(['comments', 'import', join(EXPORT, 'Comment.jsonl'), join(EXPORT, 'Counter.jsonl'), '--store', store], { env, cwd: dir }).done
    expect(imported.stdout).toContain('5 comments imported')
    const file = join(base, 'out', 'comments.sql')
    const run = await startCli(['comments', 'export', '--sql', file, '--store', store], { env, cwd: dir }).done
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toContain('5 comments, 2 counters')
    const d1 = migratedDatabase()
    const db = new Database(d1)
    db.exec(readFileSync(file, 'utf8'))
    expect(db.prepare('select count(*) as n from comments').get()).toEqual({ n: 5 })
    expect(db.prepare('select count(*) as n from counters').get()).toEqual({ n: 2 })
    db.close()
  })
})
