/**
 * Widget B's five platform adapters against local fakes of the platforms (test/helpers/vssue-fakes),
 * and the code exchange through the real comment service: what each call returns in the
 * normalised shapes, what it sent, and how failures arrive (PlatformError with status and message).
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { PlatformError, type Platform, type PlatformFactory, type PlatformOptions } from '../../src/client/widgets/vssue/platform.js'
import bitbucketFactory from '../../src/client/widgets/vssue/platforms/bitbucket.js'
import giteeFactory from '../../src/client/widgets/vssue/platforms/gitee.js'
import githubFactory from '../../src/client/widgets/vssue/platforms/github.js'
import githubV4Factory from '../../src/client/widgets/vssue/platforms/github-v4.js'
import gitlabFactory from '../../src/client/widgets/vssue/platforms/gitlab.js'
import { startProxyServer, type ProxyServer } from '../../src/proxy/node.js'
import { resolveProxyOptions } from '../../src/proxy/options.js'
import { GITLAB_CLIENT_ID, startFakes, type Fakes } from '../helpers/vssue-fakes/index.js'

const SITE = 'http://127.0.0.1:4173'
const PAGE = `${SITE}/gpt/posts/hello/`

let fakes: Fakes
let service: ProxyServer
let dir: string

beforeAll(async () => {
  fakes = await startFakes({ callback: `${SITE}/gpt/` })
  dir = mkdtempSync(join(tmpdir(), 'gptnotes-vssue-'))
  const options = resolveProxyOptions({ flags: { port: '0', host: '127.0.0.1', store: `sqlite:${join(dir, 'comments.db')}` }, env: fakes.serviceEnv(SITE, [`${SITE}/gpt/`]) })
  service = await startProxyServer({ options, signals: false, log: () => {} })
})

afterAll(async () => {
  await service?.close()
  await fakes?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

const options = (baseURL: string, clientId = 'client-id'): PlatformOptions => ({
  owner: 'gptnotes',
  repo: 'comments',
  clientId,
  baseURL,
  labels: ['Vssue'],
  proxy: service.url,
  redirectUri: PAGE,
})

const make = (factory: PlatformFactory, baseURL: string, clientId?: string): Platform => factory(options(baseURL, clientId))
const q = (page = 1, perPage = 10, sort: 'asc' | 'desc' = 'desc') => ({ page, perPage, sort })

/** The error a promise rejects with. */
async function failure(p: Promise<unknown>): Promise<PlatformError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(PlatformError)
  return err as PlatformError
}

/** Follows the authorize URL to the fake's consent step and reads the redirect back to the page. */
async function consent(authorizeUrl: string): Promise<URL> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' })
  expect(res.status).toBe(302)
  return new URL(res.headers.get('location')!)
}

const since = (n: number) => fakes.log.slice(n)

