import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProxyServer, type ProxyServer } from '../../src/proxy/node.js'
import { resolveProxyOptions } from '../../src/proxy/options.js'
import { openPostgresStore } from '../../src/proxy/stores/postgres.js'
import { openMigratedStore } from '../../src/proxy/stores/open-store.js'
import { openSqliteStore } from '../../src/proxy/stores/sqlite.js'
import type { CommentStore, StoredComment, StoredCounter } from '../../src/proxy/stores/store.js'
import { cliEnv, startCli, type CliRun } from '../helpers/cli-run.js'
import { postgresDatabase } from '../helpers/postgres.js'
import { FIXTURES } from '../helpers/sites.js'

/** `gptnotes comments …` as an owner runs it (the compiled CLI: `npm run compile` first). */
const EXPORT = join(FIXTURES, 'leancloud-export')
const COMMENTS = join(EXPORT, 'Comment.jsonl')
const COUNTERS = join(EXPORT, 'Counter.jsonl')
const TOKEN = 'an-admin-token-of-some-length'
const id = (n: number) => `603c9f8e1e5a4b2a1c00000${n}`

let dir: string
let n = 0
const freshStore = () => `sqlite:${join(dir, `s${++n}`, 'comments.db')}`

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gptnotes-comments-cli-'))
})

afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** The environment without any GPTNOTES_ setting of the machine running the tests. */
const cleanEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => cliEnv(['GPTNOTES_'], extra)

type Run = CliRun

const cli = (args: string[], env = cleanEnv(), cwd = dir): Promise<Run> => startCli(['comments', ...args], { env, cwd }).done

async function contents(store: CommentStore): Promise<{ comments: StoredComment[]; counters: StoredCounter[] }> {
  try {
    await store.migrate()
    return await store.exportRecords()
  } finally {
    await store.close()
  }
}

const sqlitePath = (url: string) => url.slice('sqlite:'.length)
const sqliteContents = (url: string) => contents(openSqliteStore(sqlitePath(url)))

describe('gptnotes comments import', () => {
  it('imports a LeanCloud export keeping ids, dates, threads and counts, sanitised, and names the bad line', async () => {
    const store = freshStore()
    const run = await cli(['import', COMMENTS, COUNTERS, '--store', store])
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(`${COMMENTS}  Comment: 5 comments imported, 0 already there, 2 bad lines skipped`)
    expect(run.stdout).toContain(`${COUNTERS}  Counter: 2 counters imported, 0 already there`)
    expect(run.stderr).toMatch(new RegExp(`^${COMMENTS.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:6  not JSON`, 'm'))
    // Line 5 holds Valine's XSS in the name: the API would refuse it, so the import does too.
    expect(run.stderr).toContain(`${COMMENTS}:5  nick may not contain <, >, " or \``)
    expect(run.stderr).not.toMatch(/at .+\.js:\d+/)

    const { comments, counters } = await sqliteContents(store)
    expect(comments.map((c) => c.objectId)).toEqual([1, 2, 3, 4, 7].map(id))
    const byId = new Map(comments.map((c) => [c.objectId, c]))
    expect(byId.get(id(1))).toMatchObject({ createdAt: '2021-03-01T08:00:00.000Z', insertedAt: '2021-03-01T08:00:00.000Z', rid: null, pid: null, status: 'approved', mail: 'Alice@Example.com', ipHash: '' })
    expect(byId.get(id(2))).toMatchObject({ nick: '小明🐱', createdAt: '2021-03-02T09:30:00.123Z' })
    expect(byId.get(id(3))).toMatchObject({ rid: id(1), pid: id(1) })
    expect(byId.get(id(4))).toMatchObject({ rid: id(1), pid: id(3) })
    for (const c of comments) expect(c.comment + c.nick + c.ua + c.link).not.toMatch(/script|onerror|onclick|javascript:/i)
    expect(counters.map((c) => [c.objectId, c.url, c.time])).toEqual([
      ['603c9f8e1e5a4b2a1c0000c1', '/gpt/handbook/a.html', 1234],
      ['603c9f8e1e5a4b2a1c0000c2', '/gpt/', 56],
    ])
  })

  it('is idempotent: a second import adds nothing', async () => {
    const store = freshStore()
    expect((await cli(['import', COUNTERS, '--store', store])).code).toBe(0)
    const again = await cli(['import', COUNTERS, COMMENTS, '--store', store])
    expect(again.stdout).toContain('Counter: 0 counters imported, 2 already there')
    expect(again.stdout).toContain('Comment: 5 comments imported, 0 already there')
    const third = await cli(['import', COMMENTS, COUNTERS, '--store', store])
    expect(third.stdout).toContain('Comment: 0 comments imported, 5 already there, 2 bad lines skipped')
    expect(third.stdout).toContain('Counter: 0 counters imported, 2 already there')
    const { comments, counters } = await sqliteContents(store)
    expect([comments.length, counters.length]).toEqual([5, 2])
  })

  it('takes the class from --class or the file name, else exits 2 naming the file', async () => {
    const store = freshStore()
    const odd = join(dir, 'views.jsonl')
    copyFileSync(COUNTERS, odd)
    const unnamed = await cli(['import', COUNTERS, odd, '--store', store])
    expect(unnamed.code).toBe(2)
    expect(unnamed.stderr).toContain(`error [CommentsFileClass] ${odd}: cannot tell which class it holds`)
    // Nothing was imported, not even the file that could be.
    expect((await sqliteContents(store)).counters).toEqual([])

    const named = await cli(['import', odd, '--class', 'Counter', '--store', store])
    expect(named.code).toBe(0)
    expect(named.stdout).toContain('2 counters imported')
    expect((await cli(['import', odd, '--class', 'User', '--store', store])).code).toBe(2)
    const missing = await cli(['import', join(dir, 'Comment-missing.jsonl'), '--store', store])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('Comment-missing.jsonl: cannot be read (ENOENT)')
  })

  it('imports each file in one transaction: a record the store refuses leaves nothing of its file', async () => {
    const store = freshStore()
    // More rows than one SQLite statement carries, so the file spans several statements.
    const big = join(dir, 'Comment-big.jsonl')
    const rows = Array.from({ length: 2500 }, (_, i) =>
      JSON.stringify({ objectId: `big${i}`, createdAt: new Date(Date.UTC(2021, 0, 1, 0, 0, i)).toISOString(), url: '/gpt/a.html', nick: 'n', comment: `<p>comment ${i}</p>` }),
    )
    writeFileSync(big, rows.join('\n'))
    // The schema first, then a trigger that refuses one row of the last statement, as a full
    // disk or a dropped connection would part-way through.
    await (await openMigratedStore(store)).close()
    const db = new Database(sqlitePath(store))
    db.exec(`create trigger refuse before insert on comments when new.object_id = 'big2400' begin select raise(abort, 'refused for the test'); end`)
    db.close()

    const run = await cli(['import', big, COUNTERS, '--store', store])
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`error [CommentsImportRefused] ${big}: nothing imported from this file (the store refused it): refused for the test`)
    expect(run.stdout).toContain('Counter: 2 counters imported')
    const { comments, counters } = await sqliteContents(store)
    expect(comments).toEqual([])
    expect(counters).toHaveLength(2)
  })
})

