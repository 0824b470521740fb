/**
 * The owner's moderation API (`/admin`), behind `Authorization: Bearer <admin token>`. Off
 * (404) when no token is configured. Unlike the public routes it shows e-mail addresses: the
 * owner needs them to answer readers.
 */
import { Hono } from 'hono'
import { timingSafeEqual } from 'hono/utils/buffer'
import { decodeEntities } from '../../shared/escape.js'
import { LC, lcError } from '../leancloud/errors.js'
import { pathValue } from '../leancloud/where.js'
import { STATUSES, storeModerator } from '../moderate/moderator.js'
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

/** Far enough for any real queue; bounds what one request can make the store skip. */
const MAX_PAGE = 1000

export function adminRoutes(): Hono<ProxyEnv> {
  const admin = new Hono<ProxyEnv>()

  admin.use('*', async (c, next) => {
    const token = c.var.services.options.adminToken
    if (token === undefined) return errorResponse(c, lcError(LC.OBJECT_NOT_FOUND, 'No such route.'))
    const given = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '')?.[1]?.trim()
    if (given === undefined || !(await timingSafeEqual(given, token))) {
      c.header('WWW-Authenticate', 'Bearer')
      return errorResponse(c, lcError(LC.UNAUTHORIZED))
    }
    await next()
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
    return c.json({ ...listed, parents: Object.fromEntries(parents.map((p) => [p.objectId, { nick: p.nick, excerpt: excerpt(p.comment), url: p.url, status: p.status }])) })
  })

  // Added for the owner's page: how many comments each status holds (on one page with `url`).
  admin.get('/counts', async (c) => {
    const url = c.req.query('url')
    if (url !== undefined) pathValue('url', url)
    const where = url ? { field: 'url' as const, op: 'eq' as const, value: url } : { and: [] }
    const counts = await Promise.all(STATUSES.map((status) => c.var.services.store.countComments({ where, status: [status] })))
    return c.json(Object.fromEntries(STATUSES.map((status, i) => [status, counts[i]])))
  })

  const setStatus = (status: 'approved' | 'spam') =>
    admin.post(`/comments/:id/${status === 'approved' ? 'approve' : 'spam'}`, async (c) => {
      const id = pathValue('objectId', c.req.param('id'))
      const comment = await storeModerator(c.var.services.store, c.var.services.now, approvalPlanner(c)).setStatus(id, status)
      if (!comment) throw lcError(LC.OBJECT_NOT_FOUND)
      if (status === 'approved') sendAfterAnswer(c)
      return c.json(comment)
    })
  setStatus('approved')
  setStatus('spam')

  admin.delete('/comments/:id', async (c) => {
    const deleted = await c.var.services.store.deleteComment(pathValue('objectId', c.req.param('id')))
    if (deleted === 0) throw lcError(LC.OBJECT_NOT_FOUND)
    return c.json({ deleted })
  })

  admin.all('*', () => {
    throw lcError(LC.OBJECT_NOT_FOUND, 'No such route.')
  })
  return admin
}
