import { describe, expect, it, vi } from 'vitest'
import type { CommentApi, NewComment, Saved } from '../../src/client/widgets/valine/api.js'
import type { CommentView } from '../../src/client/widgets/valine/comment.js'
import { createFlow, type FlowDeps, type Submitted } from '../../src/client/widgets/valine/flow.js'
import { messagesFor } from '../../src/client/widgets/valine/i18n.js'
import * as preview from '../../src/client/widgets/valine/preview.js'
import { hasMore, initialState, reduce } from '../../src/client/widgets/valine/state.js'
import { createStore } from '../../src/client/widgets/kit/store.js'

/** Widget A's steps (spec §4 "Widget A submit", §8 errors), run against a fake comment store, clock and storage. */

const zh = messagesFor('zh-CN')
const URL_KEY = '/gpt/post.html'
const T0 = Date.UTC(2026, 0, 1)

const view = (id: string, minutes: number, extra: Partial<CommentView> = {}): CommentView => ({ id, nick: `nick-${id}`, link: '', html: `<p>${id}</p>`, mailMd5: '', createdAt: new Date(T0 + minutes * 60_000), ...extra })

/** An SDK error as the LeanCloud SDK throws it: an Error with a numeric `code`. */
const sdkError = (code: number, message: string) => Object.assign(new Error(message), { code })

/** The service's comments: top-level ones newest first, replies by root; every call logged. */
function fakeService(roots: CommentView[] = [], replies: CommentView[] = []) {
  const calls: string[] = []
  const saved: NewComment[] = []
  let nextSave: (fields: NewComment) => Promise<Saved> = async (fields) => ({
    comment: view(`c${saved.length - 1}`, 100, { html: fields.comment, nick: fields.nick, ...(fields.rid ? { rid: fields.rid, pid: fields.pid } : {}) }),
    held: false,
  })
  const api: CommentApi = {
    async count() {
      calls.push('count')
      return roots.length
    },
    async page(skip, limit) {
      calls.push(`page ${skip} ${limit}`)
      return roots.slice(skip, skip + limit)
    },
    async replies(ids) {
      calls.push(`replies ${ids.join(',')}`)
      return replies.filter((r) => r.rid && ids.includes(r.rid))
    },
    async save(fields) {
      calls.push('save')
      saved.push(fields)
      return nextSave(fields)
    },
  }
  return {
    api,
    calls,
    saved,
    roots,
    failNext(method: 'count' | 'page' | 'replies' | 'save', err: unknown) {
      const original = api[method] as (...args: unknown[]) => Promise<unknown>
      ;(api as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
        ;(api as unknown as Record<string, unknown>)[method] = original
        calls.push(`${method} failed`)
        throw err
      }
    },
    holdNext() {
      const plain = nextSave
      nextSave = async (fields) => {
        nextSave = plain
        return { ...(await plain(fields)), held: true }
      }
    },
  }
}

function memoryStorage(entries: Record<string, string> = {}) {
  const data = new Map(Object.entries(entries))
  return { data, getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) }
}

interface Setup {
  service?: ReturnType<typeof fakeService>
  config?: Partial<FlowDeps['config']>
  storage?: ReturnType<typeof memoryStorage> | undefined
  onSubmitted?: (c: Submitted) => void
}

function setup(opts: Setup = {}) {
  const service = opts.service ?? fakeService()
  const storage = 'storage' in opts ? opts.storage : memoryStorage()
  const clock = { now: T0 }
  const connect = vi.fn(async () => service.api)
  const log = { error: vi.fn() }
  const store = createStore(reduce, initialState)
  const config = { pageSize: 2, meta: ['nick', 'mail', 'link'], requiredFields: [], emojiMaps: {}, ...opts.config } as FlowDeps['config']
  const flow = createFlow(
    { config, url: URL_KEY, t: zh, connect, markdown: async () => preview, now: () => clock.now, storage, userAgent: 'UA/1.0 '.repeat(100), onSubmitted: opts.onSubmitted, log },
    store,
  )
  return { service, storage, clock, connect, log, store, flow, state: store.get }
}

const draft = (text: string, meta: Partial<{ nick: string; mail: string; link: string }> = {}) => ({ nick: 'Reader', mail: 'reader@example.com', link: '', text, ...meta })