describe('GitHub REST v3', () => {
  let gh: Platform
  let token: string
  let issueNo: number
  beforeAll(() => {
    gh = make(githubFactory, fakes.github.url, fakes.github.client.id)
    token = fakes.github.token('alice')
    const issue = fakes.github.addIssue({ title: '[Vssue]hello', body: 'the page' })
    issueNo = issue.number
    for (let i = 1; i <= 12; i++) fakes.github.addComment(issueNo, { body: `comment **${i}**`, author: i % 2 ? 'alice' : 'bob' })
  })

  it('describes the platform', () => {
    expect(gh.meta).toEqual({ name: 'GitHub', link: fakes.github.url, reactable: true, sortable: false })
  })

  it('gets the user with the token in the Authorization header', async () => {
    const at = fakes.log.length
    expect(await gh.getUser(token)).toEqual({ username: 'alice', avatar: expect.stringContaining('/avatars/u/'), homepage: `${fakes.github.url}/alice` })
    expect(since(at)[0].headers.authorization).toBe(`Bearer ${token}`)
  })

  it('finds the issue by title through search, with labels and a cache-buster, and by number', async () => {
    const at = fakes.log.length
    const byTitle = await gh.getIssue({ token: null, issueTitle: '[Vssue]hello' })
    expect(byTitle).toEqual({ id: issueNo, title: '[Vssue]hello', content: 'the page', link: `${fakes.github.url}/gptnotes/comments/issues/${issueNo}` })
    const sent = since(at)[0]
    expect(sent.path).toBe('/api/v3/search/issues')
    expect(sent.query.q).toBe('"[Vssue]hello" in:title repo:gptnotes/comments is:issue label:Vssue')
    expect(sent.query.timestamp).toMatch(/^\d+$/)
    expect(sent.headers.authorization).toBeUndefined()
    expect(await gh.getIssue({ token, issueId: issueNo })).toEqual(byTitle)
    expect(await gh.getIssue({ token, issueId: 999 })).toBeNull()
    expect(await gh.getIssue({ token, issueTitle: '[Vssue]missing' })).toBeNull()
  })

  it('creates an issue with title, body and labels', async () => {
    const issue = await gh.postIssue({ token, title: '[Vssue]new', content: 'https://site/new' })
    expect(issue).toMatchObject({ title: '[Vssue]new', content: 'https://site/new' })
    expect(fakes.github.data.issue(issue.id)?.labels).toEqual(['Vssue'])
  })

  it('lists a page of comments with HTML, markdown, reactions, and the count from the issue', async () => {
    const first = fakes.github.data.commentsOf(issueNo)[0]
    fakes.github.react(first.id, 'bob', 'heart')
    fakes.github.react(first.id, 'carol', '+1')
    const at = fakes.log.length
    const page = await gh.getComments({ token, issueId: issueNo, query: q(2, 5) })
    expect(page).toMatchObject({ count: 12, page: 2, perPage: 5 })
    expect(page.data.map((c) => c.contentRaw)).toEqual([6, 7, 8, 9, 10].map((n) => `comment **${n}**`))
    expect(page.data[0]).toEqual({
      id: expect.any(Number),
      content: '<p>comment <strong>6</strong></p>',
      contentRaw: 'comment **6**',
      author: { username: 'bob', avatar: expect.any(String), homepage: `${fakes.github.url}/bob` },
      createdAt: expect.stringMatching(/^2026-/),
      updatedAt: expect.stringMatching(/^2026-/),
      reactions: { heart: 0, like: 0, unlike: 0 },
    })
    const list = since(at).find((r) => r.path.endsWith('/comments'))!
    expect(list.query).toMatchObject({ page: '2', per_page: '5' })
    expect(list.headers.accept).toMatch(/html|full/)
    const one = await gh.getComments({ token: null, issueId: issueNo, query: q(1, 5) })
    expect(one.data[0].reactions).toEqual({ heart: 1, like: 1, unlike: 0 })
  })

  it('posts, edits and deletes a comment (204)', async () => {
    const posted = await gh.postComment({ token, issueId: issueNo, content: 'hi *there*' })
    expect(posted).toMatchObject({ content: '<p>hi <em>there</em></p>', contentRaw: 'hi *there*', author: { username: 'alice' }, reactions: { heart: 0, like: 0, unlike: 0 } })
    const edited = await gh.putComment({ token, issueId: issueNo, commentId: posted.id, content: 'changed' })
    expect(edited).toMatchObject({ id: posted.id, content: '<p>changed</p>', contentRaw: 'changed' })
    expect(await gh.deleteComment({ token, issueId: issueNo, commentId: posted.id })).toBe(true)
    expect(fakes.github.data.comment(posted.id)).toBeUndefined()
  })

  it('toggles a reaction: 201 adds it, a second click (200) deletes it', async () => {
    const c = fakes.github.addComment(issueNo, { body: 'react to me', author: 'bob' })
    expect(await gh.postCommentReaction({ token, issueId: issueNo, commentId: c.id, reaction: 'like' })).toBe(true)
    expect(await gh.getCommentReactions({ token, issueId: issueNo, commentId: c.id })).toEqual({ heart: 0, like: 1, unlike: 0 })
    const at = fakes.log.length
    expect(await gh.postCommentReaction({ token, issueId: issueNo, commentId: c.id, reaction: 'like' })).toBe(true)
    expect(since(at).map((r) => r.method)).toEqual(['POST', 'DELETE'])
    expect(since(at)[1].path).toMatch(new RegExp(`/issues/comments/${c.id}/reactions/\\d+$`))
    expect(await gh.getCommentReactions({ token, issueId: issueNo, commentId: c.id })).toEqual({ heart: 0, like: 0, unlike: 0 })
  })

  it('fails with the platform status and message', async () => {
    expect(await failure(gh.getUser('nonsense'))).toMatchObject({ status: 401, message: 'Bad credentials' })
    const other = fakes.github.addComment(issueNo, { body: 'not yours', author: 'bob' })
    expect(await failure(gh.deleteComment({ token, issueId: issueNo, commentId: other.id }))).toMatchObject({ status: 403, message: 'Must have admin rights to Repository.' })
    expect(await failure(gh.getComments({ token, issueId: 4242, query: q() }))).toMatchObject({ status: 404, message: 'Not Found' })
    const offline = make(githubFactory, 'http://127.0.0.1:9')
    expect(await failure(offline.getUser(token))).toMatchObject({ status: 0 })
  })
})

