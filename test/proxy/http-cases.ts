/**
 * One HTTP case suite for the comment service, run against every way it is served: the Node
 * server (app-node.test.ts) and the edge worker inside workerd (app-worker.test.ts). Each case
 * is a request and what must come back; they run in order on one fresh store, sharing what
 * earlier cases created. They cover the LeanCloud subset, CORS, the admin API and the threat
 * rows 1–11 of the comments research (every refusal followed by a check that the service
 * still serves).
 */
import { request as httpRequest } from 'node:http'
import { expect, it } from 'vitest'
import { md5 } from '../../src/shared/encoding/md5.js'
import { NEAR_DUPLICATES, ORIGINAL } from './near-duplicates.js'

/** Settings as environment bindings: the Node server and the worker read the same record. */
export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef'
export const SITE = 'https://site.example'
export const CASE_BINDINGS: Record<string, string> = {
  GPTNOTES_ORIGINS: `${SITE},http://localhost:4173`,
  GPTNOTES_ADMIN_TOKEN: ADMIN_TOKEN,
  GPTNOTES_MODERATION: 'auto',
  GPTNOTES_RATE_SECONDS: '20',
  // Each case posts from its own address, so the rate limit is met only where a case wants it.
  GPTNOTES_TRUST_PROXY: '1',
  GPTNOTES_SECRET: 'test-secret-0123456789abcdef',
}

export interface CaseRequest {
  method?: string
  path: string
  headers?: Record<string, string>
  /** JSON-encoded unless a string. */
  body?: unknown
}

export interface CaseResponse {
  status: number
  headers: Headers
  /** Parsed JSON, or the text when it is not JSON. */
  body: any
}

export type Send = (request: CaseRequest) => Promise<CaseResponse>

/** Turns a case request into a fetch `Request` for a base URL (the worker and Node both take these). */
export function toRequest(base: string, req: CaseRequest): Request {
  const headers = new Headers({ 'X-LC-Id': 'test-app-id-MdYXbMMI', 'X-LC-Key': 'test-app-key', ...req.headers })
  let body: string | undefined
  if (req.body !== undefined) {
    body = typeof req.body === 'string' ? req.body : JSON.stringify(req.body)
    if (!headers.has('content-type')) headers.set('Content-Type', 'application/json;charset=UTF-8')
  }
  return new Request(new URL(req.path, base), { method: req.method ?? 'GET', headers, body })
}

/**
 * Sends a case request with its path exactly as written, through `node:http` (fetch and
 * `Request` resolve dot segments, `%2e` forms and backslashes before anything is sent).
 */
export function rawRequest(base: string, req: CaseRequest): Promise<CaseResponse> {
  const target = new URL(base)
  const headers: Record<string, string> = { 'X-LC-Id': 'test-app-id-MdYXbMMI', 'X-LC-Key': 'test-app-key', ...req.headers }
  let body: string | undefined
  if (req.body !== undefined) {
    body = typeof req.body === 'string' ? req.body : JSON.stringify(req.body)
    if (!Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json;charset=UTF-8'
    headers['Content-Length'] = String(Buffer.byteLength(body))
  }
  return new Promise((resolve, reject) => {
    const call = httpRequest({ host: target.hostname, port: target.port, method: req.method ?? 'GET', path: req.path, headers, agent: false }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => {
        const responseHeaders = new Headers()
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value)
        void fromResponse(new Response(text, { status: res.statusCode ?? 0, headers: responseHeaders })).then(resolve, reject)
      })
    })
    call.on('error', reject)
    call.end(body)
  })
}

export async function fromResponse(res: Response): Promise<CaseResponse> {
  const text = await res.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // not JSON: the text is kept
  }
  return { status: res.status, headers: res.headers, body }
}

