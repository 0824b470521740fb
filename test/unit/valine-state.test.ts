import { describe, expect, it } from 'vitest'
import { avatarKeys, mailHash } from '../../src/proxy/policy/privacy.js'
import { avatarUrl } from '../../src/client/widgets/valine/avatar.js'
import type { CommentView } from '../../src/client/widgets/valine/comment.js'
import { imageReference, insertAt } from '../../src/client/widgets/valine/editor-text.js'
import { EMOJI, emojiSet, replaceEmojiCodes } from '../../src/client/widgets/valine/emoji.js'
import { describeError } from '../../src/client/widgets/valine/errors.js'
import { messagesFor } from '../../src/client/widgets/valine/i18n.js'
import { pageKey } from '../../src/client/widgets/valine/options.js'
import { valineSchema } from '../../src/shared/widgets/valine.js'
import { hasMore, initialState, reduce, type BoxState } from '../../src/client/widgets/valine/state.js'

const c = (id: string, minutes: number, extra: Partial<CommentView> = {}): CommentView => ({ id, nick: id, link: '', html: `<p>${id}</p>`, mailMd5: '', createdAt: new Date(minutes * 60_000), ...extra })
const zh = messagesFor('zh-CN')

describe('the box’s state (spec §4 "Widget A submit")', () => {
  const loaded = reduce(initialState, { type: 'loaded', roots: [c('b', 2), c('a', 1)], replies: [c('r2', 5, { rid: 'a', pid: 'a' }), c('r1', 3, { rid: 'a', pid: 'a' })], count: 12 })

  it('lists roots as given, replies oldest first under their root, and pages by what is shown', () => {
    expect(loaded.roots.map((r) => r.id)).toEqual(['b', 'a'])
    expect(loaded.replies.a.map((r) => r.id)).toEqual(['r1', 'r2'])
    expect(loaded.skip).toBe(2)
    expect(hasMore(loaded)).toBe(true)
  })

  it('a top-level post is counted, goes on top and moves the next page one further', () => {
    const s = reduce(reduce(loaded, { type: 'submitStarted' }), { type: 'posted', comment: c('new', 9), held: false, heldText: '' })
    expect(s.roots[0].id).toBe('new')
    expect([s.count, s.skip, s.submitting]).toEqual([13, 3, false])
  })

  it('a reply goes inside its thread and ends the reply mode; the count stays', () => {
    const replying = reduce(loaded, { type: 'reply', target: { id: 'r1', nick: 'r1', rootId: 'a' } })
    const s = reduce(replying, { type: 'posted', comment: c('r3', 9, { rid: 'a', pid: 'r1' }), held: false, heldText: '' })
    expect(s.replies.a.map((r) => r.id)).toEqual(['r1', 'r2', 'r3'])
    expect([s.count, s.replyTo]).toEqual([12, undefined])
  })

  it('a held comment is not shown; its author is told', () => {
    const s = reduce(loaded, { type: 'posted', comment: c('held', 9), held: true, heldText: '审核中' })
    expect(s.roots).toHaveLength(2)
    expect(s.tip).toMatchObject({ text: '审核中', transient: false })
  })

  it('a page that has shrunk under the reader ends Load More', () => {
    const s = reduce(loaded, { type: 'moreLoaded', roots: [], replies: [] })
    expect(hasMore(s)).toBe(false)
  })

  it('an empty store is the empty state, other load failures are shown', () => {
    const empty: BoxState = reduce(initialState, { type: 'loadFailed', error: { kind: 'empty' } })
    expect([empty.phase, empty.count]).toEqual(['ready', 0])
    const failed = reduce(initialState, { type: 'loadFailed', error: { kind: 'message', text: 'x', retry: true } })
    expect(failed.phase).toBe('failed')
  })

  it('clears only the tip it was asked to', () => {
    const a = reduce(loaded, { type: 'tip', text: 'one' })
    const b = reduce(a, { type: 'tip', text: 'two' })
    expect(reduce(b, { type: 'clearTip', seq: a.tip!.seq }).tip?.text).toBe('two')
    expect(reduce(b, { type: 'clearTip', seq: b.tip!.seq }).tip).toBeUndefined()
  })
})

