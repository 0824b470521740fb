// Widget B's state machine (src/client/widgets/vssue/state.ts) and its flow (flow.ts), without a
// browser: the status line's priority order, every transition, and the init, login, paging,
// edit, delete and reaction steps against a small in-test platform.
import { describe, expect, it, vi } from 'vitest'
import type { AuthEnv } from '../../src/client/widgets/vssue/auth.js'
import { createFlow } from '../../src/client/widgets/vssue/flow.js'
import { messagesFor } from '../../src/client/widgets/vssue/i18n.js'
import { resolveOptions } from '../../src/client/widgets/vssue/options.js'
import { vssueSchema } from '../../src/shared/widgets/vssue.js'
import { PlatformError, type Comment, type Comments, type Issue, type Platform, type PlatformName } from '../../src/client/widgets/vssue/platform.js'
import {
  canDelete,
  canEdit,
  canSubmitEdit,
  editRows,
  initialState,
  inputDisabled,
  isPending,
  nextProgress,
  perPageOptions,
  reduce,
  statusOf,
  submitDisabled,
  type Action,
  type Flags,
  type VssueState,
} from '../../src/client/widgets/vssue/state.js'
import { createStore } from '../../src/client/widgets/vssue/store.js'

const user = (username: string) => ({ username, avatar: `https://example.test/${username}.png`, homepage: `https://example.test/${username}` })
const comment = (id: number, author = 'alice', contentRaw = `comment ${id}`): Comment => ({
  id,
  content: `<p>${contentRaw}</p>`,
  contentRaw,
  author: user(author),
  createdAt: '2025-05-13T10:00:00Z',
  updatedAt: '2025-05-13T10:00:00Z',
  reactions: { heart: 0, like: 0, unlike: 0 },
})
const page = (data: Comment[], extra: Partial<Comments> = {}): Comments => ({ count: data.length, page: 1, perPage: 10, data, ...extra })
const ISSUE: Issue = { id: 7, title: '[Vssue]文章', content: 'https://site.test/gpt/a.html', link: 'https://example.test/issues/7' }

const run = (actions: Action[], s = initialState(10)) => actions.reduce(reduce, s)
const withFlags = (flags: Partial<Flags>, s = initialState(10)): VssueState => ({ ...s, flags: { ...s.flags, initializing: false, ...flags } })
const loggedIn = (name: string, s = initialState(10)) => reduce(s, { type: 'auth', token: 'tok', user: user(name) })

describe('the status line, in priority order', () => {
  it('failed comes first, then initializing', () => {
    expect(statusOf(withFlags({ failed: true, initializing: true, loginRequired: true }), false)).toBe('failed')
    expect(statusOf(withFlags({ initializing: true, issueNotCreated: true, loginRequired: true }), false)).toBe('initializing')
  })

  it('issueNotCreated shows for an admin or a visitor not logged in; for other readers it is failed', () => {
    const flags = { issueNotCreated: true, loginRequired: true }
    expect(statusOf(withFlags(flags), false)).toBe('issueNotCreated')
    expect(statusOf(withFlags(flags, loggedIn('owner')), true)).toBe('issueNotCreated')
    expect(statusOf(withFlags(flags, loggedIn('bob')), false)).toBe('failed')
    // While the issue is being created, the line says comments are loading.
    expect(statusOf(withFlags({ issueNotCreated: true, creatingIssue: true }, loggedIn('owner')), true)).toBe('loadingComments')
  })

  it('then loginRequired, loadingComments, noComments, and none when comments show', () => {
    expect(statusOf(withFlags({ loginRequired: true }), false)).toBe('loginRequired')
    expect(statusOf(withFlags({}), false)).toBe('loadingComments')
    const empty = reduce(withFlags({}), { type: 'comments', comments: page([]) })
    expect(statusOf(empty, false)).toBe('noComments')
    const some = reduce(withFlags({}), { type: 'comments', comments: page([comment(1)]) })
    expect(statusOf(some, false)).toBeNull()
  })
})

