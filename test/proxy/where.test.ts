import { describe, expect, it } from 'vitest'
import { LC, LeanCloudError, lcError, lcStatus, toErrorResponse } from '../../src/proxy/leancloud/errors.js'
import { parseKeys, parseLimit, parseOrder, parseQuery, parseSkip, parseWhere } from '../../src/proxy/leancloud/where.js'
import { thrownBy } from '../helpers/thrown.js'

const w = (where: unknown) => parseWhere('Comment', JSON.stringify(where))

describe('LeanCloud errors', () => {
  it('pairs each code with its HTTP status and LeanCloud body', () => {
    expect(lcError(LC.OBJECT_NOT_FOUND).body).toEqual({ code: 101, error: "Class or object doesn't exists." })
    expect(lcError(LC.OBJECT_NOT_FOUND).status).toBe(404)
    expect(lcStatus(LC.INVALID_QUERY)).toBe(400)
    expect(lcStatus(LC.INVALID_JSON)).toBe(400)
    expect(lcStatus(LC.OPERATION_FORBIDDEN)).toBe(403)
    expect(lcStatus(LC.DUPLICATE_VALUE)).toBe(409)
    expect(lcStatus(LC.TOO_MANY_REQUESTS)).toBe(429)
    expect(lcStatus(LC.VALIDATION_ERROR)).toBe(400)
    expect(lcError(LC.NO_EFFECT).message).toBe('No effect on updating/deleting a document.')
    expect(lcError(LC.VALIDATION_ERROR, 'nick must be a string').body).toEqual({ code: 142, error: 'nick must be a string' })
  })

  it('hides anything that is not a LeanCloud error behind code 1', () => {
    expect(toErrorResponse(new Error('SQLITE_BUSY at /srv/db'))).toEqual({ status: 500, body: { code: 1, error: 'Internal server error. No information available.' } })
    expect(toErrorResponse(lcError(LC.FORBIDDEN, 'master key refused'))).toEqual({ status: 403, body: { code: 403, error: 'master key refused' } })
  })
})

describe('parseWhere: what Valine and the SDK send', () => {
  it('the comment count and page query', () => {
    expect(w({ $or: [{ rid: { $exists: false } }, { rid: '' }], url: '/p/' })).toEqual({
      and: [{ or: [{ field: 'rid', op: 'exists', value: false }, { field: 'rid', op: 'eq', value: '' }] }, { field: 'url', op: 'eq', value: '/p/' }],
    })
  })

  it('the all-pages query (path "*") and replies by $in', () => {
    expect(w({ url: { $exists: true } })).toEqual({ field: 'url', op: 'exists', value: true })
    expect(w({ rid: { $in: ['a1', 'b2'] } })).toEqual({ field: 'rid', op: 'in', values: ['a1', 'b2'] })
  })

  it('counters by url, equal or $in', () => {
    expect(parseWhere('Counter', '{"url":"/p/"}')).toEqual({ field: 'url', op: 'eq', value: '/p/' })
    expect(parseWhere('Counter', { url: { $in: ['/a', '/b'] } })).toEqual({ field: 'url', op: 'in', values: ['/a', '/b'] })
  })

  it('absent or empty: everything', () => {
    expect(parseWhere('Comment', undefined)).toEqual({ and: [] })
    expect(parseWhere('Comment', '{}')).toEqual({ and: [] })
  })

  it('dates: typed or plain ISO, normalised, ranges on date fields only', () => {
    expect(w({ createdAt: { $gt: { __type: 'Date', iso: '2025-05-13T08:00:00Z' }, $lte: '2025-05-14T08:00:00.000+08:00' } })).toEqual({
      and: [
        { field: 'createdAt', op: 'gt', value: '2025-05-13T08:00:00.000Z' },
        { field: 'createdAt', op: 'lte', value: '2025-05-14T00:00:00.000Z' },
      ],
    })
    expect(w({ insertedAt: { __type: 'Date', iso: '2025-05-13T08:00:00.000Z' } })).toEqual({ field: 'insertedAt', op: 'eq', value: '2025-05-13T08:00:00.000Z' })
    expect(thrownBy(() => w({ url: { $gt: '/a' } }), LeanCloudError).message).toMatch(/\$gt applies to createdAt and insertedAt only/)
    expect(thrownBy(() => w({ createdAt: { $lt: 'yesterday' } }), LeanCloudError).message).toMatch(/createdAt must be compared with a date/)
  })

  it('$ne and null', () => {
    expect(w({ pid: { $ne: 'x' } })).toEqual({ field: 'pid', op: 'ne', value: 'x' })
    expect(w({ rid: null })).toEqual({ field: 'rid', op: 'exists', value: false })
    expect(w({ rid: { $ne: null } })).toEqual({ field: 'rid', op: 'exists', value: true })
  })
})

