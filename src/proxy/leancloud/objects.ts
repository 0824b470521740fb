/**
 * LeanCloud's JSON shapes for the two classes: what a reader receives (built field by field
 * from an allowlist, so `mail`, the IP hash, ACLs and the status can never leak, whatever the
 * query asked), and what a client may send to create a comment or a counter, or to count a view.
 */
import type { StoredComment, StoredCounter } from '../stores/store.js'
import { hex } from '../../shared/encoding/hex.js'
import { FIELD_LIMITS, isSitePath } from '../policy/fields.js'
import { LC, lcError } from './errors.js'
import { ALWAYS_RETURNED, type KeySelection } from './where.js'

/** LeanCloud's typed date. */
export interface LcDate {
  __type: 'Date'
  iso: string
}

export const lcDate = (iso: string): LcDate => ({ __type: 'Date', iso })

export interface PublicComment {
  objectId: string
  createdAt: string
  updatedAt: string
  insertedAt?: LcDate
  comment?: string
  nick?: string
  link?: string
  url?: string
  rid?: string
  pid?: string
  ua?: string
  /** The avatar key: a keyed hash of the e-mail's md5, or the md5 itself with `gravatar` (`policy/privacy.ts`); '' without e-mail. */
  mailMd5?: string
}

export interface PublicCounter {
  objectId: string
  createdAt: string
  updatedAt: string
  url?: string
  xid?: string
  title?: string
  time?: number
}

/** `keys` narrows an object that is already public: fields only ever go away. */
function select<T extends { objectId: string }>(full: T, keys: KeySelection | undefined): T {
  if (keys === undefined) return full
  const always = ALWAYS_RETURNED as readonly string[]
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(full)) {
    const wanted = always.includes(k) || ((keys.only === undefined || keys.only.includes(k)) && !keys.exclude.includes(k))
    if (wanted) out[k] = v
  }
  return out as T
}

/**
 * A stored comment as a reader sees it. `mailMd5` is the avatar key made for its stored hash
 * (`Services.avatarKey`), never the stored hash itself: without one, it is ''.
 */
export function publicComment(c: StoredComment, keys?: KeySelection, mailMd5 = ''): PublicComment {
  const full: PublicComment = {
    objectId: c.objectId,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    insertedAt: lcDate(c.insertedAt),
    comment: c.comment,
    nick: c.nick,
    link: c.link,
    url: c.url,
    // An unset field is absent in LeanCloud's answers; Valine tests `rt.get('rid')`.
    ...(c.rid === null ? {} : { rid: c.rid }),
    ...(c.pid === null ? {} : { pid: c.pid }),
    ua: c.ua,
    mailMd5: c.mailHash === '' ? '' : mailMd5,
  }
  return select(full, keys)
}

/** A stored counter as a reader sees it. */
export function publicCounter(c: StoredCounter, keys?: KeySelection): PublicCounter {
  return select({ objectId: c.objectId, createdAt: c.createdAt, updatedAt: c.updatedAt, url: c.url, xid: c.xid, title: c.title, time: c.time }, keys)
}

/** The answer to a create: 201 `{ objectId, createdAt }`. */
export const createdBody = (o: { objectId: string; createdAt: string }) => ({ objectId: o.objectId, createdAt: o.createdAt })

/** The answer to a counter update: the new `time` too, so the widget shows it without a fetch. */
export const counterUpdatedBody = (c: StoredCounter) => ({ objectId: c.objectId, updatedAt: c.updatedAt, time: c.time })

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function jsonObject(body: unknown): Record<string, unknown> {
  if (!isPlainObject(body)) throw lcError(LC.INVALID_JSON)
  return body
}

/**
 * What LeanCloud clients send on create and the server sets itself, so they are dropped, not
 * refused: the SDK adds `ACL`; Valine adds `insertedAt`, `ip` (with `recordIP`) and `QQAvatar`.
 */
const SERVER_SET = new Set(['ACL', 'insertedAt', 'ip', 'QQAvatar', 'objectId', 'createdAt', 'updatedAt', 'status', 'mailMd5'])

/**
 * The fields of `POST /1.1/classes/Comment` a client may set, for the comment write to check.
 * What LeanCloud clients send and the server sets itself is dropped here.
 */
export function decodeCommentFields(body: unknown): Record<string, unknown> {
  const obj = jsonObject(body)
  // No prototype: a `__proto__` key stays an ordinary (refused) field.
  const fields: Record<string, unknown> = Object.create(null)
  for (const [key, value] of Object.entries(obj)) {
    // A Date, Pointer or `__op` where a string belongs is refused by the field checks.
    if (!SERVER_SET.has(key)) fields[key] = value
  }
  return fields
}

/** LeanCloud's ids are 24 hex digits; the service makes the same kind. */
export const newObjectId = (): string => hex(crypto.getRandomValues(new Uint8Array(12)))

export interface CounterInput {
  url: string
  xid: string
  title: string
}

function counterText(obj: Record<string, unknown>, field: string, max: number): string {
  const v = obj[field]
  if (v === undefined || v === null) return ''
  if (typeof v !== 'string') throw lcError(LC.VALIDATION_ERROR, `${field} must be a string`)
  const s = v.trim()
  if (s.length > max) throw lcError(LC.VALIDATION_ERROR, `${field} must be at most ${max} characters`)
  if (/[\u0000-\u001f\u007f<>"`]/.test(s)) throw lcError(LC.VALIDATION_ERROR, `${field} may not contain control characters, <, >, " or \``)
  return s
}

/**
 * The body of `POST /1.1/classes/Counter` (Valine: `{url, xid, title, time: 1, ACL}`). The
 * count always starts at 1 whatever `time` says, and the ACL is the server's.
 */
export function decodeCounterCreate(body: unknown): CounterInput {
  const obj = jsonObject(body)
  for (const key of Object.keys(obj)) {
    if (!['url', 'xid', 'title', 'time', 'ACL'].includes(key)) throw lcError(LC.VALIDATION_ERROR, `${key} is not a field of a counter (accepted: url, xid, title)`)
  }
  const url = counterText(obj, 'url', FIELD_LIMITS.url)
  if (url === '' || !isSitePath(url)) throw lcError(LC.VALIDATION_ERROR, 'url must be a path on the site, starting with one /')
  return { url, xid: counterText(obj, 'xid', FIELD_LIMITS.url * 3), title: counterText(obj, 'title', FIELD_LIMITS.title) }
}

/**
 * The body of `PUT /1.1/classes/Counter/:id`. The SDK sends only the changed field, so the one
 * body accepted is `{"time":{"__op":"Increment","amount":1}}`; setting, deleting, other amounts
 * or other fields are a 119: a counter only ever goes up by one.
 */
export function decodeCounterUpdate(body: unknown): { increment: 1 } {
  const obj = jsonObject(body)
  const keys = Object.keys(obj)
  const forbidden = (why: string) => lcError(LC.OPERATION_FORBIDDEN, `a counter only goes up by one ({"time":{"__op":"Increment","amount":1}}): ${why}`)
  const other = keys.find((k) => k !== 'time')
  if (other !== undefined) throw forbidden(`${other} cannot be changed`)
  const op = obj.time
  if (!isPlainObject(op)) throw forbidden(op === undefined ? 'time is missing' : 'time cannot be set')
  if (op.__op !== 'Increment') throw forbidden(`${typeof op.__op === 'string' ? op.__op : 'that operation'} is not allowed`)
  if (op.amount !== 1 || Object.keys(op).some((k) => k !== '__op' && k !== 'amount')) throw forbidden('the amount must be 1')
  return { increment: 1 }
}
