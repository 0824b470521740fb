import { describe, expect, it } from 'vitest'
import { LIMITS, LOGIN_WINDOW_SECONDS, NEW_COUNTERS_PER_HOUR, limitsOn, type LimitStore } from '../../src/proxy/policy/limits.js'

const settings = { rateSeconds: 20, counterWindowSeconds: 3600, limits: { oauthPerMinute: 2 } }
const now = new Date('2025-05-13T08:00:20.000Z')

/** A store that records what the limits ask of it; `last`: the comment claim's window began then (the client's last comment). */
function fakeStore(last?: string) {
  const calls: unknown[][] = []
  const hits = new Map<string, string[]>()
  const claims = new Map<string, string>()
  const windows = new Map<string, { until: string; n: number }>()
  if (last !== undefined) windows.set('h', { until: new Date(Date.parse(last) + settings.rateSeconds * 1000).toISOString(), n: 1 })
  const store: LimitStore = {
    async claim(key, at, until, max) {
      calls.push(['claim', key, at, until, max])
      const w = windows.get(key)
      if (w === undefined || w.until <= at) {
        windows.set(key, { until, n: 1 })
        return { granted: true, until }
      }
      if (w.n < max) {
        w.n += 1
        return { granted: true, until: w.until }
      }
      return { granted: false, until: w.until }
    },
    async claimFull(key, at, max) {
      calls.push(['claimFull', key, at, max])
      const w = windows.get(key)
      return w !== undefined && w.until > at && w.n >= max ? w.until : undefined
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

describe('limitsOn', () => {
  it('keeps the store keys a running service already holds', () => {
    expect(LIMITS.comment.key('h')).toBe('h')
    expect(LIMITS.login.key('h')).toBe('oauth|h')
    expect(LIMITS.view.key('h', '/gpt/a.html')).toBe('h:/gpt/a.html')
  })

  it('comment: refused with the seconds left while the last one is inside the window', async () => {
    const { store, calls } = fakeStore('2025-05-13T08:00:05.500Z')
    expect(await limitsOn(store, settings).comment('h', now)).toEqual({ granted: false, retryAfterSeconds: 6 })
    expect(calls).toEqual([['claimFull', 'h', '2025-05-13T08:00:20.000Z', 1]])
    expect(await limitsOn(fakeStore('2025-05-13T08:00:00.000Z').store, settings).comment('h', now)).toMatchObject({ granted: true })
    expect(await limitsOn(fakeStore().store, settings).comment('h', now)).toMatchObject({ granted: true })
  })

  it('comment: the claim a comment takes with its insert; no window, no claim and nothing read', async () => {
    const { store } = fakeStore()
    expect(limitsOn(store, settings).commentClaim('h', now)).toEqual({ key: 'h', now: '2025-05-13T08:00:20.000Z', until: '2025-05-13T08:00:40.000Z', max: 1 })
    const free = fakeStore()
    const unlimited = limitsOn(free.store, { ...settings, rateSeconds: 0 })
    expect(unlimited.commentClaim('h', now)).toBeUndefined()
    expect(await unlimited.comment('h', now)).toEqual({ granted: true })
    expect(free.calls).toEqual([])
  })

  it('counter: NEW_COUNTERS_PER_HOUR new counters an hour from one client, then the wait', async () => {
    const { store, calls } = fakeStore()
    const limits = limitsOn(store, settings)
    for (let i = 0; i < NEW_COUNTERS_PER_HOUR; i++) expect(await limits.counter('h', now)).toEqual({ granted: true })
    expect(await limits.counter('h', new Date(now.getTime() + 600_000))).toEqual({ granted: false, retryAfterSeconds: 3000 })
    expect(await limits.counter('other', now)).toEqual({ granted: true })
    expect(await limits.counter('h', new Date(now.getTime() + 3600_000))).toEqual({ granted: true })
    expect(calls[0]).toEqual(['claim', 'counter|h', '2025-05-13T08:00:20.000Z', '2025-05-13T09:00:20.000Z', NEW_COUNTERS_PER_HOUR])
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
