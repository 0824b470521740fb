/**
 * `gptnotes comments export --sql FILE`: a store's comments and counters as SQL that
 * `wrangler d1 execute DB --file FILE` runs on a database migrated by the generated D1
 * migrations (`stores/d1-migrations.ts`). Within D1's limits (developers.cloudflare.com/d1/
 * platform/limits): a statement is at most 100,000 bytes, so rows go in batches of inserts well
 * under that, and a value too long for one statement is inserted in part and completed by
 * appends; no bound parameters (values are literals); no `BEGIN`/`COMMIT`, which `d1 execute`
 * refuses ("cannot start a transaction within a transaction"). Each insert skips ids already there, and each
 * append applies only to the part it follows, so running the file twice adds nothing.
 * Web-standard: the caller writes the text.
 */
import { sqlLiteral } from '../stores/d1-migrations.js'
import type { StoredComment, StoredCounter } from '../stores/store.js'

/** D1's longest statement, in bytes. */
export const D1_MAX_STATEMENT_BYTES = 100_000
/** Rows are grouped into inserts of about this many bytes: far from the limit, few statements. */
const BATCH_BYTES = 50_000
/** A value longer than this (as a literal) in a row too long for one statement is sent in parts. */
const PART_BYTES = 6_000

/** Every field of the records, in the column order of the tables (a new field fails to compile until it is listed). */
const COMMENT_FIELDS = Object.keys({
  objectId: 1, createdAt: 1, updatedAt: 1, insertedAt: 1, url: 1, rid: 1, pid: 1, nick: 1, mail: 1, mailHash: 1, link: 1, comment: 1, ua: 1, ipHash: 1, status: 1,
} satisfies Record<keyof StoredComment, 1>) as (keyof StoredComment)[]
const COUNTER_FIELDS = Object.keys({ objectId: 1, createdAt: 1, updatedAt: 1, url: 1, xid: 1, title: 1, time: 1 } satisfies Record<keyof StoredCounter, 1>) as (keyof StoredCounter)[]

const column = (field: string): string => `"${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}"`
const bytes = (s: string): number => new TextEncoder().encode(s).length

interface Table {
  name: 'comments' | 'counters'
  fields: string[]
}

/** A string cut into pieces whose literals are at most `max` bytes, never inside a character. */
function parts(value: string, max: number): string[] {
  const out: string[] = []
  let current = ''
  let size = 2
  for (const ch of value) {
    const n = ch === "'" ? 2 : bytes(ch)
    if (size + n > max && current !== '') {
      out.push(current)
      current = ''
      size = 2
    }
    current += ch
    size += n
  }
  out.push(current)
  return out
}

/** A row whose one-row insert is over the limit: the insert with the long values' first parts, then appends. */
function longRow(table: Table, row: Record<string, unknown>, head: string): string[] {
  const values: string[] = []
  const appends: string[] = []
  const id = sqlLiteral(row.objectId)
  for (const field of table.fields) {
    const value = row[field]
    if (typeof value !== 'string' || bytes(sqlLiteral(value)) <= PART_BYTES) {
      values.push(sqlLiteral(value))
      continue
    }
    const [first, ...rest] = parts(value, PART_BYTES)
    values.push(sqlLiteral(first))
    // Each append checks the length so far (SQLite counts characters), so it applies once.
    let length = [...first!].length
    for (const part of rest) {
      appends.push(`update "${table.name}" set ${column(field)} = ${column(field)} || ${sqlLiteral(part)} where "object_id" = ${id} and length(${column(field)}) = ${length};`)
      length += [...part].length
    }
  }
  return [`${head}(${values.join(', ')}) on conflict ("object_id") do nothing;`, ...appends]
}

function inserts(table: Table, rows: Record<string, unknown>[]): string[] {
  const head = `insert into "${table.name}" (${table.fields.map(column).join(', ')}) values `
  const tail = ' on conflict ("object_id") do nothing;'
  const out: string[] = []
  let batch: string[] = []
  let size = 0
  const flush = () => {
    if (batch.length > 0) out.push(`${head}${batch.join(',\n')}${tail}`)
    batch = []
    size = 0
  }
  for (const row of rows) {
    const tuple = `(${table.fields.map((f) => sqlLiteral(row[f])).join(', ')})`
    const n = bytes(tuple) + 2
    if (bytes(head) + n + bytes(tail) > D1_MAX_STATEMENT_BYTES) {
      flush()
      out.push(...longRow(table, row, head))
      continue
    }
    if (size + n + bytes(head) + bytes(tail) > BATCH_BYTES) flush()
    batch.push(tuple)
    size += n
  }
  flush()
  return out
}

export interface SqlExport {
  text: string
  comments: number
  counters: number
  statements: number
}

/** The records as one SQL file for `wrangler d1 execute DB --file`. */
export function exportSql({ comments, counters }: { comments: StoredComment[]; counters: StoredCounter[] }): SqlExport {
  const statements = [
    ...inserts({ name: 'comments', fields: COMMENT_FIELDS }, comments as unknown as Record<string, unknown>[]),
    ...inserts({ name: 'counters', fields: COUNTER_FIELDS }, counters as unknown as Record<string, unknown>[]),
    // Planner statistics for the new rows, as the stores refresh them after an import.
    'pragma optimize=0x10002;',
  ]
  const header = [
    `-- gptnotes comments: ${comments.length} comments, ${counters.length} counters.`,
    '-- Run on a database migrated by the starter of `gptnotes proxy init --edge`:',
    '--   wrangler d1 execute DB --remote --file THIS_FILE',
    '-- Rows already there (by id) are skipped; running it twice adds nothing.',
  ]
  return { text: `${[...header, ...statements].join('\n')}\n`, comments: comments.length, counters: counters.length, statements: statements.length }
}
