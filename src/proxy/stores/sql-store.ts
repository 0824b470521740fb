/**
 * The comment store's queries, written once with Kysely and shared by the three stores
 * (SQLite, PostgreSQL, D1). Each store only supplies a `SqlBackend`: a Kysely instance over its
 * driver, and a way to run several statements atomically (a transaction, or a D1 batch).
 * Web-standard: this file runs on edge runtimes.
 */
import { CamelCasePlugin, sql, type CompiledQuery, type RawBuilder, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely'
import { StoreTooNew, StoreUnavailable, errorCode, type ClaimRequest, type CommentQuery, type CommentStatus, type CommentStore, type Condition, type ImportResult, type OutboxMessage, type OutboxState, type StoredComment, type StoredCounter } from './store.js'
import { createMigrationsTable, latestMigration, MIGRATIONS, MIGRATIONS_TABLE } from './migrations.js'
import type { SqlFlavor } from './sql-flavor.js'
import { duplicateDigest } from '../markup/duplicate-key.js'

export type { SqlFlavor } from './sql-flavor.js'

/** The tables as Kysely sees them: camelCase here, snake_case in the database. */
export interface Tables {
  /** `duplicateKey`: the unique digest of `markup/duplicate-key.ts`, never part of the record. */
  comments: StoredComment & { duplicateKey?: string | null }
  counters: StoredCounter
  viewClaims: { key: string; until: string }
  claims: { key: string; until: string; n: number; holder: string | null }
  rateHits: { key: string; at: string }
  outbox: OutboxMessage & { state: OutboxState; attempts: number; lockedUntil: string | null; lastError: string | null; sentAt: string | null }
  unsubscribed: { key: string; at: string }
  gptnotesMigrations: { version: number; name: string; appliedAt: string }
}

export interface SqlBackend {
  db: Kysely<Tables>
  flavor: SqlFlavor
  /** Most bound parameters one statement may carry (D1 allows 100). */
  maxParameters: number
  /** Run the statements in order, all or none; rows changed by each. */
  atomic(queries: CompiledQuery[]): Promise<number[]>
  /** Taken first inside the migration transaction, so concurrent starts do not race (PostgreSQL). */
  migrationLock?: CompiledQuery
  /**
   * Refreshes the planner's statistics; run after migrating and after an import. Without them
   * SQLite guesses that `status = ?` is selective and walks the status index instead of the
   * `rid` one: 20 ms instead of 0.2 ms for a page's replies at 100k comments.
   */
  analyze: CompiledQuery[]
  /** Errors that mean the database could not be reached (thrown as `StoreUnavailable`), not a fault of the query. */
  unavailable?: (err: unknown) => boolean
  close(): Promise<void>
}

/** Socket errors of a connection that could not be made or broke. */
const SOCKET_FAILURES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'ENOTFOUND', 'EAI_AGAIN'])

/**
 * PostgreSQL states that mean the server is out of reach, not that the query was wrong: class
 * 08 (connection exception), the shutdowns of class 57 (`57P01` an administrator ended the
 * connection, `57P02` a crash, `57P03` the server is starting, `57P05` an idle session's
 * time-out) and `53300` (too many connections).
 */
const UNREACHABLE_STATE = /^(08[0-9A-Z]{3}|57P0[1235]|53300)$/

/** node-postgres's own errors for a connection that ended, broke or could not be made; they carry no code. */
const DRIVER_CONNECTION_MESSAGE = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|timeout expired)/

/** Whether an error from node-postgres (or its socket) means the database could not be reached. */
export function postgresUnreachable(err: unknown): boolean {
  const code = errorCode(err)
  if (code !== undefined) return SOCKET_FAILURES.has(code) || UNREACHABLE_STATE.test(code)
  if (err instanceof AggregateError) return err.errors.some(postgresUnreachable)
  return err instanceof Error && DRIVER_CONNECTION_MESSAGE.test(err.message)
}

