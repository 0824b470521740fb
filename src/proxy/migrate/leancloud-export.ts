/**
 * LeanCloud's data export, read and written: JSON Lines, one object per line, as the console's
 * data export ("数据存储 > 导入导出") and the REST `scan` API give them. Reading turns each line
 * into a store record that keeps its id, dates and thread, and holds to the same rules as a
 * comment created through the API (`policy/comment-record.ts`: the same function, so sanitised
 * HTML, checked link and address, the same sizes, no NUL; and no raw IP), so an imported comment
 * is as safe to show as a new one. A record that breaks them is a bad line, reported, never
 * thrown: one stray line must not stop a migration. Web-standard (the IP hash uses Web Crypto).
 */
import { checkCommentRecord } from '../policy/comment-record.js'
import { FIELD_LIMITS, isObjectId, isSitePath } from '../policy/fields.js'
import { ipHash, mailHash } from '../policy/privacy.js'
import type { CommentStatus, StoredComment, StoredCounter } from '../stores/store.js'

export type LeanCloudClass = 'Comment' | 'Counter'

export const LEANCLOUD_CLASSES: readonly LeanCloudClass[] = ['Comment', 'Counter']

/** A line that could not be imported: 1-based line number and why, in words. */
export interface BadLine {
  line: number
  reason: string
}

export interface ParsedLines<T> {
  records: T[]
  bad: BadLine[]
}

export interface ParseOptions {
  /**
   * The service's secret (`GPTNOTES_SECRET`): with it, exported IPs are kept as the same salted
   * hash the service computes, so rate limits and moderation see them. Without it the IP is
   * dropped: a hash under a throw-away salt would match nothing.
   */
  secret?: string
}

/** The class a file holds by its name (`Comment.jsonl`, `Counter_2024.jsonl`), as LeanCloud names its export files. */
export function classFromFileName(name: string): LeanCloudClass | undefined {
  const base = name.split(/[\\/]/).pop() ?? ''
  return LEANCLOUD_CLASSES.find((c) => base.startsWith(c) && /\.jsonl?$/i.test(base))
}

class LineError extends Error {}

const bad = (reason: string): never => {
  throw new LineError(reason)
}

const show = (v: unknown): string => {
  const s = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v))
  return s.length > 60 ? `${s.slice(0, 57)}…` : s
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A LeanCloud date: an ISO string (`createdAt`) or `{__type: 'Date', iso}` (`insertedAt`), as UTC with milliseconds. */
function date(obj: Record<string, unknown>, field: string, fallback?: string): string {
  const raw = obj[field]
  if (raw === undefined || raw === null || raw === '') return fallback ?? bad(`${field} is missing`)
  const iso = typeof raw === 'string' ? raw : isPlainObject(raw) && raw.__type === 'Date' && typeof raw.iso === 'string' ? raw.iso : undefined
  if (iso === undefined) return bad(`${field} must be an ISO date or {"__type":"Date","iso":…}, got ${show(raw)}`)
  // A full date and time: a bare day or a locale string would be read in the local time zone.
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/.test(iso) ? Date.parse(iso) : NaN
  if (Number.isNaN(ms)) return bad(`${field} is not a date: ${show(iso)}`)
  return new Date(ms).toISOString()
}

function optionalText(obj: Record<string, unknown>, field: string): string {
  const v = obj[field]
  if (v === undefined || v === null) return ''
  if (typeof v !== 'string') return bad(`${field} must be a string, got ${show(v)}`)
  return v.trim()
}

function objectId(obj: Record<string, unknown>): string {
  const id = optionalText(obj, 'objectId')
  if (id === '') return bad('objectId is missing')
  if (!isObjectId(id)) return bad(`objectId is not an id: ${show(id)}`)
  return id
}

function pageUrl(obj: Record<string, unknown>): string {
  const url = optionalText(obj, 'url')
  if (url === '') return bad('url is missing')
  if (url.length > FIELD_LIMITS.url) return bad(`url is longer than ${FIELD_LIMITS.url} characters`)
  // The service answers only site paths; a full address would be stored but never shown.
  if (!isSitePath(url)) return bad(`url must be a path on the site starting with one / (edit the file and import again), got ${show(url)}`)
  return url
}

