/**
 * The owner's moderation API (`/admin`), behind `Authorization: Bearer <admin token>`. Off
 * (404) when no token is configured. Unlike the public routes it shows e-mail addresses: the
 * owner needs them to answer readers.
 */
import { Hono } from 'hono'
import { timingSafeEqual } from 'hono/utils/buffer'
import { LC, lcError } from '../leancloud/errors.js'
import { pathValue } from '../leancloud/where.js'
import { STATUSES, storeModerator } from '../moderate/moderator.js'
import type { CommentStatus } from '../stores/store.js'
import { errorResponse, type ProxyEnv } from './context.js'

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
    const moderator = storeModerator(c.var.services.store, c.var.services.now)
    return c.json(await moderator.list({ status: status as CommentStatus | undefined, url, page }))
  })

  const setStatus = (status: 'approved' | 'spam') =>
    admin.post(`/comments/:id/${status === 'approved' ? 'approve' : 'spam'}`, async (c) => {
      const id = pathValue('objectId', c.req.param('id'))
      const comment = await storeModerator(c.var.services.store, c.var.services.now).setStatus(id, status)
      if (!comment) throw lcError(LC.OBJECT_NOT_FOUND)
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
