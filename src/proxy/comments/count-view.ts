/**
 * Counting a page view, the other write a reader makes (Valine's `Counter`), as its checks in
 * order. The count cannot be forged: a client never sets a number, only asks for one view; a
 * reader (the IP hash) counts once per page per `counterWindowSeconds`, a repeat answering the
 * current value; a page no one has counted yet takes one of the client's new-counter claims,
 * and its creator's view is the one counted. Refusals are data (`{ refused, … }`);
 * `leancloud/refusals.ts` words them and the route maps them to HTTP.
 */
import type { Limits } from '../policy/limits.js'
import { ipHash } from '../policy/privacy.js'
import type { CommentStore, StoredCounter } from '../stores/store.js'

export interface CountViewDeps {
  store: Pick<CommentStore, 'findCounters' | 'getCounter' | 'insertCounter' | 'incrementCounter'>
  limits: Pick<Limits, 'view' | 'counter'>
  /** Salt of the IP hash. */
  salt: string
  now: Date
  newId: () => string
}

export type CounterRefusal =
  /** The client made `NEW_COUNTERS_PER_HOUR` new counters within the hour. */
  | { refused: 'new-counters'; retryAfterSeconds: number }
  /** No counter has this id. */
  | { refused: 'not-found' }

export interface CountedView {
  /** The counter after the view (unchanged when the view was a repeat). */
  counter: StoredCounter
  /** True when this request made the counter. */
  created: boolean
}

/** The page a first view names (decoded by the protocol layer; `time` is never the client's). */
export interface CounterPage {
  url: string
  xid: string
  title: string
}

/** A view of a counted page (`PUT /1.1/classes/Counter/:id` with Valine's one increment). */
export async function countView(deps: CountViewDeps, request: { id: string; ip: string }): Promise<CountedView | CounterRefusal> {
  const counter = await deps.store.getCounter(request.id)
  if (!counter) return { refused: 'not-found' }
  const after = await viewOf(deps, counter, await ipHash(request.ip, deps.salt))
  return after ? { counter: after, created: false } : { refused: 'not-found' }
}

/**
 * The first view of a page by a reader whose widget found no counter (`POST /1.1/classes/Counter`):
 * Valine finds, then creates, so a counter made in between (another reader's) is the one viewed.
 */
export async function openCounter(deps: CountViewDeps, request: { page: CounterPage; ip: string }): Promise<CountedView | CounterRefusal> {
  const client = await ipHash(request.ip, deps.salt)
  const find = async () => (await deps.store.findCounters({ field: 'url', op: 'eq', value: request.page.url }, 1))[0]
  const existing = await find()
  if (existing) return { counter: (await viewOf(deps, existing, client)) ?? existing, created: false }

  // A page no one has counted yet: new counters are limited per client (`policy/limits.ts`).
  const allowed = await deps.limits.counter(client, deps.now)
  if (!allowed.granted) return { refused: 'new-counters', retryAfterSeconds: allowed.retryAfterSeconds }

  const iso = deps.now.toISOString()
  const record: StoredCounter = { objectId: deps.newId(), createdAt: iso, updatedAt: iso, url: request.page.url, xid: request.page.xid, title: request.page.title, time: 1 }
  // The store keeps one counter per page: of two first readers at once, one inserts.
  if (!(await deps.store.insertCounter(record))) {
    const other = await find()
    if (other) return { counter: (await viewOf(deps, other, client)) ?? other, created: false }
  }
  // The creator's view is the one counted (`time` starts at 1): its window starts now.
  await deps.limits.view(client, record.url, deps.now)
  return { counter: record, created: true }
}

/** One view of `counter` by `client`: counted once per window; undefined when the counter went meanwhile. */
async function viewOf(deps: CountViewDeps, counter: StoredCounter, client: string): Promise<StoredCounter | undefined> {
  if (!(await deps.limits.view(client, counter.url, deps.now))) return counter
  return deps.store.incrementCounter(counter.objectId, deps.now.toISOString())
}
