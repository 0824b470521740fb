/**
 * The comment store behind the service: one interface, one shared test suite, three
 * implementations (SQLite, PostgreSQL, the edge runtime's D1-style SQL binding). Records are
 * plain data; policy (what a reader may see or write) lives in the app, never here.
 */
import type { CommentStatus, OwnerComment } from '../../shared/admin-api.js'

export type { CommentStatus } from '../../shared/admin-api.js'

/**
 * A comment as stored: what its owner sees of it (the fields, documented in
 * `src/shared/admin-api.ts`, are those of the admin API's answers) and the client's IP hash.
 * `mail` and `ipHash` never leave the service except to its owner, and `ipHash` not even to them.
 */
export interface StoredComment extends OwnerComment {
  /** Salted hash of the client IP: rate limits and moderation only. */
  ipHash: string
}

/** A page view counter (Valine's `Counter` class). */
export interface StoredCounter {
  objectId: string
  createdAt: string
  updatedAt: string
  url: string
  xid: string
  title: string
  time: number
}

export type QueryField = 'objectId' | 'url' | 'rid' | 'pid' | 'createdAt' | 'insertedAt'

/**
 * A query condition, already checked against the allowlist by the app's `where` parser.
 * `exists: false` matches a null field (LeanCloud's "field not set").
 */
export type Condition =
  | { and: Condition[] }
  | { or: Condition[] }
  | { field: QueryField; op: 'eq' | 'ne'; value: string }
  | { field: QueryField; op: 'in'; values: string[] }
  | { field: QueryField; op: 'exists'; value: boolean }
  | { field: 'createdAt' | 'insertedAt'; op: 'lt' | 'lte' | 'gt' | 'gte'; value: string }

export interface Order {
  field: 'createdAt' | 'insertedAt' | 'updatedAt'
  desc: boolean
}

export interface CommentQuery {
  where: Condition
  /** Only comments with one of these statuses (readers: approved only). */
  status: CommentStatus[]
  order: Order[]
  limit: number
  skip: number
}

/** A claim to take (`CommentStore.claim`). */
export interface ClaimRequest {
  key: string
  now: string
  until: string
  max: number
}

export type ClaimedInsert = { inserted: true } | { inserted: false; refused: 'claim'; until: string } | { inserted: false; refused: 'duplicate' }

export type OutboxEvent = 'comment.created' | 'comment.approved' | 'comment.reply'
/** `mail` or a webhook format (`notify/channels/`); `webhook`: a row written before each webhook had its own format (sent in the configured one). */
export type OutboxChannel = 'mail' | 'json' | 'wecom' | 'dingtalk' | 'feishu' | 'webhook'
export type OutboxState = 'pending' | 'sent' | 'failed' | 'dropped'

/** A notification to send (`notify/`): written with the comment that causes it, sent after. */
export interface OutboxMessage {
  /** The message's event id: a receiver drops a repeat by it. */
  id: string
  /** Unique: the event, the comment, the channel and the recipient; queued once. */
  dedupeKey: string
  event: OutboxEvent
  channel: OutboxChannel
  /** An e-mail address or a webhook URL. */
  target: string
  /** JSON of the notification (`notify/plan.ts`). */
  payload: string
  createdAt: string
  /** When the first try (or the next retry) is due. */
  nextAt: string
}

/** An outbox row as a sender claims it. */
export interface ClaimedOutboxMessage extends OutboxMessage {
  attempts: number
  /** The claim: held until then; finishing it names it, so a sender whose claim lapsed changes nothing. */
  lockedUntil: string
}

export type OutboxOutcome = { state: 'sent' | 'dropped'; at: string } | { state: 'pending' | 'failed'; error: string; nextAt: string }

export interface ImportResult {
  added: number
  /** Already present (same objectId): an import can run twice and add nothing. */
  skipped: number
}

export interface CommentStore {
  /** Create or upgrade the schema; runs at start, safe to run again. */
  migrate(): Promise<void>

  findComments(query: CommentQuery): Promise<StoredComment[]>
  countComments(query: Pick<CommentQuery, 'where' | 'status'>): Promise<number>
  getComment(objectId: string): Promise<StoredComment | undefined>
  /** Resolves only once the comment is durable (committed). */
  insertComment(comment: StoredComment): Promise<void>
  /** False when there is no such comment. */
  setCommentStatus(objectId: string, status: CommentStatus, updatedAt: string): Promise<boolean>
  /** Delete a comment and every reply in its thread (`rid` = its id, or replies to it); how many went. */
  deleteComment(objectId: string): Promise<number>
  /**
   * Whether a comment with this duplicate key (`markup/duplicate-key.ts`: the page, the name and the
   * visible text, normalised, as a digest) is stored: one lookup in a unique index.
   */
  hasDuplicateKey(duplicateKey: string): Promise<boolean>
  /**
   * Insert a new comment with its duplicate key, unless a comment with that key is stored: the
   * unique key decides, so of two at once exactly one is inserted. True when inserted (and
   * durable, as `insertComment`); false when the key was taken.
   */
  insertNewComment(comment: StoredComment, duplicateKey: string): Promise<boolean>

