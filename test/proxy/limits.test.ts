import { describe, expect, it } from 'vitest'
import { LIMITS, LOGIN_WINDOW_SECONDS, limitsOn, rateLimit, type LimitStore } from '../../src/proxy/policy/limits.js'
import type { StoredComment } from '../../src/proxy/stores/store.js'

const settings = { rateSeconds: 20, counterWindowSeconds: 3600, limits: { oauthPerMinute: 2 } }
const now = new Date('2025-05-13T08:00:20.000Z')

/** A store that records what the limits ask of it. */
function fakeStore(last?: string) {
  const calls: unknown[][] = []
  const hits = new Map<string, string[]>()
  const claims = new Map<string, string>()
  const store: LimitStore = {
    async lastCommentFrom(hash) {
      calls.push(['lastCommentFrom', hash])
      return last === undefined ? undefined : ({ createdAt: last } as StoredComment)
    },
    async hitRate(key, at, windowStart) {
      calls.push(['hitRate', key, at, windowStart])
      const list = [...(hits.get(key) ?? []), at]
      hits.set(key, list)
      return list.filter((t) => t > windowStart).length
    },
    async claimView(key, at, until) {
      calls.push(['claimView', key, at, until])
      const held = claims.get(key)
      if (held !== undefined && held > at) return false
      claims.set(key, until)
      return true
    },
  }
  return { store, calls }
}

describe('rateLimit', () => {
  it('one comment per window per IP', () => {
    const now = new Date('2025-05-13T08:00:20.000Z')
    expect(rateLimit(undefined, now, 20)).toEqual({ allowed: true, retryAfter: 0 })
    expect(rateLimit('2025-05-13T08:00:00.000Z', now, 20)).toEqual({ allowed: true, retryAfter: 0 })
    expect(rateLimit('2025-05-13T08:00:05.500Z', now, 20)).toEqual({ allowed: false, retryAfter: 6 })
    expect(rateLimit('2025-05-13T08:00:19.999Z', now, 0)).toEqual({ allowed: true, retryAfter: 0 })
  })
})

describe('limitsOn', () => {
  it('keeps the store keys a running service already holds', () => {
    expect(LIMITS.comment.key('h')).toBe('h')
    expect(LIMITS.login.key('h')).toBe('oauth|h')
    expect(LIMITS.view.key('h', '/gpt/a.html')).toBe('h:/gpt/a.html')
  })

  it('comment: refused with the seconds left while the last one is inside the window', async () => {
    const { store, calls } = fakeStore('2025-05-13T08:00:05.500Z')
    expect(await limitsOn(store, settings).comment('h', now)).toEqual({ granted: false, retryAfterSeconds: 6 })
    expect(calls).toEqual([['lastCommentFrom', 'h']])
    expect(await limitsOn(fakeStore('2025-05-13T08:00:00.000Z').store, settings).comment('h', now)).toEqual({ granted: true })
    expect(await limitsOn(fakeStore().store, settings).comment('h', now)).toEqual({ granted: true })
  })

  it('login: the most a minute, then refused for the window', async () => {
    const { store, calls } = fakeStore()
    const limits = limitsOn(store, settings)
    expect(await limits.login('h', now)).toEqual({ granted: true })
    expect(await limits.login('h', now)).toEqual({ granted: true })
    expect(await limits.login('h', now)).toEqual({ granted: false, retryAfterSeconds: LOGIN_WINDOW_SECONDS })
    expect(await limits.login('other', now)).toEqual({ granted: true })
    expect(calls[0]).toEqual(['hitRate', 'oauth|h', '2025-05-13T08:00:20.000Z', '2025-05-13T07:59:20.000Z'])
  })

  it('view: counts once per reader and page in the window', async () => {
    const { store, calls } = fakeStore()
    const limits = limitsOn(store, settings)
    expect(await limits.view('h', '/a', now)).toBe(true)
    expect(await limits.view('h', '/a', now)).toBe(false)
    expect(await limits.view('h', '/b', now)).toBe(true)
    expect(await limits.view('h', '/a', new Date(now.getTime() + 3600_000))).toBe(true)
    expect(calls[0]).toEqual(['claimView', 'h:/a', '2025-05-13T08:00:20.000Z', '2025-05-13T09:00:20.000Z'])
  })
})
