import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { postComment, type CommentRefusal, type PostCommentDeps, type PostedComment } from '../../src/proxy/comments/post-comment.js'
import { limitsOn } from '../../src/proxy/policy/limits.js'
import { ipHash, mailHash } from '../../src/proxy/policy/privacy.js'
import { openSqliteStore } from '../../src/proxy/stores/sqlite.js'
import { NEAR_DUPLICATES, ORIGINAL } from './near-duplicates.js'
import type { CommentStore, StoredComment } from '../../src/proxy/stores/store.js'

const SALT = 'salt-0123456789abcdef'
const T0 = new Date('2025-05-13T08:00:00.000Z')
const PAGE = '/gpt/a.html'
const settings = { rateSeconds: 20, counterWindowSeconds: 3600, limits: { oauthPerMinute: 30 }, moderation: 'auto' as const, forbiddenWords: [] }

let store: CommentStore
/** Every store call the use case makes, by name, in order. */
let calls: string[]
let ids = 0

beforeEach(async () => {
  store = openSqliteStore(':memory:')
  await store.migrate()
  calls = []
  ids = 0
})
afterEach(() => store.close())

/** The store as the use case sees it, each call recorded. */
function counted(): CommentStore {
  return new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver) as unknown
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        calls.push(String(name))
        return (value as (...a: unknown[]) => unknown).apply(target, args)
      }
    },
  })
}

function deps(over: { now?: Date; moderation?: 'auto' | 'all' | 'none' } = {}): PostCommentDeps {
  const s = counted()
  return { store: s, limits: limitsOn(s, settings), settings: { ...settings, moderation: over.moderation ?? 'auto' }, salt: SALT, now: over.now ?? T0, newId: () => `id${++ids}` }
}

const fields = (over: Record<string, unknown> = {}) => ({ comment: '<p>Thanks, this helped.</p>', nick: 'Reader', mail: 'Reader@Example.com', link: '', url: PAGE, ua: 'Mozilla/5.0', ...over })

const post = (f: Record<string, unknown>, ip = '203.0.113.7', d = deps()) => postComment(d, { fields: f, ip })

function posted(outcome: PostedComment | CommentRefusal): StoredComment {
  if ('refused' in outcome) throw new Error(`refused: ${JSON.stringify(outcome)}`)
  return outcome.posted
}

/** A stored comment to answer or to collide with, put there directly. */
async function seed(over: Partial<StoredComment>): Promise<StoredComment> {
  const iso = new Date(T0.getTime() - 3600_000).toISOString()
  const c: StoredComment = { objectId: 'root1', createdAt: iso, updatedAt: iso, insertedAt: iso, url: PAGE, rid: null, pid: null, nick: 'Someone', mail: '', mailHash: '', link: '', comment: '<p>root</p>', ua: '', ipHash: 'elsewhere', status: 'approved', ...over }
  await store.insertComment(c)
  return c
}

/** The same client posted just now (through the comment write): its next comment is inside the rate window. */
async function justPosted(ip = '203.0.113.7'): Promise<void> {
  const d = { ...deps({ now: new Date(T0.getTime() - 5_000) }), newId: () => 'recent' }
  posted(await postComment(d, { fields: fields({ comment: '<p>a moment ago</p>' }), ip }))
}

