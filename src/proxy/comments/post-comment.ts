/**
 * Posting a comment, the one write a reader makes, as its checks in order: the fields, the
 * markup, the client's rate, a duplicate, the thread it answers, then moderation decides
 * whether it waits, and the store commits it. The first check that fails ends it with a
 * refusal as data (`{ refused, …its parameters }`); `leancloud/refusals.ts` words refusals
 * for the wire and the route maps them to HTTP.
 */
import type { ProxyOptions } from '../options.js'
import { checkCommentRecord, type RecordRefusal } from '../policy/comment-record.js'
import type { CommentInput } from '../policy/fields.js'
import { secondsUntil, type Limits } from '../policy/limits.js'
import { duplicateDigest, moderate } from '../policy/moderation.js'
import { ipHash, mailHash } from '../policy/privacy.js'
import type { CommentStore, OutboxMessage, StoredComment } from '../stores/store.js'

export type CommentRefusal =
  /** A field is missing, of the wrong type or malformed, or nothing is left of the comment once unsafe markup is removed. */
  | RecordRefusal
  /** The client posted less than `rateSeconds` ago. */
  | { refused: 'rate'; retryAfterSeconds: number; rateSeconds: number }
  /** The same words by the same name are already on the page. */
  | { refused: 'duplicate' }
  /** `rid` or `pid` names no approved comment on this page. */
  | { refused: 'thread'; field: 'rid' | 'pid' }

export interface PostedComment {
  /** As stored (committed): `status` says whether it waits for the owner. */
  posted: StoredComment
  /** Why moderation holds it (stable words, for the log). */
  reasons: string[]
}

export interface PostCommentDeps {
  store: Pick<CommentStore, 'hasDuplicateKey' | 'findComments' | 'insertClaimedComment'>
  limits: Pick<Limits, 'comment' | 'commentClaim'>
  settings: Pick<ProxyOptions, 'rateSeconds' | 'moderation' | 'forbiddenWords'> & Partial<Pick<ProxyOptions, 'origins'>>
  /** Salt of the IP hash. */
  salt: string
  now: Date
  newId: () => string
  /** The notifications the comment causes, written in its commit (`notify/plan.ts`); none when absent. */
  notify?: (posted: StoredComment) => Promise<OutboxMessage[]>
}

export interface CommentRequest {
  /** What the client may set (the protocol layer has dropped the fields the server sets). */
  fields: Record<string, unknown>
  /** The client's address; only its keyed hash is kept. */
  ip: string
}

export async function postComment(deps: PostCommentDeps, request: CommentRequest): Promise<PostedComment | CommentRefusal> {
  // The same rules as an import of LeanCloud's data (`policy/comment-record.ts`).
  const checked = checkCommentRecord(request.fields)
  if (!checked.ok) return checked.refusal
  const input = checked.value
  const html = input.comment

  const client = await ipHash(request.ip, deps.salt)
  // The rate, then the duplicate, read in the checks' order (a refusal names the first that
  // fails); both are decided again, atomically, by the insert below.
  const rate = await deps.limits.comment(client, deps.now)
  if (!rate.granted) return { refused: 'rate', retryAfterSeconds: rate.retryAfterSeconds, rateSeconds: deps.settings.rateSeconds }

  // The same words as a stored comment: one lookup by the normalised text's digest.
  const duplicate = await duplicateDigest({ url: input.url, nick: input.nick, comment: html })
  if (await deps.store.hasDuplicateKey(duplicate)) return { refused: 'duplicate' }

  const orphan = await unansweredParent(deps.store, input)
  if (orphan) return { refused: 'thread', field: orphan }

  const decision = moderate({ comment: html, nick: input.nick, mail: input.mail, link: input.link }, { mode: deps.settings.moderation, forbiddenWords: deps.settings.forbiddenWords, siteOrigins: deps.settings.origins })
  const iso = deps.now.toISOString()
  const posted: StoredComment = {
    objectId: deps.newId(),
    createdAt: iso,
    updatedAt: iso,
    insertedAt: iso,
    url: input.url,
    rid: input.rid,
    pid: input.pid,
    nick: input.nick,
    mail: input.mail,
    mailHash: mailHash(input.mail),
    link: input.link,
    comment: html,
    ua: input.ua,
    ipHash: client,
    status: decision.status,
  }
  // One commit takes the client's rate claim and inserts the comment under its unique
  // duplicate key: of comments sent together from one client, or of the same words from many,
  // on one instance or several, exactly one is stored; the others are refused as by the reads
  // above. A comment not stored (refused here, or the store failing) holds no claim: its author
  // may correct it and send it again at once. Resolves once committed: a comment acknowledged
  // is never lost.
  // Its notifications go in the same commit: stored, the comment will be told of, even if the
  // service stops before sending; refused, nothing is queued.
  const outbox = deps.notify ? await deps.notify(posted) : []
  const stored = await deps.store.insertClaimedComment(posted, duplicate, deps.limits.commentClaim(client, deps.now), outbox)
  if (!stored.inserted && stored.refused === 'duplicate') return { refused: 'duplicate' }
  if (!stored.inserted) {
    return { refused: 'rate', retryAfterSeconds: secondsUntil(stored.until, deps.now), rateSeconds: deps.settings.rateSeconds }
  }
  return { posted, reasons: decision.reasons }
}

/**
 * A reply must answer comments readers can see, on the same page: the field naming one that is
 * not, `rid` first. Both are looked up in one query.
 */
async function unansweredParent(store: PostCommentDeps['store'], input: CommentInput): Promise<'rid' | 'pid' | undefined> {
  // The field checks make `pid` the root when only `rid` is sent, and refuse `pid` without `rid`.
  if (input.rid === null || input.pid === null) return undefined
  const ids = [...new Set([input.rid, input.pid])]
  const found = await store.findComments({
    where: { and: [{ field: 'objectId', op: 'in', values: ids }, { field: 'url', op: 'eq', value: input.url }] },
    status: ['approved'],
    order: [{ field: 'createdAt', desc: false }],
    limit: ids.length,
    skip: 0,
  })
  const seen = new Set(found.map((c) => c.objectId))
  if (!seen.has(input.rid)) return 'rid'
  if (!seen.has(input.pid)) return 'pid'
  return undefined
}
