/**
 * The comment store's contract, as cases every store runs (store-sqlite, store-postgres,
 * store-d1 test files): the same behaviour on each database.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { postComment } from '../../src/proxy/comments/post-comment.js'
import { duplicateDigest } from '../../src/proxy/policy/moderation.js'
import { latestMigration } from '../../src/proxy/stores/migrations.js'
import type { CommentQuery, CommentStore, Condition, OutboxMessage, StoredComment, StoredCounter } from '../../src/proxy/stores/store.js'

export interface StoreHarness {
  /** A store on an empty database, not migrated yet. */
  fresh(): Promise<CommentStore>
  /** A second, independent handle (connection) on the same database as `store`. */
  reopen(store: CommentStore): Promise<CommentStore>
  /** Records a schema version in the store's migrations table, as a newer gptnotes would (beside the store, on its database). */
  recordVersion(store: CommentStore, version: number): Promise<void>
  /** Runs SQL statements on the store's database, beside the store (a state an older gptnotes left). */
  run(store: CommentStore, statements: string[]): Promise<void>
}

/** Second `n` of 2025 as LeanCloud writes dates. */
export const iso = (n: number): string => new Date(Date.UTC(2025, 0, 1) + n * 1000).toISOString()

let seq = 0
export function comment(over: Partial<StoredComment> = {}): StoredComment {
  seq += 1
  const id = over.objectId ?? `c${String(seq).padStart(6, '0')}`
  return {
    objectId: id,
    createdAt: iso(seq),
    updatedAt: iso(seq),
    insertedAt: iso(seq),
    url: '/gpt/a.html',
    rid: null,
    pid: null,
    nick: '读者',
    mail: 'reader@example.com',
    mailHash: '5d41402abc4b2a76b9719d911017c592',
    link: '',
    comment: `<p>评论 ${id}</p>`,
    ua: 'Mozilla/5.0',
    ipHash: 'ip-1',
    status: 'approved',
    ...over,
  }
}

export function counter(over: Partial<StoredCounter> = {}): StoredCounter {
  seq += 1
  return { objectId: `n${String(seq).padStart(6, '0')}`, createdAt: iso(seq), updatedAt: iso(seq), url: '/gpt/a.html', xid: '/gpt/a.html', title: '页面', time: 0, ...over }
}

const all: Condition = { and: [] }
const query = (where: Condition, over: Partial<CommentQuery> = {}): CommentQuery => ({ where, status: ['approved', 'waiting', 'spam'], order: [{ field: 'createdAt', desc: false }], limit: 1000, skip: 0, ...over })
const ids = (rows: { objectId: string }[]): string[] => rows.map((r) => r.objectId)

