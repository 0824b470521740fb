import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import AV from 'leancloud-storage'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportSql } from '../../src/proxy/migrate/export-sql.js'
import { openSqliteStore } from '../../src/proxy/stores/sqlite.js'
import type { StoredComment, StoredCounter } from '../../src/proxy/stores/store.js'
import { cliEnv, startCli } from '../helpers/cli-run.js'
import { FIXTURES, REPO_ROOT } from '../helpers/sites.js'

/**
 * The edge starter run by Cloudflare's own tool, offline: `gptnotes proxy init --edge` writes it,
 * `wrangler d1 migrations apply DB --local` and `wrangler d1 execute DB --local --file` load a
 * store imported from the LeanCloud export fixture, `wrangler dev --local` serves the worker and
 * the real `leancloud-storage` SDK reads the same counts as the source and posts a comment;
 * `wrangler deploy --dry-run` bundles it within the Workers size limit. Nothing reaches the
 * network (the dev server's `Request.cf` lookup fails and falls back, as wrangler says).
 */
const WRANGLER = join(REPO_ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js')
const EXPORT = join(FIXTURES, 'leancloud-export')
/** The Workers free plan's limit on a worker's compressed size (paid: 10 MB). */
const FREE_PLAN_GZIP_BYTES = 3 * 1024 * 1024

let dir: string
let starter: string
let env: NodeJS.ProcessEnv
let source: { comments: StoredComment[]; counters: StoredCounter[] }

interface Run {
  code: number | null
  output: string
}

function wrangler(args: string[], timeoutMs = 120_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    // Its own process group: wrangler runs its CLI and workerd as children, all ended on a time-out.
    const child = spawn(process.execPath, [WRANGLER, ...args], { cwd: starter, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
    let output = ''
    child.stdout.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr.on('data', (d: Buffer) => (output += d.toString()))
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL')
      } catch {
        // already gone
      }
      reject(new Error(`wrangler ${args.join(' ')} took over ${timeoutMs} ms:\n${output}`))
    }, timeoutMs)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  await new Promise((resolve) => server.close(resolve))
  return port
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gptnotes-edge-wrangler-'))
  starter = join(dir, 'starter')
  // Wrangler writes its logs and settings under XDG_CONFIG_HOME; nothing goes to the home folder.
  mkdirSync(join(dir, 'config'))
  env = cliEnv(['GPTNOTES_', 'CLOUDFLARE_', 'WRANGLER_'], {
    XDG_CONFIG_HOME: join(dir, 'config'),
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_ACCOUNT_ID: '0123456789abcdef0123456789abcdef',
    CI: '1',
  })

  const init = await startCli(['proxy', 'init', '--edge', starter], { env, cwd: dir }).done
  expect(init.code, init.stderr).toBe(0)
  // `npm install gptnotes`, as the README says: the package itself, its exports pointing at lib/.
  mkdirSync(join(starter, 'node_modules'))
  symlinkSync(REPO_ROOT, join(starter, 'node_modules', 'gptnotes'), 'dir')

  const store = `sqlite:${join(dir, 'source.db')}`
  await startCli(['comments', 'import', join(EXPORT, 'Comment.jsonl'), join(EXPORT, 'Counter.jsonl'), '--store', store], { env, cwd: dir }).done
  const exported = await startCli(['comments', 'export', '--sql', join(dir, 'export.sql'), '--store', store], { env, cwd: dir }).done
  expect(exported.code, exported.stderr).toBe(0)
  const s = openSqliteStore(join(dir, 'source.db'))
  source = await s.exportRecords()
  await s.close()
  expect(source.comments.length).toBeGreaterThan(0)
})

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('the edge starter under wrangler (local mode)', () => {
  it('applies the D1 migrations and executes the SQL export', async () => {
    const migrated = await wrangler(['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', 'state'])
    expect(migrated.code, migrated.output).toBe(0)
    expect(migrated.output).toContain('0001_comments_counters_and_view_claims.sql')
    const executed = await wrangler(['d1', 'execute', 'DB', '--local', '--persist-to', 'state', '--yes', '--file', join(dir, 'export.sql')])
    expect(executed.code, executed.output).toBe(0)
    // Run again: every row is skipped.
    const again = await wrangler(['d1', 'execute', 'DB', '--local', '--persist-to', 'state', '--yes', '--file', join(dir, 'export.sql')])
    expect(again.code, again.output).toBe(0)
    const counts = async () => {
      const counted = await wrangler(['d1', 'execute', 'DB', '--local', '--persist-to', 'state', '--json', '--command', "select (select count(*) from comments) as comments, (select count(*) from counters) as counters, (select length(comment) from comments where object_id = 'long') as long"])
      expect(counted.code, counted.output).toBe(0)
      const [{ results }] = JSON.parse(counted.output.slice(counted.output.indexOf('['))) as [{ results: { comments: number; counters: number; long: number | null }[] }]
      return results[0]
    }
    expect(await counts()).toEqual({ comments: source.comments.length, counters: source.counters.length, long: null })

    // A comment over D1's statement length, with what a splitter could trip on (`;` at a line's end, `--`, quotes), waiting for moderation.
    const text = `<p>${"第一行；'引号' -- 不是注释;\n😀 ".repeat(6000)}</p>`
    writeFileSync(join(dir, 'long.sql'), exportSql({ comments: [{ ...source.comments[0]!, objectId: 'long', status: 'waiting', comment: text }], counters: [] }).text)
    const long = await wrangler(['d1', 'execute', 'DB', '--local', '--persist-to', 'state', '--yes', '--file', join(dir, 'long.sql')])
    expect(long.code, long.output).toBe(0)
    expect(await counts()).toEqual({ comments: source.comments.length + 1, counters: source.counters.length, long: [...text].length })
  }, 300_000)

  it('serves the worker to the leancloud-storage SDK: the source counts, a posted comment, a counted view', async () => {
    const port = await freePort()
    const child: ChildProcess = spawn(process.execPath, [WRANGLER, 'dev', '--local', '--ip', '127.0.0.1', '--port', String(port), '--persist-to', 'state', '--show-interactive-dev-session=false'], {
      cwd: starter,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    })
    let output = ''
    const ready = new Promise<void>((resolve, reject) => {
      const onData = (d: Buffer) => {
        output += d.toString()
        if (/Ready on http/.test(output)) resolve()
      }
      child.stdout!.on('data', onData)
      child.stderr!.on('data', onData)
      child.on('close', () => reject(new Error(`wrangler dev ended:\n${output}`)))
    })
    try {
      await Promise.race([ready, new Promise((_, reject) => setTimeout(() => reject(new Error(`wrangler dev not ready:\n${output}`)), 120_000))])
      AV.init({ appId: 'gptnotesEdgeTest-MdYXbMMI', appKey: 'public-app-key', serverURLs: `http://127.0.0.1:${port}`, disableCurrentUser: true })

      const approved = source.comments.filter((c) => c.status === 'approved')
      const urls = [...new Set(source.comments.map((c) => c.url))]
      for (const url of urls) {
        const q = new AV.Query<AV.Object>('Comment')
        q.equalTo('url', url)
        expect(await q.count(), url).toBe(approved.filter((c) => c.url === url).length)
      }
      expect(await new AV.Query<AV.Object>('Comment').count()).toBe(approved.length)
      const counterQuery = new AV.Query<AV.Object>('Counter')
      counterQuery.containedIn('url', source.counters.map((c) => c.url))
      const counters = await counterQuery.find()
      expect(Object.fromEntries(counters.map((c) => [c.get('url'), c.get('time')]))).toEqual(Object.fromEntries(source.counters.map((c) => [c.url, c.time])))

      // A reader posts on the first page and reads it back; the page's count goes up by one.
      const page = approved[0]!.url
      const Comment = AV.Object.extend('Comment')
      const c = new Comment()
      c.set({ nick: 'Edge reader', mail: 'reader@example.com', link: '', ua: 'Mozilla/5.0 Valine', url: page, comment: '<p>posted at the edge</p>', insertedAt: new Date() })
      const saved = await c.save()
      const q = new AV.Query<AV.Object>('Comment')
      q.equalTo('url', page)
      expect(await q.count()).toBe(approved.filter((x) => x.url === page).length + 1)
      const fetched = await AV.Object.createWithoutData('Comment', saved.id!).fetch()
      expect(fetched.get('comment')).toBe('<p>posted at the edge</p>')
      expect(fetched.get('mail')).toBeUndefined()

      // A view of a counted page: the counter goes up by one.
      const counter = counters[0]!
      const before = counter.get('time') as number
      counter.increment('time', 1)
      await counter.save(null, { fetchWhenSave: true })
      expect(counter.get('time')).toBe(before + 1)
    } finally {
      try {
        process.kill(-child.pid!, 'SIGTERM')
      } catch {
        // already gone
      }
      await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.on('close', resolve)))
    }
  }, 180_000)

  it('bundles with wrangler deploy --dry-run within the Workers free plan', async () => {
    const built = await wrangler(['deploy', '--dry-run', '--outdir', 'dist'])
    expect(built.code, built.output).toBe(0)
    const bundle = readFileSync(join(starter, 'dist', 'index.js'))
    expect(statSync(join(starter, 'dist', 'index.js')).size).toBeGreaterThan(10_000)
    expect(gzipSync(bundle).length).toBeLessThan(FREE_PLAN_GZIP_BYTES)
    // The Node store drivers never enter the worker.
    expect(bundle.toString()).not.toMatch(/better-sqlite3|from "pg"/)
  }, 120_000)
})
