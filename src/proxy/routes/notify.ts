/**
 * Where notifications meet the app: the planners handed to the comment write and to approval (so
 * the messages are in their commit), the send started once the answer is on its way (the
 * edge's `waitUntil`, else in the background), and `GET|POST /unsubscribe`. The links the
 * messages carry are the service's public address (`GPTNOTES_PUBLIC_URL`), never the request's
 * `Host`, which a client chooses. Web-standard.
 */
import { Hono, type Context } from 'hono'
import { escapeHtml } from '../../shared/escape.js'
import { notificationsOn, planners } from '../notify/plan.js'
import { verifyUnsubscribeToken } from '../notify/unsubscribe.js'
import type { OutboxMessage, StoredComment } from '../stores/store.js'
import type { ProxyEnv } from './context.js'

const plannersOf = (c: Context<ProxyEnv>) => {
  const svc = c.var.services
  return planners(svc.store, svc.options, svc.salt, svc.now)
}

/** The messages a new comment causes, for its commit; undefined when notifications are off. */
export function newCommentPlanner(c: Context<ProxyEnv>): ((posted: StoredComment) => Promise<OutboxMessage[]>) | undefined {
  return plannersOf(c)?.newComment
}

/** The messages an approval causes (the comment as it will be), for its commit. */
export function approvalPlanner(c: Context<ProxyEnv>): ((approved: StoredComment) => Promise<OutboxMessage[]>) | undefined {
  return plannersOf(c)?.approval
}

/**
 * Sends what is due once the answer is on its way: on the edge inside `waitUntil` (the runtime
 * keeps the isolate for it), on Node in the background. A notifier that is down or slow never
 * holds the answer; what fails is retried (the Node adapter's poll, the worker's cron).
 */
export function sendAfterAnswer(c: Context<ProxyEnv>): void {
  const { outbox, options } = c.var.services
  // Notifications off: nothing was queued, and a post costs no outbox query.
  if (!notificationsOn(options)) return
  let waitUntil: ((promise: Promise<unknown>) => void) | undefined
  try {
    const ctx = c.executionCtx
    waitUntil = (promise) => ctx.waitUntil(promise)
  } catch {
    // No execution context: Node.
  }
  if (waitUntil) return waitUntil(outbox.deliver())
  // On Node, once this request's answer is written: the claim is a write the answer need not
  // wait behind (SQLite's driver is synchronous). `deliver` never rejects.
  setTimeout(() => void outbox.deliver(), 0)
}

const PAGE_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
}

const page = (title: string, body: string): string =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`

/**
 * `GET /unsubscribe?token=…` asks (a link checker or a mail scanner that fetches it changes
 * nothing); `POST` unsubscribes: the page's button, and mail clients' one-click (RFC 8058,
 * `List-Unsubscribe=One-Click`). A token the service did not sign is refused.
 */
export function unsubscribeRoutes(): Hono<ProxyEnv> {
  const routes = new Hono<ProxyEnv>()
  const invalid = (c: Context<ProxyEnv>) => c.html(page('退订链接无效', '<p>这个退订链接无效或已损坏。请使用邮件中的完整链接。</p>'), 400, PAGE_HEADERS)
  routes.get('/', async (c) => {
    const token = c.req.query('token') ?? ''
    if (!(await verifyUnsubscribeToken(c.var.services.salt, token))) return invalid(c)
    const action = `?token=${encodeURIComponent(token)}`
    return c.html(page('退订回复通知', `<p>退订后，有人回复你的评论时将不再发邮件通知你。</p><form method="post" action="${escapeHtml(action)}"><button type="submit">确认退订</button></form>`), 200, PAGE_HEADERS)
  })
  routes.post('/', async (c) => {
    const svc = c.var.services
    const key = await verifyUnsubscribeToken(svc.salt, c.req.query('token') ?? '')
    if (!key) return invalid(c)
    await svc.store.unsubscribe(key, svc.now().toISOString())
    svc.log({ level: 'info', event: 'unsubscribed' })
    return c.html(page('已退订', '<p>已退订：有人回复你的评论时，将不再发邮件通知你。</p>'), 200, PAGE_HEADERS)
  })
  return routes
}