describe('GitHub GraphQL v4', () => {
  let gh: Platform
  let token: string
  let issueNo: number
  beforeAll(() => {
    gh = make(githubV4Factory, fakes.github.url, fakes.github.client.id)
    token = fakes.github.token('alice')
    issueNo = fakes.github.addIssue({ title: '[Vssue]graphql' }).number
    for (let i = 1; i <= 7; i++) fakes.github.addComment(issueNo, { body: `c${i}`, author: 'bob' })
  })

  it('is sortable and reactable', () => {
    expect(gh.meta).toMatchObject({ name: 'GitHub', reactable: true, sortable: true })
  })

  it('needs a token even to read', async () => {
    expect(await failure(gh.getIssue({ token: null, issueTitle: '[Vssue]graphql' }))).toMatchObject({ status: 401 })
  })

  it('gets the viewer and the issue by title (search, first 20) and by number', async () => {
    expect(await gh.getUser(token)).toEqual({ username: 'alice', avatar: expect.any(String), homepage: `${fakes.github.url}/alice` })
    const at = fakes.log.length
    const issue = await gh.getIssue({ token, issueTitle: '[Vssue]graphql' })
    expect(issue).toEqual({ id: issueNo, title: '[Vssue]graphql', content: '', link: `${fakes.github.url}/gptnotes/comments/issues/${issueNo}` })
    const sent = JSON.parse(since(at)[0].body)
    expect(since(at)[0].path).toBe('/api/graphql')
    expect(sent.query).toContain('first: 20')
    expect(sent.variables.q).toBe('"[Vssue]graphql" in:title repo:gptnotes/comments is:issue label:"Vssue"')
    expect(await gh.getIssue({ token, issueId: issueNo })).toEqual(issue)
    expect(await gh.getIssue({ token, issueId: 9999 })).toBeNull()
  })

  it('pages by cursor in both orders, including jumps and steps back', async () => {
    const raw = async (page: number, sort: 'asc' | 'desc') => (await gh.getComments({ token, issueId: issueNo, query: q(page, 3, sort) })).data.map((c) => c.contentRaw)
    expect(await raw(1, 'asc')).toEqual(['c1', 'c2', 'c3'])
    expect(await raw(2, 'asc')).toEqual(['c4', 'c5', 'c6'])
    expect(await raw(3, 'asc')).toEqual(['c7'])
    expect(await raw(2, 'asc')).toEqual(['c4', 'c5', 'c6'])
    expect(await raw(3, 'desc')).toEqual(['c1']) // a jump: walked from page 1
    expect(await raw(2, 'desc')).toEqual(['c4', 'c3', 'c2'])
    expect(await raw(1, 'desc')).toEqual(['c7', 'c6', 'c5'])
    const page = await gh.getComments({ token, issueId: issueNo, query: q(1, 3, 'desc') })
    expect(page).toMatchObject({ count: 7, page: 1, perPage: 3 })
    expect(page.data[0]).toMatchObject({ id: expect.stringMatching(/^IC_/), content: '<p>c7</p>', contentRaw: 'c7', author: { username: 'bob' }, reactions: { heart: 0, like: 0, unlike: 0 } })
  })

  it('adds, edits and deletes a comment, and re-pages after the count changed', async () => {
    const posted = await gh.postComment({ token, issueId: issueNo, content: 'new one' })
    expect(posted).toMatchObject({ contentRaw: 'new one', content: '<p>new one</p>', author: { username: 'alice' } })
    expect((await gh.getComments({ token, issueId: issueNo, query: q(1, 3, 'desc') })).data[0].contentRaw).toBe('new one')
    const edited = await gh.putComment({ token, issueId: issueNo, commentId: posted.id, content: 'edited' })
    expect(edited.contentRaw).toBe('edited')
    expect(await gh.deleteComment({ token, issueId: issueNo, commentId: posted.id })).toBe(true)
    // Someone else comments between two page loads: page 2 is still right.
    expect((await gh.getComments({ token, issueId: issueNo, query: q(1, 3, 'asc') })).data.map((c) => c.contentRaw)).toEqual(['c1', 'c2', 'c3'])
    fakes.github.addComment(issueNo, { body: 'c8', author: 'carol' })
    expect((await gh.getComments({ token, issueId: issueNo, query: q(3, 3, 'asc') })).data.map((c) => c.contentRaw)).toEqual(['c7', 'c8'])
  })

  it('adds reactions and reads their counts', async () => {
    const [c] = fakes.github.data.commentsOf(issueNo)
    expect(await gh.postCommentReaction({ token, issueId: issueNo, commentId: `IC_${c.id}`, reaction: 'heart' })).toBe(true)
    expect(await gh.postCommentReaction({ token, issueId: issueNo, commentId: `IC_${c.id}`, reaction: 'unlike' })).toBe(true)
    expect(await gh.getCommentReactions({ token, issueId: issueNo, commentId: `IC_${c.id}` })).toEqual({ heart: 1, like: 0, unlike: 1 })
  })

  it('reports GraphQL errors by their type', async () => {
    const other = fakes.github.addComment(issueNo, { body: 'bob only', author: 'bob' })
    expect(await failure(gh.putComment({ token, issueId: issueNo, commentId: `IC_${other.id}`, content: 'x' }))).toMatchObject({ status: 403, message: expect.stringContaining('permissions') })
    expect(await failure(gh.getCommentReactions({ token, issueId: issueNo, commentId: 'IC_0' }))).toMatchObject({ status: 404 })
  })
})