describe('which store a reading command uses', () => {
  it('with none named: ./comments.db when there, else the store gptnotes serve keeps for the site in this folder; never a new one', async () => {
    const site = join(dir, 'site-of-serve')
    mkdirSync(join(site, 'node_modules/.cache/gptnotes'), { recursive: true })
    // Nothing anywhere: the places looked at are named, and nothing is created.
    const none = await cli(['list'], cleanEnv(), site)
    expect(none.code).toBe(1)
    expect(none.stderr).toContain('error [CommentStoreNotFound] no comment store found; looked for ./comments.db and node_modules/.cache/gptnotes/comments.db')
    expect(readdirSync(site)).toEqual(['node_modules'])
    expect(readdirSync(join(site, 'node_modules/.cache/gptnotes'))).toEqual([])

    // serve's store, with a comment in it: found and named.
    const served = `sqlite:${join(site, 'node_modules/.cache/gptnotes/comments.db')}`
    const imported = await cli(['import', COMMENTS, '--store', served])
    // (the fixture holds one bad line on purpose: listed and skipped)
    expect(imported.stdout).toMatch(/Comment: \d+ comments imported/)
    const listed = await cli(['list', '--status', 'approved', '--json'], cleanEnv(), site)
    expect(listed.code, listed.stderr).toBe(0)
    expect(listed.stderr).toContain("store: sqlite:node_modules/.cache/gptnotes/comments.db (gptnotes serve's, for the site in this folder)")
    expect((JSON.parse(listed.stdout) as { results: unknown[] }).results.length).toBeGreaterThan(0)
    expect(readdirSync(site)).toEqual(['node_modules'])
  })

  it('a named SQLite store that is not there is an error for list, export and moderation, not an empty new store', async () => {
    const missing = `sqlite:${join(dir, 'nowhere', 'comments.db')}`
    for (const args of [['list'], ['export', '--out', join(dir, 'out-missing')], ['approve', 'abc']]) {
      const run = await cli([...args, '--store', missing])
      expect(run.code, args.join(' ')).toBe(1)
      expect(run.stderr).toContain(`[CommentStoreNotFound] no comment store found; looked for ${join(dir, 'nowhere', 'comments.db')}`)
    }
    expect(existsSync(join(dir, 'nowhere'))).toBe(false)
  })
})

