import { spawn, type ChildProcess } from 'node:child_process'
import { request } from 'node:http'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dropDatabase, POSTGRES_SERVER, withDatabase } from '../helpers/postgres.js'
import { CLI } from '../helpers/sites.js'

/**
 * `gptnotes proxy` on PostgreSQL while the database ends its connections under load (a restart,
 * a failover, an administrator): the compiled CLI (`npm run compile` first) in a child process,
 * so a fault that stops the process shows as a dead child, not as a failed test runner.
 */
const SERVER = POSTGRES_SERVER
const database = `gptnotes_faults_${process.pid}_${Date.now().toString(36)}`
const LOAD_MS = 10_000
const TERMINATE_EVERY_MS = 200
const CONCURRENCY = 16

const admin = new pg.Client({ connectionString: SERVER })
let child: ChildProcess
let exited: Promise<number | null>
let stderr = ''
let base: string

beforeAll(async () => {
  await admin.connect().catch((e: Error) => {
    throw new Error(`PostgreSQL is not reachable at ${new URL(SERVER).host} (set GPTNOTES_TEST_POSTGRES to another server): ${e.message}`)
  })
  await admin.query(`create database ${database}`)
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GPTNOTES_'))),
    NO_COLOR: '1',
    // Every post comes from one address: no rate limit between them.
    GPTNOTES_RATE_SECONDS: '0',
    GPTNOTES_SECRET: 'a-secret-for-the-fault-test',
  }
  child = spawn(process.execPath, [CLI, 'proxy', '--port', '0', '--store', withDatabase(database)], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
  exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)))
  base = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString()
      const m = /comment service at (http:\/\/\S+)/.exec(stdout)
      if (m) resolve(m[1])
    })
    void exited.then((code) => reject(new Error(`exited ${code} before listening: ${stderr}`)))
  })
})

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM')
    await exited
  }
  await dropDatabase(admin, database)
  await admin.end()
})

interface Answer {
  status: number
  retryAfter: string | null
  body: unknown
}

let sent = 0
/**
 * One post, on a connection of its own: a kept-alive connection the client reuses just as the
 * server's keep-alive time ends is reset, a client-side race this test is not about.
 */
function post(): Promise<Answer> {
  const n = ++sent
  const payload = JSON.stringify({ comment: `<p>Posted under fault number ${n}.</p>`, nick: 'Dana', mail: 'dana@example.com', link: '', url: '/gpt/handbook/faults.html', ua: 'Mozilla/5.0' })
  return new Promise((resolve, reject) => {
    const req = request(`${base}/1.1/classes/Comment`, {
      method: 'POST',
      agent: false,
      headers: { 'X-LC-Id': 'test-app-id-MdYXbMMI', 'X-LC-Key': 'test-app-key', 'Content-Type': 'application/json;charset=UTF-8', 'Content-Length': Buffer.byteLength(payload) },
    })
    req.on('error', reject)
    req.on('response', (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => (text += d))
      res.on('error', reject)
      res.on('end', () => {
        const retryAfter = res.headers['retry-after'] ?? null
        try {
          resolve({ status: res.statusCode ?? 0, retryAfter, body: JSON.parse(text) as unknown })
        } catch {
          reject(new Error(`${res.statusCode} answered with no JSON: ${text.slice(0, 200)}`))
        }
      })
    })
    req.end(payload)
  })
}

describe('PostgreSQL store under connection faults', () => {
  it('lives through backends ended every 200 ms under load: 201 or 503 with Retry-After, every 201 stored', { timeout: 40_000 }, async () => {
    const answers: Answer[] = []
    const deadline = Date.now() + LOAD_MS
    let terminated = 0
    let rounds = 0

    const killer = (async () => {
      while (Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, TERMINATE_EVERY_MS))
        const { rows } = await admin.query('select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database])
        rounds++
        terminated += rows.filter((r: { ended: boolean }) => r.ended).length
      }
    })()
    const failed: string[] = []
    const workers = Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < deadline && child.exitCode === null) {
        try {
          answers.push(await post())
        } catch (e) {
          failed.push(String(e))
        }
      }
    })
    await Promise.all([killer, ...workers])

    // The process lives, and the next request is served on a new connection.
    expect(child.exitCode, `the service stopped: ${stderr.slice(-2000)}`).toBeNull()
    expect(failed).toEqual([])
    // A connection ended in the last round may still be in the pool until its end arrives.
    await new Promise((r) => setTimeout(r, 500))
    const after = await post()
    expect(after.status).toBe(201)
    answers.push(after)

    const by = (status: number) => answers.filter((a) => a.status === status)
    const created = by(201)
    const unavailable = by(503)
    console.info(`fault test: ${rounds} rounds ended ${terminated} connections; ${answers.length} posts: ${created.length} × 201, ${unavailable.length} × 503`)
    expect(terminated).toBeGreaterThan(0)
    expect(answers.filter((a) => a.status !== 201 && a.status !== 503)).toEqual([])
    // With every pooled connection busy, an ended one takes its request with it.
    expect(unavailable.length).toBeGreaterThan(0)
    for (const a of unavailable) {
      expect(a.retryAfter).toMatch(/^\d+$/)
      expect(a.body).toEqual({ code: 100, error: expect.any(String), retryAfter: Number(a.retryAfter) })
    }

    // Every acknowledged comment is stored.
    const ids = created.map((a) => (a.body as { objectId: string }).objectId)
    expect(new Set(ids).size).toBe(ids.length)
    const reader = new pg.Client({ connectionString: withDatabase(database) })
    await reader.connect()
    try {
      const { rows } = await reader.query('select object_id from comments where object_id = any($1)', [ids])
      expect(rows.length).toBe(ids.length)
    } finally {
      await reader.end()
    }

    // It still stops cleanly (requests finished, pool closed) on SIGTERM.
    child.kill('SIGTERM')
    expect(await exited).toBe(0)

    // The log names what failed, never what was posted nor the driver's words.
    expect(stderr).toContain('store-unavailable')
    expect(stderr).not.toMatch(/Posted under fault|Dana|dana@example\.com|terminating connection|at .+\.js:\d+/)
  })
})