describe('GitLab v4', () => {
  let gl: Platform
  let token: string
  let iid: number
  beforeAll(() => {
    gl = make(gitlabFactory, fakes.gitlab.url, GITLAB_CLIENT_ID)
    token = fakes.gitlab.token('alice')
    iid = fakes.gitlab.addIssue({ title: '[Vssue]lab', body: 'desc' }).number
    for (let i = 1; i <= 6; i++) fakes.gitlab.addComment(iid, { body: `note ${i}`, author: 'bob' })
  })

  it('is sortable and reactable', () => expect(gl.meta).toEqual({ name: 'GitLab', link: fakes.gitlab.url, reactable: true, sortable: true }))

  it('gets the user and the issue by title (labels, order, search) and by iid', async () => {
    expect(await gl.getUser(token)).toEqual({ username: 'alice', avatar: expect.any(String), homepage: `${fakes.gitlab.url}/alice` })
    const at = fakes.log.length
    const issue = await gl.getIssue({ token: null, issueTitle: '[Vssue]lab' })
    expect(issue).toEqual({ id: iid, title: '[Vssue]lab', content: 'desc', link: `${fakes.gitlab.url}/gptnotes/comments/-/issues/${iid}` })
    expect(since(at)[0].path).toBe('/api/v4/projects/gptnotes%2Fcomments/issues')
    expect(since(at)[0].query).toMatchObject({ labels: 'Vssue', order_by: 'created_at', sort: 'asc', search: '[Vssue]lab' })
    expect(await gl.getIssue({ token, issueId: iid })).toEqual(issue)
    expect(await gl.getIssue({ token, issueId: 404 })).toBeNull()
    const created = await gl.postIssue({ token, title: '[Vssue]made', content: 'x' })
    expect(fakes.gitlab.data.issue(created.id)).toMatchObject({ title: '[Vssue]made', labels: ['Vssue'], author: 'alice' })
  })

  it('reads totals from x-total / x-page / x-per-page, HTML from the markdown API, reactions from award emoji', async () => {
    const first = fakes.gitlab.data.commentsOf(iid)[0]
    fakes.gitlab.react(first.id, 'carol', 'thumbsup')
    fakes.gitlab.react(first.id, 'dave', 'heart')
    const at = fakes.log.length
    const page = await gl.getComments({ token: null, issueId: iid, query: q(2, 4, 'asc') })
    expect(page).toMatchObject({ count: 6, page: 2, perPage: 4 })
    expect(page.data.map((c) => c.contentRaw)).toEqual(['note 5', 'note 6'])
    expect(page.data[0]).toMatchObject({ content: '<p>note 5</p>', author: { username: 'bob', homepage: `${fakes.gitlab.url}/bob` }, reactions: { heart: 0, like: 0, unlike: 0 } })
    const sent = since(at)
    expect(sent[0].query).toMatchObject({ page: '2', per_page: '4', order_by: 'created_at', sort: 'asc' })
    expect(sent.filter((r) => r.path === '/api/v4/markdown').map((r) => JSON.parse(r.body))).toContainEqual({ text: 'note 5', gfm: true, project: 'gptnotes/comments' })
    const desc = await gl.getComments({ token, issueId: iid, query: q(2, 4, 'desc') })
    expect(desc.data.map((c) => c.contentRaw)).toEqual(['note 2', 'note 1'])
    expect(desc.data[1].reactions).toEqual({ heart: 1, like: 1, unlike: 0 })
  })

  it('shows escaped text when the instance will not render markdown for a visitor', async () => {
    fakes.gitlab.settings.markdownNeedsAuth = true
    try {
      fakes.gitlab.addComment(iid, { body: '<b>x</b>', author: 'bob' })
      const page = await gl.getComments({ token: null, issueId: iid, query: q(1, 1, 'desc') })
      expect(page.data[0].content).toBe('<p>&#60;b&#62;x&#60;/b&#62;</p>')
    } finally {
      fakes.gitlab.settings.markdownNeedsAuth = false
    }
  })

  it('posts, edits (PUT), deletes notes; awards once, the second award is "already given"', async () => {
    const posted = await gl.postComment({ token, issueId: iid, content: '**hi**' })
    expect(posted).toMatchObject({ content: '<p><strong>hi</strong></p>', contentRaw: '**hi**', author: { username: 'alice' }, reactions: { heart: 0, like: 0, unlike: 0 } })
    expect(await gl.putComment({ token, issueId: iid, commentId: posted.id, content: 'edited' })).toMatchObject({ content: '<p>edited</p>', contentRaw: 'edited' })
    expect(await gl.postCommentReaction({ token, issueId: iid, commentId: posted.id, reaction: 'unlike' })).toBe(true)
    expect(await gl.postCommentReaction({ token, issueId: iid, commentId: posted.id, reaction: 'unlike' })).toBe(false)
    expect(await gl.getCommentReactions({ token, issueId: iid, commentId: posted.id })).toEqual({ heart: 0, like: 0, unlike: 1 })
    expect(await gl.deleteComment({ token, issueId: iid, commentId: posted.id })).toBe(true)
    expect(await failure(gl.postComment({ token: 'revoked', issueId: iid, content: 'x' }))).toMatchObject({ status: 401, message: '401 Unauthorized' })
    expect(await failure(gl.postComment({ token, issueId: iid, content: '' }))).toMatchObject({ status: 400, message: "note can't be blank" })
  })

  it('logs in with authorization code + PKCE straight at GitLab, no secret and no service', async () => {
    const verifier = randomBytes(32).toString('base64url')
    const challenge = createHash('sha256').update(verifier).digest('base64url')
    const authorize = new URL(gl.authorizeUrl({ state: 'st-1', codeChallenge: challenge }))
    expect(authorize.origin + authorize.pathname).toBe(`${fakes.gitlab.url}/oauth/authorize`)
    expect(Object.fromEntries(authorize.searchParams)).toEqual({ client_id: GITLAB_CLIENT_ID, redirect_uri: PAGE, response_type: 'code', scope: 'api', state: 'st-1', code_challenge: challenge, code_challenge_method: 'S256' })
    expect(() => gl.authorizeUrl({ state: 's' })).toThrow(/PKCE/)
    fakes.gitlab.oauth.signedIn = 'alice'
    const back = await consent(authorize.href)
    expect(back.searchParams.get('state')).toBe('st-1')
    const code = back.searchParams.get('code')!
    const at = fakes.log.length
    const accessToken = await gl.exchangeCode({ code, codeVerifier: verifier })
    expect(since(at)[0]).toMatchObject({ method: 'POST', path: '/oauth/token' })
    expect(since(at)[0].body).toContain(`code_verifier=${verifier}`)
    expect(since(at)[0].body).not.toContain('secret')
    expect((await gl.getUser(accessToken)).username).toBe('alice')
    // A wrong verifier is refused (and the code is spent).
    const again = (await consent(authorize.href)).searchParams.get('code')!
    expect(await failure(gl.exchangeCode({ code: again, codeVerifier: randomBytes(32).toString('base64url') }))).toMatchObject({ status: 400, message: expect.stringContaining('grant is invalid') })
  })
})

