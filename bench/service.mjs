// The comment service under load on loopback (`npm run bench` runs it last; `BENCH_SERVICE=0`
// skips it; alone: `node bench/service.mjs` after `npm run compile`). For each store, SQLite and
// PostgreSQL (skipped with a note when `pg_isready` fails), a seeded store (1,000 comments on one
// page, 10 on each of 100 others), `gptnotes proxy` in a child process, and the load generator
// (bench/service-load.mjs) in another: Valine's page of ten root comments and its count
// (requests/s, p99 latency), comment creation (requests/s; each comment from its own address
// through a trusted X-Forwarded-For, so the per-address rate limit is taken, never met), a comment
// login's code exchange (`POST /oauth/github/token`, against a local stand-in for GitHub's token
// endpoint in this process; the per-IP limit raised out of the way but still counted in the
// store), and the service's resident memory once started, before any load. Then the edge
// worker's size: the `gptnotes proxy init --edge` starter bundled by `wrangler deploy --dry-run`
// (offline), raw and gzip, against the Workers limit on a worker's compressed size. A second SQLite
// row runs with notifications on, a webhook that answers after a second: a post's cost to the
// reader with and without them (p99 of create, within 10 %).
// Resident memory is read after each load and as the peak (VmHWM) at the end; the budget is 150 MiB.
//   env BENCH_SERVICE_SECONDS=5  BENCH_SERVICE_CONNECTIONS=16  BENCH_SERVICE_WRANGLER=0  BENCH_POSTGRES=postgres://postgres@127.0.0.1:5432/postgres
import { execFile, spawn, spawnSync } from 'node:child_process'
import { createServer } from 'node:http'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { gzipSync } from 'node:zlib'

const here = dirname(fileURLToPath(import.meta.url))
const CLI = join(here, '..', 'bin', 'gptnotes.js')
const LOAD = join(here, 'service-load.mjs')
const seconds = Math.min(Number(process.env.BENCH_SERVICE_SECONDS ?? 5), 30)
const connections = Math.min(Number(process.env.BENCH_SERVICE_CONNECTIONS ?? 16), 256)
const POSTGRES = process.env.BENCH_POSTGRES ?? process.env.GPTNOTES_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const run = promisify(execFile)

/** The seed: 1,000 comments on the page the load reads (a tenth of them replies), 10 on each of 100 others. */
function seed() {
  const comments = []
  const t0 = Date.UTC(2025, 0, 1)
  let n = 0
  const add = (url, rid) => {
    const at = new Date(t0 + n * 60_000).toISOString()
    const objectId = `bench${String(n).padStart(19, '0')}`
    comments.push({
      objectId,
      createdAt: at,
      updatedAt: at,
      insertedAt: at,
      url,
      rid,
      pid: rid,
      nick: `读者${n % 500}`,
      mail: `reader${n % 500}@example.com`,
      mailHash: '',
      link: '',
      comment: `<p>第 ${n} 条留言：步骤写得很清楚，照着做一次就成功了，谢谢作者。</p>`,
      ua: 'Mozilla/5.0 (bench)',
      ipHash: '',
      status: 'approved',
    })
    n++
    return objectId
  }
  const hot = []
  for (let i = 0; i < 1000; i++) hot.push(add('/gpt/hot.html', i % 10 === 9 ? hot[i - 1 - (i % 7)] : null))
  for (let p = 0; p < 100; p++) for (let i = 0; i < 10; i++) add(`/gpt/page-${p}.html`, null)
  return comments
}

async function seedStore(url) {
  const { openStore } = await import('../lib/proxy/node.js')
  const store = await openStore(url)
  try {
    await store.migrate()
    await store.importRecords({ comments: seed(), counters: [] })
  } finally {
    await store.close()
  }
}

/** A stand-in for GitHub's token endpoint: every code is good (the exchange's cost is the service's). */
const provider = createServer((req, res) => {
  req.resume()
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end('{"access_token":"gho_bench","token_type":"bearer","scope":"public_repo"}')
  })
})
await new Promise((r) => provider.listen(0, '127.0.0.1', r))
const PROVIDER = `http://127.0.0.1:${provider.address().port}`

/**
 * A notifier that answers slowly: a webhook receiver that holds each request for a second. A
 * post with notifications on writes its message in its commit and sends after the answer, so
 * the reader's latency should not follow the receiver's.
 */
const SLOW_MS = 1000
const slowHook = createServer((req, res) => {
  req.resume()
  req.on('end', () => setTimeout(() => res.end('{}'), SLOW_MS))
})
await new Promise((r) => slowHook.listen(0, '127.0.0.1', r))
const NOTIFYING = { GPTNOTES_WEBHOOK_URL: `http://127.0.0.1:${slowHook.address().port}/hook`, GPTNOTES_WEBHOOK_FORMAT: 'json', GPTNOTES_WEBHOOK_SECRET: 'bench-webhook-secret' }

