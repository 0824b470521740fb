import { describe, expect, it } from 'vitest'
import { LeanCloudError } from '../../src/proxy/leancloud/errors.js'
import { counterUpdatedBody, createdBody, decodeCommentFields, decodeCounterCreate, decodeCounterUpdate, publicComment, publicCounter } from '../../src/proxy/leancloud/objects.js'
import { refusalError } from '../../src/proxy/leancloud/refusals.js'
import { parseKeys } from '../../src/proxy/leancloud/where.js'
import { checkCommentFields, type CommentInput } from '../../src/proxy/policy/fields.js'
import type { StoredComment, StoredCounter } from '../../src/proxy/stores/store.js'
import { thrownBy } from '../helpers/thrown.js'

const stored: StoredComment = {
  objectId: '5f9a1b2c3d4e5f6a7b8c9d0e',
  createdAt: '2025-05-13T08:00:00.000Z',
  updatedAt: '2025-05-13T08:00:01.000Z',
  insertedAt: '2025-05-13T07:59:59.000Z',
  url: '/gpt/a.html',
  rid: null,
  pid: null,
  nick: 'Reader',
  mail: 'reader@example.com',
  mailHash: '5d41402abc4b2a76b9719d911017c592',
  link: 'https://reader.example',
  comment: '<p>hi</p>',
  ua: 'Mozilla/5.0',
  ipHash: 'c0ffee',
  status: 'waiting',
}

const counter: StoredCounter = { objectId: 'c1', createdAt: '2025-05-13T08:00:00.000Z', updatedAt: '2025-05-14T08:00:00.000Z', url: '/gpt/a.html', xid: '/gpt/a.html', title: 'A', time: 42 }

const PRIVATE = /"(mail|ip|ipHash|ACL|status)"\s*:/

describe('publicComment', () => {
  it('writes the LeanCloud shape, without mail, IP hash, ACL or status', () => {
    // `mailMd5` is the avatar key the route made for the stored hash (policy/privacy.ts).
    const avatarKey = '0123456789abcdef0123456789abcdef'
    const out = publicComment(stored, undefined, avatarKey)
    expect(out).toEqual({
      objectId: stored.objectId,
      createdAt: stored.createdAt,
      updatedAt: stored.updatedAt,
      insertedAt: { __type: 'Date', iso: stored.insertedAt },
      comment: '<p>hi</p>',
      nick: 'Reader',
      link: 'https://reader.example',
      url: '/gpt/a.html',
      ua: 'Mozilla/5.0',
      mailMd5: avatarKey,
    })
    // Without a key, no avatar: the stored (plain) md5 never goes out.
    expect(publicComment(stored).mailMd5).toBe('')
    expect(JSON.stringify(publicComment(stored))).not.toContain(stored.mailHash)
    expect(JSON.stringify(out)).not.toMatch(PRIVATE)
    expect(JSON.stringify(out)).not.toContain('reader@example.com')
  })

  it('writes rid and pid of a reply, and leaves them out of a root', () => {
    expect(publicComment({ ...stored, rid: 'r1', pid: 'p1' })).toMatchObject({ rid: 'r1', pid: 'p1' })
    expect('rid' in publicComment(stored)).toBe(false)
  })

  it('lets keys narrow, never widen', () => {
    expect(publicComment(stored, parseKeys('Comment', 'nick,comment'))).toEqual({ objectId: stored.objectId, createdAt: stored.createdAt, updatedAt: stored.updatedAt, nick: 'Reader', comment: '<p>hi</p>' })
    expect(publicComment(stored, parseKeys('Comment', 'mail,ip,ipHash,ACL,status'))).toEqual({ objectId: stored.objectId, createdAt: stored.createdAt, updatedAt: stored.updatedAt })
    const without = publicComment(stored, parseKeys('Comment', '-ua,-objectId'))
    expect(without).not.toHaveProperty('ua')
    expect(without).toHaveProperty('objectId')
    for (const keys of ['mail', 'mail,nick', '-nick', 'ip,-comment', '*']) expect(JSON.stringify(publicComment(stored, parseKeys('Comment', keys)))).not.toMatch(PRIVATE)
  })
})

describe('publicCounter and answers', () => {
  it('writes a counter', () => {
    expect(publicCounter(counter)).toEqual(counter)
    expect(publicCounter(counter, parseKeys('Counter', 'time'))).toEqual({ objectId: 'c1', createdAt: counter.createdAt, updatedAt: counter.updatedAt, time: 42 })
  })

  it('answers a create and a counter update', () => {
    expect(createdBody(stored)).toEqual({ objectId: stored.objectId, createdAt: stored.createdAt })
    expect(counterUpdatedBody(counter)).toEqual({ objectId: 'c1', updatedAt: counter.updatedAt, time: 42 })
  })
})