describe('the error display (spec §8)', () => {
  it('reads 101 and -1 as no comments yet', () => {
    expect(describeError({ code: 101, message: 'Class or object doesn’t exists.' }, zh)).toEqual({ kind: 'empty' })
    expect(describeError({ code: -1, message: 'x' }, zh)).toEqual({ kind: 'empty' })
  })

  it('localises the codes Valine explained and shows others as Code N: message', () => {
    expect(describeError({ code: 403, message: 'Forbidden.' }, zh)).toEqual({ kind: 'message', text: 'Code 403: 访问被 API 域名白名单拒绝，请检查你的安全域名设置。', retry: false })
    expect(describeError({ code: 401, message: 'x' }, messagesFor('en'))).toMatchObject({ text: 'Code 401: Unauthorised operation: please check your appId and appKey.' })
    expect(describeError({ code: 142, message: 'nick must be at most 35 characters' }, zh)).toMatchObject({ text: 'Code 142: nick must be at most 35 characters' })
  })

  it('reads the service’s 429 as too fast, with the wait when it says one', () => {
    // The SDK copies the answer's fields onto its error: `retryAfter` is the wait.
    expect(describeError({ code: 429, retryAfter: 12, message: 'One comment every 20 seconds; try again in 12 s.' }, zh)).toMatchObject({ text: '评论太快了，请 12 秒后再试。' })
    // Without the field (LeanCloud's own 429), no number is guessed from the words.
    expect(describeError({ code: 429, message: 'Too many requests. try again in 12 s' }, zh)).toMatchObject({ text: '评论太快了，请稍候再试。' })
  })

  it('says a service it cannot reach is away, with a retry', () => {
    expect(describeError({ code: -1, rawMessage: 'Failed to fetch', message: 'Failed to fetch [N/A GET …]' }, zh)).toEqual({ kind: 'message', text: zh.unreachable, retry: true })
    expect(describeError(new TypeError('Failed to fetch'), zh)).toMatchObject({ retry: true })
  })

  it('shows any other error as JSON', () => {
    expect(describeError({ reason: 'odd' }, zh)).toEqual({ kind: 'message', text: '{"reason":"odd"}', retry: false })
    expect(describeError(new Error('boom'), zh)).toMatchObject({ text: '{"error":"boom"}' })
  })
})

describe('options, emoji, editing and avatars', () => {
  it('fills every missing option from the defaults, and the build refuses a wrong one', () => {
    // The box gets its options resolved by the build, from the one declaration.
    expect(valineSchema.resolve({})).toEqual(valineSchema.default)
    const wrong = { pageSize: -3, lang: 'fr', avatar: 'hide', meta: ['nick', 'qq'], requiredFields: ['mail', 'x'], emojiMaps: { ok: '🆗', bad: 3 } }
    expect(valineSchema.check(wrong, 'v').map((p) => p.path)).toEqual(['v.pageSize', 'v.lang', 'v.meta[1]', 'v.requiredFields[1]', 'v.emojiMaps["bad"]'])
    const o = valineSchema.resolve({ avatar: 'hide', meta: ['nick', 'nick'], requiredFields: ['mail'], emojiMaps: { ok: '🆗' } })
    expect(o).toMatchObject({ pageSize: 10, lang: 'zh-CN', avatar: 'hide', meta: ['nick'], requiredFields: ['mail'], emojiMaps: { ok: '🆗' } })
  })

  it('stores a page’s comments under its decoded path unless the path option says otherwise', () => {
    expect(pageKey('', '/gpt/%E4%B8%AD%E6%96%87.html')).toBe('/gpt/中文.html')
    expect(pageKey('/gpt/guestbook', '/gpt/x.html')).toBe('/gpt/guestbook')
  })

  it('has about 90 named emoji; :name: codes turn into them', () => {
    expect(Object.keys(EMOJI).length).toBeGreaterThanOrEqual(85)
    expect(replaceEmojiCodes('好 :smile: :nope:', EMOJI)).toBe('好 😄 :nope:')
    expect(emojiSet({ smile: '🙂' }).find(([n]) => n === 'smile')?.[1]).toBe('🙂')
  })

  it('edits the text at the caret', () => {
    expect(insertAt('ab', 1, 1, '    ')).toEqual({ value: 'a    b', caret: 5 })
    expect(insertAt('abcd', 1, 3, 'X')).toEqual({ value: 'aXd', caret: 2 })
    expect(imageReference('a]b.png', 'local:1')).toBe('![a b.png](local:1)')
  })

  it('draws avatars locally, the same for the same hash, none when hidden', () => {
    const hash = '0bc83cb571cd1c50ba6f3e8a78ef1346'
    expect(avatarUrl(hash, '')).toMatch(/^data:image\/svg\+xml,/)
    expect(avatarUrl(hash, 'identicon')).toBe(avatarUrl(hash, ''))
    expect(avatarUrl(hash, '')).not.toBe(avatarUrl('1'.repeat(32), ''))
    expect(avatarUrl(hash, 'mp')).toBe(avatarUrl('', ''))
    expect(avatarUrl(hash, 'hide')).toBeUndefined()
  })

  it('draws from the service\'s keyed mailMd5 as from an md5: one avatar per commenter, distinct between commenters', async () => {
    const key = avatarKeys('site-secret-0123456789', false)
    const keys = await Promise.all(Array.from({ length: 200 }, (_, i) => key(mailHash(`reader${i}@example.com`))))
    const avatars = keys.map((k) => avatarUrl(k, ''))
    expect(new Set(avatars).size).toBe(200)
    expect(avatars.every((a) => a !== avatarUrl('', ''))).toBe(true)
    expect(avatarUrl(await key(mailHash(' Reader7@Example.com ')), '')).toBe(avatars[7])
  })
})