export function storeCases(name: string, harness: StoreHarness): void {
  describe(`${name} comment store`, () => {
    const opened: CommentStore[] = []
    const open = async (): Promise<CommentStore> => {
      const store = await harness.fresh()
      opened.push(store)
      await store.migrate()
      return store
    }
    const reopen = async (store: CommentStore): Promise<CommentStore> => {
      const again = await harness.reopen(store)
      opened.push(again)
      return again
    }
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((s) => s.close()))
    })

    it('migrates an empty database, and migrating again (on another handle too) changes nothing', async () => {
      const store = await open()
      const c = comment()
      await store.insertComment(c)
      await store.migrate()
      const other = await reopen(store)
      await other.migrate()
      expect(await other.getComment(c.objectId)).toEqual(c)
      expect(await store.countComments({ where: all, status: ['approved'] })).toBe(1)
    })

    it('reads its schema level without creating anything, and answers ping', async () => {
      const store = await harness.fresh()
      opened.push(store)
      await store.ping()
      expect(await store.schemaLevel()).toBe(0)
      // Asking created no table: a migration still starts from nothing.
      expect(await store.schemaLevel()).toBe(0)
      await store.migrate()
      expect(await store.schemaLevel()).toBe(latestMigration())
    })

    it('refuses a store migrated by a newer gptnotes (a version past the list), changing nothing', async () => {
      const store = await open()
      const c = comment()
      await store.insertComment(c)
      const newer = latestMigration() + 1
      await harness.recordVersion(store, newer)
      expect(await store.schemaLevel()).toBe(newer)
      const other = await reopen(store)
      const err = await other.migrate().then(() => undefined, (e: unknown) => e)
      expect(err).toBeInstanceOf(Error)
      expect((err as Error).message).toContain(`schema is at version ${newer}, newer than this version of gptnotes knows (${latestMigration()})`)
      expect(await other.schemaLevel()).toBe(newer)
      expect(await other.getComment(c.objectId)).toEqual(c)
    })

    it('stores a comment exactly and reads it back; an unknown id is undefined', async () => {
      const store = await open()
      const root = comment({ nick: 'Ünïcødé 读者 🎉', link: 'https://example.com/a?b=1&c="2"', comment: "<p>it's <b>bold</b>; DROP TABLE comments; --</p>", mail: '', mailHash: '' })
      const reply = comment({ rid: root.objectId, pid: root.objectId, status: 'waiting' })
      await store.insertComment(root)
      await store.insertComment(reply)
      expect(await store.getComment(root.objectId)).toEqual(root)
      expect(await store.getComment(reply.objectId)).toEqual(reply)
      expect(await store.getComment('missing')).toBeUndefined()
    })

    it('refuses a second comment with the same objectId', async () => {
      const store = await open()
      const c = comment()
      await store.insertComment(c)
      await expect(store.insertComment({ ...c, nick: 'other' })).rejects.toThrow()
      expect((await store.getComment(c.objectId))?.nick).toBe(c.nick)
    })

    it('an insert that resolved is committed: another connection reads it at once', async () => {
      const store = await open()
      const c = comment()
      await store.insertComment(c)
      const other = await reopen(store)
      expect(await other.getComment(c.objectId)).toEqual(c)
    })

    it('maps eq, ne, in, exists, and, or and the date comparisons to SQL', async () => {
      const store = await open()
      const root = comment({ objectId: 'root', url: '/p/1', createdAt: iso(100), insertedAt: iso(100) })
      const blank = comment({ objectId: 'blank', url: '/p/1', rid: '', pid: '', createdAt: iso(200), insertedAt: iso(250) })
      const reply = comment({ objectId: 'reply', url: '/p/1', rid: 'root', pid: 'root', createdAt: iso(300), insertedAt: iso(300) })
      const other = comment({ objectId: 'other', url: '/p/2', createdAt: iso(400), insertedAt: iso(350) })
      for (const c of [root, blank, reply, other]) await store.insertComment(c)
      const find = async (where: Condition) => ids(await store.findComments(query(where))).sort()

      expect(await find(all)).toEqual(['blank', 'other', 'reply', 'root'])
      expect(await find({ field: 'url', op: 'eq', value: '/p/1' })).toEqual(['blank', 'reply', 'root'])
      // '' is a value: it matches empty strings, never an unset (null) field.
      expect(await find({ field: 'rid', op: 'eq', value: '' })).toEqual(['blank'])
      expect(await find({ field: 'rid', op: 'exists', value: false })).toEqual(['other', 'root'])
      expect(await find({ field: 'rid', op: 'exists', value: true })).toEqual(['blank', 'reply'])
      // As LeanCloud's $ne: an unset field is "not equal" too.
      expect(await find({ field: 'rid', op: 'ne', value: 'root' })).toEqual(['blank', 'other', 'root'])
      expect(await find({ field: 'url', op: 'ne', value: '/p/1' })).toEqual(['other'])
      expect(await find({ field: 'objectId', op: 'in', values: ['root', 'other', 'nope'] })).toEqual(['other', 'root'])
      expect(await find({ field: 'rid', op: 'in', values: ['root'] })).toEqual(['reply'])
      expect(await find({ field: 'url', op: 'in', values: [] })).toEqual([])
      expect(await find({ or: [] })).toEqual([])
      expect(await find({ field: 'pid', op: 'eq', value: 'root' })).toEqual(['reply'])
      // Valine's root-comment query: rid unset or ''.
      const roots: Condition = { and: [{ or: [{ field: 'rid', op: 'exists', value: false }, { field: 'rid', op: 'eq', value: '' }] }, { field: 'url', op: 'eq', value: '/p/1' }] }
      expect(await find(roots)).toEqual(['blank', 'root'])
      expect(await find({ or: [{ field: 'objectId', op: 'eq', value: 'reply' }, { and: [{ field: 'url', op: 'eq', value: '/p/2' }, { field: 'rid', op: 'exists', value: false }] }] })).toEqual(['other', 'reply'])

      expect(await find({ field: 'createdAt', op: 'lt', value: iso(200) })).toEqual(['root'])
      expect(await find({ field: 'createdAt', op: 'lte', value: iso(200) })).toEqual(['blank', 'root'])
      expect(await find({ field: 'createdAt', op: 'gt', value: iso(300) })).toEqual(['other'])
      expect(await find({ field: 'createdAt', op: 'gte', value: iso(300) })).toEqual(['other', 'reply'])
      expect(await find({ and: [{ field: 'insertedAt', op: 'gt', value: iso(200) }, { field: 'insertedAt', op: 'lt', value: iso(350) }] })).toEqual(['blank', 'reply'])
      expect(await find({ field: 'insertedAt', op: 'eq', value: iso(350) })).toEqual(['other'])
    })

    it('an `in` list longer than any bound-parameter limit still works', async () => {
      const store = await open()
      const rows = Array.from({ length: 5 }, () => comment())
      for (const c of rows) await store.insertComment(c)
      const values = [...Array.from({ length: 300 }, (_, i) => `absent-${i}`), rows[1].objectId, rows[3].objectId]
      expect(ids(await store.findComments(query({ field: 'objectId', op: 'in', values })))).toEqual([rows[1].objectId, rows[3].objectId])
      expect(await store.countComments({ where: { field: 'objectId', op: 'in', values }, status: ['approved'] })).toBe(2)
    })

    it('orders by the given fields, then objectId; pages with limit and skip', async () => {
      const store = await open()
      // Equal dates on purpose: the id breaks ties, so every page is stable.
      const rows = ['e', 'b', 'd', 'a', 'c', 'f', 'g'].map((id, i) => comment({ objectId: id, createdAt: iso(i < 4 ? 10 : 20), insertedAt: iso(i % 2 === 0 ? 1 : 2) }))
      for (const c of rows) await store.insertComment(c)
      const order = (...o: CommentQuery['order']) => async (over: Partial<CommentQuery> = {}) => ids(await store.findComments(query(all, { order: o, ...over })))

      const asc = order({ field: 'createdAt', desc: false })
      expect(await asc()).toEqual(['a', 'b', 'd', 'e', 'c', 'f', 'g'])
      const desc = order({ field: 'createdAt', desc: true })
      expect(await desc()).toEqual(['g', 'f', 'c', 'e', 'd', 'b', 'a'])
      const twoKeys = order({ field: 'createdAt', desc: true }, { field: 'insertedAt', desc: true })
      expect(await twoKeys()).toEqual(['f', 'g', 'c', 'b', 'a', 'e', 'd'])
      const pages = [...(await twoKeys({ limit: 3, skip: 0 })), ...(await twoKeys({ limit: 3, skip: 3 })), ...(await twoKeys({ limit: 3, skip: 6 }))]
      expect(pages).toEqual(await twoKeys())
      expect(await twoKeys({ limit: 3, skip: 100 })).toEqual([])
      expect(await twoKeys({ limit: 0 })).toEqual([])
      expect(await order()()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g'])
      expect(await order({ field: 'updatedAt', desc: false })({ limit: 2 })).toHaveLength(2)
    })

    it('always filters by status; counting ignores paging', async () => {
      const store = await open()
      await store.insertComment(comment({ objectId: 's1', status: 'approved' }))
      await store.insertComment(comment({ objectId: 's2', status: 'waiting' }))
      await store.insertComment(comment({ objectId: 's3', status: 'spam' }))
      await store.insertComment(comment({ objectId: 's4', status: 'approved' }))
      const find = async (status: CommentQuery['status']) => ids(await store.findComments(query(all, { status })))
      expect(await find(['approved'])).toEqual(['s1', 's4'])
      expect(await find(['approved', 'waiting'])).toEqual(['s1', 's2', 's4'])
      expect(await find(['spam'])).toEqual(['s3'])
      expect(await find([])).toEqual([])
      expect(await store.countComments({ where: all, status: ['approved'] })).toBe(2)
      expect(await store.countComments({ where: all, status: ['approved', 'waiting', 'spam'] })).toBe(4)
      expect(await store.countComments({ where: all, status: [] })).toBe(0)
      expect(await store.countComments({ where: { field: 'objectId', op: 'eq', value: 's2' }, status: ['approved'] })).toBe(0)
      // A count is over everything that matches, whatever page a caller asks for.
      expect(await store.countComments({ ...query(all, { limit: 1, skip: 3 }), status: ['approved'] })).toBe(2)
    })

    it('changes a status and its updatedAt; an unknown id changes nothing', async () => {
      const store = await open()
      const c = comment({ status: 'waiting' })
      await store.insertComment(c)
      expect(await store.setCommentStatus(c.objectId, 'approved', iso(9999))).toBe(true)
      expect(await store.getComment(c.objectId)).toEqual({ ...c, status: 'approved', updatedAt: iso(9999) })
      expect(await store.setCommentStatus('missing', 'spam', iso(9999))).toBe(false)
    })

    it('deletes a comment with every reply below it, and nothing else', async () => {
      const store = await open()
      const root = comment({ objectId: 'r' })
      const a = comment({ objectId: 'a', rid: 'r', pid: 'r' })
      const aa = comment({ objectId: 'aa', rid: 'r', pid: 'a' }) // a reply to a reply names the thread root
      const aaa = comment({ objectId: 'aaa', rid: 'r', pid: 'aa' })
      const b = comment({ objectId: 'b', rid: 'r', pid: 'r' })
      const other = comment({ objectId: 'o' })
      const otherReply = comment({ objectId: 'oa', rid: 'o', pid: 'o' })
      for (const c of [root, a, aa, aaa, b, other, otherReply]) await store.insertComment(c)

      expect(await store.deleteComment('aa')).toBe(2)
      expect(ids(await store.findComments(query(all))).sort()).toEqual(['a', 'b', 'o', 'oa', 'r'])
      expect(await store.deleteComment('r')).toBe(3)
      expect(ids(await store.findComments(query(all))).sort()).toEqual(['o', 'oa'])
      expect(await store.deleteComment('missing')).toBe(0)
      expect(await store.deleteComment('oa')).toBe(1)
      expect(ids(await store.findComments(query(all)))).toEqual(['o'])
    })

    it('stores, finds and reads counters', async () => {
      const store = await open()
      const a = counter({ url: '/p/a', time: 3 })
      const b = counter({ url: '/p/b', title: '' })
      const c = counter({ url: '/p/c', time: 7 })
      for (const x of [a, b, c]) await store.insertCounter(x)
      expect(await store.getCounter(a.objectId)).toEqual(a)
      expect(await store.getCounter('missing')).toBeUndefined()
      expect(await store.findCounters({ field: 'url', op: 'eq', value: '/p/b' }, 100)).toEqual([b])
      expect(ids(await store.findCounters({ field: 'url', op: 'in', values: ['/p/a', '/p/c', '/p/z'] }, 100))).toEqual([a.objectId, c.objectId])
      expect(ids(await store.findCounters(all, 2))).toEqual([a.objectId, b.objectId])
      expect(await store.findCounters(all, 0)).toEqual([])
      // A field counters do not have reads as unset.
      expect(await store.findCounters({ field: 'rid', op: 'exists', value: true }, 100)).toEqual([])
      expect(await store.findCounters({ and: [{ field: 'rid', op: 'exists', value: false }, { field: 'url', op: 'eq', value: '/p/c' }] }, 100)).toEqual([c])
      await expect(store.insertCounter({ ...a, url: '/p/dup' })).rejects.toThrow()
    })

    it('keeps one counter per page: a second insert for its url, even at once, inserts nothing', async () => {
      const store = await open()
      const first = counter({ url: '/p/one', time: 1 })
      expect(await store.insertCounter(first)).toBe(true)
      expect(await store.insertCounter(counter({ url: '/p/one', time: 1 }))).toBe(false)
      const racing = Array.from({ length: 8 }, () => counter({ url: '/p/race', time: 1 }))
      const inserted = await Promise.all(racing.map((c) => store.insertCounter(c)))
      expect(inserted.filter(Boolean)).toHaveLength(1)
      expect(await store.findCounters({ field: 'url', op: 'eq', value: '/p/race' }, 100)).toHaveLength(1)
      expect(await store.findCounters({ field: 'url', op: 'eq', value: '/p/one' }, 100)).toEqual([first])
    })

    it('imports an export\'s counters of one page as one, the oldest with every view', async () => {
      const store = await open()
      const older = counter({ objectId: 'old', url: '/p/twice', time: 5, createdAt: iso(1) })
      const newer = counter({ objectId: 'new', url: '/p/twice', time: 3, createdAt: iso(2) })
      const other = counter({ objectId: 'other', url: '/p/once', time: 2 })
      expect(await store.importRecords({ comments: [], counters: [newer, older, other] })).toEqual({ comments: { added: 0, skipped: 0 }, counters: { added: 2, skipped: 1 } })
      expect(await store.findCounters({ field: 'url', op: 'eq', value: '/p/twice' }, 100)).toEqual([{ ...older, time: 8 }])
      // A page the store counts already keeps its counter.
      expect((await store.importRecords({ comments: [], counters: [counter({ url: '/p/once', time: 9 })] })).counters).toEqual({ added: 0, skipped: 1 })
      expect((await store.findCounters({ field: 'url', op: 'eq', value: '/p/once' }, 100))[0].time).toBe(2)
    })

    it('migrating merges the pairs of counters an older version let in, keeping every view', async () => {
      const store = await open()
      // The state before version 5: no unique index, two counters for one page.
      await harness.run(store, ['drop index counters_url_unique', 'create index counters_url on counters (url)', 'delete from gptnotes_migrations where version = 5'])
      const rows = [
        counter({ objectId: 'b-new', url: '/p/pair', time: 4, createdAt: iso(20) }),
        counter({ objectId: 'a-old', url: '/p/pair', time: 6, createdAt: iso(10) }),
        counter({ objectId: 'c-alone', url: '/p/alone', time: 7 }),
      ]
      const value = (v: string | number) => (typeof v === 'number' ? String(v) : `'${v}'`)
      await harness.run(store, rows.map((c) => `insert into counters (object_id, created_at, updated_at, url, xid, title, time) values (${[c.objectId, c.createdAt, c.updatedAt, c.url, c.xid, c.title, c.time].map(value).join(', ')})`))
      expect(await store.findCounters({ field: 'url', op: 'eq', value: '/p/pair' }, 100)).toHaveLength(2)
      await store.migrate()
      expect(await store.findCounters({ field: 'url', op: 'eq', value: '/p/pair' }, 100)).toEqual([{ ...rows[1], time: 10 }])
      expect(await store.findCounters({ field: 'url', op: 'eq', value: '/p/alone' }, 100)).toEqual([rows[2]])
      expect(await store.insertCounter(counter({ url: '/p/pair' }))).toBe(false)
    })

    it('increments a counter by one and returns it; an unknown counter is undefined', async () => {
      const store = await open()
      const c = counter({ time: 41 })
      await store.insertCounter(c)
      expect(await store.incrementCounter(c.objectId, iso(5000))).toEqual({ ...c, time: 42, updatedAt: iso(5000) })
      expect(await store.getCounter(c.objectId)).toEqual({ ...c, time: 42, updatedAt: iso(5000) })
      expect(await store.incrementCounter('missing', iso(5000))).toBeUndefined()
    })

    it('50 increments at once add exactly 50, each seeing its own value', async () => {
      const store = await open()
      const c = counter({ time: 0 })
      await store.insertCounter(c)
      const after = await Promise.all(Array.from({ length: 50 }, (_, i) => store.incrementCounter(c.objectId, iso(6000 + i))))
      expect(after.map((x) => x?.time).sort((x, y) => x! - y!)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1))
      expect((await store.getCounter(c.objectId))?.time).toBe(50)
    })

    it('claims a view once per window', async () => {
      const store = await open()
      expect(await store.claimView('ip-1|/p/a', iso(0), iso(60))).toBe(true)
      expect(await store.claimView('ip-1|/p/a', iso(30), iso(90))).toBe(false)
      expect(await store.claimView('ip-1|/p/a', iso(59), iso(119))).toBe(false)
      expect(await store.claimView('ip-2|/p/a', iso(30), iso(90))).toBe(true)
      expect(await store.claimView('ip-1|/p/b', iso(30), iso(90))).toBe(true)
      // The window has passed: counted again, and a new window starts.
      expect(await store.claimView('ip-1|/p/a', iso(60), iso(120))).toBe(true)
      expect(await store.claimView('ip-1|/p/a', iso(100), iso(160))).toBe(false)
      expect(await store.claimView('ip-1|/p/a', iso(500), iso(560))).toBe(true)
    })

    it('of many claims at once for one reader, exactly one counts', async () => {
      const store = await open()
      const claims = await Promise.all(Array.from({ length: 20 }, () => store.claimView('ip-9|/p/z', iso(0), iso(60))))
      expect(claims.filter(Boolean)).toHaveLength(1)
      const later = await Promise.all(Array.from({ length: 20 }, () => store.claimView('ip-9|/p/z', iso(61), iso(121))))
      expect(later.filter(Boolean)).toHaveLength(1)
    })

    it('counts rate-limit hits per key inside the window', async () => {
      const store = await open()
      expect(await store.hitRate('oauth|ip-1', iso(0), iso(-60))).toBe(1)
      expect(await store.hitRate('oauth|ip-1', iso(10), iso(-50))).toBe(2)
      expect(await store.hitRate('oauth|ip-2', iso(10), iso(-50))).toBe(1)
      expect(await store.hitRate('oauth|ip-1', iso(59), iso(-1))).toBe(3)
      // The first hit has left the window.
      expect(await store.hitRate('oauth|ip-1', iso(61), iso(1))).toBe(3)
      expect(await store.hitRate('oauth|ip-1', iso(200), iso(140))).toBe(1)
      const many = await Promise.all(Array.from({ length: 10 }, () => store.hitRate('oauth|ip-3', iso(0), iso(-60))))
      expect(Math.max(...many)).toBe(10)
    })

    it('under auto a remote image waits, a data: or site image does not; approved, the image keeps its attributes', async () => {
      const store = await open()
      let n = 0
      const post = (html: string) =>
        postComment(
          {
            store,
            limits: { comment: async () => ({ granted: true }), commentClaim: () => undefined },
            settings: { rateSeconds: 20, moderation: 'auto', forbiddenWords: [], origins: ['https://site.example'] },
            salt: 'store-case-salt-0123456789',
            now: new Date(Date.UTC(2025, 1, 1, 0, 0, ++n)),
            newId: () => `img${n}`,
          },
          { fields: { comment: html, nick: 'Pixel', mail: '', link: '', url: '/gpt/images.html', ua: '' }, ip: `192.0.2.${n}` },
        )
      const posted = async (html: string) => {
        const out = await post(html)
        if ('refused' in out) throw new Error(`refused: ${out.refused}`)
        return out.posted
      }
      const tag = await posted('<p>Look <img src="https://tracker.example/p.gif?u=1" alt="x"></p>')
      // The markdown `![pic](http://tracker.example/m.png)` as the widget renders it.
      const markdown = await posted('<p><img src="http://tracker.example/m.png" alt="pic"></p>')
      const pasted = await posted('<p>Pasted 😄 <img src="data:image/png;base64,iVBORw0KGgo="></p>')
      const local = await posted('<p>Ours <img src="https://site.example/emoji/smile.png" alt="smile"></p>')
      expect([tag.status, markdown.status, pasted.status, local.status]).toEqual(['waiting', 'waiting', 'approved', 'approved'])
      expect(pasted.comment).toBe('<p>Pasted 😄 </p>')
      const approvedOnly = { where: { field: 'url', op: 'eq', value: '/gpt/images.html' } as Condition, status: ['approved' as const] }
      expect(ids(await store.findComments(query(approvedOnly.where, { status: approvedOnly.status })))).toEqual([pasted.objectId, local.objectId])
      expect(await store.setCommentStatus(tag.objectId, 'approved', iso(500))).toBe(true)
      const shown = await store.getComment(tag.objectId)
      expect(shown?.comment).toBe('<p>Look <img src="https://tracker.example/p.gif?u=1" alt="x" referrerpolicy="no-referrer" loading="lazy" width="320" height="240"></p>')
      expect((await store.getComment(local.objectId))?.comment).toMatch(/<img src="https:\/\/site\.example\/emoji\/smile\.png" alt="smile" referrerpolicy="no-referrer" loading="lazy" width="320" height="240">/)
      expect(await store.countComments(approvedOnly)).toBe(3)
    })

    it('a claim allows `max` uses in its window, then refuses with the window’s end; a passed window starts again', async () => {
      const store = await open()
      expect(await store.claim('rate|a', iso(0), iso(20), 1)).toEqual({ granted: true, until: iso(20) })
      expect(await store.claimFull('rate|a', iso(5), 1)).toBe(iso(20))
      expect(await store.claim('rate|a', iso(5), iso(25), 1)).toEqual({ granted: false, until: iso(20) })
      expect(await store.claim('rate|b', iso(5), iso(25), 1)).toEqual({ granted: true, until: iso(25) })
      expect(await store.claimFull('rate|a', iso(20), 1)).toBeUndefined()
      expect(await store.claimFull('rate|none', iso(20), 1)).toBeUndefined()
      expect(await store.claim('rate|a', iso(20), iso(40), 1)).toEqual({ granted: true, until: iso(40) })
      // Three a window.
      for (let i = 0; i < 3; i++) expect((await store.claim('new|c', iso(100 + i), iso(160 + i), 3)).granted).toBe(true)
      expect(await store.claim('new|c', iso(110), iso(170), 3)).toEqual({ granted: false, until: iso(160) })
      expect(await store.claim('new|c', iso(160), iso(220), 3)).toEqual({ granted: true, until: iso(220) })
    })

    it('a comment and its claim go in one commit: a refused claim or a taken key stores nothing and leaves no claim', async () => {
      const store = await open()
      const claimAt = (n: number) => ({ key: 'rate|ip', now: iso(n), until: iso(n + 20), max: 1 })
      const first = comment({ url: '/p/c', nick: 'E', comment: '<p>First.</p>' })
      expect(await store.insertClaimedComment(first, await duplicateDigest(first), claimAt(0))).toEqual({ inserted: true })
      expect(await store.getComment(first.objectId)).toEqual(first)
      const second = comment({ url: '/p/c', nick: 'E', comment: '<p>Second.</p>' })
      expect(await store.insertClaimedComment(second, await duplicateDigest(second), claimAt(5))).toEqual({ inserted: false, refused: 'claim', until: iso(20) })
      expect(await store.getComment(second.objectId)).toBeUndefined()
      // Another client with the first one's words: refused, and its claim is not left behind.
      const again = comment({ url: '/p/c', nick: 'E', comment: '<p>FIRST.</p>' })
      const other = { key: 'rate|other', now: iso(5), until: iso(25), max: 1 }
      expect(await store.insertClaimedComment(again, await duplicateDigest(first), other)).toEqual({ inserted: false, refused: 'duplicate' })
      expect(await store.claimFull('rate|other', iso(6), 1)).toBeUndefined()
      expect(await store.insertClaimedComment(second, await duplicateDigest(second), { ...other, now: iso(6) })).toEqual({ inserted: true })
      // No limit: the key alone decides.
      const free = comment({ url: '/p/c', nick: 'E', comment: '<p>Free.</p>' })
      expect(await store.insertClaimedComment(free, await duplicateDigest(free), undefined)).toEqual({ inserted: true })
      expect(await store.insertClaimedComment(comment({ url: '/p/c', nick: 'E' }), await duplicateDigest(free), undefined)).toEqual({ inserted: false, refused: 'duplicate' })
    })

    it('of 20 comments at once from one client, or of 20 with the same words from 20, on two handles, exactly one is stored (10 trials)', async () => {
      const store = await open()
      const other = await reopen(store)
      for (let trial = 0; trial < 10; trial++) {
        const at = { now: iso(2000 + trial * 100), until: iso(2000 + trial * 100 + 20), max: 1 }
        const burst = Array.from({ length: 20 }, (_, i) => comment({ url: '/p/burst', comment: `<p>Burst ${trial}, ${i}.</p>` }))
        const fromOne = await Promise.all(burst.map(async (c, i) => (i % 2 ? other : store).insertClaimedComment(c, await duplicateDigest(c), { key: `rate|one${trial}`, ...at })))
        expect(fromOne.filter((r) => r.inserted), `trial ${trial}`).toHaveLength(1)
        expect(fromOne.filter((r) => !r.inserted && r.refused === 'claim'), `trial ${trial}`).toHaveLength(19)
        const same = Array.from({ length: 20 }, () => comment({ url: '/p/same', nick: 'F', comment: `<p>Same ${trial}.</p>` }))
        const k = await duplicateDigest(same[0])
        const fromMany = await Promise.all(same.map((c, i) => (i % 2 ? other : store).insertClaimedComment(c, k, { key: `rate|many${trial}-${i}`, ...at })))
        expect(fromMany.filter((r) => r.inserted), `trial ${trial}`).toHaveLength(1)
        expect(fromMany.filter((r) => !r.inserted && r.refused === 'duplicate'), `trial ${trial}`).toHaveLength(19)
        // The 19 refused hold no claim.
        const held = await Promise.all(same.map((_, i) => store.claimFull(`rate|many${trial}-${i}`, at.now, 1)))
        expect(held.filter((u) => u !== undefined), `trial ${trial}`).toHaveLength(1)
      }
    })

    it('of 20 claims at once, on one handle or two, exactly the allowed number pass (10 trials)', async () => {
      const store = await open()
      const other = await reopen(store)
      for (let trial = 0; trial < 10; trial++) {
        const at = iso(1000 + trial * 100)
        const one = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? other : store).claim(`rate|t${trial}`, at, iso(1000 + trial * 100 + 20), 1)))
        expect(one.filter((c) => c.granted), `trial ${trial}`).toHaveLength(1)
        const three = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? other : store).claim(`new|t${trial}`, at, iso(1000 + trial * 100 + 60), 3)))
        expect(three.filter((c) => c.granted), `trial ${trial}`).toHaveLength(3)
      }
    })

    it('a new comment is inserted unless its duplicate key is stored; of 20 at once on two handles, exactly one (10 trials)', async () => {
      const store = await open()
      const other = await reopen(store)
      const first = comment({ url: '/p/k', nick: 'A', comment: '<p>Same words.</p>' })
      const key = await duplicateDigest(first)
      expect(await store.hasDuplicateKey(key)).toBe(false)
      expect(await store.insertNewComment(first, key)).toBe(true)
      expect(await store.getComment(first.objectId)).toEqual(first)
      expect(await store.hasDuplicateKey(key)).toBe(true)
      expect(await store.insertNewComment(comment({ url: '/p/k', nick: 'A', comment: '<p>SAME  words.</p>' }), key)).toBe(false)
      for (let trial = 0; trial < 10; trial++) {
        const same = Array.from({ length: 20 }, () => comment({ url: '/p/race', nick: 'B', comment: `<p>Trial ${trial}.</p>` }))
        const k = await duplicateDigest(same[0])
        const inserted = await Promise.all(same.map((c, i) => (i % 2 ? other : store).insertNewComment(c, k)))
        expect(inserted.filter(Boolean), `trial ${trial}`).toHaveLength(1)
        expect(await store.countComments({ where: { field: 'url', op: 'eq', value: '/p/race' }, status: ['approved'] })).toBe(trial + 1)
      }
      // Deleting the comment frees its words.
      await store.deleteComment(first.objectId)
      expect(await store.hasDuplicateKey(key)).toBe(false)
      expect(await store.insertNewComment(comment({ url: '/p/k', nick: 'A', comment: '<p>Same words.</p>' }), key)).toBe(true)
    })

    it('records stored or imported from elsewhere take their duplicate key; of old duplicates the oldest holds it', async () => {
      const store = await open()
      const stored = comment({ url: '/p/i', nick: 'C', comment: '<p>Stored directly.</p>' })
      await store.insertComment(stored)
      await store.insertComment(comment({ url: '/p/i', nick: 'C', comment: '<p>stored directly.</p>' }))
      expect(await store.hasDuplicateKey(await duplicateDigest(stored))).toBe(true)
      const older = comment({ objectId: 'old1', url: '/p/i', nick: 'D', comment: '<p>Imported twice.</p>', createdAt: iso(1) })
      const newer = comment({ objectId: 'old2', url: '/p/i', nick: 'D', comment: '<p>IMPORTED twice.</p>', createdAt: iso(2) })
      await store.importRecords({ comments: [newer, older], counters: [] })
      const key = await duplicateDigest(older)
      expect(await store.hasDuplicateKey(key)).toBe(true)
      expect(await store.insertNewComment(comment({ url: '/p/i', nick: 'D', comment: 'imported twice.' }), key)).toBe(false)
      // The oldest holds the key: without it, the newer one (still there) is no longer found by key.
      await store.deleteComment('old1')
      expect(await store.hasDuplicateKey(key)).toBe(false)
      // Until the next start keys it.
      await store.migrate()
      expect(await store.hasDuplicateKey(key)).toBe(true)
    })

    it('imports records keeping ids, dates and threads; importing again adds nothing', async () => {
      const store = await open()
      const existing = comment({ objectId: 'exists', nick: 'kept' })
      await store.insertComment(existing)
      // Enough rows that a store with a small parameter limit must split the insert.
      const comments = [comment({ objectId: 'exists', nick: 'imported' }), ...Array.from({ length: 120 }, (_, i) => comment({ objectId: `imp${i}`, rid: i > 0 ? 'imp0' : null, pid: i > 0 ? `imp${i - 1}` : null, status: i % 3 === 0 ? 'waiting' : 'approved' }))]
      const counters = Array.from({ length: 40 }, (_, i) => counter({ objectId: `cnt${i}`, url: `/p/${i}`, time: i }))
      expect(await store.importRecords({ comments, counters })).toEqual({ comments: { added: 120, skipped: 1 }, counters: { added: 40, skipped: 0 } })
      expect((await store.getComment('exists'))?.nick).toBe('kept')
      expect(await store.getComment('imp7')).toEqual(comments[8])
      expect(await store.getCounter('cnt39')).toEqual(counters[39])
      expect(await store.importRecords({ comments, counters })).toEqual({ comments: { added: 0, skipped: 121 }, counters: { added: 0, skipped: 40 } })
      expect(await store.importRecords({ comments: [], counters: [] })).toEqual({ comments: { added: 0, skipped: 0 }, counters: { added: 0, skipped: 0 } })
      expect(await store.countComments({ where: all, status: ['approved', 'waiting', 'spam'] })).toBe(121)
    })

    it('an import is one transaction: a bad record leaves nothing behind', async () => {
      const store = await open()
      const good = Array.from({ length: 30 }, (_, i) => comment({ objectId: `ok${i}` }))
      const bad = comment({ objectId: 'bad', status: 'bogus' as never })
      await expect(store.importRecords({ comments: [...good, bad], counters: [counter()] })).rejects.toThrow()
      expect(await store.exportRecords()).toEqual({ comments: [], counters: [] })
    })

    const message = (c: StoredComment, n: number, over: Partial<OutboxMessage> = {}): OutboxMessage => ({
      id: `${c.objectId}-m${n}`,
      dedupeKey: `comment.created:${c.objectId}:webhook:${n}`,
      event: 'comment.created',
      channel: 'webhook',
      target: `https://hooks.example/${n}`,
      payload: JSON.stringify({ n }),
      createdAt: iso(0),
      nextAt: iso(0),
      ...over,
    })

    it("a comment's notifications are written in its commit: with the comment, and not when it is refused", async () => {
      const store = await open()
      const c = comment()
      const key = await duplicateDigest(c)
      const claim = { key: 'rate:ip-1', now: iso(0), until: iso(20), max: 1 }
      expect(await store.insertClaimedComment(c, key, claim, [message(c, 1), message(c, 2)])).toEqual({ inserted: true })
      // The same words again (a duplicate) and the client's rate (a refused claim) queue nothing.
      const dup = comment({ comment: c.comment, nick: c.nick, url: c.url })
      expect((await store.insertClaimedComment(dup, key, undefined, [message(dup, 1)])).inserted).toBe(false)
      const later = comment()
      expect((await store.insertClaimedComment(later, await duplicateDigest(later), claim, [message(later, 1)])).inserted).toBe(false)
      expect((await store.listOutbox()).map((m) => m.id)).toEqual([`${c.objectId}-m1`, `${c.objectId}-m2`])
      // Without a claim, too.
      const free = comment()
      expect(await store.insertClaimedComment(free, await duplicateDigest(free), undefined, [message(free, 1)])).toEqual({ inserted: true })
      expect(await store.listOutbox()).toHaveLength(3)
    })

    it('an approval queues its messages once, and only when the comment has that status', async () => {
      const store = await open()
      const c = comment({ status: 'waiting' })
      await store.insertComment(c)
      const m = message(c, 1, { event: 'comment.approved', dedupeKey: `comment.approved:${c.objectId}` })
      expect(await store.setStatusNotifying(c.objectId, 'approved', iso(30), [m])).toBe(true)
      expect(await store.setStatusNotifying(c.objectId, 'approved', iso(31), [{ ...m, id: 'another-id' }])).toBe(true)
      expect((await store.listOutbox()).map((r) => r.id)).toEqual([m.id])
      expect(await store.setStatusNotifying('missing', 'approved', iso(32), [message(comment({ objectId: 'missing' }), 9)])).toBe(false)
      expect(await store.listOutbox()).toHaveLength(1)
    })

    it('claims due messages once across handles; a lapsed claim is taken again and its late finish changes nothing', async () => {
      const store = await open()
      const other = await reopen(store)
      const c = comment()
      await store.insertClaimedComment(c, await duplicateDigest(c), undefined, Array.from({ length: 6 }, (_, i) => message(c, i)))
      const [a, b] = await Promise.all([store.claimOutbox(iso(1), iso(31), 4), other.claimOutbox(iso(1), iso(31), 4)])
      expect(a.length + b.length).toBe(6)
      expect(new Set([...a, ...b].map((m) => m.id)).size).toBe(6)
      expect([...a, ...b].every((m) => m.attempts === 1 && m.lockedUntil === iso(31))).toBe(true)
      // Held: nothing more to claim until the hold lapses.
      expect(await store.claimOutbox(iso(2), iso(32), 10)).toEqual([])
      const first = a[0] ?? b[0]
      await store.finishOutbox(first, { state: 'sent', at: iso(3) })
      const again = await store.claimOutbox(iso(40), iso(70), 10)
      expect(again.map((m) => m.id).sort()).toEqual([...a, ...b].filter((m) => m.id !== first.id).map((m) => m.id).sort())
      expect(again.every((m) => m.attempts === 2)).toBe(true)
      // The first claim's late finish is ignored: the row is the second sender's.
      const taken = again[0]
      await store.finishOutbox({ id: taken.id, lockedUntil: iso(31) }, { state: 'sent', at: iso(41) })
      await store.finishOutbox(taken, { state: 'pending', error: 'http-500', nextAt: iso(100) })
      const rows = await store.listOutbox()
      expect(rows.find((r) => r.id === taken.id)).toMatchObject({ state: 'pending', lastError: 'http-500', attempts: 2, nextAt: iso(100) })
      expect(rows.find((r) => r.id === first.id)).toMatchObject({ state: 'sent' })
      // Not due before its retry time.
      expect((await store.claimOutbox(iso(99), iso(129), 10)).map((m) => m.id)).not.toContain(taken.id)
      expect((await store.claimOutbox(iso(100), iso(130), 10)).map((m) => m.id)).toContain(taken.id)
    })

    it('records unsubscribed keys', async () => {
      const store = await open()
      expect(await store.isUnsubscribed('k1')).toBe(false)
      await store.unsubscribe('k1', iso(1))
      await store.unsubscribe('k1', iso(2))
      expect(await store.isUnsubscribed('k1')).toBe(true)
    })

    it('exports everything, oldest first, whatever the status', async () => {
      const store = await open()
      const late = comment({ createdAt: iso(50), status: 'spam' })
      const early = comment({ createdAt: iso(5), status: 'waiting', rid: 'x', pid: 'x' })
      const mid = comment({ createdAt: iso(20) })
      const n2 = counter({ createdAt: iso(9), url: '/gpt/b.html' })
      const n1 = counter({ createdAt: iso(1) })
      for (const c of [late, early, mid]) await store.insertComment(c)
      for (const c of [n2, n1]) await store.insertCounter(c)
      expect(await store.exportRecords()).toEqual({ comments: [early, mid, late], counters: [n1, n2] })
      // What an export gives back, an import into an empty store takes as it is.
      const copy = await open()
      await copy.importRecords(await store.exportRecords())
      expect(await copy.exportRecords()).toEqual(await store.exportRecords())
    })
  })
}