describe('Bitbucket 2.0', () => {
  let bb: Platform
  let token: string
  let id: number
  beforeAll(() => {
    bb = make(bitbucketFactory, fakes.bitbucket.url, fakes.bitbucket.client.id)
    token = fakes.bitbucket.token('alice')
    id = fakes.bitbucket.addIssue({ title: '[Vssue]"bucket"', body: 'page' }).number
    for (let i = 1; i <= 5; i++) fakes.bitbucket.addComment(id, { body: `b${i}`, author: 'bob' })
    fakes.bitbucket.addComment(id, { body: '', author: 'bob' }) // a status change
  })

  it('is sortable, not reactable', () => expect(bb.meta).toEqual({ name: 'Bitbucket', link: fakes.bitbucket.url, reactable: false, sortable: true }))

  it('gets the user and the issue by a BBQL title query and by id; creates issues as trivial tasks', async () => {
    expect(await bb.getUser(token)).toEqual({ username: 'alice', avatar: `${fakes.bitbucket.url}/account/alice/avatar/`, homepage: expect.stringContaining(fakes.bitbucket.url) })
    const at = fakes.log.length
    const issue = await bb.getIssue({ token: null, issueTitle: '[Vssue]"bucket"' })
    expect(issue).toEqual({ id, title: '[Vssue]"bucket"', content: 'page', link: `${fakes.bitbucket.url}/gptnotes/comments/issues/${id}` })
    expect(since(at)[0].query.q).toBe('title="[Vssue]\\"bucket\\""')
    expect(await bb.getIssue({ token, issueId: id })).toEqual(issue)
    expect(await bb.getIssue({ token, issueId: 777 })).toBeNull()
    const at2 = fakes.log.length
    await bb.postIssue({ token, title: '[Vssue]new', content: 'x' })
    expect(JSON.parse(since(at2)[0].body)).toEqual({ title: '[Vssue]new', content: { raw: 'x' }, priority: 'trivial', kind: 'task' })
  })

  it('pages with page, pagelen and sort; leaves out empty comments', async () => {
    const at = fakes.log.length
    const page = await bb.getComments({ token: null, issueId: id, query: q(1, 4, 'desc') })
    expect(since(at)[0].query).toMatchObject({ page: '1', pagelen: '4', sort: '-created_on' })
    expect(page).toMatchObject({ count: 6, page: 1, perPage: 4 })
    expect(page.data.map((c) => c.contentRaw)).toEqual(['b5', 'b4', 'b3'])
    expect(page.data[0]).toMatchObject({ content: '<p>b5</p>', author: { username: 'bob' }, reactions: null })
    const asc = await bb.getComments({ token, issueId: id, query: q(2, 4, 'asc') })
    expect(asc.data.map((c) => c.contentRaw)).toEqual(['b5'])
  })

  it('posts, edits (PUT) and deletes comments; reactions are 501', async () => {
    const posted = await bb.postComment({ token, issueId: id, content: 'from *alice*' })
    expect(posted).toMatchObject({ content: '<p>from <em>alice</em></p>', contentRaw: 'from *alice*', reactions: null })
    expect(await bb.putComment({ token, issueId: id, commentId: posted.id, content: 'edited' })).toMatchObject({ contentRaw: 'edited' })
    expect(await bb.deleteComment({ token, issueId: id, commentId: posted.id })).toBe(true)
    expect(await failure(bb.getCommentReactions({ token, issueId: id, commentId: posted.id }))).toMatchObject({ status: 501, message: 'Not Implemented' })
    expect(await failure(bb.postCommentReaction({ token, issueId: id, commentId: posted.id, reaction: 'heart' }))).toMatchObject({ status: 501, message: 'Not Implemented' })
    const other = fakes.bitbucket.data.commentsOf(id)[0]
    expect(await failure(bb.putComment({ token, issueId: id, commentId: other.id, content: 'x' }))).toMatchObject({ status: 403, message: expect.stringContaining('permission') })
    expect(await failure(bb.getUser('expired'))).toMatchObject({ status: 401, message: 'Access token expired.' })
  })
})

