// The load generator of bench/service.mjs, in a process of its own: N keep-alive connections
// (undici's Pool), each sending its next request as soon as the last one is answered, for a
// fixed time. Prints one JSON line: requests, failures, requests/s, p50 and p99 latency (ms).
//   node bench/service-load.mjs URL list|count|create|exchange [--connections 16] [--seconds 5]
import { Pool } from 'undici'

const [url, kind, ...rest] = process.argv.slice(2)
const flag = (name, fallback) => {
  const at = rest.indexOf(`--${name}`)
  return at === -1 ? fallback : Number(rest[at + 1])
}
// Bounded, whatever is asked: a benchmark must end.
const connections = Math.min(Math.max(flag('connections', 16), 1), 256)
const seconds = Math.min(Math.max(flag('seconds', 5), 1), 30)
if (!url || !['list', 'count', 'create', 'exchange'].includes(kind)) {
  console.error('usage: service-load.mjs URL list|count|create|exchange [--connections N] [--seconds S]')
  process.exit(2)
}

const HOT = '/gpt/hot.html'
const HEADERS = { 'x-lc-id': 'bench-app-id', 'x-lc-key': 'bench-app-key' }
// Valine 1.5's own queries for a page (research §1.3): the root comments, newest first, ten a page; and their count.
const roots = encodeURIComponent(JSON.stringify({ $or: [{ rid: { $exists: false } }, { rid: '' }], url: HOT }))
const LIST = `/1.1/classes/Comment?where=${roots}&order=-createdAt,-insertedAt&limit=10&skip=0`
const COUNT = `/1.1/classes/Comment?where=${roots}&order=-createdAt,-insertedAt&limit=0&count=1`

let sent = 0
function request() {
  if (kind === 'list') return { path: LIST, method: 'GET', headers: HEADERS }
  if (kind === 'count') return { path: COUNT, method: 'GET', headers: HEADERS }
  // Comment login: a code exchanged through the service (a local stand-in answers as GitHub's token endpoint).
  if (kind === 'exchange') return { path: '/oauth/github/token', method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: `bench-code-${sent++}`, redirect_uri: 'https://site.example/oauth/callback' }) }
  const n = sent++
  const body = JSON.stringify({
    comment: `<p>第 ${n} 条留言：讲得很清楚，照着做一次就成功了。${process.pid}-${n}</p>`,
    nick: `读者${n % 500}`,
    mail: `reader${n % 500}@example.com`,
    link: '',
    url: `/gpt/page-${n % 100}.html`,
    ua: 'Mozilla/5.0 (bench)',
  })
  // Each comment from its own address (the service trusts X-Forwarded-For here): the rate limit
  // is taken on every create, as for real readers, and never met.
  const from = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
  return { path: '/1.1/classes/Comment', method: 'POST', headers: { ...HEADERS, 'content-type': 'application/json', 'x-forwarded-for': from }, body }
}
const expected = kind === 'create' ? 201 : 200

const pool = new Pool(url, { connections, pipelining: 1, keepAliveTimeout: 30_000 })
const latencies = []
let failures = 0
let firstFailure
const end = performance.now() + seconds * 1000

async function worker() {
  while (performance.now() < end) {
    const t0 = performance.now()
    try {
      const res = await pool.request(request())
      const text = await res.body.text()
      if (res.statusCode !== expected) {
        failures++
        firstFailure ??= `${res.statusCode} ${text.slice(0, 200)}`
      } else latencies.push(performance.now() - t0)
    } catch (err) {
      failures++
      firstFailure ??= String(err)
    }
  }
}

const start = performance.now()
await Promise.all(Array.from({ length: connections }, worker))
const elapsed = (performance.now() - start) / 1000
await pool.close()

latencies.sort((a, b) => a - b)
const pct = (p) => (latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] : NaN)
process.stdout.write(
  JSON.stringify({ kind, connections, seconds: elapsed, requests: latencies.length, failures, firstFailure, rps: latencies.length / elapsed, p50: pct(50), p99: pct(99) }) + '\n',
)
