/**
 * Every limit the service holds a client to, in one place: what each counts, its key in the
 * store, its window and how many it allows. Routes and the comment write ask `limitsOn(store,
 * settings)` and get an answer; none of them decides a limit itself.
 *
 * Each limit has the shape of one claim (key, window, most allowed): the claim is granted, or
 * refused with the seconds to wait. Today they are taken by three mechanisms: the page view by
 * `store.claimView`, a single atomic statement; the login by `store.hitRate` (insert, then
 * count); the comment by reading the client's last comment (`store.lastCommentFrom`), its slot
 * taken only when the comment is inserted, so two comments sent at the same moment can both
 * pass. Making every limit one atomic `claim(key, window, max)` in the store changes the bodies
 * of `limitsOn` below and nothing that calls them.
 */
import type { ProxyOptions } from '../options.js'
import type { CommentStore } from '../stores/store.js'

/** The settings the limits read. */
export type LimitSettings = Pick<ProxyOptions, 'rateSeconds' | 'counterWindowSeconds'> & { limits: Pick<ProxyOptions['limits'], 'oauthPerMinute'> }

export type LimitStore = Pick<CommentStore, 'lastCommentFrom' | 'hitRate' | 'claimView'>

export type Claim = { granted: true } | { granted: false; retryAfterSeconds: number }

/** The login limit's window: `limits.oauthPerMinute` counts per minute. */
export const LOGIN_WINDOW_SECONDS = 60

/**
 * The limits as data. Keys are made from the client's IP hash (`privacy.ts`); the spellings
 * are the ones already in stores, so a running service keeps its counts across an upgrade.
 */
export const LIMITS = {
  /** One comment per `rateSeconds` from one client. The key is the comments' own `ipHash` column. */
  comment: { key: (ipHash: string) => ipHash, windowSeconds: (s: LimitSettings) => s.rateSeconds, max: () => 1 },
  /** `limits.oauthPerMinute` requests to `/oauth` and `/cors` a minute from one client. */
  login: { key: (ipHash: string) => `oauth|${ipHash}`, windowSeconds: () => LOGIN_WINDOW_SECONDS, max: (s: LimitSettings) => s.limits.oauthPerMinute },
  /** A reader's views of one page count once per `counterWindowSeconds`. */
  view: { key: (ipHash: string, url: string) => `${ipHash}:${url}`, windowSeconds: (s: LimitSettings) => s.counterWindowSeconds, max: () => 1 },
} as const

export interface RateDecision {
  allowed: boolean
  /** Seconds until a comment is accepted again (0 when allowed). */
  retryAfter: number
}

/** One comment per `rateSeconds`: given the `createdAt` (ISO) of the client's last one. */
export function rateLimit(lastCreatedAt: string | undefined, now: Date, rateSeconds: number): RateDecision {
  if (lastCreatedAt === undefined || rateSeconds <= 0) return { allowed: true, retryAfter: 0 }
  const last = Date.parse(lastCreatedAt)
  if (Number.isNaN(last)) return { allowed: true, retryAfter: 0 }
  const wait = last + rateSeconds * 1000 - now.getTime()
  return wait > 0 ? { allowed: false, retryAfter: Math.ceil(wait / 1000) } : { allowed: true, retryAfter: 0 }
}

export interface Limits {
  /** May this client post a comment now? */
  comment(ipHash: string, now: Date): Promise<Claim>
  /** May this client make one more login request now? */
  login(ipHash: string, now: Date): Promise<Claim>
  /** Does this reader's view of the page count? A repeat inside the window does not (and is no error). */
  view(ipHash: string, url: string, now: Date): Promise<boolean>
}

const iso = (at: Date, plusSeconds = 0): string => new Date(at.getTime() + plusSeconds * 1000).toISOString()

export function limitsOn(store: LimitStore, settings: LimitSettings): Limits {
  return {
    async comment(ipHash, now) {
      // Read, then the comment's insert takes the slot: not atomic (see above).
      const last = await store.lastCommentFrom(LIMITS.comment.key(ipHash))
      const rate = rateLimit(last?.createdAt, now, LIMITS.comment.windowSeconds(settings))
      return rate.allowed ? { granted: true } : { granted: false, retryAfterSeconds: rate.retryAfter }
    },
    async login(ipHash, now) {
      const window = LIMITS.login.windowSeconds()
      const hits = await store.hitRate(LIMITS.login.key(ipHash), iso(now), iso(now, -window))
      // The oldest hit in the window may leave before the whole window has passed; the window is the safe wait.
      return hits > LIMITS.login.max(settings) ? { granted: false, retryAfterSeconds: window } : { granted: true }
    },
    view(ipHash, url, now) {
      return store.claimView(LIMITS.view.key(ipHash, url), iso(now), iso(now, LIMITS.view.windowSeconds(settings)))
    },
  }
}
