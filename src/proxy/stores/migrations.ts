/**
 * The schema, as a versioned list of steps. Each step runs in one transaction (a batch on D1)
 * together with the row that records it, so a crash never leaves a half-applied version, and
 * `migrate()` can run at every start: applied versions are skipped.
 *
 * Steps are append-only: a released step never changes; a new need is a new version.
 */
import { sql, type CompiledQuery, type Kysely, type RawBuilder } from 'kysely'
import type { SqlFlavor } from './sql-flavor.js'

export const MIGRATIONS_TABLE = 'gptnotes_migrations'

export interface Migration {
  version: number
  name: string
  statements(db: Kysely<any>, flavor: SqlFlavor): CompiledQuery[]
}

/**
 * Ids and dates are compared and sorted as text (ISO 8601 sorts as it reads). PostgreSQL's
 * default collation may ignore punctuation or follow the locale, so those columns use
 * bytewise "C" there, which is SQLite's only text order: both stores sort alike.
 */
const key = (flavor: SqlFlavor): 'text' | RawBuilder<unknown> => (flavor === 'postgres' ? sql`text collate "C"` : 'text')

export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'comments, counters and view claims',
    statements: (db, flavor) => [
      db.schema
        .createTable('comments')
        .ifNotExists()
        .addColumn('object_id', key(flavor), (c) => c.primaryKey())
        .addColumn('created_at', key(flavor), (c) => c.notNull())
        .addColumn('updated_at', key(flavor), (c) => c.notNull())
        .addColumn('inserted_at', key(flavor), (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('rid', key(flavor))
        .addColumn('pid', key(flavor))
        .addColumn('nick', 'text', (c) => c.notNull())
        .addColumn('mail', 'text', (c) => c.notNull())
        .addColumn('mail_hash', 'text', (c) => c.notNull())
        .addColumn('link', 'text', (c) => c.notNull())
        .addColumn('comment', 'text', (c) => c.notNull())
        .addColumn('ua', 'text', (c) => c.notNull())
        .addColumn('ip_hash', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addCheckConstraint('comments_status_check', sql`status in ('approved', 'waiting', 'spam')`)
        .compile(),
      // A page of a page's comments: url and status narrow, created_at orders.
      db.schema.createIndex('comments_url_status_created').ifNotExists().on('comments').columns(['url', 'status', 'created_at']).compile(),
      // The replies of the shown threads (`rid in (…)`, by status, in date order) and deletion
      // of a thread. With status and date in it, the planner prefers it to the status index.
      db.schema.createIndex('comments_rid_status_created').ifNotExists().on('comments').columns(['rid', 'status', 'created_at']).compile(),
      db.schema.createIndex('comments_pid').ifNotExists().on('comments').column('pid').compile(),
      // Site-wide lists (recent comments, the moderation queue).
      db.schema.createIndex('comments_status_created').ifNotExists().on('comments').columns(['status', 'created_at']).compile(),
      // Rate limits: the newest comment from one IP hash.
      db.schema.createIndex('comments_ip_created').ifNotExists().on('comments').columns(['ip_hash', 'created_at']).compile(),

      db.schema
        .createTable('counters')
        .ifNotExists()
        .addColumn('object_id', key(flavor), (c) => c.primaryKey())
        .addColumn('created_at', key(flavor), (c) => c.notNull())
        .addColumn('updated_at', key(flavor), (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('xid', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('time', 'integer', (c) => c.notNull().defaultTo(0))
        .compile(),
      db.schema.createIndex('counters_url').ifNotExists().on('counters').column('url').compile(),

      // One row per reader and page while its counting window lasts.
      db.schema
        .createTable('view_claims')
        .ifNotExists()
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('until', key(flavor), (c) => c.notNull())
        .compile(),
      db.schema.createIndex('view_claims_until').ifNotExists().on('view_claims').column('until').compile(),
    ],
  },
  {
    version: 2,
    name: 'rate limit hits',
    statements: (db, flavor) => [
      // One row per request counted by a rate limit (OAuth exchanges), kept while its window lasts.
      db.schema
        .createTable('rate_hits')
        .ifNotExists()
        .addColumn('key', key(flavor), (c) => c.notNull())
        .addColumn('at', key(flavor), (c) => c.notNull())
        .compile(),
      db.schema.createIndex('rate_hits_key_at').ifNotExists().on('rate_hits').columns(['key', 'at']).compile(),
      db.schema.createIndex('rate_hits_at').ifNotExists().on('rate_hits').column('at').compile(),
    ],
  },
  {
    version: 3,
    name: 'claims and duplicate keys',
    statements: (db, flavor) => [
      // One row per limited key while its window lasts: how many uses it has had (`n`) and when
      // the window ends. A claim is one upsert on the primary key, so concurrent claims (on one
      // instance or several) are decided by the database, never by a read before a write.
      db.schema
        .createTable('claims')
        .ifNotExists()
        .addColumn('key', key(flavor), (c) => c.primaryKey())
        .addColumn('until', key(flavor), (c) => c.notNull())
        .addColumn('n', 'integer', (c) => c.notNull())
        // Who took the last use (a comment's id), so the statements after the claim in the same
        // commit know whether it was theirs.
        .addColumn('holder', 'text')
        .compile(),
      db.schema.createIndex('claims_until').ifNotExists().on('claims').column('until').compile(),
      // A digest of the page, the name and the visible text, normalised (markup/duplicate-key.ts):
      // unique, so of two identical comments at once only one is inserted, and the duplicate check
      // is one index lookup however many comments the page has. Null for a row the store has not
      // keyed yet (an import; keyed right after it and at start) and for an old duplicate of a
      // keyed row. PostgreSQL may see the step twice from concurrent starts; SQLite has no
      // `if not exists` for a column, and one process migrates it.
      flavor === 'postgres'
        ? sql`alter table comments add column if not exists duplicate_key text`.compile(db)
        : db.schema.alterTable('comments').addColumn('duplicate_key', 'text').compile(),
      db.schema.createIndex('comments_duplicate_key').ifNotExists().unique().on('comments').column('duplicate_key').compile(),
    ],
  },
  {
    version: 4,
    name: 'notification outbox and unsubscribed addresses',
    statements: (db, flavor) => [
      // One row per message to send (one channel, one recipient), written in the commit that
      // stores or approves the comment causing it and sent after; its id is the message's event id.
      // `dedupe_key` (the event, the comment, the channel and the recipient) is unique, so one
      // event is queued once however often its cause runs (an approval sent twice).
      db.schema
        .createTable('outbox')
        .ifNotExists()
        .addColumn('id', key(flavor), (c) => c.primaryKey())
        .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', key(flavor), (c) => c.notNull())
        // pending, sent, failed (attempts used up) or dropped (the address unsubscribed).
        .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_at', key(flavor), (c) => c.notNull())
        // A sender holds the row until then; another instance takes it only after.
        .addColumn('locked_until', key(flavor))
        // A short code (an HTTP status, a socket or SMTP error code), never a message.
        .addColumn('last_error', 'text')
        .addColumn('sent_at', key(flavor))
        .compile(),
      db.schema.createIndex('outbox_state_next').ifNotExists().on('outbox').columns(['state', 'next_at']).compile(),
      // Addresses that asked for no more reply mail, as keyed hashes (never the address).
      db.schema
        .createTable('unsubscribed')
        .ifNotExists()
        .addColumn('key', key(flavor), (c) => c.primaryKey())
        .addColumn('at', key(flavor), (c) => c.notNull())
        .compile(),
    ],
  },
  {
    version: 5,
    name: 'one counter per page',
    statements: (db) => [
      // Two first readers at once could each create a page's counter (Valine finds, then
      // creates; LeanCloud's own data has such pairs too). The pairs merge into the oldest
      // row, which keeps every view, and a unique index makes the store refuse the second.
      sql`update counters set time = (select sum(d.time) from counters d where d.url = counters.url)
        where object_id = (select k.object_id from counters k where k.url = counters.url order by k.created_at, k.object_id limit 1)
          and url in (select url from counters group by url having count(*) > 1)`.compile(db),
      sql`delete from counters
        where object_id <> (select k.object_id from counters k where k.url = counters.url order by k.created_at, k.object_id limit 1)`.compile(db),
      db.schema.createIndex('counters_url_unique').ifNotExists().unique().on('counters').column('url').compile(),
      db.schema.dropIndex('counters_url').ifExists().compile(),
    ],
  },
]

/** The last schema version this version of gptnotes knows: the list's own, so an appended step moves it. */
export const latestMigration = (): number => Math.max(0, ...MIGRATIONS.map((m) => m.version))

/** How many steps of the list a database at `level` still needs. */
export const pendingMigrations = (level: number): number => MIGRATIONS.filter((m) => m.version > level).length

/** The bookkeeping table itself; created before anything else is read. */
export const createMigrationsTable = (db: Kysely<any>): CompiledQuery =>
  db.schema
    .createTable(MIGRATIONS_TABLE)
    .ifNotExists()
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .compile()