describe('gptnotes comments export', () => {
  it('writes Comment.jsonl and Counter.jsonl that import into a fresh store as the same records', async () => {
    const first = freshStore()
    await cli(['import', COMMENTS, COUNTERS, '--store', first])
    // A moderated record too: its status travels with it.
    expect((await cli(['spam', id(2), '--store', first])).code).toBe(0)
    const out = join(dir, 'export-out')
    const run = await cli(['export', '--store', first, '--out', out])
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('Comment.jsonl  5 comments')
    expect(run.stdout).toContain('Counter.jsonl  2 counters')
    const line = JSON.parse(readFileSync(join(out, 'Comment.jsonl'), 'utf8').split('\n')[0]) as Record<string, unknown>
    expect(line).toMatchObject({ objectId: id(1), insertedAt: { __type: 'Date', iso: '2021-03-01T08:00:00.000Z' } })

    const second = freshStore()
    const back = await cli(['import', join(out, 'Comment.jsonl'), join(out, 'Counter.jsonl'), '--store', second])
    expect(back.code).toBe(0)
    const a = await sqliteContents(first)
    const b = await sqliteContents(second)
    expect(b).toEqual(a)
    expect(b.comments.find((c) => c.objectId === id(2))?.status).toBe('spam')
  })

  it('uses GPTNOTES_STORE, then sqlite:./comments.db, like the service', async () => {
    const cwd = join(dir, 'default-store')
    mkdirSync(cwd)
    expect((await cli(['import', COUNTERS], cleanEnv(), cwd)).code).toBe(0)
    expect((await sqliteContents(`sqlite:${join(cwd, 'comments.db')}`)).counters).toHaveLength(2)
    const viaEnv = freshStore()
    expect((await cli(['import', COUNTERS], cleanEnv({ GPTNOTES_STORE: viaEnv }), cwd)).code).toBe(0)
    expect((await sqliteContents(viaEnv)).counters).toHaveLength(2)
    const wrong = await cli(['export', '--store', 'mysql://x'])
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toContain('--store must be sqlite:PATH or postgres://')
  })
})

/** The moderation commands, on the store or through the service: the same answers either way. */
function moderationCases(label: string, setup: () => Promise<{ args: string[]; env: NodeJS.ProcessEnv; done?: () => Promise<void> }>) {
  describe(`gptnotes comments list|approve|spam|delete (${label})`, () => {
    let args: string[]
    let env: NodeJS.ProcessEnv
    let done: (() => Promise<void>) | undefined
    beforeAll(async () => {
      ;({ args, env, done } = await setup())
    })
    afterAll(async () => {
      await done?.()
    })
    const run = (...a: string[]) => cli([...a, ...args], env)
    const listJson = async (...a: string[]) => {
      const r = await run('list', '--json', ...a)
      expect(r.code, r.stderr).toBe(0)
      return JSON.parse(r.stdout) as { results: { objectId: string; status: string; mail: string; ipHash?: string }[]; count: number; page: number; pageSize: number }
    }

    it('lists newest first with e-mail, filtered by status and page, as JSON or text', async () => {
      const all = await listJson()
      expect(all).toMatchObject({ count: 5, page: 1, pageSize: 50 })
      expect(all.results.map((c) => c.objectId)).toEqual([7, 4, 3, 2, 1].map(id))
      expect(all.results.find((c) => c.objectId === id(3))?.mail).toBe('bob@example.org')
      expect(all.results.some((c) => 'ipHash' in c)).toBe(false)
      expect((await listJson('--url', '/gpt/handbook/a.html')).count).toBe(4)
      expect((await listJson('--status', 'waiting')).count).toBe(0)
      expect((await listJson('--page', '2')).results).toEqual([])

      const text = await run('list', '--url', '/gpt/handbook/a.html')
      expect(text.code).toBe(0)
      expect(text.stdout).toContain(`${id(4)}  approved  2021-03-04T11:00:00.000Z  /gpt/handbook/a.html  reply to ${id(3)}`)
      expect(text.stdout).toContain('Bob <bob@example.org>')
      expect(text.stdout).toContain('@Bob , 谢谢 Bob。')
      expect(text.stdout).toContain('4 comments on /gpt/handbook/a.html; page 1 of 1')
      expect((await run('list', '--status', 'hidden')).code).toBe(2)
      expect((await run('list', '--page', '0')).code).toBe(2)
    })

    it('marks spam and approves again', async () => {
      const spam = await run('spam', id(2))
      expect(spam.code, spam.stderr).toBe(0)
      expect(spam.stdout).toContain(`marked as spam: ${id(2)}  spam`)
      expect((await listJson('--status', 'spam')).results.map((c) => c.objectId)).toEqual([id(2)])
      const approve = await run('approve', id(2))
      expect(approve.code).toBe(0)
      expect(approve.stdout).toContain(`approved: ${id(2)}  approved`)
      expect((await listJson('--status', 'spam')).count).toBe(0)
      const missing = await run('approve', 'nosuchid')
      expect(missing.code).toBe(1)
      expect(missing.stderr).toContain('error [CommentNotFound] no comment nosuchid')
    })

    it('deletes a comment with the replies of its thread', async () => {
      const del = await run('delete', id(1))
      expect(del.code, del.stderr).toBe(0)
      expect(del.stdout).toContain(`deleted ${id(1)} and 2 replies`)
      expect((await listJson()).results.map((c) => c.objectId)).toEqual([7, 2].map(id))
      const again = await run('delete', id(1))
      expect(again.code).toBe(1)
      expect(again.stderr).toContain(`error [CommentNotFound] no comment ${id(1)}`)
    })
  })
}