/** The store with every method's "unreachable" errors thrown as `StoreUnavailable`. */
function guarded(store: CommentStore, unavailable: (err: unknown) => boolean): CommentStore {
  const out: Record<string, unknown> = {}
  for (const [name, method] of Object.entries(store) as [string, (...args: unknown[]) => Promise<unknown>][]) {
    out[name] = async (...args: unknown[]) => {
      try {
        return await method(...args)
      } catch (err) {
        throw unavailable(err) ? new StoreUnavailable(err) : err
      }
    }
  }
  return out as unknown as CommentStore
}

/** The plugin every backend's Kysely instance carries. */
export const columnNames = (): CamelCasePlugin => new CamelCasePlugin()

/** `atomic` for drivers with real transactions (SQLite, PostgreSQL). */
export async function inTransaction(db: Kysely<Tables>, queries: CompiledQuery[]): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const changed: number[] = []
    for (const query of queries) changed.push(Number((await trx.executeQuery(query)).numAffectedRows ?? 0))
    return changed
  })
}

const COMMENT_COLUMNS = ['objectId', 'createdAt', 'updatedAt', 'insertedAt', 'url', 'rid', 'pid', 'nick', 'mail', 'mailHash', 'link', 'comment', 'ua', 'ipHash', 'status'] as const
/** The comments' columns in the database, in `COMMENT_COLUMNS` order, and the duplicate key. */
const INSERT_COLUMNS = sql.raw(['object_id', 'created_at', 'updated_at', 'inserted_at', 'url', 'rid', 'pid', 'nick', 'mail', 'mail_hash', 'link', 'comment', 'ua', 'ip_hash', 'status', 'duplicate_key'].join(', '))
const OUTBOX_COLUMNS = ['id', 'dedupeKey', 'event', 'channel', 'target', 'payload', 'createdAt', 'nextAt'] as const
const OUTBOX_INSERT_COLUMNS = sql.raw(['id', 'dedupe_key', 'event', 'channel', 'target', 'payload', 'created_at', 'next_at'].join(', '))
const COUNTER_COLUMNS = ['objectId', 'createdAt', 'updatedAt', 'url', 'xid', 'title', 'time'] as const

/** Fields a condition may name that a counter does not have: they read as unset (null). */
const COUNTER_FIELDS = new Set<string>(['objectId', 'url', 'createdAt'])

type Table = 'comments' | 'counters'
type Eb<T extends Table> = ExpressionBuilder<Tables, T>

const TRUE = sql<SqlBool>`1 = 1`
const FALSE = sql<SqlBool>`1 = 0`

/** Exactly the record's fields, whatever else a driver adds to a row. */
function toComment(row: Record<string, unknown>): StoredComment {
  const out: Record<string, unknown> = {}
  for (const c of COMMENT_COLUMNS) out[c] = row[c] ?? null
  return out as unknown as StoredComment
}

function toCounter(row: Record<string, unknown>): StoredCounter {
  const out: Record<string, unknown> = {}
  for (const c of COUNTER_COLUMNS) out[c] = row[c]
  // PostgreSQL and D1 give numbers; a driver that widens integers would give a string.
  out.time = Number(row.time)
  return out as unknown as StoredCounter
}

