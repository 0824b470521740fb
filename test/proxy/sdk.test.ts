import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import type { IncomingMessage } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import AV from 'leancloud-storage'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProxyServer, type ProxyServer } from '../../src/proxy/node.js'
import { resolveProxyOptions } from '../../src/proxy/options.js'
import { md5 } from '../../src/shared/encoding/md5.js'
import { rejectionOf } from '../helpers/thrown.js'

/**
 * The unmodified `leancloud-storage` 4.x SDK, in Node, against the comment service started for
 * real (loopback, SQLite in a temp folder): every call a Valine-style widget makes (research
 * §1.3), with the SDK's own request building, batch fallback and error objects.
 */
let server: ProxyServer
let dir: string
/** The service's clock: the cases move it past the rate limit and the counter window. */
let clock = Date.parse('2026-05-01T08:00:00.000Z')
const pass = (seconds: number) => (clock += seconds * 1000)
/** The paths the service received, from Node's own HTTP diagnostics channel. */
const seen: string[] = []
const record = (message: unknown) => seen.push(new URL((message as { request: IncomingMessage }).request.url ?? '/', 'http://x').pathname)

const PAGE = '/gpt/handbook/sdk.html'

/** Valine 1.5's query for a page's root comments. */
function rootsOf(url: string): AV.Query<AV.Object> {
  const noRid = new AV.Query<AV.Object>('Comment')
  noRid.doesNotExist('rid')
  const emptyRid = new AV.Query<AV.Object>('Comment')
  emptyRid.equalTo('rid', '')
  const q = AV.Query.or(noRid, emptyRid)
  q.equalTo('url', url)
  q.addDescending('createdAt')
  q.addDescending('insertedAt')
  return q
}

/** Valine 1.5's save: its fields, `insertedAt` and a public-read ACL, which the service ignores. */
async function saveComment(fields: Record<string, unknown>, options?: AV.Object.SaveOptions<AV.Object>): Promise<AV.Object> {
  pass(30)
  const Comment = AV.Object.extend('Comment')
  const c = new Comment()
  c.set({ nick: 'Reader', mail: 'reader@example.com', link: '', ua: 'Mozilla/5.0 Valine', url: PAGE, ip: '1.2.3.4', insertedAt: new Date(), ...fields })
  const acl = new AV.ACL()
  acl.setPublicReadAccess(true)
  acl.setPublicWriteAccess(false)
  c.setACL(acl)
  return c.save(null, options)
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gptnotes-proxy-sdk-'))
  const options = resolveProxyOptions({ flags: { port: '0', host: '127.0.0.1', store: `sqlite:${join(dir, 'comments.db')}` }, env: { GPTNOTES_RATE_SECONDS: '20' } })
  server = await startProxyServer({ options, signals: false, log: () => {}, now: () => new Date(clock) })
  subscribe('http.server.request.start', record)
  AV.init({ appId: 'gptnotesSdkTest-MdYXbMMI', appKey: 'public-app-key', serverURLs: server.url, disableCurrentUser: true })
})