  findCounters(where: Condition, limit: number): Promise<StoredCounter[]>
  getCounter(objectId: string): Promise<StoredCounter | undefined>
  /**
   * Insert a page's counter, unless the page has one (one counter per `url`, kept by the store:
   * two first readers at once make one). True when inserted.
   */
  insertCounter(counter: StoredCounter): Promise<boolean>
  /** Add one to `time`, atomically; the counter after it, or undefined when there is none. */
  incrementCounter(objectId: string, updatedAt: string): Promise<StoredCounter | undefined>
  /**
   * Record that a reader (a key made of the IP hash and the page) was counted until `until`
   * (ISO). True when it was not counted already (or its window has passed): count it.
   */
  claimView(key: string, now: string, until: string): Promise<boolean>

  /**
   * Take one of the `max` uses a key allows in its window, atomically (one statement): the
   * window starts at the key's first use and ends at `until` (ISO); once it has passed (`now`
   * at or after it), the next use starts a new one. Granted: the window's end. Refused: the end
   * of the live window, when the key may be used again. Of many at once, exactly `max` pass.
   */
  claim(key: string, now: string, until: string, max: number): Promise<{ granted: boolean; until: string }>
  /** The end of the key's window when it has no use left at `now` (a claim would be refused), else undefined. Reads only. */
  claimFull(key: string, now: string, max: number): Promise<string | undefined>
  /**
   * A new comment and its claim (the client's rate) in one commit: the claim is taken as by
   * `claim`, and the comment inserted only when the claim was granted and its duplicate key is
   * free; a comment not inserted leaves no claim behind. `claim: undefined`: no limit to take.
   */
  insertClaimedComment(comment: StoredComment, duplicateKey: string, claim: ClaimRequest | undefined, outbox?: OutboxMessage[]): Promise<ClaimedInsert>

  /**
   * Set a comment's status and queue the notifications it causes, in one commit: the messages
   * go in only when the comment now has that status, each once (`dedupeKey`). False when there
   * is no such comment.
   */
  setStatusNotifying(objectId: string, status: CommentStatus, updatedAt: string, outbox: OutboxMessage[]): Promise<boolean>
  /**
   * Claim up to `limit` pending messages that are due at `now` and not held by another sender,
   * holding them until `lockedUntil`; each claim counts as an attempt.
   */
  claimOutbox(now: string, lockedUntil: string, limit: number): Promise<ClaimedOutboxMessage[]>
  /** Record how a claimed message went; nothing changes when the claim has lapsed to another sender. */
  finishOutbox(message: Pick<ClaimedOutboxMessage, 'id' | 'lockedUntil'>, outcome: OutboxOutcome): Promise<void>
  /** The outbox's rows, oldest first (tests, `gptnotes comments notify-test`). */
  listOutbox(): Promise<(OutboxMessage & { state: OutboxState; attempts: number; lastError: string | null })[]>
  /** Record an unsubscribed address's keyed hash. */
  unsubscribe(key: string, at: string): Promise<void>
  isUnsubscribed(key: string): Promise<boolean>

  /**
   * Record one hit of a rate limit's key (an IP hash and a route) at `now` (ISO); the hits of
   * that key after `windowStart` (ISO), this one included. Hits at or before any window may be
   * pruned.
   */
  hitRate(key: string, now: string, windowStart: string): Promise<number>

  /** Insert what is not there yet, keeping ids and dates, in one transaction. */
  importRecords(records: { comments: StoredComment[]; counters: StoredCounter[] }): Promise<{ comments: ImportResult; counters: ImportResult }>
  /** Everything, oldest first, for `gptnotes comments export`. */
  exportRecords(): Promise<{ comments: StoredComment[]; counters: StoredCounter[] }>

  close(): Promise<void>

  /** A cheap query (`select 1`): resolves when the database answers (`/healthz`). */
  ping(): Promise<void>
  /**
   * The highest schema version applied to the database (0 for one never migrated), read without
   * creating or changing anything (`gptnotes proxy --check`). Above the last one of the migration
   * list, the store was written by a newer version of gptnotes (`migrate` refuses it).
   */
  schemaLevel(): Promise<number>
}

/**
 * The store could not be reached: a connection that broke mid-request (a restart, a failover, an
 * administrator ending it), a refused or timed-out connect, a server shutting down. Only the
 * requests on that connection fail; the next one gets a new connection. The app answers 503 with
 * `Retry-After`. The driver's error is kept as `cause` for the code it carries; its message is
 * never shown or logged (it may quote request values).
 */
export class StoreUnavailable extends Error {
  /** The driver's code (a SQLSTATE such as `57P01`, or a socket error such as `ECONNREFUSED`), when it has one. */
  readonly code: string | undefined

  constructor(cause: unknown) {
    const code = errorCode(cause)
    // The code tells an operator what happened (`gptnotes proxy` prints it when the store cannot be
    // opened); the app never sends or logs this message.
    super(`The comment store could not be reached${code ? ` (${code})` : ''}.`, { cause })
    this.name = 'StoreUnavailable'
    this.code = code
  }
}

/** The code a driver put on an error (`code` as a string), if any. */
export function errorCode(err: unknown): string | undefined {
  const code = typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined
  return typeof code === 'string' && /^[A-Za-z0-9_]{1,40}$/.test(code) ? code : undefined
}

/**
 * The database was migrated by a newer version of gptnotes (a schema version this one does not
 * know): read or written by this version, it could be misread, so the service refuses to start.
 */
export class StoreTooNew extends Error {
  constructor(
    readonly level: number,
    readonly known: number,
  ) {
    super(`The comment store's schema is at version ${level}, newer than this version of gptnotes knows (${known}): it was written by a newer gptnotes. Run that version (or newer), or restore a backup made for this one.`)
    this.name = 'StoreTooNew'
  }
}