function threadId(obj: Record<string, unknown>, field: 'rid' | 'pid'): string | null {
  const v = optionalText(obj, field)
  if (v === '') return null
  if (!isObjectId(v)) return bad(`${field} is not a comment id: ${show(v)}`)
  return v
}

/**
 * A counter's one-line fields (the page's id and title): markup and control characters (NUL
 * among them) removed and cut to the service's limits, where a new counter with them is refused
 * (`leancloud/objects.ts`): a page's views are not lost over a character in its title, which no
 * client shows.
 */
function oneLine(value: string, max: number): string {
  const clean = value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029<>"`]/g, '').trim()
  return Array.from(clean).slice(0, max).join('').trim()
}

const STATUSES: readonly CommentStatus[] = ['approved', 'waiting', 'spam']

async function commentFrom(obj: Record<string, unknown>, options: ParseOptions): Promise<StoredComment> {
  const id = objectId(obj)
  const createdAt = date(obj, 'createdAt')
  const updatedAt = date(obj, 'updatedAt', createdAt)
  const insertedAt = date(obj, 'insertedAt', createdAt)
  // The page and the thread first, in words that show the value found.
  const url = pageUrl(obj)
  const rid = threadId(obj, 'rid')
  const pid = threadId(obj, 'pid')
  const source = obj.comment
  if (typeof source !== 'string') return bad(source === undefined || source === null ? 'comment is missing' : `comment must be a string, got ${show(source)}`)

  // Then the content, held to the API's own rules (one function for both): a record a reader
  // could not post is refused whole and named, never stored nor silently changed. Valine before
  // 1.3 wrote only `pid`: it stands for the thread's root here, found once all lines are read.
  const checked = checkCommentRecord({ comment: source, nick: obj.nick, mail: obj.mail, link: obj.link, url, rid: rid ?? pid, pid, ua: obj.ua })
  if (!checked.ok) return bad(checked.refusal.refused === 'blank' ? 'comment is empty once sanitised (no text or image left)' : checked.reason)
  const input = checked.value

  const ip = optionalText(obj, 'ip')
  // Our own export carries the hash and the status; LeanCloud's has neither (Valine had no
  // moderation: what is in LeanCloud was shown, so it is approved).
  const keptHash = typeof obj.ipHash === 'string' && /^[0-9a-f]{64}$/.test(obj.ipHash) ? obj.ipHash : ''
  const status = STATUSES.find((s) => s === obj.status) ?? 'approved'

  return {
    objectId: id,
    createdAt,
    updatedAt,
    insertedAt,
    url,
    rid,
    pid: input.pid,
    nick: input.nick,
    mail: input.mail,
    mailHash: mailHash(input.mail),
    link: input.link,
    comment: input.comment,
    ua: input.ua,
    ipHash: keptHash || (ip !== '' && options.secret ? await ipHash(ip, options.secret) : ''),
    status,
  }
}

function counterFrom(obj: Record<string, unknown>): StoredCounter {
  const id = objectId(obj)
  const createdAt = date(obj, 'createdAt')
  const updatedAt = date(obj, 'updatedAt', createdAt)
  const url = pageUrl(obj)
  const rawTime = obj.time ?? 0
  const time = typeof rawTime === 'string' && /^\d{1,15}$/.test(rawTime) ? Number(rawTime) : rawTime
  if (typeof time !== 'number' || !Number.isSafeInteger(time) || time < 0) return bad(`time must be a whole number of views, got ${show(rawTime)}`)
  return {
    objectId: id,
    createdAt,
    updatedAt,
    url,
    xid: oneLine(optionalText(obj, 'xid'), FIELD_LIMITS.url * 3),
    title: oneLine(optionalText(obj, 'title'), FIELD_LIMITS.title),
    time,
  }
}