let ipCounter = 0
/** A fresh client address (through X-Forwarded-For, which the case settings trust): never one used before. */
const freshIp = (): string => {
  const n = ++ipCounter
  return `198.51.${100 + Math.floor(n / 250)}.${n % 250}`
}
const from = (ip: string, headers: Record<string, string> = {}) => ({ 'X-Forwarded-For': `203.0.113.9, ${ip}`, ...headers })
const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` }
const q = (params: Record<string, unknown>): string =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString()

/** Valine's root-comment condition (research §1.3). */
const ROOTS = (url: string) => ({ $or: [{ rid: { $exists: false } }, { rid: '' }], url })

/** Fields no public read may ever return. */
const HIDDEN = ['mail', 'ip', 'ipHash', 'ACL', 'status']
/** The plain md5 of the cases' addresses: reversible by hashing a list of addresses, so never public. */
const PLAIN_MAIL_MD5 = ['alice@example.com', 'bob@example.com', 'carol@example.com'].map((m) => md5(m))
function expectNoHiddenFields(value: unknown): void {
  const text = JSON.stringify(value)
  for (const field of HIDDEN) expect(text, `response holds "${field}"`).not.toContain(`"${field}"`)
  expect(text).not.toContain('@example.com')
  for (const hash of PLAIN_MAIL_MD5) expect(text, 'response holds the plain md5 of an address').not.toContain(hash)
}

/** A LeanCloud-style error answer. */
function expectError(res: CaseResponse, status: number, code?: number): void {
  expect(res.status, JSON.stringify(res.body)).toBe(status)
  expect(typeof res.body.code).toBe('number')
  expect(typeof res.body.error).toBe('string')
  if (code !== undefined) expect(res.body.code).toBe(code)
  expect(JSON.stringify(res.body)).not.toMatch(/at \w+ \(|\.ts:\d+|node_modules/)
}

const comment = (over: Record<string, unknown> = {}) => ({
  comment: '<p>Hello from a reader.</p>',
  nick: 'Alice',
  mail: 'alice@example.com',
  link: '',
  url: '/gpt/handbook/a.html',
  ua: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/125.0',
  ...over,
})

/** Registers the cases with vitest; `send` reaches the service under test, `other` (when given) a second instance on the same store. */
export function httpCases(send: () => Send, other?: () => Send): void {
  const s: Send = (req) => send()(req)
  const state: Record<string, string> = {}
  let unique = 0
  const post = (over: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    s({ method: 'POST', path: '/1.1/classes/Comment', headers: from(freshIp(), headers), body: comment({ comment: `<p>Comment number ${++unique} for the cases.</p>`, ...over }) })
  const list = (where: unknown, extra: Record<string, unknown> = {}) => s({ path: `/1.1/classes/Comment?${q({ where, ...extra })}` })
  const stillServing = async () => {
    const res = await s({ path: '/healthz' })
    expect(res.status).toBe(200)
  }

  // —— service basics ——

  it('GET /healthz answers 200', async () => {
    const res = await s({ path: '/healthz' })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ ok: true })
  })

  it('GET / says what the service is: a page for a browser, a line of text otherwise, nothing private', async () => {
    const page = await s({ path: '/', headers: { Accept: 'text/html,application/xhtml+xml' } })
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.body).toContain('<title>gptnotes 评论服务</title>')
    expect(page.body).toContain('valineConfig.serverURLs')
    expect(page.body).toContain('/admin/')
    const text = await s({ path: '/' })
    expect(text.status).toBe(200)
    expect(text.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(text.body).toMatch(/^gptnotes comment service: /)
    for (const res of [page, text]) expect(String(res.body)).not.toMatch(/@|token=|secret/i)
  })

  it('counts root comments of an empty page with Valine’s exact query', async () => {
    const res = await list(ROOTS('/gpt/empty.html'), { order: '-createdAt,-insertedAt', limit: 0, count: 1 })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ results: [], count: 0 })
  })

  // —— comments: create and read ——

  it('POST /1.1/classes/Comment answers 201 {objectId, createdAt} once stored', async () => {
    const res = await post({ comment: 'First comment on page a.' })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.objectId).toMatch(/^[A-Za-z0-9]{8,}$/)
    expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt)
    expectNoHiddenFields(res.body)
    state.first = res.body.objectId
    expect(res.headers.get('location') ?? '').toMatch(new RegExp(`/1.1/classes/Comment/${state.first}$|^$`))
  })

  it('the new comment is listed and counted, without mail, ip or ACL', async () => {
    const res = await list(ROOTS('/gpt/handbook/a.html'), { order: '-createdAt,-insertedAt', limit: 10, skip: 0 })
    expect(res.status).toBe(200)
    expect(res.body.results).toHaveLength(1)
    const [c] = res.body.results
    expect(c).toMatchObject({ objectId: state.first, nick: 'Alice', url: '/gpt/handbook/a.html' })
    expect(typeof c.createdAt).toBe('string')
    expect(typeof c.updatedAt).toBe('string')
    expectNoHiddenFields(res.body)
    const count = await list(ROOTS('/gpt/handbook/a.html'), { limit: 0, count: 1 })
    expect(count.body).toEqual({ results: [], count: 1 })
  })

  it('GET /1.1/classes/Comment/:id answers the comment; a missing id answers 200 {}', async () => {
    const res = await s({ path: `/1.1/classes/Comment/${state.first}` })
    expect(res.status).toBe(200)
    expect(res.body.objectId).toBe(state.first)
    expectNoHiddenFields(res.body)
    const missing = await s({ path: '/1.1/classes/Comment/doesNotExist0001' })
    expect(missing.status).toBe(200)
    expect(missing.body).toEqual({})
  })

  it('accepts new=true and fetchWhenSave=true on create', async () => {
    for (const flag of ['new=true', 'fetchWhenSave=true']) {
      const res = await s({ method: 'POST', path: `/1.1/classes/Comment?${flag}`, headers: from(freshIp()), body: comment({ comment: `Saved with ${flag}.`, url: '/gpt/handbook/b.html' }) })
      expect(res.status, JSON.stringify(res.body)).toBe(201)
      expect(res.body.objectId).toBeTruthy()
      expectNoHiddenFields(res.body)
    }
  })

  it('a reply is found by rid with $in and by Valine’s CQL', async () => {
    const reply = await post({ comment: 'A reply to the first.', nick: 'Bob', mail: 'bob@example.com', rid: state.first, pid: state.first })
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    state.reply = reply.body.objectId
    const byIn = await list({ rid: { $in: [state.first] } })
    expect(byIn.body.results.map((r: { objectId: string }) => r.objectId)).toEqual([state.reply])
    const cql = `select * from Comment where rid in ('${state.first}') order by -createdAt,-createdAt`
    const byCql = await s({ path: `/1.1/cloudQuery?${q({ cql })}` })
    expect(byCql.status, JSON.stringify(byCql.body)).toBe(200)
    expect(byCql.body.className).toBe('Comment')
    expect(byCql.body.results.map((r: { objectId: string }) => r.objectId)).toEqual([state.reply])
    expectNoHiddenFields(byCql.body)
    // Replies are not root comments: the page still counts one.
    expect((await list(ROOTS('/gpt/handbook/a.html'), { limit: 0, count: 1 })).body.count).toBe(1)
  })

  it('any other CQL is refused', async () => {
    for (const cql of ['select * from _User', 'select mail from Comment where rid in (\'x\')', "delete from Comment where rid in ('x')", 'select * from Comment']) {
      const res = await s({ path: `/1.1/cloudQuery?${q({ cql })}` })
      expect(res.status, cql).toBeGreaterThanOrEqual(400)
      expect(res.status, cql).toBeLessThan(500)
      expectNoHiddenFields(res.body)
    }
    await stillServing()
  })

  it('POST /1.1/batch answers GET sub-requests in order, as {success} or {error}', async () => {
    const res = await s({
      method: 'POST',
      path: '/1.1/batch',
      headers: from(freshIp()),
      body: {
        requests: [
          { method: 'GET', path: '/1.1/classes/Comment', params: { where: { url: { $in: ['/gpt/handbook/a.html', '/gpt/other.html'] } }, order: '-createdAt' } },
          { method: 'GET', path: '/1.1/classes/Nope', params: {} },
          { method: 'GET', path: '/1.1/classes/Comment', params: { where: { mail: 'alice@example.com' } } },
          { method: 'POST', path: '/1.1/classes/Comment', body: comment() },
          { method: 'GET', path: '/1.1/users/me', params: {} },
        ],
      },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body).toHaveLength(5)
    expect(res.body[0].success.results.map((r: { objectId: string }) => r.objectId).sort()).toEqual([state.first, state.reply].sort())
    expect(res.body[1].error.code).toBe(101)
    expect(res.body[2].error.code).toBe(102)
    expect(typeof res.body[3].error.code).toBe('number')
    expect(typeof res.body[4].error.code).toBe('number')
    expectNoHiddenFields(res.body)
  })

  it('a batch over the cap, or not a batch at all, is refused', async () => {
    const requests = Array.from({ length: 21 }, () => ({ method: 'GET', path: '/1.1/classes/Comment', params: {} }))
    expectError(await s({ method: 'POST', path: '/1.1/batch', body: { requests } }), 400)
    expectError(await s({ method: 'POST', path: '/1.1/batch', body: { requests: 'all' } }), 400)
    expectError(await s({ method: 'POST', path: '/1.1/batch', body: [] }), 400)
    await stillServing()
  })

  // —— counters ——

  it('counters: find none, create with time forced to 1, increment once per reader and window', async () => {
    const where = { url: '/gpt/handbook/a.html' }
    const none = await s({ path: `/1.1/classes/Counter?${q({ where })}` })
    expect(none.status).toBe(200)
    expect(none.body).toEqual({ results: [] })
    const reader = freshIp()
    const created = await s({ method: 'POST', path: '/1.1/classes/Counter', headers: from(reader), body: { url: '/gpt/handbook/a.html', xid: '/gpt/handbook/a.html', title: 'Page A', time: 5000, ACL: { '*': { read: true, write: true } } } })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    state.counter = created.body.objectId
    const found = await s({ path: `/1.1/classes/Counter?${q({ where })}` })
    expect(found.body.results).toHaveLength(1)
    expect(found.body.results[0]).toMatchObject({ objectId: state.counter, url: '/gpt/handbook/a.html', title: 'Page A', time: 1 })
    expectNoHiddenFields(found.body)

    const inc = { time: { __op: 'Increment', amount: 1 } }
    // The creator's own first view was counted by the create.
    const again = await s({ method: 'PUT', path: `/1.1/classes/Counter/${state.counter}`, headers: from(reader), body: inc })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ objectId: state.counter, time: 1 })
    const other = freshIp()
    const up = await s({ method: 'PUT', path: `/1.1/classes/Counter/${state.counter}`, headers: from(other), body: inc })
    expect(up.status, JSON.stringify(up.body)).toBe(200)
    expect(up.body).toMatchObject({ objectId: state.counter, time: 2 })
    expect(typeof up.body.updatedAt).toBe('string')
    const repeat = await s({ method: 'PUT', path: `/1.1/classes/Counter/${state.counter}`, headers: from(other), body: inc })
    expect(repeat.status).toBe(200)
    expect(repeat.body.time).toBe(2)
    const several = await s({ path: `/1.1/classes/Counter?${q({ where: { url: { $in: ['/gpt/handbook/a.html', '/gpt/x.html'] } } })}` })
    expect(several.body.results.map((c: { time: number }) => c.time)).toEqual([2])
  })

  it('threat 8: counter tampering (Set, amount 5, -1, Delete, unknown fields) is refused', async () => {
    const bodies = [{ time: 100000 }, { time: { __op: 'Increment', amount: 5 } }, { time: { __op: 'Increment', amount: -1 } }, { time: { __op: 'Delete' } }, { url: '/gpt/evil.html' }, { time: { __op: 'Increment', amount: 1 }, title: 'x' }, {}]
    for (const body of bodies) {
      const res = await s({ method: 'PUT', path: `/1.1/classes/Counter/${state.counter}`, headers: from(freshIp()), body })
      expectError(res, 403, 119)
    }
    const found = await s({ path: `/1.1/classes/Counter?${q({ where: { url: '/gpt/handbook/a.html' } })}` })
    expect(found.body.results[0].time).toBe(2)
    expectError(await s({ method: 'PUT', path: '/1.1/classes/Counter/noSuchCounter01', headers: from(freshIp()), body: { time: { __op: 'Increment', amount: 1 } } }), 404, 101)
    expectError(await s({ method: 'PUT', path: `/1.1/classes/Comment/${state.first}`, headers: from(freshIp()), body: { comment: 'edited' } }), 403)
    await stillServing()
  })

  it('first readers of a page at once make one counter, and each view counts on it', async () => {
    const page = '/gpt/handbook/race.html'
    const body = { url: page, xid: page, title: '同时打开', time: 1, ACL: { '*': { read: true, write: true } } }
    const created = await Promise.all(Array.from({ length: 6 }, () => s({ method: 'POST', path: '/1.1/classes/Counter', headers: from(freshIp()), body })))
    for (const res of created) expect(res.status).toBe(201)
    const found = await s({ path: `/1.1/classes/Counter?${q({ where: { url: page } })}` })
    expect(found.body.results).toHaveLength(1)
    expect(found.body.results[0].time).toBe(6)
    expect(new Set(created.map((res) => res.body.objectId))).toEqual(new Set([found.body.results[0].objectId]))
  })

  // —— errors of the protocol ——

  it('a class other than Comment or Counter answers 404 code 101', async () => {
    expectError(await s({ path: '/1.1/classes/Secret' }), 404, 101)
    expectError(await s({ path: '/1.1/classes/_User' }), 404, 101)
    expectError(await s({ method: 'POST', path: '/1.1/classes/Post', body: {} }), 404, 101)
  })

  it('routes outside the subset answer LeanCloud-style 403/404', async () => {
    const requests: CaseRequest[] = [
      { method: 'POST', path: '/1.1/users', body: { username: 'a', password: 'b' } },
      { method: 'POST', path: '/1.1/requestPasswordReset', body: { email: 'alice@example.com' } },
      { method: 'POST', path: '/1.1/login', body: {} },
      { path: '/1.1/users/me' },
      { method: 'POST', path: '/1.1/files/x.txt', body: 'x' },
      { path: '/1.1/schemas' },
      { path: '/1.1/scan/classes/Comment' },
      { method: 'DELETE', path: `/1.1/classes/Comment/${state.first}` },
      { method: 'PATCH', path: '/1.1/classes/Comment' },
      { path: '/nothing-here' },
      { path: '/1.1' },
    ]
    for (const req of requests) {
      const res = await s(req)
      expect([403, 404, 405], `${req.method ?? 'GET'} ${req.path}`).toContain(res.status)
      expectError(res, res.status)
    }
    // The comment DELETE did nothing.
    expect((await s({ path: `/1.1/classes/Comment/${state.first}` })).body.objectId).toBe(state.first)
  })

  // —— threat 10: master keys ——

  it('threat 10: any master credential is refused before anything else', async () => {
    const headers: Record<string, string>[] = [{ 'X-LC-Key': 'someMasterKey,master' }, { 'X-LC-Sign': '0123456789abcdef0123456789abcdef,1700000000000,master' }, { 'X-LC-Key': 'k, MASTER' }, { 'X-AVOSCloud-Master-Key': 'x' }, { 'X-Parse-Master-Key': 'x' }]
    for (const h of headers) {
      expectError(await s({ path: '/1.1/classes/Comment', headers: h }), 403)
      expectError(await s({ method: 'POST', path: '/1.1/classes/Comment', headers: { ...from(freshIp()), ...h }, body: comment({ comment: 'as master' }) }), 403)
      expectError(await s({ path: '/1.1/classes/Comment/doesNotExist', headers: h }), 403)
    }
    // X-LC-Sign without master is accepted (protocol compatibility only).
    const signed = await s({ path: `/1.1/classes/Comment?${q({ where: { url: '/x' } })}`, headers: { 'X-LC-Sign': '0123456789abcdef0123456789abcdef,1700000000000' } })
    expect(signed.status).toBe(200)
    await stillServing()
  })

  // —— malformed requests ——

  it('bad JSON, wrong types and an oversize body answer 4xx {code, error}', async () => {
    const bad: CaseRequest[] = [
      { method: 'POST', path: '/1.1/classes/Comment', body: '{"comment": "x",' },
      { method: 'POST', path: '/1.1/classes/Comment', body: '"just a string"' },
      { method: 'POST', path: '/1.1/classes/Comment', body: '[1,2]' },
      { method: 'POST', path: '/1.1/classes/Comment', body: 'null' },
      { method: 'POST', path: '/1.1/classes/Comment', body: comment({ comment: 42 }) },
      { method: 'POST', path: '/1.1/classes/Comment', body: comment({ nick: { $gt: '' } }) },
      { method: 'POST', path: '/1.1/classes/Comment', body: comment({ url: ['/a'] }) },
      { method: 'POST', path: '/1.1/classes/Comment', body: comment({ comment: '' }) },
      { method: 'POST', path: '/1.1/classes/Counter', body: '{' },
      { method: 'POST', path: '/1.1/batch', body: 'not json' },
      { path: '/1.1/classes/Comment?where=%7Bnot-json' },
      { path: '/1.1/classes/Comment?limit=abc' },
      { path: '/1.1/classes/Comment?order=mail' },
    ]
    for (const req of bad) {
      const res = await s({ ...req, headers: from(freshIp(), req.headers) })
      expect(res.status, `${req.path} ${String(req.body).slice(0, 40)}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
      expectError(res, res.status)
    }
    const huge = await s({ method: 'POST', path: '/1.1/classes/Comment', headers: from(freshIp()), body: comment({ comment: 'x'.repeat(200 * 1024) }) })
    expectError(huge, 413)
    await stillServing()
  })

  // —— threat 9: query injection ——

  it('a request line over 16 KB answers 4xx {code, error}, not a bare status or a reset', async () => {
    // Node stops at 16 KB of request line and headers (431); a runtime that reads it all refuses the field.
    const res = await s({ path: `/1.1/classes/Comment?${q({ where: { nope: 'x'.repeat(17 * 1024) } })}`, headers: from(freshIp()) })
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    expectError(res, res.status)
    await stillServing()
  })

  it('threat 9: forbidden operators, unknown fields and deep nesting answer 400 code 102', async () => {
    const wheres: unknown[] = [
      { comment: { $regex: '(a+)+$' } },
      { url: { $regex: '.*' } },
      { $where: 'sleep(1000)' },
      { mail: 'alice@example.com' },
      { ip: { $exists: true } },
      { status: 'waiting' },
      { ipHash: { $exists: true } },
      { rid: { $select: { query: { className: '_User' }, key: 'x' } } },
      { rid: { $inQuery: { className: '_User', where: {} } } },
      { url: { $nin: ['/a'] } },
      { url: { $in: Array.from({ length: 150 }, (_, i) => `/p/${i}`) } },
      { $or: [{ $or: [{ $or: [{ $or: [{ $or: [{ $or: [{ $or: [{ url: '/a' }] }] }] }] }] }] }] },
      { url: { __type: 'Pointer', className: '_User', objectId: 'x' } },
    ]
    for (const where of wheres) {
      const res = await list(where)
      expectError(res, 400, 102)
    }
    await stillServing()
  })

  it('threat 9: limit and skip are clamped, not trusted', async () => {
    const res = await list({ url: '/gpt/handbook/a.html' }, { limit: 1e9, skip: 0 })
    expect(res.status).toBe(200)
    expect(res.body.results.length).toBeLessThanOrEqual(1000)
    const far = await list({ url: '/gpt/handbook/a.html' }, { skip: 1e7 })
    expectError(far, 400, 102)
    expect(far.body.error).toBe('skip must be at most 5000, got 10000000')
  })

  // —— threat 5: nothing private leaves ——

  it('threat 5: keys, include and returnACL never reveal mail, ip, ACL or status', async () => {
    const where = { url: '/gpt/handbook/a.html' }
    const ids = (res: CaseResponse) => res.body.results.map((c: { objectId: string }) => c.objectId)
    const plain = await list(where)
    expect(ids(plain).length).toBeGreaterThan(1)
    // Each is answered, with the same comments as the plain query: the private fields alone left out.
    for (const extra of [{ keys: 'mail,ip,ACL,status,ipHash' }, { keys: '-comment' }, { include: '*' }, { returnACL: 'true' }, { keys: 'mail', include: 'mail', returnACL: 'true', count: 1 }]) {
      const res = await list(where, extra)
      expect(res.status, JSON.stringify(extra)).toBe(200)
      expect(ids(res), JSON.stringify(extra)).toEqual(ids(plain))
      expectNoHiddenFields(res.body)
    }
    const one = await s({ path: `/1.1/classes/Comment/${state.first}?keys=mail,ip&include=*&returnACL=true` })
    expectNoHiddenFields(one.body)
  })

  it('privacy: mailMd5 is a keyed hash, the same for one address and distinct between two, never the plain md5', async () => {
    const carol1 = await post({ mail: 'Carol@Example.com ', nick: 'Carol', url: '/gpt/avatars.html' })
    const carol2 = await post({ mail: 'carol@example.com', nick: 'Carol', url: '/gpt/avatars.html' })
    const bob = await post({ mail: 'bob@example.com', nick: 'Bob', url: '/gpt/avatars.html' })
    const none = await post({ mail: '', nick: 'Nobody', url: '/gpt/avatars.html' })
    for (const res of [carol1, carol2, bob, none]) expect(res.status, JSON.stringify(res.body)).toBe(201)
    const listed = await list({ url: '/gpt/avatars.html' }, { order: 'createdAt' })
    expectNoHiddenFields(listed.body)
    const key = (id: string) => listed.body.results.find((c: { objectId: string }) => c.objectId === id).mailMd5
    expect(key(carol1.body.objectId)).toMatch(/^[0-9a-f]{32}$/)
    expect(key(carol1.body.objectId)).toBe(key(carol2.body.objectId))
    expect(key(bob.body.objectId)).toMatch(/^[0-9a-f]{32}$/)
    expect(key(bob.body.objectId)).not.toBe(key(carol1.body.objectId))
    expect(key(none.body.objectId)).toBe('')
    // Every other way to read a comment gives the same key.
    const one = await s({ path: `/1.1/classes/Comment/${carol1.body.objectId}` })
    expect(one.body.mailMd5).toBe(key(carol1.body.objectId))
    const cql = await s({ path: `/1.1/cloudQuery?${q({ cql: `select * from Comment where rid in ('${state.first}') order by -createdAt` })}` })
    expectNoHiddenFields(cql.body)
    const saved = await s({ method: 'POST', path: '/1.1/classes/Comment?fetchWhenSave=true', headers: from(freshIp()), body: comment({ mail: 'carol@example.com', url: '/gpt/avatars-saved.html', comment: 'Saved and fetched.' }) })
    expect(saved.body.mailMd5).toBe(key(carol1.body.objectId))
    expectNoHiddenFields(saved.body)
    const batch = await s({ method: 'POST', path: '/1.1/batch', body: { requests: [{ method: 'GET', path: '/1.1/classes/Comment', params: { where: { url: '/gpt/avatars.html' } } }] } })
    expectNoHiddenFields(batch.body)
    expect(JSON.stringify(batch.body)).toContain(key(bob.body.objectId))
  })

  it('privacy: under auto a remote image waits like a link; a data: image or one on the site does not', async () => {
    const page = '/gpt/images.html'
    const tag = await post({ url: page, comment: '<p>Look <img src="https://tracker.example/p.gif?u=1" alt="x"></p>' })
    // `![pic](http://tracker.example/m.png)` as the widget (and Valine) render it before posting.
    const markdown = await post({ url: page, comment: '<p><img src="http://tracker.example/m.png" alt="pic"></p>' })
    const pasted = await post({ url: page, comment: '<p>Pasted 😄 <img src="data:image/png;base64,iVBORw0KGgo="></p>' })
    const local = await post({ url: page, comment: `<p>Ours <img src="${SITE}/emoji/smile.png" alt="smile" width="20" height="20"></p>` })
    for (const res of [tag, markdown, pasted, local]) expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect([tag.body.status, markdown.body.status, pasted.body.status, local.body.status]).toEqual(['waiting', 'waiting', undefined, undefined])
    const shown = await list({ url: page }, { order: 'createdAt' })
    expect(shown.body.results.map((c: { objectId: string }) => c.objectId)).toEqual([pasted.body.objectId, local.body.objectId])
    expect(shown.body.results[0].comment).toBe('<p>Pasted 😄 </p>')
    expect(shown.body.results[1].comment).toBe(`<p>Ours <img src="${SITE}/emoji/smile.png" alt="smile" referrerpolicy="no-referrer" loading="lazy" width="20" height="20"></p>`)
    expect(JSON.stringify(shown.body)).not.toContain('tracker.example')
    const approved = await s({ method: 'POST', path: `/admin/comments/${tag.body.objectId}/approve`, headers: admin })
    expect(approved.status).toBe(200)
    const html: string = (await s({ path: `/1.1/classes/Comment/${tag.body.objectId}` })).body.comment
    expect(html).toBe('<p>Look <img src="https://tracker.example/p.gif?u=1" alt="x" referrerpolicy="no-referrer" loading="lazy" width="320" height="240"></p>')
  })

  // —— threat 6 and 7: forged fields, moderation, rate limit, duplicates ——

  it('threat 6: forged ip, status, ACL, insertedAt, objectId and dates are ignored', async () => {
    const res = await post({
      comment: 'See https://spam.example for cheap things.',
      url: '/gpt/handbook/forged.html',
      ip: '1.2.3.4',
      status: 'approved',
      ACL: { '*': { read: true, write: true } },
      insertedAt: { __type: 'Date', iso: '2000-01-01T00:00:00.000Z' },
      createdAt: '2000-01-01T00:00:00.000Z',
      objectId: 'forgedObjectId1',
      mailMd5: 'ffffffffffffffffffffffffffffffff',
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(res.body.objectId).not.toBe('forgedObjectId1')
    expect(res.body.createdAt.startsWith('2000')).toBe(false)
    state.forged = res.body.objectId
    // A link waits for approval whatever `status` said: readers do not see it.
    expect((await s({ path: `/1.1/classes/Comment/${state.forged}` })).body).toEqual({})
    expect((await list({ url: '/gpt/handbook/forged.html' })).body.results).toEqual([])
    const queue = await s({ path: `/admin/comments?status=waiting&url=${encodeURIComponent('/gpt/handbook/forged.html')}`, headers: admin })
    expect(queue.status).toBe(200)
    const [stored] = queue.body.results
    expect(stored).toMatchObject({ objectId: state.forged, status: 'waiting' })
    expect(stored.insertedAt.startsWith('2000')).toBe(false)
    expect(stored.mailHash).not.toBe('ffffffffffffffffffffffffffffffff')
    expect(JSON.stringify(stored)).not.toContain('1.2.3.4')
    expect(stored.ACL).toBeUndefined()
  })

  it('threat 7: a second comment from one IP inside the window answers 429; the service goes on', async () => {
    const ip = freshIp()
    const first = await s({ method: 'POST', path: '/1.1/classes/Comment', headers: from(ip), body: comment({ comment: 'Rate limit, first.', url: '/gpt/rate.html' }) })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    const second = await s({ method: 'POST', path: '/1.1/classes/Comment', headers: from(ip), body: comment({ comment: 'Rate limit, second.', url: '/gpt/rate.html' }) })
    expectError(second, 429)
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(second.body.retryAfter).toBe(Number(second.headers.get('retry-after')))
    // Forging X-Forwarded-For further left does not help: the nearest proxy's entry counts.
    const forged = await s({ method: 'POST', path: '/1.1/classes/Comment', headers: { 'X-Forwarded-For': `10.9.9.9, ${ip}` }, body: comment({ comment: 'Rate limit, third.', url: '/gpt/rate.html' }) })
    expectError(forged, 429)
    await stillServing()
    expect((await list({ url: '/gpt/rate.html' }, { count: 1, limit: 0 })).body.count).toBe(1)
  })

  it('threat 7: the same comment again on the same page is refused', async () => {
    const body = comment({ comment: 'Exactly the same words.', url: '/gpt/dup.html' })
    const first = await s({ method: 'POST', path: '/1.1/classes/Comment', headers: from(freshIp()), body })
    expect(first.status).toBe(201)
    const again = await s({ method: 'POST', path: '/1.1/classes/Comment', headers: from(freshIp()), body })
    expect(again.status).toBeGreaterThanOrEqual(400)
    expectError(again, again.status)
    await stillServing()
  })

  // —— threats 1–3: XSS posted straight to the REST API ——

  const XSS = [
    '<img src=x onerror=alert(1)>',
    '<script>alert(1)</script>',
    '<a href="javascript:alert(1)">click</a>',
    '<a href="JaVaScRiPt&colon;alert(1)">x</a>',
    '<svg onload=alert(1)><circle/></svg>',
    '<iframe src="https://evil.example"></iframe>',
    '<div style="position:fixed;top:0;left:0;width:100%;height:100%">overlay</div>',
    '<form action="https://evil.example"><input name=p></form>',
    '<p onclick="alert(1)">x</p>',
    '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">d</a>',
    '<video autoplay src=x onerror=alert(1)></video>',
  ]

  it('threats 1–3: XSS vectors come back sanitised', async () => {
    for (const [i, vector] of XSS.entries()) {
      const res = await post({ comment: `${vector} case ${i}`, url: '/gpt/xss.html' })
      // Each is taken (the words around it remain) and stored sanitised.
      expect(res.status, `${vector}: ${JSON.stringify(res.body)}`).toBe(201)
      const queue = await s({ path: `/admin/comments?url=${encodeURIComponent('/gpt/xss.html')}`, headers: admin })
      const stored = queue.body.results.find((c: { objectId: string }) => c.objectId === res.body.objectId)
      expect(stored, vector).toBeTruthy()
      const html: string = stored.comment
      expect(html, vector).not.toMatch(/<script|<iframe|<svg|<math|<form|<input|<style|\son\w+\s*=|javascript:|data:text|style\s*=|autoplay/i)
    }
    await stillServing()
  })

  it('threat 4: links leave in a new tab that cannot reach back, and pass on no ranking', async () => {
    const res = await post({ comment: 'Read <a href="https://example.org/doc" target="_self" rel="opener">the doc</a>.', url: '/gpt/links.html' })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const queue = await s({ path: `/admin/comments?url=${encodeURIComponent('/gpt/links.html')}`, headers: admin })
    const html: string = queue.body.results[0].comment
    expect(html).toContain('href="https://example.org/doc"')
    expect(html).toContain('target="_blank"')
    expect(html).toMatch(/rel="[^"]*\bnoopener\b[^"]*"/)
    expect(html).toMatch(/rel="[^"]*\bnoreferrer\b[^"]*"/)
    expect(html).toMatch(/rel="[^"]*\bnofollow\b[^"]*"/)
    expect(html).not.toContain('opener"')
    // A link makes the comment wait (moderation auto).
    expect(queue.body.results[0].status).toBe('waiting')
  })

  it('threat 2: metadata XSS (link scheme, nick, url) is refused or neutralised', async () => {
    for (const [over, error] of [
      [{ link: 'javascript:alert(1)' }, 'link must be an http(s) address'],
      [{ link: 'data:text/html,<script>alert(1)</script>' }, 'link may not contain <, >, " or `'],
      [{ url: 'javascript:alert(1)' }, 'url must be a path on the site, starting with one /'],
      [{ url: 'https://evil.example/p' }, 'url must be a path on the site, starting with one /'],
      [{ nick: '<img src=x onerror=alert(1)>', url: '/gpt/nick.html' }, 'nick may not contain <, >, " or `'],
    ] as const) {
      const res = await post(over)
      expectError(res, 400, 142)
      expect(res.body.error).toBe(error)
    }
    // Nothing of them was stored.
    const queue = await s({ path: `/admin/comments?url=${encodeURIComponent('/gpt/nick.html')}`, headers: admin })
    expect(queue.body.results).toEqual([])
    await stillServing()
  })

  it('a NUL in any field of a new comment answers 400 code 142 naming the field; no store is asked to hold it', async () => {
    const NUL = '\u0000'
    for (const [field, over] of [
      ['comment', { comment: `<p>a${NUL}b</p>` }],
      ['link', { link: `https://x.example/${NUL}` }],
      ['nick', { nick: `a${NUL}b` }],
      ['ua', { ua: `Mozilla${NUL}` }],
    ] as const) {
      const res = await post({ ...over, url: '/gpt/nul.html' })
      expectError(res, 400, 142)
      expect(res.body.error).toBe(`${field} may not contain a NUL character`)
    }
    expect((await list({ url: '/gpt/nul.html' })).body.results).toEqual([])
    await stillServing()
  })

  // —— CORS ——

  it('preflight from an allowed origin answers the LeanCloud headers; other origins get none', async () => {
    const ok = await s({ method: 'OPTIONS', path: '/1.1/classes/Comment', headers: { Origin: SITE, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,x-lc-id,x-lc-sign' } })
    expect(ok.status).toBe(204)
    expect(ok.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(ok.headers.get('access-control-allow-headers')?.split(',').map((h) => h.trim())).toEqual(['Content-Type', 'X-LC-Id', 'X-LC-Key', 'X-LC-Sign', 'X-LC-Session', 'X-LC-Prod', 'X-LC-UA', 'X-LC-Hook-Key'])
    for (const origin of ['https://evil.example', 'null', 'https://site.example.evil.example', 'https://site.example:444', 'http://site.example']) {
      const res = await s({ method: 'OPTIONS', path: '/1.1/classes/Comment', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' } })
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull()
      const get = await s({ path: '/1.1/classes/Comment', headers: { Origin: origin } })
      expect(get.headers.get('access-control-allow-origin'), origin).toBeNull()
      expectError(get, 403)
    }
    const get = await s({ path: `/1.1/classes/Comment?${q({ where: { url: '/x' } })}`, headers: { Origin: SITE } })
    expect(get.status).toBe(200)
    expect(get.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(get.headers.get('vary') ?? '').toMatch(/origin/i)
  })

  // —— the admin API ——

  it('admin: no token or a wrong one answers 401; a right one lists with e-mail', async () => {
    expectError(await s({ path: '/admin/comments' }), 401)
    expectError(await s({ path: '/admin/comments', headers: { Authorization: 'Bearer wrong-token' } }), 401)
    expectError(await s({ path: '/admin/comments', headers: { Authorization: `Bearer ${ADMIN_TOKEN}x` } }), 401)
    expectError(await s({ path: '/admin/comments', headers: { Authorization: ADMIN_TOKEN } }), 401)
    const res = await s({ path: `/admin/comments?status=approved&url=${encodeURIComponent('/gpt/handbook/a.html')}`, headers: admin })
    expect(res.status).toBe(200)
    expect(res.body.results.map((c: { objectId: string }) => c.objectId).sort()).toEqual([state.first, state.reply].sort())
    expect(res.body.results.find((c: { objectId: string }) => c.objectId === state.first).mail).toBe('alice@example.com')
    expect(JSON.stringify(res.body)).not.toContain('ipHash')
    expect(res.body.count).toBe(2)
    expectError(await s({ path: '/admin/comments?status=deleted', headers: admin }), 400)
    expectError(await s({ path: '/admin/comments?page=0', headers: admin }), 400)
  })

  it('admin: approve shows a waiting comment to readers; spam hides it again', async () => {
    const approved = await s({ method: 'POST', path: `/admin/comments/${state.forged}/approve`, headers: admin })
    expect(approved.status).toBe(200)
    expect(approved.body.status).toBe('approved')
    expect((await s({ path: `/1.1/classes/Comment/${state.forged}` })).body.objectId).toBe(state.forged)
    const spam = await s({ method: 'POST', path: `/admin/comments/${state.forged}/spam`, headers: admin })
    expect(spam.body.status).toBe('spam')
    expect((await s({ path: `/1.1/classes/Comment/${state.forged}` })).body).toEqual({})
    expect((await s({ path: '/admin/comments?status=spam', headers: admin })).body.results.map((c: { objectId: string }) => c.objectId)).toContain(state.forged)
    expectError(await s({ method: 'POST', path: '/admin/comments/noSuchComment1/approve', headers: admin }), 404)
  })

  it('admin: DELETE removes a comment with its replies', async () => {
    const res = await s({ method: 'DELETE', path: `/admin/comments/${state.first}`, headers: admin })
    expect(res.status).toBe(200)
    expect(res.body.deleted).toBe(2)
    expect((await s({ path: `/1.1/classes/Comment/${state.reply}` })).body).toEqual({})
    expectError(await s({ method: 'DELETE', path: `/admin/comments/${state.first}`, headers: admin }), 404)
    expectError(await s({ method: 'DELETE', path: `/admin/comments/${state.reply}` }), 401)
  })

  // —— issue rows: limits that hold under concurrency, control characters, near duplicates ——

  /** The instances to spread requests over: this one, and the second when there is one. */
  const spreads: [string, () => Send[]][] = [['one instance', () => [send()]]]
  if (other) spreads.push(['two instances on one store', () => [send(), other()]])
  const statuses = (answers: CaseResponse[]) => answers.map((r) => r.status).sort()

  for (const [where, instances] of spreads) {
    it(`20 comments sent together from one address: exactly one 201, the rest 429 (${where}, 10 trials)`, async () => {
      for (let trial = 0; trial < 10; trial++) {
        const ip = freshIp()
        const sends = instances()
        const answers = await Promise.all(
          Array.from({ length: 20 }, (_, i) => sends[i % sends.length]({ method: 'POST', path: '/1.1/classes/Comment', headers: from(ip), body: comment({ comment: `Burst ${where} ${trial}, comment ${i}.`, url: '/gpt/burst.html' }) })),
        )
        expect(statuses(answers), `trial ${trial}`).toEqual([201, ...Array(19).fill(429)])
        for (const refused of answers.filter((r) => r.status === 429)) {
          expectError(refused, 429, 429)
          expect(refused.body.retryAfter).toBe(Number(refused.headers.get('retry-after')))
        }
      }
    })

    it(`20 identical comments sent together from 20 addresses: exactly one 201, the rest 409 code 137 (${where}, 10 trials)`, async () => {
      for (let trial = 0; trial < 10; trial++) {
        const sends = instances()
        const body = comment({ comment: `The same words ${where}, trial ${trial}.`, url: '/gpt/same.html' })
        const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => sends[i % sends.length]({ method: 'POST', path: '/1.1/classes/Comment', headers: from(freshIp()), body })))
        expect(statuses(answers), `trial ${trial}`).toEqual([201, ...Array(19).fill(409)])
        for (const refused of answers.filter((r) => r.status === 409)) expectError(refused, 409, 137)
      }
    })
  }

  it('a comment refused as a duplicate does not hold its author back: corrected, it passes at once', async () => {
    const ip = freshIp()
    const body = comment({ comment: 'Posted once, then again by mistake.', url: '/gpt/retry.html' })
    expect((await s({ method: 'POST', path: '/1.1/classes/Comment', headers: from(freshIp()), body })).status).toBe(201)
    expectError(await s({ method: 'POST', path: '/1.1/classes/Comment', headers: from(ip), body }), 409, 137)
    const corrected = await s({ method: 'POST', path: '/1.1/classes/Comment', headers: from(ip), body: { ...body, comment: 'Something new to say.' } })
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(201)
    expectError(await s({ method: 'POST', path: '/1.1/classes/Comment', headers: from(ip), body: { ...body, comment: 'And more.' } }), 429, 429)
  })

  it('near duplicates (case, spacing, markup, references, invisible and full-width characters) are refused as duplicates', async () => {
    const url = '/gpt/near.html'
    expect((await post({ comment: ORIGINAL, url })).status).toBe(201)
    for (const variant of NEAR_DUPLICATES) expectError(await post({ comment: variant, url }), 409, 137)
    expect((await post({ comment: 'Hello world, thanks again!', url })).status).toBe(201)
  })

  it('a control character (U+0000) in a where value, an object id or a CQL id answers 400 code 102 on every route, in batch too', async () => {
    const NUL = '\u0000'
    const reads: CaseRequest[] = [
      { path: `/1.1/classes/Comment?${q({ where: { url: `/gpt/a${NUL}.html` } })}` },
      { path: `/1.1/classes/Comment?${q({ where: { rid: { $in: ['abc', `x${NUL}`] } } })}` },
      { path: `/1.1/classes/Comment?${q({ where: { $or: [{ pid: { $ne: NUL } }] } })}` },
      { path: `/1.1/classes/Comment?${q({ where: { objectId: NUL } })}` },
      { path: `/1.1/classes/Counter?${q({ where: { url: NUL } })}` },
      { path: `/1.1/classes/Counter?${q({ where: { url: { $in: [`/gpt/${NUL}`] } } })}` },
      { path: '/1.1/classes/Comment/%00' },
      { path: '/1.1/classes/Counter/abc%00def' },
      { method: 'PUT', path: '/1.1/classes/Counter/abc%00def', headers: from(freshIp()), body: { time: { __op: 'Increment', amount: 1 } } },
      { path: `/1.1/cloudQuery?${q({ cql: `select * from Comment where rid in ("a${NUL}b") order by -createdAt` })}` },
      { path: `/admin/comments?url=${encodeURIComponent(`/gpt/${NUL}`)}`, headers: admin },
      { method: 'POST', path: '/admin/comments/a%00b/approve', headers: admin },
      { method: 'POST', path: '/admin/comments/a%00b/spam', headers: admin },
      { method: 'DELETE', path: '/admin/comments/a%00b', headers: admin },
    ]
    for (const req of reads) expectError(await s(req), 400, 102)
    const batch = await s({
      method: 'POST',
      path: '/1.1/batch',
      body: {
        requests: [
          { method: 'GET', path: '/1.1/classes/Comment', params: { where: { url: NUL } } },
          { method: 'GET', path: `/1.1/classes/Comment/a${NUL}b` },
          { method: 'GET', path: '/1.1/classes/Counter/a%00' },
          { method: 'GET', path: '/1.1/classes/Counter', params: { where: { objectId: { $in: [NUL] } } } },
          { method: 'GET', path: '/1.1/cloudQuery', params: { cql: `select * from Comment where rid in ('${NUL}')` } },
        ],
      },
    })
    expect(batch.status).toBe(200)
    expect(batch.body.map((r: { error?: { code: number } }) => r.error?.code)).toEqual([102, 102, 102, 102, 102])
    // Writes with one answer 4xx too, never 500.
    const writes: CaseRequest[] = [
      { method: 'POST', path: '/1.1/classes/Comment', headers: from(freshIp()), body: comment({ comment: `nul${NUL}inside`, url: '/gpt/nul.html' }) },
      { method: 'POST', path: '/1.1/classes/Comment', headers: from(freshIp()), body: comment({ nick: `a${NUL}`, url: '/gpt/nul.html' }) },
      { method: 'POST', path: '/1.1/classes/Comment', headers: from(freshIp()), body: comment({ url: `/gpt/${NUL}.html` }) },
      { method: 'POST', path: '/1.1/classes/Comment', headers: from(freshIp()), body: comment({ rid: `a${NUL}`, pid: `a${NUL}`, url: '/gpt/nul.html' }) },
      { method: 'POST', path: '/1.1/classes/Counter', headers: from(freshIp()), body: { url: `/gpt/${NUL}`, xid: NUL, title: NUL } },
    ]
    for (const req of writes) {
      const res = await s(req)
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(500)
    }
    await stillServing()
  })

  it('new counters: 30 an hour from one address, even sent together; then 429 with retryAfter and Retry-After', async () => {
    const ip = freshIp()
    const create = (n: number, from_ = ip) => s({ method: 'POST', path: '/1.1/classes/Counter', headers: from(from_), body: { url: `/gpt/made-up-${from_}-${n}.html`, xid: `/gpt/made-up-${n}.html`, title: 'made up' } })
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => create(n)))
    expect(statuses(answers)).toEqual([...Array(30).fill(201), ...Array(10).fill(429)])
    const refused = await create(99)
    expectError(refused, 429, 429)
    expect(refused.body.retryAfter).toBeGreaterThan(3000)
    expect(Number(refused.headers.get('retry-after'))).toBe(refused.body.retryAfter)
    // A counter that exists is counted, not created: no limit there; another address may create.
    const existing = await s({ method: 'POST', path: '/1.1/classes/Counter', headers: from(ip), body: { url: `/gpt/made-up-${ip}-0.html`, xid: 'x', title: 'x' } })
    expect(existing.status).toBe(201)
    expect((await create(0, freshIp())).status).toBe(201)
  })

  it('still serves after every case, and still counts right', async () => {
    await stillServing()
    // The two comments of "accepts new=true and fetchWhenSave=true on create", and no other.
    const res = await list(ROOTS('/gpt/handbook/b.html'), { limit: 0, count: 1 })
    expect(res.body).toEqual({ results: [], count: 2 })
  })
}
