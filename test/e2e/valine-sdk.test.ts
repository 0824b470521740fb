import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { init, parse } from 'es-module-lexer'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startProxyServer, type ProxyServer } from '../../src/proxy/node.js'
import { resolveProxyOptions } from '../../src/proxy/options.js'
import { bundleClient, type ClientBundle } from '../../src/render/bundle/bundle.js'
import { launchBrowser } from '../helpers/browser.js'
import { serveStatic } from '../helpers/static-server.js'

/**
 * Widget A's SDK as the site ships it: the `leancloud-sdk` chunk of the real client bundle
 * (`bundleClient`, the build's own plugins), imported by a page in chromium and talking to the
 * comment service started for real on another loopback port (so every call crosses CORS, as
 * from a site to its comment service).
 */

const PAGE = '/gpt/handbook/sdk.html'
const APP = { appId: 'gptnotesSdkTest-MdYXbMMI', appKey: 'public-app-key' }

let bundle: ClientBundle
let sdkChunk: string
let dir: string
let site: Awaited<ReturnType<typeof serveStatic>>
let service: ProxyServer
let browser: Browser
let page: Page
/** The service's clock: the cases move it past the rate limit and the counter window. */
let clock = Date.parse('2026-05-01T08:00:00.000Z')
const pass = (seconds: number) => (clock += seconds * 1000)
/** Every request the page made: its URL and headers. */
const requests: { url: string; headers: Record<string, string> }[] = []