/**
 * The objects of a file, each with its line: one object per line, or a line holding a page of
 * the REST `scan` API (`{"results": […], "cursor": …}`) as saved by a script.
 */
function* objects(text: string): Generator<{ line: number; value?: unknown; error?: string }> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].trim()
    if (line === '') continue
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch (err) {
      yield { line: i + 1, error: `not JSON (${(err as Error).message})` }
      continue
    }
    if (isPlainObject(value) && Array.isArray(value.results) && value.objectId === undefined) {
      for (const item of value.results) yield { line: i + 1, value: item }
    } else yield { line: i + 1, value }
  }
}

function reasonOf(err: unknown): string {
  if (err instanceof LineError) return err.message
  throw err
}

/** The root of each reply written with only `pid`: up the chain of parents, within the file. */
function completeThreads(comments: StoredComment[]): void {
  const byId = new Map(comments.map((c) => [c.objectId, c]))
  for (const c of comments) {
    if (c.rid !== null || c.pid === null) continue
    let root = c.pid
    const seen = new Set([c.objectId])
    for (let parent = byId.get(root); parent !== undefined && parent.pid !== null && !seen.has(parent.objectId); parent = byId.get(root)) {
      seen.add(parent.objectId)
      root = parent.rid ?? parent.pid
    }
    c.rid = root
  }
}

/** A `Comment` export, as store records; lines that cannot be imported are in `bad`. */
export async function parseCommentLines(text: string, options: ParseOptions = {}): Promise<ParsedLines<StoredComment>> {
  const records: StoredComment[] = []
  const badLines: BadLine[] = []
  for (const { line, value, error } of objects(text)) {
    if (error !== undefined) badLines.push({ line, reason: error })
    else if (!isPlainObject(value)) badLines.push({ line, reason: `not an object: ${show(value)}` })
    else {
      try {
        records.push(await commentFrom(value, options))
      } catch (err) {
        badLines.push({ line, reason: reasonOf(err) })
      }
    }
  }
  completeThreads(records)
  return { records, bad: badLines }
}

/** A `Counter` export (Valine's page views), as store records. */
export function parseCounterLines(text: string): ParsedLines<StoredCounter> {
  const records: StoredCounter[] = []
  const badLines: BadLine[] = []
  for (const { line, value, error } of objects(text)) {
    if (error !== undefined) badLines.push({ line, reason: error })
    else if (!isPlainObject(value)) badLines.push({ line, reason: `not an object: ${show(value)}` })
    else {
      try {
        records.push(counterFrom(value))
      } catch (err) {
        badLines.push({ line, reason: reasonOf(err) })
      }
    }
  }
  return { records, bad: badLines }
}

/**
 * Comments as LeanCloud JSON Lines, in the shape Valine stored them (`insertedAt` typed, no
 * `rid`/`pid` on roots), plus two fields of ours that LeanCloud tools ignore: `status` and the
 * IP hash, so an export imports back into this service unchanged. The raw IP is never known.
 */
export function commentsToLines(comments: readonly StoredComment[]): string {
  return comments
    .map((c) =>
      JSON.stringify({
        objectId: c.objectId,
        createdAt: c.createdAt,
        updatedAt: c.updatedAt,
        insertedAt: { __type: 'Date', iso: c.insertedAt },
        url: c.url,
        ...(c.rid === null ? {} : { rid: c.rid }),
        ...(c.pid === null ? {} : { pid: c.pid }),
        nick: c.nick,
        mail: c.mail,
        link: c.link,
        comment: c.comment,
        ua: c.ua,
        status: c.status,
        ...(c.ipHash === '' ? {} : { ipHash: c.ipHash }),
      }) + '\n',
    )
    .join('')
}

/** Counters as LeanCloud JSON Lines. */
export function countersToLines(counters: readonly StoredCounter[]): string {
  return counters
    .map((c) => JSON.stringify({ objectId: c.objectId, createdAt: c.createdAt, updatedAt: c.updatedAt, url: c.url, xid: c.xid, title: c.title, time: c.time }) + '\n')
    .join('')
}