describe('transitions', () => {
  it('starts initializing with the configured page size, page 1, newest first', () => {
    const s = initialState(20)
    expect(s.flags.initializing).toBe(true)
    expect(s.query).toEqual({ page: 1, perPage: 20, sort: 'desc' })
  })

  it('an issue that is not found sets issueNotCreated; a found one clears it', () => {
    expect(run([{ type: 'issue', issue: null }]).flags.issueNotCreated).toBe(true)
    expect(run([{ type: 'issue', issue: null }, { type: 'issue', issue: ISSUE }]).flags.issueNotCreated).toBe(false)
  })

  it("corrects the query from the server's answer (page and page size)", () => {
    const s = run([{ type: 'query', query: { page: 9, perPage: 50 } }, { type: 'loadingComments' }, { type: 'comments', comments: page([comment(1)], { page: 3, perPage: 30, count: 61 }) }])
    expect(s.query).toEqual({ page: 3, perPage: 30, sort: 'desc' })
    expect(s.flags.loadingComments).toBe(false)
  })

  it("'pending' is loading, creating or updating a comment", () => {
    expect(isPending(withFlags({}))).toBe(false)
    for (const f of ['loadingComments', 'creatingComment', 'updatingComment'] as const) expect(isPending(withFlags({ [f]: true })), f).toBe(true)
    expect(isPending(withFlags({ creatingIssue: true }))).toBe(false)
  })

  it('the editor is disabled while loading, logged out or without an issue; submit also when empty or pending', () => {
    const ready = run([{ type: 'issue', issue: ISSUE }, { type: 'comments', comments: page([]) }], loggedIn('alice'))
    expect(inputDisabled(ready)).toBe(false)
    expect(inputDisabled(reduce(ready, { type: 'loadingComments' }))).toBe(true)
    expect(inputDisabled(reduce(ready, { type: 'auth', token: null, user: null }))).toBe(true)
    expect(submitDisabled(ready)).toBe(true)
    const typed = reduce(ready, { type: 'draft', text: '你好' })
    expect(submitDisabled(typed)).toBe(false)
    expect(submitDisabled(reduce(typed, { type: 'creatingComment', on: true }))).toBe(true)
  })

  it('a reply adds a quoted copy prefixed by the author', () => {
    const s = run([{ type: 'draft', text: '' }, { type: 'reply', comment: comment(1, 'bob', 'line one\nline two') }])
    expect(s.draft).toBe('@bob\n\n> line one\n> line two\n\n')
  })

  it('edit: starts from the raw text, submits only when changed and nothing is pending, and the rows follow the text', () => {
    const c = comment(1, 'alice', 'raw')
    let s = run([{ type: 'comments', comments: page([c]) }, { type: 'editStart', comment: c }], loggedIn('alice'))
    expect(s.editing['1']).toBe('raw')
    expect(canSubmitEdit(s, c)).toBe(false)
    s = reduce(s, { type: 'editChange', id: 1, text: 'changed' })
    expect(canSubmitEdit(s, c)).toBe(true)
    expect(canSubmitEdit(reduce(s, { type: 'loadingComments' }), c)).toBe(false)
    const updated = { ...c, contentRaw: 'changed', content: '<p>changed</p>' }
    s = reduce(s, { type: 'updated', comment: updated })
    expect(s.editing).toEqual({})
    expect(s.comments!.data[0].content).toBe('<p>changed</p>')
    expect(editRows('a')).toBe(5)
    expect(editRows('1\n2\n3\n4\n5')).toBe(5)
    expect(editRows('1\n2\n3\n4\n5\n6')).toBe(8)
  })

  it('own comments may be edited; deleted by their author or an admin', () => {
    const mine = comment(1, 'alice')
    const theirs = comment(2, 'bob')
    const s = loggedIn('alice')
    expect(canEdit(s, mine)).toBe(true)
    expect(canEdit(s, theirs)).toBe(false)
    expect(canDelete(s, theirs, false)).toBe(false)
    expect(canDelete(s, theirs, true)).toBe(true)
    expect(canDelete(initialState(10), mine, true)).toBe(false)
  })

  it('delete: the count drops, the row goes, and the page steps back when it is past the last one', () => {
    const s = run([{ type: 'query', query: { page: 3, perPage: 5 } }, { type: 'comments', comments: page([comment(11)], { count: 11, page: 3, perPage: 5 }) }, { type: 'deleted', id: 11 }])
    expect(s.comments!.count).toBe(10)
    expect(s.comments!.data).toEqual([])
    expect(s.query.page).toBe(2)
    const stays = run([{ type: 'comments', comments: page([comment(1), comment(2)], { count: 2 }) }, { type: 'deleted', id: 1 }])
    expect(stays.query.page).toBe(1)
    expect(stays.comments!.data.map((c) => c.id)).toEqual([2])
  })

  it('page sizes are 5, 10, 20, 50 plus the configured one under 100', () => {
    expect(perPageOptions(10)).toEqual([5, 10, 20, 50])
    expect(perPageOptions(15)).toEqual([5, 10, 15, 20, 50])
    expect(perPageOptions(100)).toEqual([5, 10, 20, 50])
  })

  it('the progress bar rises 5 a tick and stops at 94', () => {
    let p = 0
    for (let i = 0; i < 30; i++) p = nextProgress(p)
    expect(nextProgress(0)).toBe(5)
    expect(p).toBe(94)
  })

  it('an alert is cleared only by its own timer (a newer alert keeps its 3 s)', () => {
    const first = run([{ type: 'alert', text: 'one' }])
    const second = reduce(first, { type: 'alert', text: 'two' })
    expect(reduce(second, { type: 'alertClear', seq: first.alert!.seq }).alert?.text).toBe('two')
    expect(reduce(second, { type: 'alertClear', seq: second.alert!.seq }).alert).toBeNull()
  })
})