beforeAll(async () => {
  bundle = await bundleClient()
  sdkChunk = bundle.files.map((f) => f.path).find((p) => /^assets\/js\/leancloud-sdk\.[A-Za-z0-9]+\.js$/.test(p))!
  expect(sdkChunk, 'the client bundle has an SDK chunk').toBeDefined()

  dir = mkdtempSync(join(tmpdir(), 'gptnotes-valine-sdk-'))
  for (const f of bundle.files) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true })
    writeFileSync(join(dir, f.path), f.contents)
  }
  writeFileSync(join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>SDK</title>')
  writeFileSync(join(dir, '404.html'), 'Not found')
  site = await serveStatic(dir)

  const origin = new URL(site.url).origin
  const options = resolveProxyOptions({
    flags: { port: '0', host: '127.0.0.1', store: `sqlite:${join(dir, 'comments.db')}` },
    env: { GPTNOTES_ORIGINS: origin, GPTNOTES_RATE_SECONDS: '20', GPTNOTES_MODERATION: 'auto' },
  })
  service = await startProxyServer({ options, signals: false, log: () => {}, now: () => new Date(clock) })

  browser = await launchBrowser()
  page = await browser.newPage()
  page.setDefaultTimeout(10_000)
  page.on('request', (r) => requests.push({ url: r.url(), headers: r.headers() }))
  await page.goto(site.url)
  // An old SDK on the page (major 2), which load-sdk.ts discards: the bundled one must not
  // build itself onto it.
  await page.evaluate(() => ((window as unknown as { AV: object }).AV = { version: '2.5.0' }))
  // A string, so the test runner does not rewrite the dynamic import.
  await page.evaluate(`(async () => {
    const { default: AV } = await import(${JSON.stringify(site.url + sdkChunk)})
    AV.init({ appId: ${JSON.stringify(APP.appId)}, appKey: ${JSON.stringify(APP.appKey)}, serverURLs: ${JSON.stringify(service.url)}, disableCurrentUser: true })
    window.SDK = AV
  })()`)
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await service?.close()
  await site?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** Runs `body` in the page with the bundled SDK as `AV` and the page under test as `PAGE`. */
function inPage<T>(body: string): Promise<T> {
  return page.evaluate(`(async () => { const AV = window.SDK; const PAGE = ${JSON.stringify(PAGE)}; ${body} })()`) as Promise<T>
}

/** The page code that saves a comment as widget A does, `fields` over the defaults. */
const saveComment = (fields: string, options = '{ fetchWhenSave: true }') => `
  const Comment = AV.Object.extend('Comment')
  const c = new Comment()
  c.set('nick', 'Reader'); c.set('mail', 'reader@example.com'); c.set('link', ''); c.set('ua', navigator.userAgent)
  c.set('url', PAGE); c.set('insertedAt', new Date())
  for (const [k, v] of Object.entries(${fields})) c.set(k, v)
  const saved = await c.save(null, ${options})`

describe('widget A’s bundled SDK in chromium, against the comment service', () => {
  const roots: string[] = []

  it('is the SDK 4.x, built on a fresh object, not on an old AV the page had', async () => {
    const seen = await inPage<{ version: string; pageAV: string[]; classes: string[] }>(`return {
      version: AV.version,
      pageAV: Object.keys(window.AV),
      classes: ['Object', 'Query', 'ACL', 'Error', 'Op', 'Relation', 'GeoPoint'].filter((k) => typeof AV[k] === 'function'),
    }`)
    expect(seen.version).toBe('4.15.2')
    expect(seen.pageAV).toEqual(['version'])
    expect(seen.classes).toEqual(['Object', 'Query', 'ACL', 'Error', 'Op', 'Relation', 'GeoPoint'])
  })

  it('counts a page’s root comments: none yet', async () => {
    expect(await inPage<number>(`return new AV.Query('Comment').equalTo('url', PAGE).doesNotExist('rid').count()`)).toBe(0)
  })

  it('saves a comment with fetchWhenSave: id, date and the stored fields come back', async () => {
    pass(30)
    const saved = await inPage<{ id: string; createdAt: string; comment: string; nick: string; json: Record<string, unknown> }>(`${saveComment(`{ comment: '<p>第一条评论</p>' }`)}
      return { id: saved.id, createdAt: saved.createdAt.toISOString(), comment: saved.get('comment'), nick: saved.get('nick'), json: saved.toJSON() }`)
    expect(saved.id).toMatch(/^[0-9a-f]{24}$/)
    expect(saved.createdAt).toBe(new Date(clock).toISOString())
    expect(saved.comment).toBe('<p>第一条评论</p>')
    expect(saved.nick).toBe('Reader')
    expect(saved.json).toMatchObject({ objectId: saved.id, url: PAGE, comment: '<p>第一条评论</p>' })
    roots.push(saved.id)
  })

  it('finds the page’s root comments by url, newest first, a page at a time, without replies', async () => {
    for (const n of [2, 3]) {
      pass(30)
      roots.push(await inPage<string>(`${saveComment(`{ comment: '<p>评论 ${n}</p>' }`)}; return saved.id`))
    }
    pass(30)
    await inPage(`${saveComment(`{ comment: '<p>回复</p>', rid: ${JSON.stringify(roots[0])}, pid: ${JSON.stringify(roots[0])}, nick: 'Replier' }`)}`)

    const pageOf = (skip: number) =>
      inPage<{ id: string; nick: string; comment: string; mail: unknown }[]>(`
        const q = new AV.Query('Comment').equalTo('url', PAGE).doesNotExist('rid')
        q.select('nick', 'comment', 'link', 'mail', 'insertedAt', 'rid', 'pid', 'url')
        const found = await q.descending('createdAt').limit(2).skip(${skip}).find()
        return found.map((c) => ({ id: c.id, nick: c.get('nick'), comment: c.get('comment'), mail: c.get('mail') }))`)
    const first = await pageOf(0)
    expect(first.map((c) => c.id)).toEqual([roots[2], roots[1]])
    expect(first[0]).toMatchObject({ nick: 'Reader', comment: '<p>评论 3</p>', mail: undefined })
    expect((await pageOf(2)).map((c) => c.id)).toEqual([roots[0]])
    expect(await inPage<number>(`return new AV.Query('Comment').equalTo('url', PAGE).doesNotExist('rid').count()`)).toBe(3)
    expect(await inPage<string>(`return (await new AV.Query('Comment').equalTo('url', PAGE).ascending('createdAt').first()).id`)).toBe(roots[0])
  })

  it('combines queries with Query.or and Query.and, and finds replies with containedIn', async () => {
    const found = await inPage<{ roots: number; replies: string[] }>(`
      const noRid = new AV.Query('Comment').doesNotExist('rid')
      const emptyRid = new AV.Query('Comment').equalTo('rid', '')
      const onPage = new AV.Query('Comment').equalTo('url', PAGE)
      const roots = await AV.Query.and(AV.Query.or(noRid, emptyRid), onPage).count()
      const replies = await new AV.Query('Comment').containedIn('rid', ${JSON.stringify(roots)}).find()
      return { roots, replies: replies.map((c) => c.get('nick')) }`)
    expect(found).toEqual({ roots: 3, replies: ['Replier'] })
  })

  it('creates a Counter and increments it (once per reader in the service’s window)', async () => {
    const created = await inPage<{ id: string; time: number }>(`
      const Counter = AV.Object.extend('Counter')
      const counter = new Counter()
      counter.set('url', PAGE); counter.set('xid', PAGE); counter.set('title', 'SDK'); counter.set('time', 1)
      const acl = new AV.ACL(); acl.setPublicReadAccess(true); acl.setPublicWriteAccess(true); counter.setACL(acl)
      await counter.save()
      return { id: counter.id, time: counter.get('time') }`)
    expect(created.id).toMatch(/^[0-9a-f]{24}$/)
    expect(created.time).toBe(1)
    const increment = () =>
      inPage<number>(`
        const counter = await new AV.Query('Counter').equalTo('url', PAGE).first()
        counter.increment('time')
        await counter.save(null, { fetchWhenSave: true })
        return counter.get('time')`)
    expect(await increment()).toBe(1) // the same reader again inside the window
    pass(3601)
    expect(await increment()).toBe(2)
    expect(await inPage<number>(`return (await new AV.Query('Counter').equalTo('url', PAGE).first()).get('time')`)).toBe(2)
  })

  it('a long containedIn goes through /1.1/batch, as the SDK does for long URLs', async () => {
    const before = requests.length
    const urls = await inPage<string[]>(`
      const urls = Array.from({ length: 60 }, (_, i) => '/gpt/handbook/a-rather-long-page-name-' + i + '.html').concat(PAGE)
      return (await new AV.Query('Counter').containedIn('url', urls).find()).map((c) => c.get('url'))`)
    expect(urls).toEqual([PAGE])
    expect(requests.slice(before).map((r) => new URL(r.url).pathname)).toContain('/1.1/batch')
  })

  it('refusals arrive as AV.Error with LeanCloud’s codes: unknown class, then too fast', async () => {
    const errors = await inPage<{ isAVError: boolean; code: number }[]>(`
      const caught = async (p) => p.then(() => null, (err) => ({ isAVError: err instanceof AV.Error, code: err.code }))
      const unknown = await caught(new AV.Query('Secret').find())
      ${saveComment(`{ comment: 'before the limit' }`, '{}')}
      const again = new (AV.Object.extend('Comment'))()
      again.set('comment', 'too soon'); again.set('nick', 'Reader'); again.set('url', PAGE)
      return [unknown, await caught(again.save())]`)
    expect(errors).toEqual([
      { isAVError: true, code: 101 },
      { isAVError: true, code: 429 },
    ])
  })

  it('made every request to the loopback hosts, with the browser SDK’s own headers', () => {
    const hosts = new Set(requests.map((r) => new URL(r.url).host))
    expect([...hosts].sort()).toEqual([new URL(site.url).host, new URL(service.url).host].sort())
    const api = requests.filter((r) => r.url.startsWith(service.url) && r.headers['x-lc-id'])
    expect(api.length).toBeGreaterThan(10)
    for (const r of api) {
      expect(r.headers['x-lc-ua']).toBe('LeanCloud-JS-SDK/4.15.2 (Browser)')
      // The SDK's signature: md5(timestamp + appKey), then the timestamp.
      const [sign, time] = r.headers['x-lc-sign'].split(',')
      expect(sign).toBe(createHash('md5').update(time + APP.appKey).digest('hex'))
    }
  })
})

describe('the SDK in the client bundle', () => {
  it('is a chunk of its own, imported only lazily: never in a page’s first-load JS', async () => {
    await init
    const text = (path: string) => Buffer.from(bundle.files.find((f) => f.path === path)!.contents).toString('utf8')
    const js = bundle.files.filter((f) => f.path.endsWith('.js')).map((f) => f.path)
    /** The chunks a chunk imports, static (`import … from`) or dynamic (`import()`). */
    const imports = (path: string, dynamic: boolean) =>
      parse(text(path))[0]
        .filter((i) => i.type === (dynamic ? 'dynamic' : 'static') && i.specifier)
        .map((i) => join(dirname(path), i.specifier!))

    const firstLoad = new Set<string>()
    const visit = (path: string) => {
      if (firstLoad.has(path)) return
      firstLoad.add(path)
      for (const next of imports(path, false)) visit(next)
    }
    visit(bundle.entry)
    for (const p of bundle.preload) visit(p)
    expect(firstLoad.has(sdkChunk)).toBe(false)
    // Nothing imports it statically; widget A's own code imports it with import().
    expect(js.filter((p) => imports(p, false).includes(sdkChunk))).toEqual([])
    expect(js.filter((p) => imports(p, true).includes(sdkChunk))).not.toEqual([])
  })

  it('holds no address of a foreign host and none of core-js', () => {
    const code = Buffer.from(bundle.files.find((f) => f.path === sdkChunk)!.contents).toString('utf8')
    expect(code.match(/https?:\/\/[\w-]+(\.[\w-]+)+/g) ?? []).toEqual([])
    expect(code).not.toMatch(/core-js|Denis Pushkarev|app-router/)
  })
})
