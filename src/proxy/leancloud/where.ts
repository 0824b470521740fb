/**
 * The query parameters of `GET /1.1/classes/:class` (and of `/1.1/batch` GET sub-requests),
 * parsed against an allowlist into the store's `Condition` AST. LeanCloud let any client query
 * anything (`$regex`, `$select` into other classes, hidden fields); here only the fields and
 * operators Valine and the widget use pass, everything else is a 102 that says what is wrong.
 */
import type { Condition, Order, QueryField } from '../stores/store.js'
import { LC, lcError } from './errors.js'

export type ClassName = 'Comment' | 'Counter'

/** Fields a `where` may name, per class. */
export const QUERY_FIELDS: Record<ClassName, readonly QueryField[]> = {
  Comment: ['url', 'rid', 'pid', 'objectId', 'createdAt', 'insertedAt'],
  Counter: ['url', 'objectId'],
}

/** Fields a reader may receive, per class (`keys` selects among these, never beyond). */
export const PUBLIC_FIELDS = {
  Comment: ['objectId', 'createdAt', 'updatedAt', 'insertedAt', 'comment', 'nick', 'link', 'url', 'rid', 'pid', 'ua', 'mailMd5'],
  Counter: ['objectId', 'createdAt', 'updatedAt', 'url', 'xid', 'title', 'time'],
} as const

export type PublicCommentField = (typeof PUBLIC_FIELDS.Comment)[number]
export type PublicCounterField = (typeof PUBLIC_FIELDS.Counter)[number]

/** LeanCloud always returns these, whatever `keys` says. */
export const ALWAYS_RETURNED = ['objectId', 'createdAt', 'updatedAt'] as const

export const QUERY_LIMITS = Object.freeze({
  /** Values in one `$in`. */
  inValues: 100,
  /** Nesting of `$or`/`$and`. */
  depth: 4,
  /** Branches of one `$or`/`$and`, and constraints in one object. */
  width: 20,
  /** Leaf conditions in a whole `where`. */
  conditions: 200,
  /** Characters of one string value (an url is at most 512). */
  valueLength: 1024,
  /** Characters of the `where` JSON. */
  whereLength: 64 * 1024,
  /** Rows per page: LeanCloud allows 1000, this service 100. */
  limit: 100,
  skip: 5000,
  orderKeys: 3,
})

const DATE_FIELDS: readonly QueryField[] = ['createdAt', 'insertedAt']
const ORDER_FIELDS: readonly Order['field'][] = ['createdAt', 'insertedAt', 'updatedAt']
const RANGE_OPS = { $lt: 'lt', $lte: 'lte', $gt: 'gt', $gte: 'gte' } as const

const bad = (message: string) => lcError(LC.INVALID_QUERY, message)

