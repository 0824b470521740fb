/**
 * Every limit the service holds a client to, in one place: what each counts, its key in the
 * store, its window and how many it allows. Routes and the comment write ask `limitsOn(store,
 * settings)` and get an answer; none of them decides a limit itself.
 *
 * Each limit has the shape of one claim (key, window, most allowed): the claim is granted, or
 * refused with the seconds to wait. The comment rate and new counters are claims in the store,
 * one atomic upsert on the claim's key (see `sql-store.ts`; the comment's taken in the commit
 * that inserts it, `store.insertClaimedComment`), so of requests sent together, on one instance
 * or several sharing the store, exactly as many pass as the limit allows; the page view by `store.claimView`, a single atomic statement too; the login by
 * `store.hitRate` (insert, then count: a burst may see a count above the most and be refused
 * beyond it, never let through beyond it).
 */
import type { ProxyOptions } from '../options.js'
import type { ClaimRequest, CommentStore } from '../stores/store.js'

/** The settings the limits read. */
export type LimitSettings = Pick<ProxyOptions, 'rateSeconds' | 'counterWindowSeconds'> & { limits: Pick<ProxyOptions['limits'], 'oauthPerMinute'> }

export type LimitStore = Pick<CommentStore, 'claim' | 'claimFull' | 'hitRate' | 'claimView'>

export type Claim = { granted: true } | { granted: false; retryAfterSeconds: number }


/**
 * Wrong admin tokens one client may send in `ADMIN_FAILURES_WINDOW_SECONDS`. Constants: an owner
 * who mistypes the token does it a few times, a script guessing it thousands of times a second.
 */
export const ADMIN_FAILURES_MAX = 10
export const ADMIN_FAILURES_WINDOW_SECONDS = 900

/** The login limit's window: `limits.oauthPerMinute` counts per minute. */
export const LOGIN_WINDOW_SECONDS = 60

/**
 * New counters one client may create in `NEW_COUNTERS_WINDOW_SECONDS`. A constant, not a
 * setting yet: far above what a reader browsing the site creates (a first view of a page no one
 * has counted), far below a script making up pages.
 */
export const NEW_COUNTERS_PER_HOUR = 30
export const NEW_COUNTERS_WINDOW_SECONDS = 3600

/**
 * The limits as data. Keys are made from the client's IP hash (`privacy.ts`); the spellings
 * are the ones already in stores, so a running service keeps its counts across an upgrade (the
 * comment rate's key, once read from the comments, is now a claim's: a comment posted in the
 * last `rateSeconds` before the upgrade does not hold its author back after it).
 */
export const LIMITS = {
  /** One comment per `rateSeconds` from one client. The key is the comments' own `ipHash` column. */
  comment: { key: (ipHash: string) => ipHash, windowSeconds: (s: LimitSettings) => s.rateSeconds, max: () => 1 },
  /** `limits.oauthPerMinute` requests to `/oauth` and `/cors` a minute from one client. */
  login: { key: (ipHash: string) => `oauth|${ipHash}`, windowSeconds: () => LOGIN_WINDOW_SECONDS, max: (s: LimitSettings) => s.limits.oauthPerMinute },
  /**
   * New counters (pages not counted yet) from one client: `NEW_COUNTERS_PER_HOUR` an hour. A
   * reader opens one new page at a time; made-up pages by the hundred fill the store.
   */
  counter: { key: (ipHash: string) => `counter|${ipHash}`, windowSeconds: () => NEW_COUNTERS_WINDOW_SECONDS, max: () => NEW_COUNTERS_PER_HOUR },
  /**
   * Wrong admin tokens from one client: `ADMIN_FAILURES_MAX` in a window, then refused until it
   * ends. Only wrong tokens count, so the right one still works from the same address.
   */
  adminFailure: { key: (ipHash: string) => `admin|${ipHash}`, windowSeconds: () => ADMIN_FAILURES_WINDOW_SECONDS, max: () => ADMIN_FAILURES_MAX },
  /** A reader's views of one page count once per `counterWindowSeconds`. */
  view: { key: (ipHash: string, url: string) => `${ipHash}:${url}`, windowSeconds: (s: LimitSettings) => s.counterWindowSeconds, max: () => 1 },
} as const

