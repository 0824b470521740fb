import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { classFromFileName, commentsToLines, countersToLines, parseCommentLines, parseCounterLines } from '../../src/proxy/migrate/leancloud-export.js'
import { ipHash, mailHash } from '../../src/proxy/policy/privacy.js'
import { FIXTURES } from '../helpers/sites.js'

const EXPORT = join(FIXTURES, 'leancloud-export')
const commentText = readFileSync(join(EXPORT, 'Comment.jsonl'), 'utf8')
const counterText = readFileSync(join(EXPORT, 'Counter.jsonl'), 'utf8')
const SECRET = 'a-secret-of-sixteen-or-more'

const id = (n: number) => `603c9f8e1e5a4b2a1c00000${n}`
const line = (o: Record<string, unknown>) => JSON.stringify(o)
const base = { objectId: 'abc123', createdAt: '2022-01-02T03:04:05.678Z', url: '/gpt/a.html', comment: '<p>hi</p>' }

describe('LeanCloud export → records', () => {
  it('keeps ids, dates and threads of the fixture, and names its bad line', async () => {
    const { records, bad } = await parseCommentLines(commentText, { secret: SECRET })
    // Line 5 is a record a reader could not post through the API (markup in the name): refused, named.
    expect(bad).toEqual([
      { line: 5, reason: 'nick may not contain <, >, " or `' },
      { line: 6, reason: expect.stringMatching(/^not JSON/) },
    ])
    expect(records.map((r) => r.objectId)).toEqual([1, 2, 3, 4, 7].map(id))
    const [a, b, reply, replyToReply, home] = records
    expect(a).toMatchObject({ createdAt: '2021-03-01T08:00:00.000Z', updatedAt: '2021-03-01T08:00:00.000Z', insertedAt: '2021-03-01T08:00:00.000Z', rid: null, pid: null, url: '/gpt/handbook/a.html' })
    expect(b).toMatchObject({ createdAt: '2021-03-02T09:30:00.123Z', nick: '小明🐱', link: 'http://xiaoming.example.cn', mail: '', mailHash: '' })
    expect(reply).toMatchObject({ rid: id(1), pid: id(1) })
    expect(replyToReply).toMatchObject({ rid: id(1), pid: id(3) })
    // `insertedAt` as a plain string, as some exports have it.
    expect(home).toMatchObject({ insertedAt: '2021-04-01T00:00:00.000Z', url: '/gpt/' })
    // LeanCloud had no moderation: everything it held was shown.
    expect(records.every((r) => r.status === 'approved')).toBe(true)
  })

  it('sanitises the HTML, and refuses a record whose shown fields the API would refuse (markup, unsafe links), naming the field', async () => {
    const eve = JSON.parse(commentText.split('\n')[4]) as Record<string, unknown>
    const { records, bad } = await parseCommentLines(
      [
        line({ ...eve, nick: 'Eve', ua: 'Mozilla/5.0', link: 'https://eve.example' }),
        line({ ...eve, objectId: 'ua', nick: 'Eve', link: '' }),
        line({ ...eve, objectId: 'js', nick: 'Eve', ua: '', link: 'javascript:alert(3)' }),
        line({ ...eve, objectId: 'quote', nick: 'Eve', ua: '', link: 'https://x.example/"><script>alert(1)</script>' }),
      ].join('\n'),
    )
    expect(records.map((r) => r.objectId)).toEqual([id(5)])
    expect(records[0].comment).toBe('<p>hello <a>click</a> <a href="https://eve.example/" target="_blank" rel="ugc nofollow noopener noreferrer">site</a></p>')
    expect(records[0]).toMatchObject({ nick: 'Eve', ua: 'Mozilla/5.0', link: 'https://eve.example' })
    expect(bad).toEqual([
      { line: 2, reason: 'ua may not contain <, >, " or `' },
      { line: 3, reason: 'link must be an http(s) address' },
      { line: 4, reason: 'link may not contain <, >, " or `' },
    ])
    for (const r of (await parseCommentLines(commentText)).records) expect(r.comment).not.toMatch(/script|onerror|onclick|javascript:/i)
  })

  it('holds a record to the sizes and characters of the API: an oversized comment, a long name, a NUL anywhere are refused', async () => {
    const NUL = '\u0000'
    const { records, bad } = await parseCommentLines(
      [
        line({ ...base, objectId: 'big', comment: `<p>${'长'.repeat(5000)}</p>` }),
        line({ ...base, objectId: 'fits', comment: `<p>${'长'.repeat(4993)}</p>` }),
        line({ ...base, objectId: 'nick', nick: 'n'.repeat(36) }),
        line({ ...base, objectId: 'nulLink', link: `https://x.example/${NUL}` }),
        line({ ...base, objectId: 'nulComment', comment: `<p>a${NUL}b</p>` }),
        line({ ...base, objectId: 'nulMail', mail: `a${NUL}@example.com` }),
        line({ ...base, objectId: 'mail', mail: 'not an address' }),
      ].join('\n'),
    )
    expect(records.map((r) => r.objectId)).toEqual(['fits'])
    expect(bad).toEqual([
      { line: 1, reason: 'comment must be at most 5000 characters' },
      { line: 3, reason: 'nick must be at most 35 characters' },
      { line: 4, reason: 'link may not contain a NUL character' },
      { line: 5, reason: 'comment may not contain a NUL character' },
      { line: 6, reason: 'mail may not contain a NUL character' },
      { line: 7, reason: 'mail must be an e-mail address' },
    ])
  })

  it('keeps the avatar hash and the IP only as a salted hash (or not at all without the secret)', async () => {
    const withSecret = (await parseCommentLines(commentText, { secret: SECRET })).records[0]
    expect(withSecret.mailHash).toBe(mailHash('alice@example.com'))
    expect(withSecret.ipHash).toBe(await ipHash('203.0.113.7', SECRET))
    expect(JSON.stringify(withSecret)).not.toContain('203.0.113.7')
    const without = (await parseCommentLines(commentText)).records[0]
    expect(without.ipHash).toBe('')
  })

  it('stores the md5 of the exported mail, never LeanCloud\'s own mailMd5: readers get a keyed hash of it', async () => {
    const { records } = await parseCommentLines(
      [line({ ...base, mail: ' Alice@Example.com', mailMd5: 'ffffffffffffffffffffffffffffffff' }), line({ ...base, objectId: 'abc124', mailMd5: 'eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee' })].join('\n'),
    )
    expect(records.map((r) => r.mailHash)).toEqual([mailHash('alice@example.com'), ''])
  })

  it('reports each bad line with its number and reason, and keeps the rest', async () => {
    const text = [
      line(base),
      '[1, 2]',
      line({ ...base, objectId: undefined }),
      line({ ...base, objectId: 'a b' }),
      line({ ...base, createdAt: 'yesterday' }),
      line({ ...base, createdAt: '2022-01-02' }),
      line({ ...base, url: 'https://example.com/a.html' }),
      line({ ...base, url: undefined }),
      line({ ...base, comment: '<script>alert(1)</script>' }),
      line({ ...base, comment: 42 }),
      line({ ...base, rid: '../x' }),
      line({ ...base, insertedAt: { __type: 'Pointer', objectId: 'x' } }),
      '',
      line({ ...base, objectId: 'last' }),
    ].join('\r\n')
    const { records, bad } = await parseCommentLines(text)
    expect(records.map((r) => r.objectId)).toEqual(['abc123', 'last'])
    expect(bad.map((b) => b.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(bad.map((b) => b.reason)).toEqual([
      'not an object: [1,2]',
      'objectId is missing',
      'objectId is not an id: "a b"',
      'createdAt is not a date: "yesterday"',
      'createdAt is not a date: "2022-01-02"',
      expect.stringContaining('url must be a path on the site'),
      'url is missing',
      'comment is empty once sanitised (no text or image left)',
      'comment must be a string, got 42',
      'rid is not a comment id: "../x"',
      expect.stringContaining('insertedAt must be an ISO date'),
    ])
  })

  it('reads a byte-order mark, time zones, pages saved from the REST scan API, and finds the root of pid-only replies', async () => {
    const page = { results: [{ ...base, objectId: 'root' }, { ...base, objectId: 'r1', pid: 'root' }, { ...base, objectId: 'r2', pid: 'r1' }], cursor: 'abc' }
    const { records, bad } = await parseCommentLines('\uFEFF' + line(page) + '\n' + line({ ...base, objectId: 'tz', createdAt: '2022-01-02T11:04:05+08:00' }))
    expect(bad).toEqual([])
    expect(records.map((r) => [r.objectId, r.rid, r.pid])).toEqual([
      ['root', null, null],
      ['r1', 'root', 'root'],
      ['r2', 'root', 'r1'],
      ['tz', null, null],
    ])
    expect(records[3].createdAt).toBe('2022-01-02T03:04:05.000Z')
  })

  it("keeps a status and an IP hash from this service's own export", async () => {
    const hash = 'f'.repeat(64)
    const { records } = await parseCommentLines([line({ ...base, status: 'spam', ipHash: hash }), line({ ...base, objectId: 'x', status: 'deleted', ipHash: 'nope' })].join('\n'))
    expect(records.map((r) => [r.status, r.ipHash])).toEqual([
      ['spam', hash],
      ['approved', ''],
    ])
  })

  it('reads counters, refusing a count that is not a whole number', () => {
    const { records, bad } = parseCounterLines(counterText + line({ objectId: 'c3', createdAt: base.createdAt, url: '/gpt/x.html', time: -1 }) + '\n' + line({ objectId: 'c4', createdAt: base.createdAt, url: '/gpt/y.html', title: '<b>T</b>', time: '7' }))
    expect(records).toEqual([
      { objectId: '603c9f8e1e5a4b2a1c0000c1', createdAt: '2021-03-01T07:59:00.000Z', updatedAt: '2021-05-01T00:00:00.000Z', url: '/gpt/handbook/a.html', xid: '/gpt/handbook/a.html', title: '如何注册 ChatGPT | 我的GPT笔记', time: 1234 },
      { objectId: '603c9f8e1e5a4b2a1c0000c2', createdAt: '2021-03-01T08:10:00.000Z', updatedAt: '2021-05-02T00:00:00.000Z', url: '/gpt/', xid: '/gpt/', title: '我的GPT笔记', time: 56 },
      { objectId: 'c4', createdAt: base.createdAt, updatedAt: base.createdAt, url: '/gpt/y.html', xid: '', title: 'bT/b', time: 7 },
    ])
    expect(bad).toEqual([{ line: 3, reason: 'time must be a whole number of views, got -1' }])
  })

  it('tells the class from the file name', () => {
    expect(classFromFileName('export/Comment.jsonl')).toBe('Comment')
    expect(classFromFileName('Comment_2021-03.jsonl')).toBe('Comment')
    expect(classFromFileName('C:\\dump\\Counter.0.jsonl')).toBe('Counter')
    expect(classFromFileName('comments.jsonl')).toBeUndefined()
    expect(classFromFileName('_User.jsonl')).toBeUndefined()
    expect(classFromFileName('Comment.csv')).toBeUndefined()
  })
})

describe('records → LeanCloud export', () => {
  it("writes Valine's shape: typed insertedAt, no rid/pid on roots, no ACL or raw IP", async () => {
    const { records } = await parseCommentLines(commentText, { secret: SECRET })
    const lines = commentsToLines(records).trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>)
    expect(lines).toHaveLength(records.length)
    expect(lines[0]).toEqual({
      objectId: id(1),
      createdAt: '2021-03-01T08:00:00.000Z',
      updatedAt: '2021-03-01T08:00:00.000Z',
      insertedAt: { __type: 'Date', iso: '2021-03-01T08:00:00.000Z' },
      url: '/gpt/handbook/a.html',
      nick: 'Alice',
      mail: 'Alice@Example.com',
      link: 'https://alice.example',
      comment: '<p>第一条评论：写得很清楚。</p>',
      ua: records[0].ua,
      status: 'approved',
      ipHash: records[0].ipHash,
    })
    expect(lines[3]).toMatchObject({ rid: id(1), pid: id(3) })
    expect(lines.some((l) => 'ACL' in l || 'ip' in l)).toBe(false)
    expect(countersToLines(parseCounterLines(counterText).records)).toBe(
      counterText
        .trimEnd()
        .split('\n')
        .map((l) => {
          const { ACL: _acl, ...rest } = JSON.parse(l) as Record<string, unknown>
          return JSON.stringify({ objectId: rest.objectId, createdAt: rest.createdAt, updatedAt: rest.updatedAt, url: rest.url, xid: rest.xid, title: rest.title, time: rest.time }) + '\n'
        })
        .join(''),
    )
  })

  it('reads back what it wrote, unchanged, whatever the HTML was (the XSS test vectors)', async () => {
    const payloads = [
      ...(JSON.parse(readFileSync(join(FIXTURES, 'xss/dompurify-payloads.json'), 'utf8')) as { payload: string }[]),
      ...(JSON.parse(readFileSync(join(FIXTURES, 'xss/valine-payloads.json'), 'utf8')) as { payload: string }[]),
    ]
    const text = payloads.map((p, i) => line({ ...base, objectId: `x${i}`, comment: `text ${p.payload}`, nick: `n${i}` })).join('\n')
    const first = await parseCommentLines(text)
    expect(first.bad).toEqual([])
    expect(first.records).toHaveLength(payloads.length)
    const second = await parseCommentLines(commentsToLines(first.records))
    expect(second.bad).toEqual([])
    expect(second.records).toEqual(first.records)
    // As a name, a payload is taken as the API takes it, or refused for its markup, and reads back unchanged.
    const asNames = await parseCommentLines(payloads.map((p, i) => line({ ...base, objectId: `x${i}`, nick: p.payload.slice(0, 30) })).join('\n'))
    expect(asNames.records.length).toBeGreaterThan(0)
    expect(asNames.records.length + asNames.bad.length).toBe(payloads.length)
    for (const b of asNames.bad) expect(b.reason).toMatch(/^nick (may not contain|must be at most)/)
    for (const r of asNames.records) expect(r.nick).not.toMatch(/[<>"`]/)
    expect((await parseCommentLines(commentsToLines(asNames.records))).records).toEqual(asNames.records)
  })
})