// —— The flow, against an in-test platform ——

function memoryStorage(): Storage {
  const m = new Map<string, string>()
  return {
    get length() {
      return m.size
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  }
}

function fakeEnv(href = 'https://site.test/gpt/a.html'): AuthEnv & { assigned: string[]; href: string } {
  const env = {
    localStorage: memoryStorage(),
    sessionStorage: memoryStorage(),
    assigned: [] as string[],
    href,
    location: {
      get href() {
        return env.href
      },
      assign: (url: string) => void env.assigned.push(url),
    },
    history: {
      state: null,
      replaceState: (_d: unknown, _u: string, url?: string) => {
        if (url) env.href = new URL(url, env.href).href
      },
    },
    crypto: globalThis.crypto,
  }
  return env
}

interface FakePlatform extends Platform {
  issues: Issue[]
  comments: Comment[]
  calls: string[]
  fail: Partial<Record<keyof Platform, PlatformError>>
}

function fakePlatform(overrides: Partial<Platform> = {}): FakePlatform {
  const p: FakePlatform = {
    issues: [],
    comments: [],
    calls: [],
    fail: {},
    meta: { name: 'GitHub', link: 'https://github.com', reactable: true, sortable: false },
    authorizeUrl: ({ state, codeChallenge }) => `https://example.test/authorize?state=${state}${codeChallenge ? `&code_challenge=${codeChallenge}` : ''}`,
    async exchangeCode({ code, codeVerifier }) {
      p.calls.push(`exchange ${code}${codeVerifier ? ' with verifier' : ''}`)
      return `token-for-${code}`
    },
    async getUser(token) {
      p.calls.push(`user ${token}`)
      if (p.fail.getUser) throw p.fail.getUser
      return user(token === 'admin-token' ? 'owner' : 'alice')
    },
    async getIssue({ issueTitle, issueId }) {
      p.calls.push(`issue ${issueTitle ?? issueId}`)
      if (p.fail.getIssue) throw p.fail.getIssue
      return p.issues.find((i) => i.title === issueTitle || String(i.id) === String(issueId)) ?? null
    },
    async postIssue({ title, content }) {
      p.calls.push(`postIssue ${title} ${content}`)
      const issue = { id: p.issues.length + 1, title, content, link: '' }
      p.issues.push(issue)
      return issue
    },
    async getComments({ query, token }) {
      p.calls.push(`comments ${query.page}/${query.perPage}${token ? '' : ' anonymous'}`)
      if (p.fail.getComments) throw p.fail.getComments
      const pages = Math.max(1, Math.ceil(p.comments.length / query.perPage))
      const served = Math.min(query.page, pages)
      return { count: p.comments.length, page: served, perPage: query.perPage, data: p.comments.slice((served - 1) * query.perPage, served * query.perPage) }
    },
    async postComment({ content }) {
      p.calls.push(`post ${content}`)
      const c = comment(100 + p.comments.length, 'alice', content)
      p.comments.push(c)
      return c
    },
    async putComment({ commentId, content }) {
      p.calls.push(`put ${commentId} ${content}`)
      return { ...p.comments.find((c) => c.id === commentId)!, contentRaw: content, content: `<p>${content}</p>` }
    },
    async deleteComment({ commentId }) {
      p.calls.push(`delete ${commentId}`)
      p.comments = p.comments.filter((c) => c.id !== commentId)
      return true
    },
    async getCommentReactions({ commentId }) {
      p.calls.push(`reactions ${commentId}`)
      return { heart: 1, like: 0, unlike: 0 }
    },
    async postCommentReaction({ commentId, reaction }) {
      p.calls.push(`react ${commentId} ${reaction}`)
      return true
    },
    ...overrides,
  }
  return p
}

function setup(opts: { platform?: FakePlatform; name?: PlatformName; config?: Record<string, unknown>; env?: ReturnType<typeof fakeEnv>; confirm?: boolean } = {}) {
  const platform = opts.platform ?? fakePlatform()
  const env = opts.env ?? fakeEnv()
  const name = opts.name ?? 'github'
  const options = resolveOptions(vssueSchema.resolve({ platform: name, owner: 'owner', repo: 'comments', clientId: 'id', proxy: 'https://svc.test', ...opts.config }))
  const store = createStore(initialState(options.perPage))
  const log = { error: vi.fn(), warn: vi.fn() }
  const flow = createFlow({ platform, name, options, title: '文章', env, t: messagesFor('zh'), confirm: () => opts.confirm ?? true, log }, store)
  const status = () => {
    const s = store.get()
    const admin = s.user?.username === 'owner'
    return statusOf(s, admin)
  }
  return { platform, env, store, flow, status, log }
}

describe('the init flow', () => {
  it('finds the issue by its prefixed title and loads its comments', async () => {
    const platform = fakePlatform()
    platform.issues.push({ ...ISSUE, title: '[Vssue]文章' })
    platform.comments = [comment(1)]
    const { flow, status, store } = setup({ platform })
    await flow.init()
    expect(platform.calls).toEqual(['issue [Vssue]文章', 'comments 1/10 anonymous'])
    expect(status()).toBeNull()
    expect(store.get().comments!.data).toHaveLength(1)
  })

  it('with an issueId, the issue and the comments load together', async () => {
    const platform = fakePlatform()
    platform.issues.push(ISSUE)
    const { flow, status } = setup({ platform, config: { issueId: 7 } })
    await flow.init()
    expect(platform.calls.sort()).toEqual(['comments 1/10 anonymous', 'issue 7'])
    expect(status()).toBe('noComments')
  })

  it('no issue: issueNotCreated for a visitor; a click sends them to log in', async () => {
    const { flow, status, env } = setup()
    await flow.init()
    expect(status()).toBe('issueNotCreated')
    await flow.createIssue()
    expect(env.assigned).toHaveLength(1)
  })

  it('no issue, logged in but not an admin: failed, and nothing is created', async () => {
    const env = fakeEnv()
    env.localStorage.setItem('Vssue.github.access_token', 'tok')
    const { flow, status, platform } = setup({ env, config: { autoCreateIssue: true } })
    await flow.init()
    expect(status()).toBe('failed')
    await flow.createIssue()
    expect(platform.calls.some((c) => c.startsWith('postIssue'))).toBe(false)
  })

  it('no issue, an admin with autoCreateIssue: created with the page address, then its comments load', async () => {
    const env = fakeEnv('https://site.test/gpt/a.html#top')
    env.localStorage.setItem('Vssue.github.access_token', 'admin-token')
    const { flow, status, platform } = setup({ env, config: { autoCreateIssue: true } })
    await flow.init()
    expect(platform.calls).toContain('postIssue [Vssue]文章 https://site.test/gpt/a.html')
    expect(status()).toBe('noComments')
  })

  it('an admin without autoCreateIssue sees issueNotCreated and creates it by clicking', async () => {
    const env = fakeEnv()
    env.localStorage.setItem('Vssue.github.access_token', 'admin-token')
    const { flow, status } = setup({ env, config: { issueContent: '评论区：{url}' } })
    await flow.init()
    expect(status()).toBe('issueNotCreated')
    await flow.createIssue()
    expect(status()).toBe('noComments')
  })

  it('a 401 or 403 loading comments for a visitor: loginRequired', async () => {
    for (const code of [401, 403]) {
      const platform = fakePlatform()
      platform.issues.push(ISSUE)
      platform.fail.getComments = new PlatformError(code, 'Requires authentication')
      const { flow, status, store } = setup({ platform })
      await flow.init()
      expect(status(), String(code)).toBe('loginRequired')
      expect(store.get().alert).toBeNull()
    }
  })

  it('on GitHub v3 a call with no answer counts as 403; on other platforms it is a failure with an alert', async () => {
    const make = () => {
      const platform = fakePlatform()
      platform.issues.push(ISSUE)
      platform.fail.getComments = new PlatformError(0, 'Failed to fetch')
      return platform
    }
    const v3 = setup({ platform: make(), name: 'github' })
    await v3.flow.init()
    expect(v3.status()).toBe('loginRequired')
    const gitee = setup({ platform: make(), name: 'gitee' })
    await gitee.flow.init()
    expect(gitee.status()).toBe('failed')
    expect(gitee.store.get().alert?.text).toBe('Failed to fetch')
  })

  it('any other init error marks failed', async () => {
    const platform = fakePlatform()
    platform.fail.getIssue = new PlatformError(500, 'boom')
    const { flow, status, log } = setup({ platform })
    await flow.init()
    expect(status()).toBe('failed')
    expect(log.error).toHaveBeenCalled()
  })
})

describe('login', () => {
  it('keeps a random state for the return and sends the reader to the platform', async () => {
    const { flow, env } = setup()
    await flow.login()
    const state = new URL(env.assigned[0]).searchParams.get('state')!
    expect(state).toMatch(/^Vssue\.[\w-]{16,}$/)
    expect(env.sessionStorage.getItem('Vssue.github.state')).toBe(state)
    await flow.login()
    expect(new URL(env.assigned[1]).searchParams.get('state')).not.toBe(state)
  })

  it('a code with the state sent is exchanged, the token kept, and the code and state leave the address', async () => {
    const env = fakeEnv()
    env.sessionStorage.setItem('Vssue.github.state', 'Vssue.abc')
    env.href = 'https://site.test/gpt/a.html?x=1&code=C0DE&state=Vssue.abc#c'
    const { flow, platform, store } = setup({ env })
    await flow.init()
    expect(platform.calls[0]).toBe('exchange C0DE')
    expect(env.localStorage.getItem('Vssue.github.access_token')).toBe('token-for-C0DE')
    expect(env.href).toBe('https://site.test/gpt/a.html?x=1#c')
    expect(store.get().user?.username).toBe('alice')
    expect(env.sessionStorage.getItem('Vssue.github.state')).toBeNull()
  })

  it('a code with another state is ignored (and still removed from the address)', async () => {
    const env = fakeEnv()
    env.sessionStorage.setItem('Vssue.github.state', 'Vssue.abc')
    env.href = 'https://site.test/gpt/a.html?code=EVIL&state=Vssue.other'
    const { flow, platform, store } = setup({ env })
    await flow.init()
    expect(platform.calls.some((c) => c.startsWith('exchange'))).toBe(false)
    expect(store.get().user).toBeNull()
    expect(env.href).toBe('https://site.test/gpt/a.html')
  })

  it("a platform's refusal on the callback is shown (its error_description)", async () => {
    const env = fakeEnv()
    env.sessionStorage.setItem('Vssue.github.state', 's1')
    env.href = 'https://site.test/gpt/a.html?error=access_denied&error_description=The+user+has+denied+your+application+access.&state=s1'
    const { flow, store } = setup({ env })
    await flow.init()
    expect(store.get().alert?.text).toBe('The user has denied your application access.')
  })

  it('GitLab: a PKCE S256 challenge goes out and its verifier comes back with the code', async () => {
    const env = fakeEnv()
    const { flow } = setup({ env, name: 'gitlab', config: { proxy: '' } })
    await flow.login()
    const url = new URL(env.assigned[0])
    const verifier = env.sessionStorage.getItem('Vssue.gitlab.code_verifier')!
    const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)))
    expect(url.searchParams.get('code_challenge')).toBe(Buffer.from(digest).toString('base64url'))
    env.href = `https://site.test/gpt/a.html?code=G&state=${url.searchParams.get('state')}`
    const again = setup({ env, name: 'gitlab', config: { proxy: '' } })
    await again.flow.init()
    expect(again.platform.calls[0]).toBe('exchange G with verifier')
  })

  it('without the comment service, login is refused with the new error (GitLab needs none)', async () => {
    const { flow, env, store, log } = setup({ config: { proxy: '' } })
    await flow.login()
    expect(env.assigned).toEqual([])
    expect(store.get().alert?.text).toContain('vssueConfig.proxy')
    expect(log.error).toHaveBeenCalled()
  })

  it('an expired token is dropped: the reader is logged out, not stuck', async () => {
    const env = fakeEnv()
    env.localStorage.setItem('Vssue.github.access_token', 'old')
    const platform = fakePlatform()
    platform.fail.getUser = new PlatformError(401, 'Bad credentials')
    const { flow, store } = setup({ env, platform })
    await flow.init()
    expect(store.get().token).toBeNull()
    expect(env.localStorage.getItem('Vssue.github.access_token')).toBeNull()
  })

  it('logout clears the stored token and the user', async () => {
    const env = fakeEnv()
    env.localStorage.setItem('Vssue.github.access_token', 'tok')
    const { flow, store } = setup({ env })
    await flow.init()
    expect(store.get().user?.username).toBe('alice')
    flow.logout()
    expect(store.get().user).toBeNull()
    expect(env.localStorage.getItem('Vssue.github.access_token')).toBeNull()
  })
})