const show = (v: unknown): string => {
  const s = JSON.stringify(v) ?? String(v)
  return s.length > 60 ? `${s.slice(0, 57)}...` : s
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

const ISO_RE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/

/** An ISO 8601 date as the store writes it (UTC, milliseconds), or undefined. */
export function normalizeDate(s: string): string | undefined {
  if (!ISO_RE.test(s)) return undefined
  const t = Date.parse(s)
  return Number.isNaN(t) ? undefined : new Date(t).toISOString()
}

/** A date value: LeanCloud's `{"__type":"Date","iso":…}` or a plain ISO string. */
function dateValue(field: string, v: unknown): string {
  const iso = isPlainObject(v) && v.__type === 'Date' && typeof v.iso === 'string' && Object.keys(v).length === 2 ? v.iso : typeof v === 'string' ? v : undefined
  const d = iso === undefined ? undefined : normalizeDate(iso)
  if (d === undefined) throw bad(`${field} must be compared with a date ({"__type":"Date","iso":"…"} or an ISO string), got ${show(v)}`)
  return d
}

/**
 * Control characters: no url, id or date holds one, and PostgreSQL's text cannot hold U+0000 at
 * all (the driver fails the query). Refused here, before any store, so every store answers alike.
 */
const CONTROL_RE = /[\u0000-\u001f\u007f]/

function stringValue(field: string, v: unknown, op: string): string {
  if (typeof v !== 'string') throw bad(`${field} ${op} takes a string, got ${show(v)}`)
  if (v.length > QUERY_LIMITS.valueLength) throw bad(`${field} ${op}: a value longer than ${QUERY_LIMITS.valueLength} characters`)
  if (CONTROL_RE.test(v)) throw bad(`${field} ${op}: a value with a control character`)
  return v
}

/**
 * An object id from a path (`/classes/Comment/:id`, the admin routes) or a query parameter that
 * names a page (`url`): as a `where` value, no control character and not over-long. A
 * well-formed id that names nothing is not refused here (a read answers `{}`, as LeanCloud).
 */
export function pathValue(name: string, v: string): string {
  if (v.length > QUERY_LIMITS.valueLength) throw bad(`${name} is longer than ${QUERY_LIMITS.valueLength} characters`)
  if (CONTROL_RE.test(v)) throw bad(`${name} has a control character`)
  return v
}

const valueOf = (field: QueryField, v: unknown, op: string): string => (DATE_FIELDS.includes(field) ? dateValue(field, v) : stringValue(field, v, op))

interface Budget {
  conditions: number
}

function leaf(budget: Budget, cond: Condition): Condition {
  budget.conditions += 1
  if (budget.conditions > QUERY_LIMITS.conditions) throw bad(`where has more than ${QUERY_LIMITS.conditions} conditions`)
  return cond
}

function fieldConditions(className: ClassName, name: string, value: unknown, budget: Budget): Condition[] {
  if (!(QUERY_FIELDS[className] as readonly string[]).includes(name)) {
    throw bad(`${className} cannot be queried by ${show(name)} (allowed: ${QUERY_FIELDS[className].join(', ')})`)
  }
  const field = name as QueryField
  // `{"rid": null}`: LeanCloud matches an unset field.
  if (value === null) return [leaf(budget, { field, op: 'exists', value: false })]
  if (typeof value === 'string' || (isPlainObject(value) && value.__type === 'Date')) {
    return [leaf(budget, { field, op: 'eq', value: valueOf(field, value, 'equality') })]
  }
  if (!isPlainObject(value)) throw bad(`${field} must be compared with a string or an operator object, got ${show(value)}`)
  const ops = Object.entries(value)
  if (ops.length === 0) throw bad(`${field}: an empty operator object`)
  if (ops.length > QUERY_LIMITS.width) throw bad(`${field}: more than ${QUERY_LIMITS.width} operators`)
  return ops.map(([op, arg]): Condition => {
    switch (op) {
      case '$in': {
        if (!Array.isArray(arg)) throw bad(`${field} $in takes an array, got ${show(arg)}`)
        if (arg.length > QUERY_LIMITS.inValues) throw bad(`${field} $in takes at most ${QUERY_LIMITS.inValues} values, got ${arg.length}`)
        return leaf(budget, { field, op: 'in', values: arg.map((v) => valueOf(field, v, '$in')) })
      }
      case '$exists':
        if (typeof arg !== 'boolean') throw bad(`${field} $exists takes true or false, got ${show(arg)}`)
        return leaf(budget, { field, op: 'exists', value: arg })
      case '$ne':
        // Not equal to null: the field is set.
        if (arg === null) return leaf(budget, { field, op: 'exists', value: true })
        return leaf(budget, { field, op: 'ne', value: valueOf(field, arg, '$ne') })
      case '$lt':
      case '$lte':
      case '$gt':
      case '$gte': {
        if (field !== 'createdAt' && field !== 'insertedAt') throw bad(`${op} applies to createdAt and insertedAt only, not ${field}`)
        return leaf(budget, { field, op: RANGE_OPS[op], value: dateValue(field, arg) })
      }
      default:
        throw bad(`operator ${show(op)} is not supported (allowed: $in, $exists, $ne, $lt, $lte, $gt, $gte, $or, $and)`)
    }
  })
}

function objectCondition(className: ClassName, obj: unknown, depth: number, budget: Budget): Condition {
  if (!isPlainObject(obj)) throw bad(`where must be a JSON object, got ${show(obj)}`)
  if (depth > QUERY_LIMITS.depth) throw bad(`where nests $or/$and deeper than ${QUERY_LIMITS.depth}`)
  const entries = Object.entries(obj)
  if (entries.length > QUERY_LIMITS.width) throw bad(`where has more than ${QUERY_LIMITS.width} constraints in one object`)
  const parts: Condition[] = []
  for (const [key, value] of entries) {
    if (key === '$or' || key === '$and') {
      if (!Array.isArray(value) || value.length === 0) throw bad(`${key} takes a non-empty array of conditions, got ${show(value)}`)
      if (value.length > QUERY_LIMITS.width) throw bad(`${key} takes at most ${QUERY_LIMITS.width} conditions, got ${value.length}`)
      const branches = value.map((b) => objectCondition(className, b, depth + 1, budget))
      parts.push(key === '$or' ? { or: branches } : { and: branches })
    } else if (key.startsWith('$')) {
      throw bad(`operator ${show(key)} is not supported at this place (allowed: $or, $and)`)
    } else {
      parts.push(...fieldConditions(className, key, value, budget))
    }
  }
  return parts.length === 1 ? parts[0] : { and: parts }
}

/**
 * `where` (a JSON string, or the object a batch sub-request carries) as a `Condition`. Absent or
 * `{}` matches everything (`{ and: [] }`).
 */
export function parseWhere(className: ClassName, raw: unknown): Condition {
  if (raw === undefined || raw === null || raw === '') return { and: [] }
  let value: unknown = raw
  if (typeof raw === 'string') {
    if (raw.length > QUERY_LIMITS.whereLength) throw bad(`where is longer than ${QUERY_LIMITS.whereLength} characters`)
    try {
      value = JSON.parse(raw)
    } catch {
      throw lcError(LC.INVALID_JSON, 'where is not valid JSON')
    }
  }
  return objectCondition(className, value, 0, { conditions: 0 })
}

/** A query parameter as a string: batch sub-requests carry numbers and booleans as such. */
function param(raw: unknown, name: string): string | undefined {
  if (raw === undefined || raw === null) return undefined
  if (typeof raw === 'string') return raw.trim()
  if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw)
  throw bad(`${name} must be a string, got ${show(raw)}`)
}

