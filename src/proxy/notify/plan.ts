/**
 * Who is told what (design.md §8.1), as outbox messages written in the commit that causes them:
 *
 * - the owner (`GPTNOTES_NOTIFY_MAIL`, and every webhook), of each new comment, saying whether
 *   it waits for moderation, with a link to `/admin/` and to the page;
 * - the author of the comment replied to, by mail, when they left an address and the reply is
 *   approved (a held reply when it is approved), with a signed unsubscribe link; never the
 *   replier themself (the same address), nor the owner, who is told of every comment already;
 * - `json` webhooks also get `comment.approved` and `comment.reply`, for the owner's own tools.
 *
 * Each message has its own id (the event id a receiver drops repeats by) and a dedupe key (the
 * event, the comment, the channel, the recipient): one event is queued once. Web-standard.
 */
import type { ProxyOptions } from '../options.js'
import type { CommentStore, OutboxEvent, OutboxMessage, StoredComment } from '../stores/store.js'
import type { Notice } from './notice.js'
import { plainText } from './render.js'

export type { Notice } from './notice.js'
import { normaliseAddress, unsubscribeToken } from './unsubscribe.js'

export interface PlanContext {
  options: Pick<ProxyOptions, 'siteUrl' | 'notifyMail' | 'smtpUrl' | 'webhookUrls' | 'webhookFormat'>
  /** The service's own address (`https://comments.example.com`), from the request. */
  serviceUrl: string
  /** Signs unsubscribe links. */
  secret: string
  now: Date
  newId?: () => string
}

/** The page's address: the site's origin and the comment's path, which starts with the site's base; else the base and the path. */
export function pageUrl(siteUrl: string | undefined, path: string): string | null {
  if (!siteUrl) return null
  const site = new URL(siteUrl)
  if (path.startsWith(site.pathname)) return new URL(path, site.origin).href
  return `${siteUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`
}

function notice(type: OutboxEvent, comment: StoredComment, ctx: PlanContext): Notice {
  const { objectId, url, nick, comment: html, status, createdAt, rid, pid } = comment
  return {
    type,
    comment: { objectId, url, nick, comment: html, status, createdAt, rid, pid },
    siteUrl: ctx.options.siteUrl ?? null,
    pageUrl: pageUrl(ctx.options.siteUrl, url),
    adminUrl: `${ctx.serviceUrl.replace(/\/+$/, '')}/admin/`,
  }
}

function message(ctx: PlanContext, n: Notice, channel: OutboxMessage['channel'], target: string): OutboxMessage {
  const iso = ctx.now.toISOString()
  return {
    id: (ctx.newId ?? (() => crypto.randomUUID()))(),
    dedupeKey: `${n.type}:${n.comment.objectId}:${channel}:${channel === 'mail' ? normaliseAddress(target) : target}`,
    event: n.type,
    channel,
    target,
    payload: JSON.stringify(n),
    createdAt: iso,
    nextAt: iso,
  }
}

const mailOn = (ctx: PlanContext): boolean => ctx.options.smtpUrl !== undefined
const jsonHooks = (ctx: PlanContext): string[] => (ctx.options.webhookFormat === 'json' ? ctx.options.webhookUrls : [])

/** Whether any message could be sent at all (no reads before the post when none). */
export const notificationsOn = (options: PlanContext['options']): boolean => options.webhookUrls.length > 0 || options.smtpUrl !== undefined

/** The messages of a reply now visible: mail to the parent's author, `comment.reply` to json webhooks. */
async function replyMessages(comment: StoredComment, parent: StoredComment | undefined, ctx: PlanContext): Promise<OutboxMessage[]> {
  if (!parent || comment.status !== 'approved') return []
  const out = jsonHooks(ctx).map((url) => message(ctx, notice('comment.reply', comment, ctx), 'webhook', url))
  const to = parent.mail.trim()
  const self = normaliseAddress(to) === normaliseAddress(comment.mail)
  const owner = ctx.options.notifyMail !== undefined && normaliseAddress(to) === normaliseAddress(ctx.options.notifyMail)
  if (mailOn(ctx) && to !== '' && !self && !owner) {
    const token = await unsubscribeToken(ctx.secret, to)
    const n: Notice = { ...notice('comment.reply', comment, ctx), parent: { nick: parent.nick, excerpt: plainText(parent.comment, 80) }, unsubscribeUrl: `${ctx.serviceUrl.replace(/\/+$/, '')}/unsubscribe?token=${token}` }
    out.push(message(ctx, n, 'mail', to))
  }
  return out
}

/** The messages a new comment causes. `parent`: the comment it answers (`pid`), if any. */
export async function planNewComment(comment: StoredComment, parent: StoredComment | undefined, ctx: PlanContext): Promise<OutboxMessage[]> {
  const created = notice('comment.created', comment, ctx)
  const out: OutboxMessage[] = []
  if (mailOn(ctx) && ctx.options.notifyMail) out.push(message(ctx, created, 'mail', ctx.options.notifyMail))
  for (const url of ctx.options.webhookUrls) out.push(message(ctx, created, 'webhook', url))
  out.push(...(await replyMessages(comment, parent, ctx)))
  return out
}

/** The messages of a held comment being approved (`comment` with its new status). */
export async function planApproval(comment: StoredComment, parent: StoredComment | undefined, ctx: PlanContext): Promise<OutboxMessage[]> {
  const out = jsonHooks(ctx).map((url) => message(ctx, notice('comment.approved', comment, ctx), 'webhook', url))
  out.push(...(await replyMessages(comment, parent, ctx)))
  return out
}

/**
 * Approval's messages for moderation on the store itself (`gptnotes comments approve ID`), which
 * has no request to take the service's address from: it is the one the comment's own
 * `comment.created` message holds (its `/admin/` link). A comment queued no such message
 * (posted with notifications off): nothing is queued. Undefined when notifications are off, or
 * without the secret that signs unsubscribe links.
 */
export function storeApprovalPlanner(store: Pick<CommentStore, 'listOutbox' | 'getComment'>, options: PlanContext['options'] & { secret?: string }, now: () => Date = () => new Date()): ((approved: StoredComment) => Promise<OutboxMessage[]>) | undefined {
  const secret = options.secret
  if (!notificationsOn(options) || secret === undefined) return undefined
  return async (approved) => {
    const created = (await store.listOutbox()).map((m) => JSON.parse(m.payload) as Notice).find((n) => n.type === 'comment.created' && n.comment.objectId === approved.objectId)
    if (!created) return []
    const serviceUrl = created.adminUrl.replace(/\/admin\/$/, '')
    const parent = approved.pid ? await store.getComment(approved.pid) : undefined
    return planApproval(approved, parent, { options, serviceUrl, secret, now: now() })
  }
}