describe('Gitee v5', () => {
  let ge: Platform
  let token: string
  let number: string
  let n: number
  beforeAll(() => {
    ge = make(giteeFactory, fakes.gitee.url, fakes.gitee.client.id)
    token = fakes.gitee.token('alice')
    fakes.gitee.addIssue({ title: '[Vssue]gitee-other' })
    const issue = fakes.gitee.addIssue({ title: '[Vssue]gitee', body: 'b' })
    n = issue.number
    number = fakes.gitee.number(issue)
    for (let i = 1; i <= 3; i++) fakes.gitee.addComment(n, { body: `g${i}`, author: 'bob' })
  })

  it('is neither sortable nor reactable', () => expect(ge.meta).toEqual({ name: 'Gitee', link: fakes.gitee.url, reactable: false, sortable: false }))

  it('passes the token as access_token, never as a header', async () => {
    const at = fakes.log.length
    expect(await ge.getUser(token)).toEqual({ username: 'alice', avatar: expect.any(String), homepage: `${fakes.gitee.url}/alice` })
    expect(since(at)[0].query.access_token).toBe(token)
    expect(since(at)[0].headers.authorization).toBeUndefined()
    const at2 = fakes.log.length
    await ge.postComment({ token, issueId: number, content: 'posted' })
    expect(JSON.parse(since(at2)[0].body)).toEqual({ access_token: token, body: 'posted' })
    expect(since(at2)[0].query.access_token).toBeUndefined()
  })

  it('sends no Referer with any call (a GET’s URL holds the token)', async () => {
    const spy = vi.spyOn(globalThis, 'fetch')
    try {
      await ge.getUser(token)
      await ge.getComments({ token, issueId: number, query: q(1, 2) })
      await ge.getIssue({ token, issueId: number })
      expect(spy.mock.calls.length).toBeGreaterThanOrEqual(3)
      for (const [, init] of spy.mock.calls) expect(init?.referrerPolicy).toBe('no-referrer')
    } finally {
      spy.mockRestore()
    }
  })

  it('finds the issue by search (one per page) and by number; creates issues at repos/{owner}/issues', async () => {
    const at = fakes.log.length
    const issue = await ge.getIssue({ token: null, issueTitle: '[Vssue]gitee' })
    expect(issue).toEqual({ id: number, title: '[Vssue]gitee', content: 'b', link: `${fakes.gitee.url}/gptnotes/comments/issues/${number}` })
    expect(since(at)[0].query).toMatchObject({ q: '[Vssue]gitee', repo: 'gptnotes/comments', per_page: '1' })
    expect(await ge.getIssue({ token, issueId: number })).toEqual(issue)
    expect(await ge.getIssue({ token, issueId: 'INOPE' })).toBeNull()
    const created = await ge.postIssue({ token, title: '[Vssue]made', content: 'c' })
    expect(created).toMatchObject({ title: '[Vssue]made', content: 'c', id: expect.stringMatching(/^I/) })
  })

  it('lists comments with the total_count header and HTML; edits (PATCH) and deletes; reactions are 501', async () => {
    const page = await ge.getComments({ token: null, issueId: number, query: q(1, 2) })
    expect(page).toMatchObject({ count: 4, page: 1, perPage: 2 })
    expect(page.data[0]).toMatchObject({ content: '<p>g1</p>', contentRaw: 'g1', author: { username: 'bob' }, reactions: null })
    const mine = fakes.gitee.data.commentsOf(n).find((c) => c.author === 'alice')!
    expect(await ge.putComment({ token, issueId: number, commentId: mine.id, content: 'patched' })).toMatchObject({ contentRaw: 'patched', content: '<p>patched</p>' })
    expect(await ge.deleteComment({ token, issueId: number, commentId: mine.id })).toBe(true)
    expect(await failure(ge.postCommentReaction({ token, issueId: number, commentId: 1, reaction: 'like' }))).toMatchObject({ status: 501, message: 'Not Implemented' })
    expect(await failure(ge.getCommentReactions({ token, issueId: number, commentId: 1 }))).toMatchObject({ status: 501 })
    expect(await failure(ge.getUser('bad'))).toMatchObject({ status: 401, message: '401 Unauthorized: Access token does not exist' })
  })
})

