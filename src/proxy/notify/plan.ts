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
import type { CommentStore, OutboxChannel, OutboxEvent, OutboxMessage, StoredComment } from '../stores/store.js'
import { webhooksOf } from './channels/index.js'
import type { Notice } from './notice.js'
import { plainText } from './render.js'
import { normaliseAddress, unsubscribeToken } from './unsubscribe.js'

export type { Notice } from './notice.js'

type PlanOptions = Pick<ProxyOptions, 'siteUrl' | 'notifyMail' | 'smtpUrl' | 'webhookUrls' | 'webhookFormat'>

export interface PlanContext {
  options: PlanOptions
  /** The service's own public address (`GPTNOTES_PUBLIC_URL`), never a request's `Host`. */
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
  // Parsed, so the link is one run (spaces encoded) that a chat client reads as one address on the site.
  return new URL(`${siteUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`).href
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

function message(ctx: PlanContext, n: Notice, channel: OutboxChannel, target: string): OutboxMessage {
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

const mailOn = (options: PlanOptions): boolean => options.smtpUrl !== undefined
const jsonHooks = (options: PlanOptions): string[] => webhooksOf(options).filter((w) => w.format === 'json').map((w) => w.url)

/** Whether any message could be sent at all (no reads before the post when none). */
export const notificationsOn = (options: PlanOptions): boolean => options.webhookUrls.length > 0 || options.smtpUrl !== undefined

/** The messages of a reply now visible: mail to the parent's author, `comment.reply` to json webhooks. */
async function replyMessages(comment: StoredComment, parent: StoredComment | undefined, ctx: PlanContext): Promise<OutboxMessage[]> {
  if (!parent || comment.status !== 'approved') return []
  const out = jsonHooks(ctx.options).map((url) => message(ctx, notice('comment.reply', comment, ctx), 'json', url))
  const to = parent.mail.trim()
  const self = normaliseAddress(to) === normaliseAddress(comment.mail)
  const owner = ctx.options.notifyMail !== undefined && normaliseAddress(to) === normaliseAddress(ctx.options.notifyMail)
  if (mailOn(ctx.options) && to !== '' && !self && !owner) {
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
  if (mailOn(ctx.options) && ctx.options.notifyMail) out.push(message(ctx, created, 'mail', ctx.options.notifyMail))
  for (const w of webhooksOf(ctx.options)) out.push(message(ctx, created, w.format, w.url))
  out.push(...(await replyMessages(comment, parent, ctx)))
  return out
}

/** The messages of a held comment being approved (`comment` with its new status). */
export async function planApproval(comment: StoredComment, parent: StoredComment | undefined, ctx: PlanContext): Promise<OutboxMessage[]> {
  const out = jsonHooks(ctx.options).map((url) => message(ctx, notice('comment.approved', comment, ctx), 'json', url))
  out.push(...(await replyMessages(comment, parent, ctx)))
  return out
}

export interface Planners {
  /** The messages a new comment causes, for its commit. */
  newComment(posted: StoredComment): Promise<OutboxMessage[]>
  /** The messages an approval causes (the comment as it will be), for its commit. */
  approval(approved: StoredComment): Promise<OutboxMessage[]>
}

/**
 * The planners of a service whose settings have notifications on and its public address set;
 * undefined otherwise (`checkNotificationRules` refuses notifications without the address at
 * start; an embedder that skips the rules gets no messages rather than links from a `Host`).
 * The parent comment is read only when its author could be told (mail, or a json webhook).
 */
export function planners(store: Pick<CommentStore, 'getComment'>, options: PlanOptions & Pick<ProxyOptions, 'publicUrl'>, secret: string, now: () => Date): Planners | undefined {
  const serviceUrl = options.publicUrl
  if (!notificationsOn(options) || serviceUrl === undefined) return undefined
  const wanted = mailOn(options) || jsonHooks(options).length > 0
  const parentOf = async (c: StoredComment) => (c.pid && wanted ? store.getComment(c.pid) : undefined)
  const ctx = (): PlanContext => ({ options, serviceUrl, secret, now: now() })
  return {
    newComment: async (posted) => planNewComment(posted, await parentOf(posted), ctx()),
    approval: async (approved) => planApproval(approved, await parentOf(approved), ctx()),
  }
}

/**
 * Approval's messages for moderation on the store itself (`gptnotes comments approve ID`): the
 * messages the service would queue, with its public address from `GPTNOTES_PUBLIC_URL`. Only a
 * comment that queued its own `comment.created` message (posted with notifications on) causes
 * any. Undefined when notifications are off, without the public address, or without the secret
 * that signs unsubscribe links.
 */
export function storeApprovalPlanner(store: Pick<CommentStore, 'listOutbox' | 'getComment'>, options: PlanOptions & Pick<ProxyOptions, 'publicUrl'> & { secret?: string }, now: () => Date = () => new Date()): ((approved: StoredComment) => Promise<OutboxMessage[]>) | undefined {
  const plan = options.secret === undefined ? undefined : planners(store, options, options.secret, now)
  if (!plan) return undefined
  return async (approved) => {
    const created = (await store.listOutbox()).some((m) => m.event === 'comment.created' && (JSON.parse(m.payload) as Notice).comment.objectId === approved.objectId)
    return created ? plan.approval(approved) : []
  }
}