describe('comments: paging, posting, editing, deleting, reactions', () => {
  async function ready(count: number, token = 'tok', confirm = true) {
    const platform = fakePlatform()
    platform.issues.push(ISSUE)
    platform.comments = Array.from({ length: count }, (_, i) => comment(i + 1, i % 2 ? 'bob' : 'alice'))
    const env = fakeEnv()
    env.localStorage.setItem('Vssue.github.access_token', token)
    const ctx = setup({ platform, env, confirm, config: { issueId: 7 } })
    await ctx.flow.init()
    platform.calls.length = 0
    return ctx
  }
  const settle = () => new Promise((r) => setTimeout(r, 0))

  it('a page change is accepted only between 1 and the page count; a new page size goes back to page 1', async () => {
    const { flow, store, platform } = await ready(25)
    flow.setQuery({ page: 4 })
    flow.setQuery({ page: 0 })
    expect(platform.calls).toEqual([])
    flow.setQuery({ page: 3 })
    await settle()
    expect(store.get().query.page).toBe(3)
    flow.setQuery({ perPage: 7 })
    expect(platform.calls).toEqual(['comments 3/10'])
    flow.setQuery({ perPage: 5 })
    await settle()
    expect(store.get().query).toMatchObject({ page: 1, perPage: 5 })
  })

  it('sorting is refused where the platform does not sort', async () => {
    const { flow, platform } = await ready(3)
    flow.setQuery({ sort: 'asc' })
    expect(platform.calls).toEqual([])
  })

  it('posting sends the draft, empties the box and reloads', async () => {
    const { flow, store, platform } = await ready(1)
    store.dispatch({ type: 'draft', text: '第一条' })
    await flow.post()
    expect(platform.calls).toEqual(['post 第一条', 'comments 1/10'])
    expect(store.get().draft).toBe('')
    expect(store.get().comments!.count).toBe(2)
  })

  it('an edit is sent only when changed; an unchanged one just leaves edit mode', async () => {
    const { flow, store, platform } = await ready(1)
    const c = store.get().comments!.data[0]
    store.dispatch({ type: 'editStart', comment: c })
    await flow.submitEdit(c)
    expect(platform.calls).toEqual([])
    expect(store.get().editing).toEqual({})
    store.dispatch({ type: 'editStart', comment: c })
    store.dispatch({ type: 'editChange', id: c.id, text: '改过了' })
    await flow.submitEdit(c)
    expect(platform.calls).toEqual([`put ${c.id} 改过了`])
    expect(store.get().comments!.data[0].contentRaw).toBe('改过了')
  })

  it('delete asks first; declined, nothing is sent', async () => {
    const { flow, store, platform } = await ready(2, 'tok', false)
    await flow.remove(store.get().comments!.data[0])
    expect(platform.calls).toEqual([])
  })

  it('delete: the row goes and the comments reload; a failure alerts', async () => {
    const { flow, store, platform } = await ready(2)
    await flow.remove(store.get().comments!.data[0])
    expect(platform.calls).toEqual(['delete 1', 'comments 1/10'])
    expect(store.get().comments!.count).toBe(1)
    platform.deleteComment = async () => false
    await flow.remove(store.get().comments!.data[0])
    expect(store.get().alert?.text).toBe('评论删除失败')
  })

  it("a reaction in progress ignores a second click; the counts are fetched after; an existing one says so", async () => {
    const { flow, store, platform } = await ready(1)
    const c = store.get().comments!.data[0]
    await Promise.all([flow.react(c, 'heart'), flow.react(c, 'heart')])
    expect(platform.calls).toEqual(['react 1 heart', 'reactions 1'])
    expect(store.get().comments!.data[0].reactions?.heart).toBe(1)
    expect(store.get().reacting).toEqual({})
    platform.postCommentReaction = async () => false
    await flow.react(c, 'like')
    expect(store.get().alert?.text).toBe('已经添加过“赞”了')
  })

  it('a non-auth error loading comments shows its message as the alert', async () => {
    const { flow, store, platform } = await ready(12)
    platform.fail.getComments = new PlatformError(502, 'Bad gateway')
    flow.setQuery({ page: 2 })
    await settle()
    await settle()
    expect(store.get().alert?.text).toBe('Bad gateway')
  })
})
