/**
 * The LeanCloud REST subset under `/1.1` that the unmodified `leancloud-storage` 4.x SDK and
 * Valine 1.5 use (design.md §8, research §1.3–1.4): the `Comment` and `Counter` classes, the
 * `/batch` of GET sub-requests, and Valine's one CQL form. Reads show approved comments only,
 * through the public shapes; a new comment is `comments/post-comment.ts`, and this file maps its
 * answer or refusal to HTTP; a page view is `comments/count-view.ts`, mapped the same way.
 * Everything else under `/1.1` is closed.
 */
import { Hono, type Context } from 'hono'
import { parseCql } from '../leancloud/cql.js'
import { LC, LeanCloudError, lcError, toErrorResponse } from '../leancloud/errors.js'
import { countView, openCounter, type CounterRefusal } from '../comments/count-view.js'
import { postComment } from '../comments/post-comment.js'
import { newCommentPlanner, sendAfterAnswer } from './notify.js'
import { counterUpdatedBody, createdBody, decodeCommentFields, decodeCounterCreate, decodeCounterUpdate, newObjectId, publicComment, publicCounter, type PublicComment } from '../leancloud/objects.js'
import { counterRateError, refusalError } from '../leancloud/refusals.js'
import { parseKeys, parseQuery, pathValue, QUERY_LIMITS, type ClassName, type KeySelection } from '../leancloud/where.js'
import { limitsOn } from '../policy/limits.js'
import type { Order, StoredComment } from '../stores/store.js'
import type { ProxyEnv, Services } from './context.js'

type Params = Record<string, unknown>
type LcContext = Context<ProxyEnv>

const CLASSES: readonly string[] = ['Comment', 'Counter']
/** Readers see approved comments only. */
const READABLE = ['approved' as const]
/** LeanCloud's order when none is asked for: oldest first. */
const DEFAULT_ORDER: Order[] = [{ field: 'createdAt', desc: false }]

function className(name: string): ClassName {
  if (!CLASSES.includes(name)) throw lcError(LC.OBJECT_NOT_FOUND, `Class or object doesn't exists: ${name.slice(0, 40)}`)
  return name as ClassName
}

async function jsonBody(c: LcContext): Promise<unknown> {
  const text = await c.req.text()
  try {
    return JSON.parse(text) as unknown
  } catch {
    throw lcError(LC.INVALID_JSON)
  }
}

const isTrue = (v: string | undefined): boolean => v === 'true' || v === '1'

// —— reads, shared by the routes and `/batch` ——

async function queryClass(svc: Services, name: string, params: Params): Promise<object> {
  const cls = className(name)
  const q = parseQuery(cls, params)
  if (cls === 'Comment') {
    const filter = { where: q.where, status: READABLE }
    const [rows, count] = await Promise.all([
      q.limit === 0 ? Promise.resolve([]) : svc.store.findComments({ ...filter, order: q.order.length > 0 ? q.order : DEFAULT_ORDER, limit: q.limit, skip: q.skip }),
      q.count ? svc.store.countComments(filter) : Promise.resolve(undefined),
    ])
    const results = await publicComments(svc, rows, q.keys)
    return count === undefined ? { results } : { results, count }
  }
  // Counters: few per page; the store has no offset for them, so the skip is taken here (bounded).
  const rows = await svc.store.findCounters(q.where, q.count ? QUERY_LIMITS.skip + QUERY_LIMITS.limit : q.skip + q.limit)
  const results = rows.slice(q.skip, q.skip + q.limit).map((row) => publicCounter(row, q.keys))
  return q.count ? { results, count: rows.length } : { results }
}

/** One object; `{}` when it is missing or not for readers, as LeanCloud answers a missing id. */
async function getObject(svc: Services, name: string, id: string, params: Params): Promise<object> {
  const cls = className(name)
  pathValue('objectId', id)
  const keys = parseKeys(cls, params.keys)
  if (cls === 'Comment') {
    const row = await svc.store.getComment(id)
    return row && row.status === 'approved' ? publicComment(row, keys, await svc.avatarKey(row.mailHash)) : {}
  }
  const row = await svc.store.getCounter(id)
  return row ? publicCounter(row, keys) : {}
}