describe('postComment', () => {
  it('stores an accepted comment as the server sets it, in three store calls (the rate, the duplicate key, the insert with its claim)', async () => {
    const outcome = await post(fields({ comment: '<p onclick="x()">Thanks, <b>this</b> helped.</p>' }))
    const c = posted(outcome)
    expect(c).toEqual({
      objectId: 'id1',
      createdAt: T0.toISOString(),
      updatedAt: T0.toISOString(),
      insertedAt: T0.toISOString(),
      url: PAGE,
      rid: null,
      pid: null,
      nick: 'Reader',
      mail: 'Reader@Example.com',
      mailHash: mailHash('reader@example.com'),
      link: '',
      comment: '<p>Thanks, <b>this</b> helped.</p>',
      ua: 'Mozilla/5.0',
      ipHash: await ipHash('203.0.113.7', SALT),
      status: 'approved',
    })
    expect(outcome).toMatchObject({ reasons: [] })
    expect(await store.getComment('id1')).toEqual(c)
    expect(calls).toEqual(['claimFull', 'hasDuplicateKey', 'insertClaimedComment'])
  })

  it('1. fields: a malformed field is refused before anything else, with no store call', async () => {
    await justPosted()
    await seed({ objectId: 'dup', comment: '<p>Thanks, this helped.</p>', nick: 'Reader' })
    calls = []
    // Also too soon and a duplicate: the field is what is refused.
    expect(await post(fields({ mail: 'not-a-mail' }))).toEqual({ refused: 'field', field: 'mail', problem: 'must be an e-mail address' })
    expect(await post(fields({ url: undefined }))).toEqual({ refused: 'field', field: 'url', problem: 'is required' })
    expect(calls).toEqual([])
  })

  it('2. markup: nothing left once unsafe markup is removed, with no store call', async () => {
    await justPosted()
    calls = []
    expect(await post(fields({ comment: '<script>alert(1)</script><img src=x onerror=alert(1)>' }))).toEqual({ refused: 'blank' })
    expect(calls).toEqual([])
  })

  it('3. rate: the same client inside the window, with the seconds left', async () => {
    await justPosted()
    // Also a duplicate of the seeded comment, and a reply to nothing: the rate is what is refused.
    await seed({ objectId: 'dup', comment: '<p>Thanks, this helped.</p>', nick: 'Reader' })
    calls = []
    expect(await post(fields({ rid: 'missing' }))).toEqual({ refused: 'rate', retryAfterSeconds: 15, rateSeconds: 20 })
    expect(calls).toEqual(['claimFull'])
    // Another client, or the same one once the window has passed, is not limited.
    expect(posted(await post(fields({ comment: '<p>other client</p>' }), '198.51.100.9')).status).toBe('approved')
    expect(posted(await post(fields({ comment: '<p>later</p>' }), '203.0.113.7', deps({ now: new Date(T0.getTime() + 15_000) }))).status).toBe('approved')
  })

  it('4. duplicate: the same words by the same name on the same page', async () => {
    await seed({ objectId: 'dup', comment: '<p>Thanks, this helped.</p>', nick: 'Reader' })
    calls = []
    // Also a reply to nothing: the duplicate is what is refused.
    expect(await post(fields({ rid: 'missing' }))).toEqual({ refused: 'duplicate' })
    expect(calls).toEqual(['claimFull', 'hasDuplicateKey'])
    expect(posted(await post(fields({ url: '/gpt/b.html' }))).url).toBe('/gpt/b.html')
  })

  it('5. thread: a reply must answer approved comments on this page, rid before pid, in one lookup', async () => {
    await seed({ objectId: 'root1' })
    await seed({ objectId: 'held', rid: 'root1', pid: 'root1', status: 'waiting' })
    await seed({ objectId: 'elsewhere', url: '/gpt/b.html' })
    calls = []
    expect(await post(fields({ rid: 'missing' }))).toEqual({ refused: 'thread', field: 'rid' })
    expect(calls).toEqual(['claimFull', 'hasDuplicateKey', 'findComments'])
    expect(await post(fields({ rid: 'elsewhere' }))).toEqual({ refused: 'thread', field: 'rid' })
    expect(await post(fields({ rid: 'root1', pid: 'held' }))).toEqual({ refused: 'thread', field: 'pid' })
    expect(await post(fields({ rid: 'root1', pid: 'missing' }))).toEqual({ refused: 'thread', field: 'pid' })
    await seed({ objectId: 'reply1', rid: 'root1', pid: 'root1' })
    calls = []
    const reply = posted(await post(fields({ rid: 'root1', pid: 'reply1' })))
    expect(reply).toMatchObject({ rid: 'root1', pid: 'reply1', status: 'approved' })
    // Four store calls for a reply to a reply (five before rid and pid were looked up together).
    expect(calls).toEqual(['claimFull', 'hasDuplicateKey', 'findComments', 'insertClaimedComment'])
  })

  it('6. moderation: a comment it holds is stored waiting, with the reasons', async () => {
    const held = await post(fields({ comment: '<p>see <a href="https://e.com">this</a></p>' }))
    expect(held).toMatchObject({ posted: { status: 'waiting' }, reasons: ['link'] })
    const all = await post(fields({ comment: '<p>plain</p>' }), '198.51.100.9', deps({ moderation: 'all' }))
    expect(all).toMatchObject({ posted: { status: 'waiting' }, reasons: ['moderation-all'] })
    expect((await store.findComments({ where: { field: 'url', op: 'eq', value: PAGE }, status: ['waiting'], order: [], limit: 10, skip: 0 })).map((c) => c.objectId)).toEqual(['id1', 'id2'])
  })

  it('7. insert: a store that fails refuses nothing and acknowledges nothing', async () => {
    const d = deps()
    const failing = { ...d, store: { ...d.store, insertClaimedComment: () => Promise.reject(new Error('disk full')) } }
    await expect(postComment(failing, { fields: fields(), ip: '203.0.113.7' })).rejects.toThrow('disk full')
    // Nothing was posted, so no rate claim was left: the client may send it again at once.
    expect(posted(await post(fields())).objectId).toBe('id2')
  })

  it('a comment refused after the rate (duplicate, thread) leaves no claim; an accepted one takes it', async () => {
    await seed({ objectId: 'dup', comment: '<p>Thanks, this helped.</p>', nick: 'Reader' })
    expect(await post(fields())).toEqual({ refused: 'duplicate' })
    expect(await post(fields({ comment: '<p>a reply</p>', rid: 'missing' }))).toEqual({ refused: 'thread', field: 'rid' })
    // Corrected, it passes at once; the next one waits for the window.
    expect(posted(await post(fields({ comment: '<p>a new thought</p>' }))).status).toBe('approved')
    expect(await post(fields({ comment: '<p>and another</p>' }))).toEqual({ refused: 'rate', retryAfterSeconds: 20, rateSeconds: 20 })
  })

  it('near duplicates are duplicates: case, spacing, markup, references, invisible and full-width characters', async () => {
    const first = posted(await post(fields({ comment: ORIGINAL })))
    expect(first.status).toBe('approved')
    for (const [i, comment] of NEAR_DUPLICATES.entries()) {
      expect(await post(fields({ comment }), `198.51.100.${i + 1}`), comment).toEqual({ refused: 'duplicate' })
    }
    // Another name, or other words, is another comment.
    expect(posted(await post(fields({ comment: 'Hello world, thanks!', nick: 'Someone else' }), '198.51.100.50')).status).toBe('approved')
    expect(posted(await post(fields({ comment: 'Hello world, thanks again!' }), '198.51.100.51')).status).toBe('approved')
  })
})
