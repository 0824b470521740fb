import { afterEach, describe, expect, it } from 'vitest'
import { createProxyApp } from '../../src/proxy/app.js'
import { openSqliteStore } from '../../src/proxy/node.js'
import { proxyOptions, type ProxyOptions } from '../../src/proxy/options.js'
import { StoreUnavailable, type CommentStore } from '../../src/proxy/stores/store.js'

/** The app alone (no server): settings that change what it answers, and faults it must hide. */
const stores: CommentStore[] = []
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close()
})

async function appWith(options: Partial<ProxyOptions>, change: (store: CommentStore) => CommentStore = (s) => s) {
  const store = await openSqliteStore(':memory:')
  stores.push(store)
  await store.migrate()
  const lines: Record<string, unknown>[] = []
  const app = createProxyApp({ store: change(store), options: proxyOptions(options), log: (entry) => lines.push(entry), clientIp: () => '192.0.2.7' })
  return { app, lines }
}

const comment = { comment: 'Secret words of the reader.', nick: 'Carol', mail: 'carol@example.com', url: '/gpt/p.html' }

describe('the app’s settings and faults', () => {
  it('with no admin token, /admin does not exist', async () => {
    const { app } = await appWith({ adminToken: undefined })
    const res = await app.request('/admin/comments', { headers: { Authorization: 'Bearer anything-at-all-here' } })
    expect(res.status).toBe(404)
    expect(await res.json()).toMatchObject({ code: 101 })
  })

  it('with no origins, every browser is refused', async () => {
    const { app } = await appWith({ origins: [] })
    const pre = await app.request('/1.1/classes/Comment', { method: 'OPTIONS', headers: { Origin: 'https://site.example', 'Access-Control-Request-Method': 'GET' } })
    expect(pre.headers.get('access-control-allow-origin')).toBeNull()
    const get = await app.request('/1.1/classes/Comment', { headers: { Origin: 'https://site.example' } })
    expect(get.status).toBe(403)
    // A server-side client (no Origin) is served.
    expect((await app.request('/1.1/classes/Comment')).status).toBe(200)
  })

  it('moderation "all" holds every comment; "none" shows even a link', async () => {
    const held = await appWith({ moderation: 'all' })
    const created = await held.app.request('/1.1/classes/Comment', { method: 'POST', body: JSON.stringify(comment) })
    expect(created.status).toBe(201)
    const { objectId } = (await created.json()) as { objectId: string }
    expect(await (await held.app.request(`/1.1/classes/Comment/${objectId}`)).json()).toEqual({})
    const open = await appWith({ moderation: 'none' })
    const linked = await open.app.request('/1.1/classes/Comment', { method: 'POST', body: JSON.stringify({ ...comment, comment: 'See https://example.org/page' }) })
    const id = ((await linked.json()) as { objectId: string }).objectId
    expect(((await (await open.app.request(`/1.1/classes/Comment/${id}`)).json()) as { objectId?: string }).objectId).toBe(id)
  })

  it('a fault answers 500 {code: 1} without details, logged without request data', async () => {
    const { app, lines } = await appWith({}, (store) => ({
      ...store,
      insertClaimedComment: async () => {
        throw new Error('SQLITE_FULL: database or disk is full at /var/lib/comments.db')
      },
    }))
    const res = await app.request('/1.1/classes/Comment', { method: 'POST', body: JSON.stringify(comment) })
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(JSON.parse(text)).toEqual({ code: 1, error: 'Internal server error. No information available.' })
    expect(text).not.toMatch(/SQLITE|comments\.db|at /)
    const errors = lines.filter((l) => l.level === 'error')
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({ event: 'unexpected-error', method: 'POST', route: '/1.1/classes/:class' })
    const logged = JSON.stringify(lines)
    for (const personal of ['carol@example.com', 'Carol', 'Secret words', '192.0.2.7']) expect(logged).not.toContain(personal)
    // And it goes on serving.
    expect((await app.request('/healthz')).status).toBe(200)
  })

  it('a driver message that quotes request values is not logged: the error’s class and code are', async () => {
    const { app, lines } = await appWith({}, (store) => ({
      ...store,
      hasDuplicateKey: async () => {
        throw Object.assign(new Error('invalid input syntax: "Secret words of the reader." from carol@example.com'), { code: '22P02' })
      },
    }))
    const res = await app.request('/1.1/classes/Comment', { method: 'POST', body: JSON.stringify(comment) })
    expect(res.status).toBe(500)
    expect(lines.filter((l) => l.level === 'error')).toEqual([expect.objectContaining({ event: 'unexpected-error', error: 'Error', code: '22P02' })])
    const logged = JSON.stringify(lines)
    for (const personal of ['carol@example.com', 'Secret words', 'invalid input']) expect(logged).not.toContain(personal)
  })

  it('a store out of reach answers 503 {code: 100} with Retry-After, on a route and in a batch', async () => {
    const down = async () => {
      throw new StoreUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))
    }
    const { app, lines } = await appWith({}, (store) => ({ ...store, insertClaimedComment: down, findComments: down }))
    const res = await app.request('/1.1/classes/Comment', { method: 'POST', body: JSON.stringify(comment) })
    expect(res.status).toBe(503)
    const wait = Number(res.headers.get('retry-after'))
    expect(wait).toBeGreaterThan(0)
    const text = await res.text()
    // The wait also beside the message, as a rate limit's, for the widget to read.
    expect(JSON.parse(text)).toEqual({ code: 100, error: expect.any(String), retryAfter: wait })
    expect(text).not.toMatch(/terminating|57P01|at /)
    expect(lines.filter((l) => l.level === 'error')).toEqual([])
    expect(lines).toContainEqual(expect.objectContaining({ level: 'warn', event: 'store-unavailable', route: '/1.1/classes/:class', code: '57P01' }))
    expect(JSON.stringify(lines)).not.toMatch(/terminating|Secret words|Carol/)
    // A read, and a batch's sub-request, say the same.
    const read = await app.request('/1.1/classes/Comment?where=%7B%7D')
    expect(read.status).toBe(503)
    expect(await read.json()).toMatchObject({ code: 100 })
    const batch = await app.request('/1.1/batch', { method: 'POST', body: JSON.stringify({ requests: [{ method: 'GET', path: '/1.1/classes/Comment', params: {} }] }) })
    expect(await batch.json()).toEqual([{ error: { code: 100, error: expect.any(String), retryAfter: wait } }])
  })
})