describe('login through the comment service', () => {
  const cases = [
    { name: 'github', factory: githubFactory, fake: () => fakes.github, path: '/login/oauth/authorize', scope: 'public_repo' },
    { name: 'github-v4', factory: githubV4Factory, fake: () => fakes.github, path: '/login/oauth/authorize', scope: 'public_repo' },
    { name: 'gitee', factory: giteeFactory, fake: () => fakes.gitee, path: '/oauth/authorize', scope: 'user_info issues notes' },
    { name: 'bitbucket', factory: bitbucketFactory, fake: () => fakes.bitbucket, path: '/site/oauth2/authorize', scope: null },
  ] as const

  for (const c of cases) {
    it(`${c.name}: authorize URL with state and scope, code exchanged at /oauth/${c.name}/token`, async () => {
      const fake = c.fake()
      const platform = make(c.factory, fake.url, fake.client.id)
      const authorize = new URL(platform.authorizeUrl({ state: `state-${c.name}` }))
      expect(authorize.origin + authorize.pathname).toBe(fake.url + c.path)
      expect(authorize.searchParams.get('client_id')).toBe(fake.client.id)
      expect(authorize.searchParams.get('redirect_uri')).toBe(PAGE)
      expect(authorize.searchParams.get('state')).toBe(`state-${c.name}`)
      expect(authorize.searchParams.get('scope')).toBe(c.scope)
      fake.oauth.signedIn = 'erin'
      const back = await consent(authorize.href)
      expect(back.origin + back.pathname).toBe(PAGE)
      expect(back.searchParams.get('state')).toBe(`state-${c.name}`)
      const at = fakes.log.length
      const token = await platform.exchangeCode({ code: back.searchParams.get('code')! })
      expect((await platform.getUser(token)).username).toBe('erin')
      // The service, not the page, called the token endpoint, with the secret only it holds.
      const exchange = since(at).find((r) => r.method === 'POST' && /token/.test(r.path))!
      expect(exchange.headers.origin).toBeUndefined()
      // A code is good once: the second try is refused with the provider's words.
      const again = await failure(platform.exchangeCode({ code: back.searchParams.get('code')! }))
      expect(again.status).toBe(400)
      expect(again.message).not.toBe('')
    })
  }

  it('fails cleanly without the service', async () => {
    const platform = githubFactory({ ...options(fakes.github.url), proxy: 'http://127.0.0.1:9' })
    expect(await failure(platform.exchangeCode({ code: 'x' }))).toMatchObject({ status: 0 })
  })

  it('no request ever carried a client secret except the service’s own token exchanges', () => {
    expect(fakes.log.length).toBeGreaterThan(50)
    expect(fakes.secretLeaks()).toEqual([])
    const apiRequests = fakes.log.filter((r) => !/oauth|\/token$/.test(r.path))
    expect(apiRequests.every((r) => !/secret/i.test(r.body + JSON.stringify(r.query)))).toBe(true)
  })
})