describe('the first load', () => {
  it('asks for the count and the first page together, then the replies of the shown threads', async () => {
    const service = fakeService([view('b', 2), view('a', 1), view('old', 0)], [view('r1', 3, { rid: 'a', pid: 'a' })])
    const { flow, state } = setup({ service })
    expect(state().phase).toBe('loading')
    await flow.load()
    expect(service.calls).toEqual(['count', 'page 0 2', 'replies b,a'])
    expect(state().phase).toBe('ready')
    expect(state().roots.map((r) => r.id)).toEqual(['b', 'a'])
    expect(state().replies.a.map((r) => r.id)).toEqual(['r1'])
    expect(state().count).toBe(3)
    expect(hasMore(state())).toBe(true)
  })

  it('a page without comments is the empty state, with nothing more to load', async () => {
    const { flow, state } = setup()
    await flow.load()
    expect([state().phase, state().count, state().roots]).toEqual(['ready', 0, []])
    expect(hasMore(state())).toBe(false)
  })

  it('code 101 (no Comment class yet) is the empty state too, not an error', async () => {
    const service = fakeService()
    service.failNext('count', sdkError(101, 'Class or object doesn\u2019t exist.'))
    const { flow, state } = setup({ service })
    await flow.load()
    expect(state().phase).toBe('ready')
    expect(state().loadError).toBeUndefined()
  })

  it('an unreachable service fails with a retry, and the retry loads', async () => {
    const service = fakeService([view('a', 1)])
    service.failNext('count', Object.assign(new TypeError('Failed to fetch'), { code: -1 }))
    const { flow, state } = setup({ service })
    await flow.load()
    expect(state().phase).toBe('failed')
    expect(state().loadError).toEqual({ kind: 'message', text: zh.unreachable, retry: true })
    await flow.load()
    expect(state().phase).toBe('ready')
    expect(state().roots.map((r) => r.id)).toEqual(['a'])
  })

  it('another code fails with its localised text and no retry', async () => {
    const service = fakeService()
    service.failNext('page', sdkError(403, 'Forbidden'))
    const { flow, state } = setup({ service })
    await flow.load()
    expect(state().phase).toBe('failed')
    expect(state().loadError).toMatchObject({ kind: 'message', retry: false })
    expect(state().loadError).toHaveProperty('text', expect.stringMatching(/^Code 403: /))
  })

  it('a connection (the SDK chunk) that fails is tried again by the retry', async () => {
    const { flow, state, connect, service } = setup({ service: fakeService([view('a', 1)]) })
    connect.mockRejectedValueOnce(Object.assign(new TypeError('Failed to fetch'), { code: -1 }))
    await flow.load()
    expect(state().phase).toBe('failed')
    await flow.load()
    expect(state().phase).toBe('ready')
    expect(connect).toHaveBeenCalledTimes(2)
    await flow.loadMore()
    expect(connect).toHaveBeenCalledTimes(2) // connected once it worked
    expect(service.calls.filter((c) => c === 'count')).toHaveLength(1)
  })
})

describe('load more', () => {
  it('asks for the next page from what is shown, with its replies, until there is no more', async () => {
    const service = fakeService([view('e', 5), view('d', 4), view('c', 3), view('b', 2), view('a', 1)], [view('r', 9, { rid: 'c', pid: 'c' })])
    const { flow, state } = setup({ service })
    await flow.load()
    await flow.loadMore()
    expect(service.calls.slice(3)).toEqual(['page 2 2', 'replies c,b'])
    expect(state().roots.map((r) => r.id)).toEqual(['e', 'd', 'c', 'b'])
    expect(state().replies.c.map((r) => r.id)).toEqual(['r'])
    expect(hasMore(state())).toBe(true)
    await flow.loadMore()
    expect(state().roots.map((r) => r.id)).toEqual(['e', 'd', 'c', 'b', 'a'])
    expect(hasMore(state())).toBe(false)
  })

  it('after the reader’s own post, the next page starts one further on', async () => {
    const service = fakeService([view('c', 3), view('b', 2), view('a', 1)])
    const { flow, state } = setup({ service })
    await flow.load()
    await flow.submit(draft('新评论'))
    expect(state().skip).toBe(3)
    await flow.loadMore()
    expect(service.calls).toContain('page 3 2')
  })

  it('a failure keeps what is shown and says why under the editor, not as a 3 s tip', async () => {
    const service = fakeService([view('c', 3), view('b', 2), view('a', 1)])
    const { flow, state } = setup({ service })
    await flow.load()
    service.failNext('page', sdkError(500, 'boom'))
    await flow.loadMore()
    expect(state().roots).toHaveLength(2)
    expect(state().loadingMore).toBe(false)
    expect(state().tip).toMatchObject({ tone: 'error', transient: false })
    expect(state().tip?.text).toMatch(/^Code 500: /)
  })

  it('a second press while a page is loading asks for nothing more', async () => {
    const service = fakeService([view('c', 3), view('b', 2), view('a', 1)])
    const { flow } = setup({ service })
    await flow.load()
    await Promise.all([flow.loadMore(), flow.loadMore()])
    expect(service.calls.filter((c) => c.startsWith('page 2'))).toHaveLength(1)
  })
})