afterAll(async () => {
  unsubscribe('http.server.request.start', record)
  await server?.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the leancloud-storage 4.x SDK against the service', () => {
  const ids: string[] = []

  it('counts a page’s root comments with Valine’s query (none yet)', async () => {
    expect(await rootsOf(PAGE).count()).toBe(0)
  })

  it('saves comments: 201 with objectId and createdAt', async () => {
    for (let i = 1; i <= 3; i++) {
      const saved = await saveComment({ comment: `<p>Root comment ${i}</p>` })
      expect(saved.id).toMatch(/^[0-9a-f]{24}$/)
      expect(saved.createdAt).toBeInstanceOf(Date)
      ids.push(saved.id!)
    }
    expect(await rootsOf(PAGE).count()).toBe(3)
  })

  it('saves with fetchWhenSave', async () => {
    const saved = await saveComment({ comment: 'Fetched when saved.', url: '/gpt/handbook/other.html' }, { fetchWhenSave: true })
    expect(saved.id).toBeTruthy()
    expect(saved.get('mail')).toBe('reader@example.com') // the SDK keeps what it sent; the service returned no mail
    expect(saved.get('comment')).toBe('Fetched when saved.')
  })

  it('pages with limit, skip and order', async () => {
    const page1 = await rootsOf(PAGE).limit(2).skip(0).find()
    const page2 = await rootsOf(PAGE).limit(2).skip(2).find()
    expect(page1.map((c) => c.id)).toEqual([ids[2], ids[1]])
    expect(page2.map((c) => c.id)).toEqual([ids[0]])
    const [newest] = page1
    expect(newest.get('comment')).toBe('<p>Root comment 3</p>')
    expect(newest.get('nick')).toBe('Reader')
    expect(newest.get('insertedAt')).toBeInstanceOf(Date)
    expect(newest.get('mail')).toBeUndefined()
    expect(newest.get('ip')).toBeUndefined()
    expect(newest.getACL()).toBeFalsy()
    expect(typeof newest.get('mailMd5')).toBe('string')
  })

  it('gets one comment by id; a missing one is the SDK’s 101', async () => {
    const one = await new AV.Query<AV.Object>('Comment').get(ids[0])
    expect(one.get('comment')).toBe('<p>Root comment 1</p>')
    expect((await rejectionOf(new AV.Query<AV.Object>('Comment').get('0123456789abcdef01234567'), AV.Error)).code).toBe(101)
  })

  it('finds replies by $in and by Valine’s CQL', async () => {
    const reply = await saveComment({ comment: 'A reply.', rid: ids[0], pid: ids[0], nick: 'Replier' })
    const q = new AV.Query<AV.Object>('Comment')
    q.containedIn('rid', [ids[0], ids[1]])
    expect((await q.find()).map((c) => c.id)).toEqual([reply.id])
    const cql = `select * from Comment where rid in ('${[ids[0], ids[1]].join("','")}') order by -createdAt,-createdAt`
    // The SDK's types say one object; the answer is `{results, count, className}`.
    const res = (await AV.Query.doCloudQuery(cql)) as unknown as { results: AV.Object[]; className: string }
    expect(res.results.map((c) => c.id)).toEqual([reply.id])
    expect(res.results[0].get('nick')).toBe('Replier')
    expect(res.results[0].get('mail')).toBeUndefined()
    // Still three roots: a reply is not counted on the page.
    expect(await rootsOf(PAGE).count()).toBe(3)
  })

  it('counters: find none, create, increment once per reader and window', async () => {
    const find = () => new AV.Query<AV.Object>('Counter').equalTo('url', PAGE).find()
    expect(await find()).toEqual([])
    const Counter = AV.Object.extend('Counter')
    const counter = new Counter()
    counter.set({ url: PAGE, xid: PAGE, title: 'SDK page', time: 1 })
    const acl = new AV.ACL()
    acl.setPublicReadAccess(true)
    acl.setPublicWriteAccess(true)
    counter.setACL(acl)
    await counter.save()
    expect(counter.id).toBeTruthy()

    const [found] = await find()
    expect(found.get('time')).toBe(1)
    // The same reader again inside the window: answered, not counted.
    found.increment('time')
    await found.save()
    expect(found.get('time')).toBe(1)
    pass(3601)
    const [later] = await find()
    later.increment('time')
    await later.save()
    expect(later.get('time')).toBe(2)
    expect((await find())[0].get('time')).toBe(2)
  })

  it('a long containedIn switches the SDK to /1.1/batch, which answers it', async () => {
    const urls = Array.from({ length: 60 }, (_, i) => `/gpt/handbook/a-rather-long-page-name-${i}.html`)
    urls.push(PAGE)
    const q = new AV.Query<AV.Object>('Counter')
    q.containedIn('url', urls)
    const before = seen.length
    const counters = await q.find()
    expect(seen.slice(before)).toEqual(['/1.1/batch'])
    expect(counters.map((c) => c.get('url'))).toEqual([PAGE])
    expect(counters[0].get('time')).toBe(2)
  })

  it('refusals arrive as AVError with LeanCloud’s codes', async () => {
    expect((await rejectionOf(new AV.Query<AV.Object>('Secret').find(), AV.Error)).code).toBe(101)
    const regex = new AV.Query<AV.Object>('Comment')
    regex.matches('comment', /(a+)+$/)
    expect((await rejectionOf(regex.find(), AV.Error)).code).toBe(102)
    const byMail = new AV.Query<AV.Object>('Comment')
    byMail.equalTo('mail', 'reader@example.com')
    expect((await rejectionOf(byMail.find(), AV.Error)).code).toBe(102)
    // A second comment inside the rate window (the clock did not move).
    const Comment = AV.Object.extend('Comment')
    await saveComment({ comment: 'Before the limit.' })
    const tooSoon = new Comment()
    tooSoon.set({ comment: 'Too soon.', nick: 'Reader', url: PAGE })
    const limited = (await rejectionOf(tooSoon.save(), AV.Error)) as { code: number; retryAfter?: unknown }
    expect(limited.code).toBe(429)
    // The wait travels as a field of the error the SDK raises, not only in its words.
    expect(limited.retryAfter).toBeGreaterThan(0)
    // A counter cannot be set.
    const [counter] = await new AV.Query<AV.Object>('Counter').equalTo('url', PAGE).find()
    counter.set('time', 100000)
    expect((await rejectionOf(counter.save(), AV.Error)).code).toBe(119)
  })

  it('mailMd5 is a keyed hash: one per address, not its md5, so Valine 1.5\'s Gravatar address gets the default avatar', async () => {
    await saveComment({ comment: 'Another address.', mail: 'other@example.com', url: '/gpt/handbook/avatars.html' })
    await saveComment({ comment: 'The reader again.', url: '/gpt/handbook/avatars.html' })
    const found = await new AV.Query<AV.Object>('Comment').equalTo('url', '/gpt/handbook/avatars.html').ascending('createdAt').find()
    const [other, again] = found.map((c) => c.get('mailMd5') as string)
    const [mine] = (await rootsOf(PAGE).limit(1).find()).map((c) => c.get('mailMd5') as string)
    expect(mine).toMatch(/^[0-9a-f]{32}$/)
    expect(again).toBe(mine)
    expect(other).toMatch(/^[0-9a-f]{32}$/)
    expect(other).not.toBe(mine)
    // Valine 1.5 shows `${cdn}${mailMd5}${params}`: a hash Gravatar does not know, so its default image.
    expect(`https://gravatar.loli.net/avatar/${mine}?d=mp&v=1.5.3`).not.toContain(md5('reader@example.com'))
  })

  it('seen through the SDK, nothing private ever came back', async () => {
    const all = await new AV.Query<AV.Object>('Comment').limit(100).find()
    const json = JSON.stringify(all.map((c) => c.toJSON()))
    expect(json).not.toContain('reader@example.com')
    expect(json).not.toContain(md5('reader@example.com'))
    expect(json).not.toContain('1.2.3.4')
    expect(json).not.toContain('"ACL"')
  })
})

