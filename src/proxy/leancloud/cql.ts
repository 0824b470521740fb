/**
 * The one CQL statement Valine 1.5 sends (`GET /1.1/cloudQuery?cql=…`) to load the replies of
 * the roots on screen:
 *
 *   select * from Comment where rid in ("id1","id2") order by -createdAt,-createdAt
 *
 * Matched by one fixed pattern, never interpreted as a language: anything else is a 102.
 */
import type { Condition, Order } from '../stores/store.js'
import { isObjectId } from '../policy/fields.js'
import { LC, lcError } from './errors.js'
import { QUERY_LIMITS, parseOrder } from './where.js'

export interface CqlQuery {
  className: 'Comment'
  where: Condition
  order: Order[]
}

const MAX_CQL = 16 * 1024

// Keywords in any case, any whitespace; the class is an identifier, the ids a quoted list.
const CQL_RE = /^\s*select\s+\*\s+from\s+([A-Za-z_][A-Za-z0-9_]*)\s+where\s+rid\s+in\s*\(([^()]*)\)\s*(?:order\s+by\s+([-\w\s,]+?))?\s*;?\s*$/i
const ITEM_RE = /^\s*(?:"([^"\\]*)"|'([^'\\]*)')\s*$/

const bad = (message: string) => lcError(LC.INVALID_QUERY, message)

/** `cql` (and `pvalues`, which the supported form never has) as a reply query. */
export function parseCql(cql: unknown, pvalues?: unknown): CqlQuery {
  if (typeof cql !== 'string' || cql.trim() === '') throw bad('cql is required')
  if (cql.length > MAX_CQL) throw bad(`cql is longer than ${MAX_CQL} characters`)
  if (pvalues !== undefined && pvalues !== '' && pvalues !== null) throw bad('cql placeholders (pvalues) are not supported')
  const m = CQL_RE.exec(cql)
  if (!m) throw bad('only "select * from Comment where rid in (…) order by …" is supported')
  const [, className, list, orderBy] = m
  // Class names are case-sensitive in LeanCloud; another class is simply not there.
  if (className !== 'Comment') throw lcError(LC.OBJECT_NOT_FOUND, `Class or object doesn't exists: ${className}`)

  const values = list.trim() === '' ? [] : list.split(',').map((item) => {
    const q = ITEM_RE.exec(item)
    const id = q ? (q[1] ?? q[2]) : undefined
    if (id === undefined || !isObjectId(id)) throw bad(`rid in (…) takes quoted objectIds, got ${JSON.stringify(item.trim().slice(0, 40))}`)
    return id
  })
  if (values.length > QUERY_LIMITS.inValues) throw bad(`rid in (…) takes at most ${QUERY_LIMITS.inValues} values, got ${values.length}`)

  const order = orderBy === undefined ? [] : parseOrder(orderBy.replace(/\s+/g, ''))
  return { className: 'Comment', where: { field: 'rid', op: 'in', values }, order }
}