/** `gptnotes proxy` on a free loopback port; resolves with its address once it listens. */
function startService(store, extraEnv = {}) {
  const child = spawn(process.execPath, [CLI, 'proxy', '--host', '127.0.0.1', '--port', '0', '--store', store], {
    env: {
      ...process.env,
      GPTNOTES_RATE_SECONDS: '20',
      GPTNOTES_TRUST_PROXY: '1',
      GPTNOTES_MODERATION: 'none',
      GPTNOTES_ORIGINS: '',
      GITHUB_CLIENT_ID: 'bench-client',
      GITHUB_CLIENT_SECRET: 'bench-secret',
      GITHUB_URL: PROVIDER,
      GPTNOTES_REDIRECT_URIS: 'https://site.example/oauth/',
      GPTNOTES_OAUTH_PER_MINUTE: '1000000',
      // Required with a PostgreSQL store (one salt for every instance); the same on SQLite.
      GPTNOTES_SECRET: 'bench-secret-0123456789abcdef',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)))
  return new Promise((resolve, reject) => {
    let out = ''
    const timer = setTimeout(() => reject(new Error(`the service did not start within 20 s:\n${stderr}`)), 20_000)
    child.stdout.on('data', (d) => {
      out += d
      const url = /comment service at (http:\/\/\S+)/.exec(out)?.[1]
      if (url) {
        clearTimeout(timer)
        resolve({ child, url })
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`the service exited (${code}) before listening:\n${stderr}`))
    })
  })
}

/** Resident memory of a process, MiB (Linux /proc; elsewhere ps). */
function rssMiB(pid) {
  try {
    const kib = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1])
    if (kib) return kib / 1024
  } catch {}
  const ps = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' })
  return Number(ps.stdout.trim()) / 1024
}

/** Peak resident memory of a process so far, MiB (Linux VmHWM; NaN elsewhere). */
function peakMiB(pid) {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024
  } catch {
    return NaN
  }
}

/** CPU time a process has used so far, ms (Linux /proc; NaN elsewhere). */
function cpuMs(pid) {
  try {
    // Fields 14 and 15 of /proc/PID/stat: user and system time in clock ticks (100 a second on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return NaN
  }
}

async function load(url, kind, pid) {
  const before = cpuMs(pid)
  const { stdout } = await run(process.execPath, [LOAD, url, kind, '--connections', String(connections), '--seconds', String(seconds)], { timeout: (seconds + 30) * 1000 })
  const result = JSON.parse(stdout.trim().split('\n').pop())
  if (result.failures) console.error(`  ${kind}: ${result.failures} failed requests (first: ${result.firstFailure})`)
  // The service's own CPU per answered request: what one core could serve, whatever else the machine runs.
  result.cpuPerRequest = (cpuMs(pid) - before) / result.requests
  return result
}

async function measure(name, store, extraEnv) {
  const { child, url } = await startService(store, extraEnv)
  try {
    // Idle: started, migrated, listening, nothing asked yet.
    await new Promise((r) => setTimeout(r, 1000))
    const idle = rssMiB(child.pid)
    // A short warm-up so the first row does not pay for the JIT.
    await run(process.execPath, [LOAD, url, 'list', '--connections', String(connections), '--seconds', '1'])
    // Resident memory after each load: what the service holds on to (the budget: 150 MiB).
    const after = []
    const measured = async (kind) => {
      const result = await load(url, kind, child.pid)
      after.push(rssMiB(child.pid))
      return result
    }
    const list = await measured('list')
    const count = await measured('count')
    const create = await measured('create')
    const exchange = await measured('exchange')
    return { name, idle, list, count, create, exchange, rss: rssMiB(child.pid), after, peak: peakMiB(child.pid) }
  } finally {
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    await exited
  }
}

function pgReady(url) {
  const u = new URL(url)
  const r = spawnSync('pg_isready', ['-h', u.hostname, '-p', u.port || '5432'], { encoding: 'utf8' })
  return r.status === 0
}

const rows = []
const notes = []

// SQLite: a fresh file each run.
const dir = join(here, '.corpus', 'service')
rmSync(dir, { recursive: true, force: true })
mkdirSync(dir, { recursive: true })
const sqlite = `sqlite:${join(dir, 'comments.db')}`
await seedStore(sqlite)
rows.push(await measure('SQLite (file, WAL, synchronous=FULL)', sqlite))
rmSync(dir, { recursive: true, force: true })
// The same with notifications on: every comment queues a webhook message that a receiver
// answering after SLOW_MS takes; the reader's create should cost the same (p99 within 10 %).
mkdirSync(dir, { recursive: true })
await seedStore(sqlite)
rows.push(await measure(`SQLite, notifications on (a webhook answering in ${SLOW_MS / 1000} s)`, sqlite, NOTIFYING))
rmSync(dir, { recursive: true, force: true })

// PostgreSQL: a database of its own, dropped afterwards.
if (!pgReady(POSTGRES)) {
  notes.push(`PostgreSQL skipped: pg_isready found no server at ${new URL(POSTGRES).host} (set BENCH_POSTGRES).`)
} else {
  const { default: pg } = await import('pg')
  const admin = new pg.Client({ connectionString: POSTGRES })
  const database = `gptnotes_bench_${process.pid}`
  await admin.connect()
  try {
    await admin.query(`create database ${database}`)
    const url = new URL(POSTGRES)
    url.pathname = `/${database}`
    await seedStore(url.href)
    rows.push(await measure('PostgreSQL (local server)', url.href))
  } finally {
    await admin.query(`drop database if exists ${database} with (force)`)
    await admin.end()
  }
}