describe('with GPTNOTES_GRAVATAR on, the SDK gets the plain md5 (for Gravatar-style avatars)', () => {
  let gravatar: ProxyServer
  let gravatarDir: string

  beforeAll(async () => {
    gravatarDir = mkdtempSync(join(tmpdir(), 'gptnotes-proxy-sdk-gravatar-'))
    const options = resolveProxyOptions({ flags: { port: '0', host: '127.0.0.1', store: `sqlite:${join(gravatarDir, 'comments.db')}` }, env: { GPTNOTES_GRAVATAR: '1' } })
    gravatar = await startProxyServer({ options, signals: false, log: () => {}, now: () => new Date(clock) })
    AV.setServerURLs(gravatar.url)
  })

  afterAll(async () => {
    AV.setServerURLs(server.url)
    await gravatar?.close()
    rmSync(gravatarDir, { recursive: true, force: true })
  })

  it('mailMd5 is md5 of the trimmed, lower-cased address', async () => {
    const saved = await saveComment({ comment: 'With Gravatar.', mail: ' Reader@Example.com' }, { fetchWhenSave: true })
    expect(saved.get('mailMd5')).toBe(md5('reader@example.com'))
    const [found] = await rootsOf(PAGE).find()
    expect(found.id).toBe(saved.id)
    expect(found.get('mailMd5')).toBe(md5('reader@example.com'))
  })
})