/** A create's body as the comment write sees it: protocol fields dropped, then the field checks, refusals as the wire words them. */
function decodeCommentCreate(body: unknown): { input: CommentInput } {
  const checked = checkCommentFields(decodeCommentFields(body))
  if ('refused' in checked) throw refusalError(checked)
  return { input: checked }
}

describe('decodeCommentFields', () => {
  it("takes Valine's body and drops what the server sets (xCss/Valine#363's request, with a clean link)", () => {
    const body = { comment: '1\n', nick: 'test', mail: 'test@163.com', link: 'https://e.com', ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:88.0) Gecko/20100101 Firefox/88.0', url: '/faq.html', QQAvatar: '', ip: '2406:da14:727:6700:2746:774b:2b87:6dbe', insertedAt: { __type: 'Date', iso: '2021-06-03T15:59:08.981Z' }, ACL: { '*': { read: true } } }
    expect(decodeCommentCreate(body)).toEqual({ input: { comment: '1', nick: 'test', mail: 'test@163.com', link: 'https://e.com', ua: body.ua, url: '/faq.html', rid: null, pid: null } })
  })

  it('ignores forged server fields', () => {
    const { input } = decodeCommentCreate({ comment: 'x', url: '/a', objectId: 'mine', createdAt: '2000-01-01', status: 'approved', mailMd5: 'f' })
    expect(input).toMatchObject({ comment: 'x', url: '/a', nick: 'Anonymous' })
  })

  it('refuses what is not a JSON object (107) and unknown or mistyped fields (142)', () => {
    for (const body of [null, [], 'x', 5]) expect(thrownBy(() => decodeCommentCreate(body), LeanCloudError).code).toBe(107)
    expect(thrownBy(() => decodeCommentCreate({ comment: 'x', url: '/a', admin: true }), LeanCloudError).message).toMatch(/^admin is not a field/)
    expect(thrownBy(() => decodeCommentCreate({ comment: 'x', url: '/a', nick: { __type: 'Date', iso: '2025-01-01' } }), LeanCloudError).message).toBe('nick must be a string')
    expect(thrownBy(() => decodeCommentCreate({ comment: 'x', url: '/a', challenge: 'abc' }), LeanCloudError).code).toBe(142)
    expect(thrownBy(() => decodeCommentCreate({ comment: 'x', url: '/a', challenge: { token: 't', nonce: 'n' } }), LeanCloudError).message).toMatch(/^challenge is not a field/)
    expect(thrownBy(() => decodeCommentCreate(JSON.parse('{"comment":"x","url":"/a","__proto__":{"status":"approved"}}')), LeanCloudError).message).toMatch(/^__proto__ is not a field/)
  })
})

describe('counters', () => {
  it("creates from Valine's body, always at 1", () => {
    expect(decodeCounterCreate({ url: '/gpt/a.html', xid: '/gpt/a.html', title: 'A page', time: 100000, ACL: { '*': { read: true, write: true } } })).toEqual({ url: '/gpt/a.html', xid: '/gpt/a.html', title: 'A page' })
    expect(thrownBy(() => decodeCounterCreate({ url: 'https://evil.example' }), LeanCloudError).code).toBe(142)
    expect(thrownBy(() => decodeCounterCreate({ url: '/a', owner: 'me' }), LeanCloudError).code).toBe(142)
    expect(thrownBy(() => decodeCounterCreate({ url: '/a', title: '<script>' }), LeanCloudError).code).toBe(142)
  })

  it('accepts exactly the increment by one the SDK sends', () => {
    expect(decodeCounterUpdate({ time: { __op: 'Increment', amount: 1 } })).toEqual({ increment: 1 })
  })

  it('refuses every other change with 119', () => {
    for (const body of [
      { time: -100000 },
      { time: 5 },
      { time: { __op: 'Increment', amount: 1000 } },
      { time: { __op: 'Increment', amount: -1 } },
      { time: { __op: 'Increment', amount: '1' } },
      { time: { __op: 'Increment' } },
      { time: { __op: 'Delete' } },
      { time: { __op: 'Set', value: 1 } },
      { time: { __op: 'Add', objects: [1] } },
      { time: { __op: 'Increment', amount: 1 }, url: '/other' },
      { time: { __op: 'Increment', amount: 1, extra: 1 } },
      { url: '/other' },
      {},
    ]) {
      const e = thrownBy(() => decodeCounterUpdate(body), LeanCloudError)
      expect(e.code, JSON.stringify(body)).toBe(119)
      expect(e.status).toBe(403)
    }
    expect(thrownBy(() => decodeCounterUpdate('time'), LeanCloudError).code).toBe(107)
  })
})