moderationCases('on the store', async () => {
  const store = freshStore()
  await cli(['import', COMMENTS, '--store', store])
  return { args: ['--store', store], env: cleanEnv() }
})

let server: ProxyServer | undefined
moderationCases('through the admin API', async () => {
  const store = freshStore()
  await cli(['import', COMMENTS, '--store', store])
  const options = resolveProxyOptions({ flags: { port: '0', store }, env: { GPTNOTES_ADMIN_TOKEN: TOKEN } })
  server = await startProxyServer({ options, signals: false, log: () => undefined })
  return { args: ['--service', server.url], env: cleanEnv({ GPTNOTES_ADMIN_TOKEN: TOKEN }), done: () => server!.close() }
})

describe('gptnotes comments … --service: refusals', () => {
  let off: ProxyServer
  let on: ProxyServer
  beforeAll(async () => {
    off = await startProxyServer({ options: resolveProxyOptions({ flags: { port: '0', store: freshStore() } }), signals: false, log: () => undefined })
    on = await startProxyServer({ options: resolveProxyOptions({ flags: { port: '0', store: freshStore() }, env: { GPTNOTES_ADMIN_TOKEN: TOKEN } }), signals: false, log: () => undefined })
  })
  afterAll(async () => {
    await Promise.all([off?.close(), on?.close()])
  })

  it('says which setting is wrong, never printing the token', async () => {
    const noToken = await cli(['list', '--service', on.url])
    expect(noToken.code).toBe(2)
    expect(noToken.stderr).toContain('GPTNOTES_ADMIN_TOKEN')

    const wrong = await cli(['list', '--service', on.url, '--token', 'not-the-right-token-at-all'])
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toContain(`the comment service at ${on.url} refused the admin token`)
    expect(wrong.stderr).not.toContain('not-the-right-token-at-all')

    const disabled = await cli(['approve', 'x', '--service', off.url], cleanEnv({ GPTNOTES_ADMIN_TOKEN: TOKEN }))
    expect(disabled.code).toBe(1)
    expect(disabled.stderr).toContain('has its admin API off')

    const closed = `http://127.0.0.1:${off.port}`
    await off.close()
    const unreachable = await cli(['list', '--service', closed], cleanEnv({ GPTNOTES_ADMIN_TOKEN: TOKEN }))
    expect(unreachable.code).toBe(1)
    expect(unreachable.stderr).toContain(`cannot reach the comment service at ${closed}`)

    expect((await cli(['list', '--service', 'ftp://x'], cleanEnv({ GPTNOTES_ADMIN_TOKEN: TOKEN }))).code).toBe(2)
    expect((await cli(['list', '--service', on.url, '--store', freshStore()], cleanEnv({ GPTNOTES_ADMIN_TOKEN: TOKEN }))).code).toBe(2)
  })
})

describe('gptnotes comments import into PostgreSQL', () => {
  const url = postgresDatabase('gptnotes_import')

  it('imports the export once, keeping ids, dates and threads', async () => {
    const first = await cli(['import', COMMENTS, COUNTERS, '--store', url])
    expect(first.code).toBe(1)
    expect(first.stdout).toContain('Comment: 5 comments imported, 0 already there, 2 bad lines skipped')
    expect(first.stdout).toContain('Counter: 2 counters imported, 0 already there')
    const second = await cli(['import', COMMENTS, COUNTERS, '--store', url])
    expect(second.stdout).toContain('Comment: 0 comments imported, 5 already there')
    expect(second.stdout).toContain('Counter: 0 counters imported, 2 already there')

    const pgRecords = await contents(openPostgresStore(url))
    const sqlite = freshStore()
    await cli(['import', COMMENTS, COUNTERS, '--store', sqlite])
    expect(pgRecords).toEqual(await sqliteContents(sqlite))
    expect(pgRecords.comments.find((c) => c.objectId === id(4))).toMatchObject({ rid: id(1), pid: id(3), createdAt: '2021-03-04T11:00:00.000Z' })
  })
})