describe('parseWhere: refuses with 102 and says why', () => {
  const cases: [string, unknown, RegExp][] = [
    ['$regex (ReDoS)', { url: { $regex: '(a+)+$' } }, /operator "\$regex" is not supported/],
    ['$where', { $where: 'sleep(1000)' }, /operator "\$where" is not supported/],
    ['$select into another class', { url: { $select: { query: { className: '_User' }, key: 'x' } } }, /"\$select"/],
    ['$inQuery', { rid: { $inQuery: { where: {}, className: 'Comment' } } }, /"\$inQuery"/],
    ['$nin', { rid: { $nin: ['a'] } }, /"\$nin"/],
    ['hidden field mail', { mail: 'a@b.c' }, /cannot be queried by "mail"/],
    ['hidden field ip', { ip: { $exists: true } }, /cannot be queried by "ip"/],
    ['status', { status: 'waiting' }, /cannot be queried by "status"/],
    ['an object where a string belongs', { url: { __type: 'Pointer', className: 'x', objectId: 'y' } }, /"__type"/],
    ['a number', { url: 5 }, /must be compared with a string/],
    ['an array', { url: ['/a'] }, /must be compared with a string/],
    ['$in with objects', { rid: { $in: [{ $gt: '' }] } }, /\$in takes a string/],
    ['$in too long', { rid: { $in: Array.from({ length: 101 }, (_, i) => `id${i}`) } }, /at most 100 values, got 101/],
    ['$exists not boolean', { rid: { $exists: 'no' } }, /\$exists takes true or false/],
    ['empty $or', { $or: [] }, /non-empty array/],
    ['too wide $or', { $or: Array.from({ length: 21 }, () => ({ url: '/a' })) }, /at most 20 conditions/],
    ['not an object', ['url'], /where must be a JSON object/],
    ['Counter by title', { title: 'x' }, /cannot be queried by "title"/],
  ]
  for (const [name, where, message] of cases) {
    it(name, () => {
      const e = thrownBy(() => parseWhere(name.startsWith('Counter') ? 'Counter' : 'Comment', JSON.stringify(where)), LeanCloudError)
      expect(e.code).toBe(102)
      expect(e.status).toBe(400)
      expect(e.message).toMatch(message)
    })
  }

  it('too deep', () => {
    let where: unknown = { url: '/a' }
    for (let i = 0; i < 6; i++) where = { $or: [where, { url: '/b' }] }
    expect(thrownBy(() => w(where), LeanCloudError).message).toMatch(/deeper than 4/)
  })

  it('too many conditions overall', () => {
    const branch = { $or: Array.from({ length: 20 }, () => ({ url: '/a' })) }
    const where = { $and: Array.from({ length: 11 }, () => branch) }
    expect(thrownBy(() => w(where), LeanCloudError).message).toMatch(/more than 200 conditions/)
  })

  it('too long, and not JSON (107)', () => {
    expect(thrownBy(() => parseWhere('Comment', `{"url":"${'a'.repeat(70_000)}"}`), LeanCloudError).message).toMatch(/longer than/)
    expect(thrownBy(() => parseWhere('Comment', '{"url":'), LeanCloudError).code).toBe(107)
  })
})

describe('order, limit, skip, keys, count', () => {
  it('order: date fields, - descending, repeats once', () => {
    expect(parseOrder('-createdAt,-insertedAt')).toEqual([{ field: 'createdAt', desc: true }, { field: 'insertedAt', desc: true }])
    expect(parseOrder('-createdAt,-createdAt')).toEqual([{ field: 'createdAt', desc: true }])
    expect(parseOrder(' updatedAt ')).toEqual([{ field: 'updatedAt', desc: false }])
    expect(parseOrder(undefined)).toEqual([])
    expect(thrownBy(() => parseOrder('-mail'), LeanCloudError).message).toMatch(/cannot order by "-mail"/)
    expect(thrownBy(() => parseOrder('time'), LeanCloudError).code).toBe(102)
  })

  it("limit: LeanCloud's rule, then at most 100; 0 only with count", () => {
    expect(parseLimit(undefined)).toBe(100)
    expect(parseLimit('10')).toBe(10)
    expect(parseLimit(20)).toBe(20)
    expect(parseLimit('1000')).toBe(100)
    expect(parseLimit('1000000000')).toBe(100)
    expect(parseLimit('-5')).toBe(100)
    expect(parseLimit('0')).toBe(100)
    expect(parseLimit('0', true)).toBe(0)
    expect(thrownBy(() => parseLimit('1e9'), LeanCloudError).code).toBe(102)
  })

  it('skip: 0 to 5,000', () => {
    expect(parseSkip(undefined)).toBe(0)
    expect(parseSkip('10')).toBe(10)
    expect(parseSkip(5000)).toBe(5000)
    expect(thrownBy(() => parseSkip('10000000'), LeanCloudError).message).toMatch(/at most 5000/)
    expect(thrownBy(() => parseSkip('-1'), LeanCloudError).code).toBe(102)
  })

  it('keys: only public fields, only narrowing', () => {
    expect(parseKeys('Comment', 'nick,comment')).toEqual({ only: ['nick', 'comment'], exclude: [] })
    expect(parseKeys('Comment', '-ua')).toEqual({ exclude: ['ua'] })
    expect(parseKeys('Comment', 'mail,ip,ACL')).toEqual({ only: [], exclude: [] })
    expect(parseKeys('Counter', 'time')).toEqual({ only: ['time'], exclude: [] })
    expect(parseKeys('Comment', undefined)).toBeUndefined()
  })

  it('a whole query, as c.req.query() and as a batch sub-request gives it', () => {
    const expected = {
      where: { and: [{ or: [{ field: 'rid', op: 'exists', value: false }, { field: 'rid', op: 'eq', value: '' }] }, { field: 'url', op: 'eq', value: '/p/' }] },
      order: [{ field: 'createdAt', desc: true }, { field: 'insertedAt', desc: true }],
      limit: 0,
      skip: 0,
      count: true,
      keys: undefined,
    }
    const where = { $or: [{ rid: { $exists: false } }, { rid: '' }], url: '/p/' }
    expect(parseQuery('Comment', { where: JSON.stringify(where), order: '-createdAt,-insertedAt', limit: '0', count: '1' })).toEqual(expected)
    expect(parseQuery('Comment', { where, order: '-createdAt,-insertedAt', limit: 0, count: 1, include: '*', returnACL: true })).toEqual(expected)
    expect(thrownBy(() => parseQuery('Comment', { count: 'yes' }), LeanCloudError).code).toBe(102)
  })
})
