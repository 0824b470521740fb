/**
 * The owner's moderation API (`/admin`), behind `Authorization: Bearer <admin token>`. Off
 * (404) when no token is configured. Unlike the public routes it shows e-mail addresses: the
 * owner needs them to answer readers.
 */
import { Hono, type Context } from 'hono'
import { timingSafeEqual } from 'hono/utils/buffer'
import type { Counts, Deleted, ListPage, OwnerComment } from '../../shared/admin-api.js'
import { decodeEntities } from '../../shared/escape.js'
import { LC, lcError, type LeanCloudError } from '../leancloud/errors.js'
import { pathValue } from '../leancloud/where.js'
import { STATUSES, storeModerator } from '../moderate/moderator.js'
import { ADMIN_FAILURES_MAX, ADMIN_FAILURES_WINDOW_SECONDS, limitsOn } from '../policy/limits.js'
import { ipHash } from '../policy/privacy.js'
import { approvalPlanner, sendAfterAnswer } from './notify.js'
import type { CommentStatus } from '../stores/store.js'
import { errorResponse, type ProxyEnv } from './context.js'

/** How much of a parent comment's text the list shows. */
const EXCERPT_CHARS = 80

/** The text of sanitised comment HTML, cut to a line's length (the page shows it as text). */
export function excerpt(html: string): string {
  const text = decodeEntities(html.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim()
  return [...text].length > EXCERPT_CHARS ? `${[...text].slice(0, EXCERPT_CHARS - 1).join('')}…` : text
}

/**
 * How long a refused guess is held before its answer: what slows guessing, since the right
 * token must still be compared. One address has at most `NODE_LIMITS.connectionsPerAddress`
 * connections open on Node, so it makes that many guesses a second at most.
 */
export const ADMIN_REFUSAL_DELAY_MS = 1_000

/**
 * Counts a wrong token against its sender's address: undefined while under the limit (answer
 * 401), else the 429 to answer, after `ADMIN_REFUSAL_DELAY_MS`. The first refusal of a window
 * is logged, with the address's hash (never the address).
 */
async function countWrongToken(c: Context<ProxyEnv>): Promise<LeanCloudError | undefined> {
  const { store, options, salt, now, log } = c.var.services
  const client = await ipHash(c.var.services.clientIp(c), salt)
  const claim = await limitsOn(store, options).adminFailure(client, now())
  if (claim.granted) return undefined
  if ('firstRefusal' in claim && claim.firstRefusal) {
    log({ level: 'warn', event: 'admin-token-limited', client: client.slice(0, 16), failures: ADMIN_FAILURES_MAX, windowSeconds: ADMIN_FAILURES_WINDOW_SECONDS, retryAfterSeconds: claim.retryAfterSeconds })
  }
  await new Promise((resolve) => setTimeout(resolve, ADMIN_REFUSAL_DELAY_MS))
  c.header('Retry-After', String(claim.retryAfterSeconds))
  const minutes = Math.ceil(claim.retryAfterSeconds / 60)
  return lcError(LC.TOO_MANY_REQUESTS, `Too many wrong admin tokens from this address (more than ${ADMIN_FAILURES_MAX} in ${ADMIN_FAILURES_WINDOW_SECONDS / 60} minutes); try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, { retryAfter: claim.retryAfterSeconds })
}

/** Far enough for any real queue; bounds what one request can make the store skip. */
const MAX_PAGE = 1000

export function adminRoutes(): Hono<ProxyEnv> {
  const admin = new Hono<ProxyEnv>()

  admin.use('*', async (c, next) => {
    const token = c.var.services.options.adminToken
    if (token === undefined) return errorResponse(c, lcError(LC.OBJECT_NOT_FOUND, 'No such route.'))
    const given = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim()
    // The right token always passes, even from an address that is locked out: the owner may
    // share it with whoever is guessing (a NAT, a phone network).
    if (given !== undefined && (await timingSafeEqual(given, token))) return next()
    c.header('WWW-Authenticate', 'Bearer')
    // No token at all is not a guess; a wrong one is counted.
    if (given === undefined) return errorResponse(c, lcError(LC.UNAUTHORIZED))
    const refusal = await countWrongToken(c)
    return errorResponse(c, refusal ?? lcError(LC.UNAUTHORIZED))
  })

  admin.get('/comments', async (c) => {
    const status = c.req.query('status')
    if (status !== undefined && !STATUSES.includes(status as CommentStatus)) throw lcError(LC.VALIDATION_ERROR, 'status must be waiting, approved or spam')
    const pageRaw = c.req.query('page') ?? '1'
    if (!/^\d{1,4}$/.test(pageRaw) || Number(pageRaw) < 1 || Number(pageRaw) > MAX_PAGE) throw lcError(LC.VALIDATION_ERROR, `page must be a whole number from 1 to ${MAX_PAGE}`)
    const page = Number(pageRaw)
    const url = c.req.query('url')
    if (url !== undefined) pathValue('url', url)
    const { store, now } = c.var.services
    const listed = await storeModerator(store, now).list({ status: status as CommentStatus | undefined, url, page })
    // Added for the owner's page: the comments these answer, by id (nick and an excerpt of the text).
    const parentIds = [...new Set(listed.results.flatMap((r) => (r.pid ? [r.pid] : [])))]
    const parents = parentIds.length === 0 ? [] : await store.findComments({ where: { field: 'objectId', op: 'in', values: parentIds }, status: [...STATUSES], order: [], limit: parentIds.length, skip: 0 })
    return c.json({ ...listed, parents: Object.fromEntries(parents.map((p) => [p.objectId, { nick: p.nick, excerpt: excerpt(p.comment), url: p.url, status: p.status }])) } satisfies ListPage)
  })

  // Added for the owner's page: how many comments each status holds (on one page with `url`).
  admin.get('/counts', async (c) => {
    const url = c.req.query('url')
    if (url !== undefined) pathValue('url', url)
    const where = url ? { field: 'url' as const, op: 'eq' as const, value: url } : { and: [] }
    const counts = await Promise.all(STATUSES.map((status) => c.var.services.store.countComments({ where, status: [status] })))
    return c.json(Object.fromEntries(STATUSES.map((status, i) => [status, counts[i]])) as Counts)
  })

  const setStatus = (status: 'approved' | 'spam') =>
    admin.post(`/comments/:id/${status === 'approved' ? 'approve' : 'spam'}`, async (c) => {
      const id = pathValue('objectId', c.req.param('id'))
      const comment = await storeModerator(c.var.services.store, c.var.services.now, approvalPlanner(c)).setStatus(id, status)
      if (!comment) throw lcError(LC.OBJECT_NOT_FOUND)
      if (status === 'approved') sendAfterAnswer(c)
      return c.json(comment satisfies OwnerComment)
    })
  setStatus('approved')
  setStatus('spam')

  admin.delete('/comments/:id', async (c) => {
    const deleted = await c.var.services.store.deleteComment(pathValue('objectId', c.req.param('id')))
    if (deleted === 0) throw lcError(LC.OBJECT_NOT_FOUND)
    return c.json({ deleted } satisfies Deleted)
  })

  admin.all('*', () => {
    throw lcError(LC.OBJECT_NOT_FOUND, 'No such route.')
  })
  return admin
}