export function createSqlStore(backend: SqlBackend): CommentStore {
  const { db, flavor } = backend

  /**
   * `field in (…)`. PostgreSQL takes the list as one array parameter. On SQLite a short list
   * (the replies of a page) is a plain `in (?, ?)`, which the planner handles best; a long one
   * travels as one JSON parameter, as D1 binds at most 100 per statement.
   */
  const inlineUpTo = Math.min(50, Math.floor(backend.maxParameters / 4))
  const inList = (column: Expression<unknown>, values: string[]): Expression<SqlBool> => {
    if (flavor === 'postgres') return sql<SqlBool>`${column} = any(cast(${values} as text[]))`
    if (values.length <= inlineUpTo) return sql<SqlBool>`${column} in (${sql.join(values)})`
    return sql<SqlBool>`${column} in (select value from json_each(${JSON.stringify(values)}))`
  }

  /** The Condition AST as SQL. LeanCloud's semantics: an unset field is NULL and is never equal to anything. */
  function where<T extends Table>(table: T, eb: Eb<T>, cond: Condition): Expression<SqlBool> {
    if ('and' in cond) return cond.and.length === 0 ? TRUE : eb.and(cond.and.map((c) => where(table, eb, c)))
    if ('or' in cond) return cond.or.length === 0 ? FALSE : eb.or(cond.or.map((c) => where(table, eb, c)))
    const present = table === 'comments' || COUNTER_FIELDS.has(cond.field)
    const column: Expression<unknown> = present ? sql.ref(`${table}.${cond.field}`) : sql`null`
    switch (cond.op) {
      case 'eq':
        return sql<SqlBool>`${column} = ${cond.value}`
      case 'ne':
        // As LeanCloud's `$ne`: an unset field is "not equal" too.
        return sql<SqlBool>`(${column} <> ${cond.value} or ${column} is null)`
      case 'in':
        return cond.values.length === 0 ? FALSE : inList(column, cond.values)
      case 'exists':
        return cond.value ? sql<SqlBool>`${column} is not null` : sql<SqlBool>`${column} is null`
      case 'lt':
        return sql<SqlBool>`${column} < ${cond.value}`
      case 'lte':
        return sql<SqlBool>`${column} <= ${cond.value}`
      case 'gt':
        return sql<SqlBool>`${column} > ${cond.value}`
      case 'gte':
        return sql<SqlBool>`${column} >= ${cond.value}`
    }
  }

  const statusIn = (eb: Eb<'comments'>, status: CommentStatus[]): Expression<SqlBool> => (status.length === 0 ? FALSE : eb('comments.status', 'in', status))

  const matching = (query: Pick<CommentQuery, 'where' | 'status'>) =>
    db.selectFrom('comments').where((eb) => eb.and([where('comments', eb, query.where), statusIn(eb, query.status)]))

  /** Rows per multi-row insert, within the backend's parameter limit. */
  const rowsPerInsert = (columns: number): number => Math.max(1, Math.floor(backend.maxParameters / columns))

  function chunks<T>(items: T[], size: number): T[][] {
    const out: T[][] = []
    for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
    return out
  }

  const analyze = async (): Promise<void> => {
    for (const query of backend.analyze) await db.executeQuery(query)
  }

  /** Expired claims are pruned now and then, not on every view: it is housekeeping. */
  const PRUNE_EVERY = 200

  /** How long a sent, dropped or failed message is kept (the outbox's record of what went out). */
  const OUTBOX_KEEP_MS = 30 * 86_400_000

  /** Rows keyed per statement batch by `keyDuplicates`. */
  const KEY_BATCH = 100

  /**
   * Gives every comment without a duplicate key its key (rows from before the key, an import),
   * oldest first, so of old duplicates the oldest holds the key and the rest stay null: a check
   * by key still finds their text. Runs after migrating and after an import; under the migration
   * lock where there is one, so two instances starting together do not race for a key.
   */
  const keyDuplicates = async (): Promise<void> => {
    const lock = backend.migrationLock ? [backend.migrationLock] : []
    let after: { createdAt: string; objectId: string } | undefined
    for (;;) {
      let q = db.selectFrom('comments').select(['objectId', 'createdAt', 'url', 'nick', 'comment']).where('duplicateKey', 'is', null)
      if (after) {
        const { createdAt, objectId } = after
        q = q.where((eb) => eb.or([eb('createdAt', '>', createdAt), eb.and([eb('createdAt', '=', createdAt), eb('objectId', '>', objectId)])]))
      }
      const rows = await q.orderBy('createdAt').orderBy('objectId').limit(KEY_BATCH).execute()
      if (rows.length === 0) return
      const updates = await Promise.all(
        rows.map(async (r) => {
          const k = await duplicateDigest(r)
          return db
            .updateTable('comments')
            .set({ duplicateKey: k })
            .where('objectId', '=', r.objectId)
            .where(({ not, exists, selectFrom }) => not(exists(selectFrom('comments as keyed').select('keyed.objectId').where('keyed.duplicateKey', '=', k))))
            .compile()
        }),
      )
      await backend.atomic([...lock, ...updates])
      after = rows[rows.length - 1]
    }
  }

  /**
   * A claim as one upsert: a new key starts a window with one use; a live window gives one more
   * use while it has fewer than `max`; a window that has passed starts again. Otherwise the
   * update's condition fails and no row changes: refused. The database serialises concurrent
   * upserts of one key (PostgreSQL locks the row and re-checks the condition on the committed
   * version), so of many at once exactly as many as allowed pass, on one connection or several.
   */
  const claimUpsert = ({ key, now, until, max }: ClaimRequest, holder: string | null) =>
    db
      .insertInto('claims')
      .values({ key, until, n: 1, holder })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({
            n: sql<number>`case when claims.until <= ${now} then 1 else claims.n + 1 end`,
            until: sql<string>`case when claims.until <= ${now} then excluded.until else claims.until end`,
            holder: sql<string | null>`excluded.holder`,
          })
          .where((eb) => eb.or([eb('claims.until', '<=', now), eb('claims.n', '<', max)])),
      )

  const claimFull = async (key: string, now: string, max: number): Promise<string | undefined> => {
    const row = await db.selectFrom('claims').select('until').where('key', '=', key).where('until', '>', now).where('n', '>=', max).executeTakeFirst()
    return row?.until
  }

  const insertNewComment = async (comment: StoredComment, duplicateKey: string): Promise<boolean> => {
    // The unique index on the key decides: a comment with the same key, committed or being
    // committed by another connection, makes this insert do nothing (PostgreSQL waits for the
    // other transaction, then skips). No conflict target: an objectId clash, as unlikely as
    // it is, is also "not inserted" rather than an error.
    const r = await db
      .insertInto('comments')
      .values({ ...pick(comment, COMMENT_COLUMNS), duplicateKey })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst()
    return Number(r.numInsertedOrUpdatedRows ?? 0) > 0
  }

  /**
   * The messages as one statement that inserts them only when `when` holds (an SQL condition
   * read in the same commit), each once: a message whose dedupe key is queued already is skipped.
   */
  const outboxInsert = (messages: OutboxMessage[], when: RawBuilder<unknown>): RawBuilder<unknown> => {
    const rows = sql.join(messages.map((m) => sql`(${sql.join(OUTBOX_COLUMNS.map((c) => m[c]))})`))
    return sql`insert into outbox (${OUTBOX_INSERT_COLUMNS}) select * from (values ${rows}) as v where exists (${when}) on conflict do nothing`
  }

  const store: CommentStore = {
    async migrate() {
      const lock = backend.migrationLock ? [backend.migrationLock] : []
      await backend.atomic([...lock, createMigrationsTable(db)])
      const applied = new Set((await db.selectFrom('gptnotesMigrations').select('version').execute()).map((r) => Number(r.version)))
      // A version this list does not have: a newer gptnotes wrote the schema; refuse rather than misread it.
      const level = Math.max(0, ...applied)
      if (level > latestMigration()) throw new StoreTooNew(level, latestMigration())
      for (const step of MIGRATIONS) {
        if (applied.has(step.version)) continue
        const record = db
          .insertInto('gptnotesMigrations')
          .values({ version: step.version, name: step.name, appliedAt: new Date().toISOString() })
          .onConflict((oc) => oc.column('version').doNothing())
          .compile()
        // Steps create only what is missing, so one that a concurrent start applied first is harmless.
        await backend.atomic([...lock, ...step.statements(db, flavor), record])
      }
      await keyDuplicates()
      await analyze()
    },

    async findComments(query) {
      if (query.limit <= 0) return []
      let q = matching(query).selectAll('comments')
      for (const o of query.order) q = q.orderBy(`comments.${o.field}`, o.desc ? 'desc' : 'asc')
      // Equal dates are common (an import, a burst): the id makes the order total, so pages
      // never repeat or skip a row; it follows the last key's direction so a reversed order
      // reverses the list exactly.
      const last = query.order[query.order.length - 1]
      q = q.orderBy('comments.objectId', last?.desc ? 'desc' : 'asc')
      const rows = await q.limit(query.limit).offset(Math.max(0, query.skip)).execute()
      return rows.map((r) => toComment(r as Record<string, unknown>))
    },

    async countComments(query) {
      const row = await matching(query).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()
      return Number(row.n)
    },

    async getComment(objectId) {
      const row = await db.selectFrom('comments').selectAll().where('objectId', '=', objectId).executeTakeFirst()
      return row && toComment(row as Record<string, unknown>)
    },

    async insertComment(comment) {
      // Autocommit: the statement returns once the commit is durable (see each backend's settings).
      // A record from elsewhere (not the comment write, which uses `insertClaimedComment`) is stored
      // whatever its text; it takes its duplicate key when no stored comment holds it.
      const k = await duplicateDigest(comment)
      const free = sql<string | null>`case when exists (select 1 from comments where duplicate_key = ${k}) then null else ${k} end`
      await db.insertInto('comments').values({ ...pick(comment, COMMENT_COLUMNS), duplicateKey: free }).execute()
    },

    async setCommentStatus(objectId, status, updatedAt) {
      const r = await db.updateTable('comments').set({ status, updatedAt }).where('objectId', '=', objectId).executeTakeFirst()
      return Number(r.numUpdatedRows) > 0
    },

    async deleteComment(objectId) {
      // The comment and everything below it. A reply names its thread's root (`rid`) and the
      // comment it answers (`pid`): start from the comment and, when it is a root, its whole
      // thread; then follow `pid` down, which reaches replies to replies at any depth. Each step
      // is an index lookup; `union` (not `union all`) stops on a cycle a bad import could hold.
      const r = await db
        .deleteFrom('comments')
        .where(
          'objectId',
          'in',
          sql<string>`(with recursive thread(id) as (select object_id from comments where object_id = ${objectId} or (rid = ${objectId} and exists (select 1 from comments where object_id = ${objectId})) union select c.object_id from comments c join thread t on c.pid = t.id) select id from thread)`,
        )
        .executeTakeFirst()
      return Number(r.numDeletedRows)
    },

    async hasDuplicateKey(duplicateKey) {
      const row = await db.selectFrom('comments').select('objectId').where('duplicateKey', '=', duplicateKey).limit(1).executeTakeFirst()
      return row !== undefined
    },

    insertNewComment,

    async findCounters(cond, limit) {
      if (limit <= 0) return []
      const rows = await db
        .selectFrom('counters')
        .selectAll()
        .where((eb) => where('counters', eb, cond))
        .orderBy('createdAt')
        .orderBy('objectId')
        .limit(limit)
        .execute()
      return rows.map((r) => toCounter(r as Record<string, unknown>))
    },

    async getCounter(objectId) {
      const row = await db.selectFrom('counters').selectAll().where('objectId', '=', objectId).executeTakeFirst()
      return row && toCounter(row as Record<string, unknown>)
    },

    async insertCounter(counter) {
      const result = await db
        .insertInto('counters')
        .values(pick(counter, COUNTER_COLUMNS))
        .onConflict((oc) => oc.column('url').doNothing())
        .executeTakeFirst()
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0
    },

    async incrementCounter(objectId, updatedAt) {
      // One statement: the database adds, so concurrent increments never overwrite each other.
      const row = await db
        .updateTable('counters')
        .set((eb) => ({ time: eb('time', '+', 1), updatedAt }))
        .where('objectId', '=', objectId)
        .returningAll()
        .executeTakeFirst()
      return row && toCounter(row as Record<string, unknown>)
    },

    async claimView(key, now, until) {
      // Insert, or take over a claim whose window has passed; a live claim is left alone and
      // returns no row. One statement, so two requests at once cannot both count.
      const row = await db
        .insertInto('viewClaims')
        .values({ key, until })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({ until })
            .where('viewClaims.until', '<=', now),
        )
        .returning('key')
        .executeTakeFirst()
      if (Math.floor(Math.random() * PRUNE_EVERY) === 0) await db.deleteFrom('viewClaims').where('until', '<=', now).execute()
      return row !== undefined
    },

    async claim(key, now, until, max) {
      const row = await claimUpsert({ key, now, until, max }, null).returning('until').executeTakeFirst()
      if (Math.floor(Math.random() * PRUNE_EVERY) === 0) await db.deleteFrom('claims').where('until', '<=', now).execute()
      if (row) return { granted: true, until: row.until }
      // Pruned in between: the wait is over.
      return { granted: false, until: (await claimFull(key, now, max)) ?? now }
    },

    claimFull,

    async insertClaimedComment(comment, duplicateKey, claim, outbox = []) {
      // The comment's notifications go in only with the comment itself: its id and key, in the same commit.
      const stored = sql`select 1 from comments where object_id = ${comment.objectId} and duplicate_key = ${duplicateKey}`
      if (!claim && outbox.length === 0) return (await insertNewComment(comment, duplicateKey)) ? { inserted: true } : { inserted: false, refused: 'duplicate' }
      if (!claim) {
        const values = sql.join([...COMMENT_COLUMNS.map((c) => comment[c] ?? null), duplicateKey])
        const insert = sql`insert into comments (${INSERT_COLUMNS}) values (${values}) on conflict do nothing`
        if (flavor === 'postgres') {
          const { rows } = await sql<{ inserted: number }>`with inserted as (${insert} returning object_id), notified as (${outboxInsert(outbox, sql`select 1 from inserted`)}) select (select count(*) from inserted)::int as inserted`.execute(db)
          return Number(rows[0]?.inserted ?? 0) > 0 ? { inserted: true } : { inserted: false, refused: 'duplicate' }
        }
        const [inserted] = await backend.atomic([insert.compile(db), outboxInsert(outbox, stored).compile(db)])
        return inserted > 0 ? { inserted: true } : { inserted: false, refused: 'duplicate' }
      }
      const holder = comment.objectId
      // Written as SQL text: the comment write's one statement, cheaper to build than a query
      // builder's tree of the same (a third of a millisecond a comment).
      const { key, now, until, max } = claim
      const upsert = sql`insert into claims (key, until, n, holder) values (${key}, ${until}, 1, ${holder}) on conflict (key) do update set n = case when claims.until <= ${now} then 1 else claims.n + 1 end, until = case when claims.until <= ${now} then excluded.until else claims.until end, holder = excluded.holder where claims.until <= ${now} or claims.n < ${max}`
      const values = sql.join([...COMMENT_COLUMNS.map((c) => comment[c] ?? null), duplicateKey])
      const insert = (held: RawBuilder<unknown>) => sql`insert into comments (${INSERT_COLUMNS}) select ${values} where exists (${held}) on conflict do nothing`
      const giveBack = sql`update claims set n = n - 1, holder = null where key = ${key} and holder = ${holder} and not exists (select 1 from comments where object_id = ${holder})`
      let claimed: number
      let inserted: number
      if (flavor === 'postgres') {
        // One statement, one round trip: the claim, then the comment only if the claim returned
        // a row (all parts of a statement see one snapshot, so the comment reads the claim's
        // RETURNING, not the table). A statement cannot change a row twice, so a comment refused
        // by its key gives the use back in a second statement (the rare path).
        const notified = outbox.length === 0 ? sql`` : sql`, notified as (${outboxInsert(outbox, sql`select 1 from inserted`)})`
        const { rows } = await sql<{ claimed: number; inserted: number }>`with claimed as (${upsert} returning key), inserted as (${insert(sql`select 1 from claimed`)} returning object_id)${notified} select (select count(*) from claimed)::int as claimed, (select count(*) from inserted)::int as inserted`.execute(db)
        claimed = Number(rows[0]?.claimed ?? 0)
        inserted = Number(rows[0]?.inserted ?? 0)
        if (claimed > 0 && inserted === 0) await giveBack.execute(db)
      } else {
        // One commit (a transaction, or a D1 batch): the claim; the comment, only if this claim
        // took the use (its holder is this comment) and its key is free; then the use given
        // back if the comment did not go in.
        const held = sql`select 1 from claims where claims.key = ${key} and claims.holder = ${holder}`
        const notify = outbox.length === 0 ? [] : [outboxInsert(outbox, stored).compile(db)]
        ;[claimed, inserted] = await backend.atomic([upsert.compile(db), insert(held).compile(db), giveBack.compile(db), ...notify])
      }
      if (inserted > 0) return { inserted: true }
      if (claimed > 0) return { inserted: false, refused: 'duplicate' }
      return { inserted: false, refused: 'claim', until: (await claimFull(claim.key, claim.now, claim.max)) ?? claim.now }
    },

    async setStatusNotifying(objectId, status, updatedAt, outbox) {
      const update = db.updateTable('comments').set({ status, updatedAt }).where('objectId', '=', objectId).compile()
      const notify = outbox.length === 0 ? [] : [outboxInsert(outbox, sql`select 1 from comments where object_id = ${objectId} and status = ${status}`).compile(db)]
      const [changed] = await backend.atomic([update, ...notify])
      return changed > 0
    },

    async claimOutbox(now, lockedUntil, limit) {
      // One statement: the due rows no one holds, taken by setting the hold. On PostgreSQL rows
      // another instance is taking are skipped (`skip locked`) and the outer conditions are read
      // again on the committed row; SQLite and D1 run one write at a time.
      const due = sql`state = 'pending' and next_at <= ${now} and (locked_until is null or locked_until <= ${now})`
      const pick = flavor === 'postgres' ? sql`select id from outbox where ${due} order by next_at limit ${limit} for update skip locked` : sql`select id from outbox where ${due} order by next_at limit ${limit}`
      // Now and then, messages done with for a month go: they name their recipients.
      if (Math.floor(Math.random() * PRUNE_EVERY) === 0) {
        const monthAgo = new Date(Date.parse(now) - OUTBOX_KEEP_MS).toISOString()
        await sql`delete from outbox where state in ('sent', 'dropped', 'failed') and next_at < ${monthAgo}`.execute(db)
      }
      const { rows } = await sql<Record<string, unknown>>`update outbox set locked_until = ${lockedUntil}, attempts = attempts + 1 where id in (${pick}) and ${due} returning id, dedupe_key, event, channel, target, payload, created_at, next_at, attempts, locked_until`.execute(db)
      return rows.map((r) => ({
        id: String(r.id),
        dedupeKey: String(r.dedupe_key ?? r.dedupeKey),
        event: (r.event as OutboxMessage['event']),
        channel: (r.channel as OutboxMessage['channel']),
        target: String(r.target),
        payload: String(r.payload),
        createdAt: String(r.created_at ?? r.createdAt),
        nextAt: String(r.next_at ?? r.nextAt),
        attempts: Number(r.attempts),
        lockedUntil: String(r.locked_until ?? r.lockedUntil),
      }))
    },

    async finishOutbox({ id, lockedUntil }, outcome) {
      const set = 'at' in outcome ? { state: outcome.state, sentAt: outcome.at, lockedUntil: null, lastError: null } : { state: outcome.state, nextAt: outcome.nextAt, lastError: outcome.error.slice(0, 40), lockedUntil: null }
      await db.updateTable('outbox').set(set).where('id', '=', id).where('lockedUntil', '=', lockedUntil).execute()
    },

    async listOutbox() {
      const rows = await db.selectFrom('outbox').select(['id', 'dedupeKey', 'event', 'channel', 'target', 'payload', 'createdAt', 'nextAt', 'state', 'attempts', 'lastError']).orderBy('createdAt').orderBy('id').execute()
      return rows.map((r) => ({ ...r, attempts: Number(r.attempts) }))
    },

    async unsubscribe(key, at) {
      await db.insertInto('unsubscribed').values({ key, at }).onConflict((oc) => oc.column('key').doNothing()).execute()
    },

    async isUnsubscribed(key) {
      return (await db.selectFrom('unsubscribed').select('key').where('key', '=', key).executeTakeFirst()) !== undefined
    },

    async hitRate(key, now, windowStart) {
      await db.insertInto('rateHits').values({ key, at: now }).execute()
      const row = await db
        .selectFrom('rateHits')
        .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
        .where('key', '=', key)
        .where('at', '>', windowStart)
        .executeTakeFirst()
      if (Math.floor(Math.random() * PRUNE_EVERY) === 0) await db.deleteFrom('rateHits').where('at', '<=', windowStart).execute()
      return Number(row?.n ?? 0)
    },

    async importRecords({ comments, counters }) {
      const commentInserts = chunks(comments, rowsPerInsert(COMMENT_COLUMNS.length)).map((part) =>
        db
          .insertInto('comments')
          .values(part.map((c) => pick(c, COMMENT_COLUMNS)))
          .onConflict((oc) => oc.column('objectId').doNothing())
          .compile(),
      )
      // One counter per page: an export's pairs merge first (as migration 5 merges stored ones);
      // a page the store counts already keeps its counter (any conflict, id or url, skips the row).
      const counterInserts = chunks(mergeCounters(counters), rowsPerInsert(COUNTER_COLUMNS.length)).map((part) =>
        db
          .insertInto('counters')
          .values(part.map((c) => pick(c, COUNTER_COLUMNS)))
          .onConflict((oc) => oc.doNothing())
          .compile(),
      )
      const changed = await backend.atomic([...commentInserts, ...counterInserts])
      if (changed.slice(0, commentInserts.length).some((n) => n > 0)) await keyDuplicates()
      if (changed.some((n) => n > 0)) await analyze()
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0)
      const result = (total: number, added: number): ImportResult => ({ added, skipped: total - added })
      return {
        comments: result(comments.length, sum(changed.slice(0, commentInserts.length))),
        counters: result(counters.length, sum(changed.slice(commentInserts.length))),
      }
    },

    async exportRecords() {
      const comments = await db.selectFrom('comments').selectAll().orderBy('createdAt').orderBy('objectId').execute()
      const counters = await db.selectFrom('counters').selectAll().orderBy('createdAt').orderBy('objectId').execute()
      return { comments: comments.map((r) => toComment(r as Record<string, unknown>)), counters: counters.map((r) => toCounter(r as Record<string, unknown>)) }
    },

    async ping() {
      await sql`select 1`.execute(db)
    },

    async schemaLevel() {
      // Asked of the catalogue first, so a database never migrated gets no table from asking.
      const table =
        flavor === 'postgres'
          ? sql<{ found: string | null }>`select to_regclass(${MIGRATIONS_TABLE})::text as found`
          : sql<{ found: string | null }>`select name as found from sqlite_master where type = 'table' and name = ${MIGRATIONS_TABLE}`
      const found = (await table.execute(db)).rows[0]?.found
      if (!found) return 0
      const row = await db.selectFrom('gptnotesMigrations').select((eb) => eb.fn.max('version').as('level')).executeTakeFirst()
      return Number(row?.level ?? 0)
    },

    close: () => backend.close(),
  }
  return backend.unavailable ? guarded(store, backend.unavailable) : store
}

/** Only the known columns: a record with extra fields (an import) must not become SQL. */
function pick<T extends object, K extends keyof T>(record: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>
  for (const k of keys) out[k] = record[k] === undefined ? (null as T[K]) : record[k]
  return out
}

/** One counter per page: the oldest of a page's counters, with the views of all of them. */
export function mergeCounters(counters: StoredCounter[]): StoredCounter[] {
  const byUrl = new Map<string, StoredCounter>()
  for (const c of counters) {
    const kept = byUrl.get(c.url)
    if (!kept) byUrl.set(c.url, c)
    else {
      const [older, newer] = kept.createdAt < c.createdAt || (kept.createdAt === c.createdAt && kept.objectId < c.objectId) ? [kept, c] : [c, kept]
      byUrl.set(c.url, { ...older, time: older.time + newer.time })
    }
  }
  return [...byUrl.values()]
}