export interface Limits {
  /**
   * May this client post a comment now? A read, to refuse in the checks' order; the slot itself
   * is taken by `commentClaim`, with the comment, in one commit.
   */
  comment(ipHash: string, now: Date): Promise<Claim>
  /** The claim a comment takes with its insert (`store.insertClaimedComment`); undefined when there is no limit. */
  commentClaim(ipHash: string, now: Date): ClaimRequest | undefined
  /** May this client create one more counter now? */
  counter(ipHash: string, now: Date): Promise<Claim>
  /** May this client make one more login request now? */
  login(ipHash: string, now: Date): Promise<Claim>
  /**
   * One more wrong admin token from this client: granted (answer 401) while under the most,
   * else refused; `firstRefusal` is true for exactly one refusal of a window (the burst's log line).
   */
  adminFailure(ipHash: string, now: Date): Promise<Claim | { granted: false; retryAfterSeconds: number; firstRefusal: boolean }>
  /** Does this reader's view of the page count? A repeat inside the window does not (and is no error). */
  view(ipHash: string, url: string, now: Date): Promise<boolean>
}

const iso = (at: Date, plusSeconds = 0): string => new Date(at.getTime() + plusSeconds * 1000).toISOString()

/** Whole seconds from `now` until `until` (ISO), at least 1: a refusal always asks to wait. */
export const secondsUntil = (until: string, now: Date): number => Math.max(1, Math.ceil((Date.parse(until) - now.getTime()) / 1000))

export function limitsOn(store: LimitStore, settings: LimitSettings): Limits {
  return {
    async comment(ipHash, now) {
      const window = LIMITS.comment.windowSeconds(settings)
      // No window, no limit: nothing to read.
      if (window <= 0) return { granted: true }
      const until = await store.claimFull(LIMITS.comment.key(ipHash), iso(now), LIMITS.comment.max())
      return until === undefined ? { granted: true } : { granted: false, retryAfterSeconds: secondsUntil(until, now) }
    },
    commentClaim(ipHash, now) {
      const window = LIMITS.comment.windowSeconds(settings)
      return window <= 0 ? undefined : { key: LIMITS.comment.key(ipHash), now: iso(now), until: iso(now, window), max: LIMITS.comment.max() }
    },
    async counter(ipHash, now) {
      const window = LIMITS.counter.windowSeconds()
      const claim = await store.claim(LIMITS.counter.key(ipHash), iso(now), iso(now, window), LIMITS.counter.max())
      return claim.granted ? { granted: true } : { granted: false, retryAfterSeconds: secondsUntil(claim.until, now) }
    },
    async login(ipHash, now) {
      const window = LIMITS.login.windowSeconds()
      const hits = await store.hitRate(LIMITS.login.key(ipHash), iso(now), iso(now, -window))
      // The oldest hit in the window may leave before the whole window has passed; the window is the safe wait.
      return hits > LIMITS.login.max(settings) ? { granted: false, retryAfterSeconds: window } : { granted: true }
    },
    async adminFailure(ipHash, now) {
      const key = LIMITS.adminFailure.key(ipHash)
      const claim = await store.claim(key, iso(now), iso(now, LIMITS.adminFailure.windowSeconds()), LIMITS.adminFailure.max())
      if (claim.granted) return { granted: true }
      // One claim of its own per locked window, atomic in the store: of many instances and
      // requests refused together, exactly one learns it is the first.
      const first = await store.claim(`${key}|logged`, iso(now), claim.until, 1)
      return { granted: false, retryAfterSeconds: secondsUntil(claim.until, now), firstRefusal: first.granted }
    },
    view(ipHash, url, now) {
      return store.claimView(LIMITS.view.key(ipHash, url), iso(now), iso(now, LIMITS.view.windowSeconds(settings)))
    },
  }
}
