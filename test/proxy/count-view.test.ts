import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { countView, openCounter, type CountViewDeps } from '../../src/proxy/comments/count-view.js'
import { limitsOn, NEW_COUNTERS_PER_HOUR } from '../../src/proxy/policy/limits.js'
import { openSqliteStore } from '../../src/proxy/stores/sqlite.js'
import type { CommentStore } from '../../src/proxy/stores/store.js'

/**
 * The page-view count as a use case, on a real SQLite store: what a reader's view does to a
 * page's counter, without HTTP (the routes' answers are `http-cases.ts`'s, unchanged).
 */
const SALT = 'salt-0123456789abcdef'
const T0 = new Date('2025-05-13T08:00:00.000Z')
const settings = { rateSeconds: 20, counterWindowSeconds: 3600, limits: { oauthPerMinute: 30 } }
const page = (url: string) => ({ url, xid: url, title: 'A page' })

let store: CommentStore
let ids = 0
beforeEach(async () => {
  store = openSqliteStore(':memory:')
  await store.migrate()
  ids = 0
})
afterEach(() => store.close())

const deps = (now: Date = T0): CountViewDeps => ({ store, limits: limitsOn(store, settings), salt: SALT, now, newId: () => `ctr${++ids}` })
const later = (seconds: number) => new Date(T0.getTime() + seconds * 1000)

describe('counting a page view', () => {
  it("the first reader makes the page's counter at 1; their next view in the window changes nothing; after it, one more", async () => {
    const first = await openCounter(deps(), { page: page('/gpt/a.html'), ip: '203.0.113.1' })
    expect(first).toMatchObject({ created: true, counter: { objectId: 'ctr1', url: '/gpt/a.html', time: 1 } })
    expect(await countView(deps(later(60)), { id: 'ctr1', ip: '203.0.113.1' })).toMatchObject({ created: false, counter: { time: 1 } })
    expect(await countView(deps(later(3601)), { id: 'ctr1', ip: '203.0.113.1' })).toMatchObject({ counter: { time: 2 } })
  })

  it("another reader's view counts; a second create for the page is a view of its counter, not a new one", async () => {
    await openCounter(deps(), { page: page('/gpt/b.html'), ip: '203.0.113.1' })
    expect(await openCounter(deps(), { page: page('/gpt/b.html'), ip: '203.0.113.2' })).toMatchObject({ created: false, counter: { objectId: 'ctr1', time: 2 } })
    expect(await countView(deps(), { id: 'ctr1', ip: '203.0.113.3' })).toMatchObject({ counter: { time: 3 } })
    expect(await store.findCounters({ field: 'url', op: 'eq', value: '/gpt/b.html' }, 10)).toHaveLength(1)
  })

  it('a counter that is not there is refused as such; new counters are limited per client', async () => {
    expect(await countView(deps(), { id: 'nothere', ip: '203.0.113.1' })).toEqual({ refused: 'not-found' })
    for (let i = 0; i < NEW_COUNTERS_PER_HOUR; i++) expect(await openCounter(deps(), { page: page(`/gpt/made-up-${i}.html`), ip: '203.0.113.9' })).toMatchObject({ created: true })
    expect(await openCounter(deps(later(10)), { page: page('/gpt/one-more.html'), ip: '203.0.113.9' })).toEqual({ refused: 'new-counters', retryAfterSeconds: 3590 })
    // Another client is not held back, and a page already counted is still a view.
    expect(await openCounter(deps(later(10)), { page: page('/gpt/one-more.html'), ip: '203.0.113.10' })).toMatchObject({ created: true })
    expect(await openCounter(deps(later(10)), { page: page('/gpt/made-up-0.html'), ip: '203.0.113.9' })).toMatchObject({ created: false, counter: { time: 1 } })
  })
})