describe('submit', () => {
  it('posts the rendered markdown with the trimmed meta, the page key and the user agent (500 characters)', async () => {
    const { flow, service, state } = setup()
    await flow.load()
    const outcome = await flow.submit(draft('**你好** :smile:', { nick: '  Reader  ', link: 'example.com' }))
    expect(outcome).toEqual({ reset: true })
    const [sent] = service.saved
    expect(sent.comment).toBe('<p><strong>你好</strong> 😄</p>')
    expect(sent).toMatchObject({ nick: 'Reader', mail: 'reader@example.com', link: 'http://example.com', url: URL_KEY })
    expect(sent.ua).toHaveLength(500)
    expect(sent).not.toHaveProperty('rid')
    expect(state().roots[0].html).toBe(sent.comment)
    expect([state().count, state().submitting]).toEqual([1, false])
  })

  it('a reply starts with the @nick link and joins the thread of the comment answered', async () => {
    const service = fakeService([view('root', 1)], [view('r1', 2, { rid: 'root', pid: 'root' })])
    const { flow, state } = setup({ service })
    await flow.load()
    flow.reply(state().replies.root[0])
    expect(state().replyTo).toEqual({ id: 'r1', nick: 'nick-r1', rootId: 'root' })
    await flow.submit(draft('同意'))
    const [sent] = service.saved
    expect(sent.comment).toBe('<p><a class="at" href="#r1">@nick-r1 </a>同意</p>')
    expect([sent.rid, sent.pid]).toEqual(['root', 'r1'])
    expect(state().replies.root.map((r) => r.id)).toEqual(['r1', 'c0'])
    expect(state().replyTo).toBeUndefined()
    expect(state().count).toBe(1)
  })

  it('a reply cancelled is a top-level comment again', async () => {
    const { flow, service, state } = setup({ service: fakeService([view('root', 1)]) })
    await flow.load()
    flow.reply(state().roots[0])
    flow.cancelReply()
    await flow.submit(draft('顶层'))
    expect(service.saved[0]).not.toHaveProperty('rid')
    expect(service.saved[0].comment).toBe('<p>顶层</p>')
  })

  it('an empty comment sends nothing and gives the editor focus, without a tip', async () => {
    const { flow, service, state } = setup()
    expect(await flow.submit(draft('   \n '))).toEqual({ focus: 'text' })
    expect(service.saved).toEqual([])
    expect(state().tip).toBeUndefined()
  })

  it('a nick under 3 bytes is refused with Valine’s message for 3 s, focus on the nick', async () => {
    const { flow, service, state } = setup()
    expect(await flow.submit(draft('内容', { nick: 'ab' }))).toEqual({ focus: 'nick' })
    expect(service.saved).toEqual([])
    expect(state().tip).toMatchObject({ text: zh.nickShort, tone: 'error', transient: true })
    flow.clearTip(state().tip!.seq)
    expect(state().tip).toBeUndefined()
  })

  it('a bad e-mail is refused, focus on the e-mail; a required one that is empty too', async () => {
    const { flow, service, state } = setup()
    expect(await flow.submit(draft('内容', { mail: 'not-a-mail' }))).toEqual({ focus: 'mail' })
    expect(state().tip?.text).toBe(zh.mailInvalid)
    const required = setup({ config: { requiredFields: ['mail'] } })
    expect(await required.flow.submit(draft('内容', { mail: '' }))).toEqual({ focus: 'mail' })
    expect([...service.saved, ...required.service.saved]).toEqual([])
  })

  it('the retry wait: a second post within 20 s of the last is refused by the box, at 20 s it goes', async () => {
    const { flow, service, state, clock } = setup()
    await flow.submit(draft('第一条'))
    clock.now += 19_999
    expect(await flow.submit(draft('第二条'))).toEqual({})
    expect(state().tip).toMatchObject({ text: zh.busy, transient: true })
    expect(service.saved).toHaveLength(1)
    clock.now += 1
    expect(await flow.submit(draft('第二条'))).toEqual({ reset: true })
    expect(service.saved).toHaveLength(2)
  })

  it('the 20 s count from a post in another tab (the stored time)', async () => {
    const storage = memoryStorage({ vlx: String(T0 - 5_000) })
    const { flow, service, state } = setup({ storage })
    await flow.submit(draft('内容'))
    expect(state().tip?.text).toBe(zh.busy)
    expect(service.saved).toEqual([])
  })

  it('the service’s rate limit (429) reads as “too fast”, the editor keeps the text', async () => {
    const { flow, service, state } = setup()
    service.failNext('save', sdkError(429, 'Too many comments: try again in 12 s.'))
    expect(await flow.submit(draft('内容'))).toEqual({})
    expect(state().submitting).toBe(false)
    expect(state().tip?.text).toMatch(/^评论太快了/)
    expect(state().tip?.transient).toBe(false)
  })

  it('a post that fails leaves the storage as it was (no wait, no meta)', async () => {
    const storage = memoryStorage()
    const { flow, service, state } = setup({ storage })
    service.failNext('save', sdkError(500, 'boom'))
    await flow.submit(draft('内容'))
    expect(state().tip?.text).toMatch(/^Code 500: /)
    expect(storage.data.size).toBe(0)
    expect(await flow.submit(draft('内容'))).toEqual({ reset: true })
  })

  it('a held comment shows no card and tells its author; it still counts for the 20 s', async () => {
    const { flow, service, state, clock } = setup()
    await flow.load()
    service.holdNext()
    await flow.submit(draft('待审'))
    expect(state().roots).toEqual([])
    expect(state().tip).toMatchObject({ text: zh.held, tone: 'info', transient: false })
    clock.now += 1_000
    await flow.submit(draft('再来'))
    expect(state().tip?.text).toBe(zh.busy)
  })

  it('remembers nick, e-mail and link after a post, and hands them to the next box', async () => {
    const storage = memoryStorage()
    const first = setup({ storage })
    await first.flow.submit(draft('内容', { nick: 'Reader', mail: 'r@example.com', link: 'https://r.example' }))
    expect(JSON.parse(storage.data.get('_v_Cache_Meta')!)).toEqual({ nick: 'Reader', mail: 'r@example.com', link: 'https://r.example' })
    expect(storage.data.get('vlx')).toBe(String(T0))
    expect(setup({ storage }).flow.rememberedMeta()).toEqual({ nick: 'Reader', mail: 'r@example.com', link: 'https://r.example' })
  })

  it('does not remember an anonymous post’s meta (but does its time)', async () => {
    const storage = memoryStorage()
    const { flow, service } = setup({ storage })
    await flow.submit(draft('匿名', { nick: '', mail: '', link: '' }))
    expect(service.saved[0].nick).toBe('Anonymous')
    expect(storage.data.has('_v_Cache_Meta')).toBe(false)
    expect(storage.data.has('vlx')).toBe(true)
  })

  it('works without storage (blocked): nothing remembered, nothing thrown', async () => {
    const { flow, state } = setup({ storage: undefined })
    expect(flow.rememberedMeta()).toEqual({ nick: '', mail: '', link: '' })
    expect(await flow.submit(draft('内容'))).toEqual({ reset: true })
    expect(state().roots).toHaveLength(1)
  })

  it('storage that throws (full, blocked) is not used', async () => {
    const throwing = { getItem: () => { throw new Error('blocked') }, setItem: () => { throw new Error('full') } }
    const { flow } = setup({ storage: throwing as unknown as ReturnType<typeof memoryStorage> })
    expect(flow.rememberedMeta()).toEqual({ nick: '', mail: '', link: '' })
    expect(await flow.submit(draft('内容'))).toEqual({ reset: true })
  })

  it('fields the box does not show are sent empty', async () => {
    const { flow, service } = setup({ config: { meta: ['nick'] } })
    await flow.submit(draft('内容', { mail: 'x@example.com', link: 'https://x.example' }))
    expect(service.saved[0]).toMatchObject({ nick: 'Reader', mail: '', link: '' })
  })

  it('pasted images are named, never uploaded', async () => {
    const { flow, service } = setup()
    await flow.submit(draft('看图 ![截图](local:0)'))
    expect(service.saved[0].comment).not.toContain('local:0')
    expect(service.saved[0].comment).toContain(`[${zh.imageAlt}: 截图]`)
  })

  it('calls the site’s onCommentSubmitted with the fields, the id and whether it is held; its throw is logged', async () => {
    const seen: Submitted[] = []
    const { flow, log } = setup({ onSubmitted: (c) => void seen.push(c) })
    await flow.submit(draft('内容'))
    expect(seen).toEqual([expect.objectContaining({ comment: '<p>内容</p>', nick: 'Reader', url: URL_KEY, objectId: 'c0', held: false })])
    const throwing = setup({
      onSubmitted: () => {
        throw new Error('site bug')
      },
    })
    expect(await throwing.flow.submit(draft('内容'))).toEqual({ reset: true })
    expect(throwing.log.error).toHaveBeenCalledWith('[gptnotes] onCommentSubmitted:', expect.any(Error))
    expect(log.error).not.toHaveBeenCalled()
  })

  it('shows submitting while the save is in flight', async () => {
    const service = fakeService()
    let release!: () => void
    const save = service.api.save
    service.api.save = (fields) => new Promise((resolve) => (release = () => resolve(save(fields))))
    const { flow, state } = setup({ service })
    const pending = flow.submit(draft('内容'))
    await vi.waitFor(() => expect(release).toBeTypeOf('function'))
    expect(state().submitting).toBe(true)
    release()
    await pending
    expect(state().submitting).toBe(false)
  })
})