async function cloudQuery(svc: Services, params: Params): Promise<object> {
  const q = parseCql(params.cql, params.pvalues)
  const rows = await svc.store.findComments({ where: q.where, status: READABLE, order: q.order.length > 0 ? q.order : DEFAULT_ORDER, limit: QUERY_LIMITS.limit, skip: 0 })
  return { results: await publicComments(svc, rows), className: q.className }
}

/** Comments as readers see them, each with its avatar key. */
const publicComments = (svc: Services, rows: readonly StoredComment[], keys?: KeySelection): Promise<PublicComment[]> =>
  Promise.all(rows.map(async (row) => publicComment(row, keys, await svc.avatarKey(row.mailHash))))

/** A GET by path (`/classes/Comment`, `/classes/Counter/:id`, `/cloudQuery`), as `/batch` sends them. */
async function readPath(svc: Services, path: string, params: Params): Promise<object> {
  // Segments read as the routes read them (percent-decoded), so an id means the same in both.
  const parts = path.split('/').filter(Boolean).map((part) => {
    try {
      return decodeURIComponent(part)
    } catch {
      throw lcError(LC.INVALID_QUERY, 'A batch path has a malformed percent-encoding.')
    }
  })
  if (parts[0] === 'classes' && parts.length === 2) return queryClass(svc, parts[1], params)
  if (parts[0] === 'classes' && parts.length === 3) return getObject(svc, parts[1], parts[2], params)
  if (parts[0] === 'cloudQuery' && parts.length === 1) return cloudQuery(svc, params)
  throw lcError(LC.FORBIDDEN, 'Only reads of Comment and Counter are served.')
}

// —— writes ——

async function createComment(c: LcContext): Promise<Response> {
  const svc = c.var.services
  const outcome = await postComment(
    { store: svc.store, limits: limitsOn(svc.store, svc.options), settings: svc.options, salt: svc.salt, now: svc.now(), newId: newObjectId, notify: newCommentPlanner(c) },
    { fields: decodeCommentFields(await jsonBody(c)), ip: svc.clientIp(c) },
  )
  if ('refused' in outcome) {
    const err = refusalError(outcome)
    if (err.retryAfter !== undefined) c.header('Retry-After', String(err.retryAfter))
    throw err
  }
  const { posted, reasons } = outcome
  svc.log({ level: 'info', event: 'comment-created', status: posted.status, reasons })
  sendAfterAnswer(c)
  c.header('Location', `/1.1/classes/Comment/${posted.objectId}`)
  const wantsObject = isTrue(c.req.query('new')) || isTrue(c.req.query('fetchWhenSave'))
  // A held comment says so (only then), so the widget can tell its author it is not published yet.
  const held = posted.status === 'approved' ? {} : { status: posted.status }
  return c.json(wantsObject ? { ...publicComment(posted, undefined, await svc.avatarKey(posted.mailHash)), ...createdBody(posted), ...held } : { ...createdBody(posted), ...held }, 201)
}

/** What the counter use cases need of the request's services. */
const counterDeps = (svc: Services) => ({ store: svc.store, limits: limitsOn(svc.store, svc.options), salt: svc.salt, now: svc.now(), newId: newObjectId })

/** A counter refusal as its LeanCloud error (with `Retry-After` when there is a wait). */
function counterRefusal(c: LcContext, refusal: CounterRefusal): LeanCloudError {
  if (refusal.refused === 'not-found') return lcError(LC.OBJECT_NOT_FOUND)
  c.header('Retry-After', String(refusal.retryAfterSeconds))
  return counterRateError(refusal.retryAfterSeconds)
}

async function createCounter(c: LcContext): Promise<Response> {
  const svc = c.var.services
  const outcome = await openCounter(counterDeps(svc), { page: decodeCounterCreate(await jsonBody(c)), ip: svc.clientIp(c) })
  if ('refused' in outcome) throw counterRefusal(c, outcome)
  if (outcome.created) c.header('Location', `/1.1/classes/Counter/${outcome.counter.objectId}`)
  return c.json(createdBody(outcome.counter), 201)
}