/** `order=-createdAt,insertedAt`: `-` is descending; only the date fields; a repeated field counts once. */
export function parseOrder(raw: unknown): Order[] {
  const s = param(raw, 'order')
  if (s === undefined || s === '') return []
  const keys = s.split(',').map((k) => k.trim())
  if (keys.length > QUERY_LIMITS.orderKeys * 2) throw bad(`order has more than ${QUERY_LIMITS.orderKeys} keys`)
  const order: Order[] = []
  for (const key of keys) {
    const desc = key.startsWith('-')
    const field = desc ? key.slice(1) : key
    if (!(ORDER_FIELDS as readonly string[]).includes(field)) throw bad(`cannot order by ${show(key)} (allowed: ${ORDER_FIELDS.join(', ')}, with - for descending)`)
    // `-createdAt,-createdAt` is what Valine sends; the second key adds nothing.
    if (!order.some((o) => o.field === field)) order.push({ field: field as Order['field'], desc })
  }
  if (order.length > QUERY_LIMITS.orderKeys) throw bad(`order has more than ${QUERY_LIMITS.orderKeys} keys`)
  return order
}

const WHOLE_RE = /^-?\d{1,12}$/

/** `count=1`: also answer the number of matches. */
export function parseCount(raw: unknown): boolean {
  const s = param(raw, 'count')
  if (s === undefined || s === '' || s === '0' || s === 'false') return false
  if (s === '1' || s === 'true') return true
  throw bad(`count must be 1 or 0, got ${show(raw)}`)
}

/**
 * `limit`: LeanCloud's rule (absent: 100; outside 1–1000: 100), then at most 100 here. `limit=0`
 * stays 0 with `count=1`: the SDK's `count()` asks for the number only.
 */
export function parseLimit(raw: unknown, count = false): number {
  const s = param(raw, 'limit')
  if (s === undefined || s === '') return QUERY_LIMITS.limit
  if (!WHOLE_RE.test(s)) throw bad(`limit must be a whole number, got ${show(raw)}`)
  const n = Number(s)
  if (n === 0 && count) return 0
  if (n < 1 || n > 1000) return QUERY_LIMITS.limit
  return Math.min(n, QUERY_LIMITS.limit)
}

/** `skip`: 0 to 5,000 (deep offsets cost the database; the widget pages by 10). */
export function parseSkip(raw: unknown): number {
  const s = param(raw, 'skip')
  if (s === undefined || s === '') return 0
  if (!WHOLE_RE.test(s)) throw bad(`skip must be a whole number, got ${show(raw)}`)
  const n = Number(s)
  if (n < 0) throw bad(`skip must not be negative, got ${n}`)
  if (n > QUERY_LIMITS.skip) throw bad(`skip must be at most ${QUERY_LIMITS.skip}, got ${n}`)
  return n
}

/**
 * `keys=nick,comment` or `keys=-ua`: which public fields to return. Named fields narrow the
 * answer; a field that is not public (mail, ip, ACL…) is ignored, so `keys` can never widen it.
 */
export interface KeySelection {
  /** Only these (plus objectId, createdAt, updatedAt); undefined: every public field. */
  only?: readonly string[]
  /** Never these (except the three that are always returned). */
  exclude: readonly string[]
}

export function parseKeys(className: ClassName, raw: unknown): KeySelection | undefined {
  const s = param(raw, 'keys')
  if (s === undefined || s === '') return undefined
  const names = s.split(',').map((k) => k.trim()).filter((k) => k !== '')
  if (names.length > 50) throw bad('keys names more than 50 fields')
  const isPublic = (f: string) => (PUBLIC_FIELDS[className] as readonly string[]).includes(f)
  const include = names.filter((k) => !k.startsWith('-'))
  const exclude = names.filter((k) => k.startsWith('-')).map((k) => k.slice(1)).filter(isPublic)
  return include.length > 0 ? { only: include.filter(isPublic), exclude } : { exclude }
}

export interface ParsedQuery {
  where: Condition
  order: Order[]
  limit: number
  skip: number
  count: boolean
  keys: KeySelection | undefined
}

/**
 * A class query's parameters (`c.req.query()`, or a batch sub-request's `params`). Others
 * (`include`: there are no pointers; `returnACL`: ACLs are never returned) are ignored, as
 * harmless: nothing outside the public fields is ever read.
 */
export function parseQuery(className: ClassName, params: Record<string, unknown>): ParsedQuery {
  const count = parseCount(params.count)
  return {
    where: parseWhere(className, params.where),
    order: parseOrder(params.order),
    limit: parseLimit(params.limit, count),
    skip: parseSkip(params.skip),
    count,
    keys: parseKeys(className, params.keys),
  }
}