/** The Workers limits on a worker's compressed size: free plan 3 MiB, paid 10 MiB (developers.cloudflare.com/workers/platform/limits). */
const WORKER_LIMIT_FREE = 3 * 1024 * 1024
const WORKER_LIMIT_PAID = 10 * 1024 * 1024

/** The edge starter bundled by wrangler (a dev dependency), as `wrangler deploy` would upload it; undefined without wrangler. */
async function workerBundle() {
  const wrangler = join(here, '..', 'node_modules', 'wrangler', 'bin', 'wrangler.js')
  if (!existsSync(wrangler)) return undefined
  const tmp = mkdtempSync(join(tmpdir(), 'gptnotes-bench-edge-'))
  try {
    const starter = join(tmp, 'starter')
    await run(process.execPath, [CLI, 'proxy', 'init', '--edge', starter])
    mkdirSync(join(starter, 'node_modules'))
    symlinkSync(join(here, '..'), join(starter, 'node_modules', 'gptnotes'), 'dir')
    const env = { ...process.env, XDG_CONFIG_HOME: join(tmp, 'config'), WRANGLER_SEND_METRICS: 'false', CI: '1', CLOUDFLARE_ACCOUNT_ID: '0123456789abcdef0123456789abcdef' }
    await run(process.execPath, [wrangler, 'deploy', '--dry-run', '--outdir', 'dist'], { cwd: starter, env })
    const code = readFileSync(join(starter, 'dist', 'index.js'))
    return { raw: code.length, gzip: gzipSync(code).length }
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
}
// BENCH_SERVICE_WRANGLER=0 skips the bundle (it takes a while and measures no load).
const bundle = process.env.BENCH_SERVICE_WRANGLER === '0' ? null : await workerBundle().catch((err) => {
  notes.push(`Edge worker size skipped: wrangler deploy --dry-run failed (${String(err.message).split('\n')[0]}).`)
  return null
})
if (bundle === undefined) notes.push('Edge worker size skipped: wrangler is not installed (a dev dependency).')

const f0 = (x) => (Number.isFinite(x) ? Math.round(x).toLocaleString('en-US') : '–')
const f1 = (x) => (Number.isFinite(x) ? x.toFixed(1) : '–')
console.log('')
console.log(
  `comment service (gptnotes proxy) on loopback: load generator in its own process, ${connections} keep-alive connections, ${seconds} s per row; seeded with 1,000 comments on the page read and 10 on each of 100 others; ${availableParallelism()} cores`,
)
console.log('')
console.log(
  '| store | list a page (Valine, limit 10) req/s | p99 ms | count req/s | p99 ms | create req/s | p99 ms | OAuth code exchange req/s | p99 ms | service CPU ms per list / count / create / exchange | idle RSS MiB | RSS after load MiB | RSS after list / count / create / exchange MiB | peak RSS MiB |',
)
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|---|')
const f2 = (x) => (Number.isFinite(x) ? x.toFixed(2) : '–')
for (const r of rows) {
  console.log(
    `| ${r.name} | ${f0(r.list.rps)} | ${f1(r.list.p99)} | ${f0(r.count.rps)} | ${f1(r.count.p99)} | ${f0(r.create.rps)} | ${f1(r.create.p99)} | ${f0(r.exchange.rps)} | ${f1(r.exchange.p99)} | ${f2(r.list.cpuPerRequest)} / ${f2(r.count.cpuPerRequest)} / ${f2(r.create.cpuPerRequest)} / ${f2(r.exchange.cpuPerRequest)} | ${f0(r.idle)} | ${f0(r.rss)} | ${r.after.map(f0).join(' / ')} | ${f0(r.peak)} |`,
  )
}
if (bundle) {
  const kib = (n) => `${(n / 1024).toFixed(0)} KiB`
  console.log(
    `\nedge worker (the proxy init --edge starter, wrangler deploy --dry-run): ${kib(bundle.raw)} raw, ${kib(bundle.gzip)} gzip; Workers limit ${WORKER_LIMIT_FREE / 1024 / 1024} MiB gzip free plan (${((100 * bundle.gzip) / WORKER_LIMIT_FREE).toFixed(1)} % of it), ${WORKER_LIMIT_PAID / 1024 / 1024} MiB paid`,
  )
}
const plain = rows.find((r) => r.name.startsWith('SQLite ('))
const notifying = rows.find((r) => r.name.startsWith('SQLite, notifications on'))
if (plain && notifying) {
  const change = (100 * (notifying.create.p99 - plain.create.p99)) / plain.create.p99
  console.log(`\nnotifications: create p99 ${f1(notifying.create.p99)} ms with a slow webhook, ${f1(plain.create.p99)} ms without (${change >= 0 ? '+' : ''}${change.toFixed(1)} %; budget +10 %)`)
}
for (const note of notes) console.log(`\n${note}`)
provider.close()
slowHook.close()