async function incrementCounter(c: LcContext, id: string): Promise<Response> {
  const svc = c.var.services
  pathValue('objectId', id)
  decodeCounterUpdate(await jsonBody(c))
  const outcome = await countView(counterDeps(svc), { id, ip: svc.clientIp(c) })
  if ('refused' in outcome) throw counterRefusal(c, outcome)
  return c.json(counterUpdatedBody(outcome.counter))
}

// —— batch ——

/** A sub-request's `params` as query values: objects (a `where`) stay as they are, as the SDK sends them. */
function subRequestParams(path: string, params: unknown): { path: string; params: Params } {
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) throw lcError(LC.INVALID_JSON, 'params must be an object')
  const url = new URL(path, 'http://batch.invalid')
  const merged: Params = {}
  url.searchParams.forEach((value, key) => (merged[key] = value))
  // Own keys only; `__proto__` from JSON would otherwise replace the record's prototype.
  for (const [key, value] of Object.entries(params ?? {})) if (key !== '__proto__') merged[key] = value
  return { path: url.pathname, params: merged }
}

async function batch(c: LcContext): Promise<Response> {
  const svc = c.var.services
  const body = await jsonBody(c)
  const requests = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { requests?: unknown }).requests : undefined
  if (!Array.isArray(requests)) throw lcError(LC.INVALID_JSON, 'A batch is {"requests": [...]}.')
  const max = svc.options.limits.batchRequests
  if (requests.length > max) throw lcError(LC.INVALID_QUERY, `A batch holds at most ${max} requests.`)
  const results: object[] = []
  // One after another: a batch cannot make the store run its requests in parallel.
  for (const req of requests) {
    try {
      if (typeof req !== 'object' || req === null || typeof (req as { path?: unknown }).path !== 'string') throw lcError(LC.INVALID_JSON, 'A batch request is {method, path, params}.')
      const { method, path, params } = req as { method?: unknown; path: string; params?: unknown }
      if (method !== 'GET') throw lcError(LC.FORBIDDEN, 'A batch may only read (GET).')
      if (!path.startsWith('/1.1/')) throw lcError(LC.FORBIDDEN, 'A batch path starts with /1.1/.')
      const sub = subRequestParams(path.slice('/1.1'.length), params)
      results.push({ success: await readPath(svc, sub.path, sub.params) })
    } catch (err) {
      if (!(err instanceof LeanCloudError)) svc.log({ level: 'error', event: 'unexpected-error', route: '/1.1/batch', error: err instanceof Error ? err.name : typeof err })
      results.push({ error: toErrorResponse(err).body })
    }
  }
  return c.json(results)
}

export function leancloudRoutes(): Hono<ProxyEnv> {
  const lc = new Hono<ProxyEnv>()

  lc.get('/classes/:class', async (c) => c.json(await queryClass(c.var.services, c.req.param('class'), c.req.query())))
  lc.get('/classes/:class/:id', async (c) => c.json(await getObject(c.var.services, c.req.param('class'), c.req.param('id'), c.req.query())))
  lc.get('/cloudQuery', async (c) => c.json(await cloudQuery(c.var.services, c.req.query())))

  lc.post('/classes/:class', async (c) => {
    const cls = className(c.req.param('class'))
    return cls === 'Comment' ? createComment(c) : createCounter(c)
  })
  lc.put('/classes/:class/:id', async (c) => {
    const cls = className(c.req.param('class'))
    if (cls === 'Comment') throw lcError(LC.OPERATION_FORBIDDEN, 'Comments cannot be changed.')
    return incrementCounter(c, c.req.param('id'))
  })
  lc.on(['DELETE', 'PATCH'], ['/classes/:class', '/classes/:class/:id'], (c) => {
    className(c.req.param('class'))
    throw lcError(LC.OPERATION_FORBIDDEN, 'Objects cannot be changed or deleted.')
  })
  lc.post('/batch', batch)

  // Users, sessions, files, schemas, scans, the password-reset "notification" trick…: closed.
  lc.all('*', () => {
    throw lcError(LC.FORBIDDEN, 'This service serves the Comment and Counter classes only.')
  })
  return lc
}
