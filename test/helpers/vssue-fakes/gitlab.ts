/**
 * A fake GitLab (REST v4 at /api/v4, OAuth at /oauth/*) for one public project, following
 * docs.gitlab.com:
 *
 * - "Issues API" (list with labels, order_by, sort, search, in; get by iid; create with title,
 *   description, comma-separated labels), "Notes API" (issue notes: list with page, per_page,
 *   order_by, sort; create; modify with PUT, author only; delete, 204), "Emoji reactions API"
 *   (award_emoji on notes: list; award by `name` — a second award of the same name is 404
 *   "Award Emoji Name has already been taken"), "Markdown API" (POST /markdown with text, gfm,
 *   project → 201 `{html}`), "Users API" (GET /user, token required), and "REST API" pagination
 *   headers (`x-total`, `x-total-pages`, `x-page`, `x-per-page`, `x-next-page`, `x-prev-page`,
 *   exposed to browsers), errors `{"message": "401 Unauthorized"}`, `"404 Not found"`,
 *   `"403 Forbidden"`, `{"message": {"body": ["can't be blank"]}}`.
 * - "OAuth 2.0 identity provider API": authorization code with PKCE (`code_challenge`,
 *   `code_challenge_method=S256` at /oauth/authorize; `code_verifier` at /oauth/token; no secret
 *   for a non-confidential application), the implicit grant refused (removed in 15.0), and
 *   CORS on /oauth/token (since 15.1). Tokens as `Authorization: Bearer`.
 */
import { apiCors, avatar, bearer, preflight, redirect, send, startServer, str, type Call, type LoggedRequest } from './core.js'
import { fakeHandle } from './handle.js'
import { Repo, renderMarkdown, type FakeComment, type FakeIssue } from './model.js'
import { OAuthDesk } from './oauth.js'

export interface GitLabFakeOptions {
  owner?: string
  repo?: string
  callback?: string
  /** Make POST /markdown refuse readers without a token (as an instance may). */
  markdownNeedsAuth?: boolean
  log?: LoggedRequest[]
}

export const GITLAB_CLIENT_ID = 'gl-application-id'
const TO_AWARD: Record<string, string> = { '+1': 'thumbsup', '-1': 'thumbsdown' }
const FROM_AWARD: Record<string, string> = { thumbsup: '+1', thumbsdown: '-1' }
const EXPOSE = ['Link', 'X-Total', 'X-Total-Pages', 'X-Per-Page', 'X-Page', 'X-Next-Page', 'X-Prev-Page']

export async function startGitLabFake(options: GitLabFakeOptions = {}) {
  const log = options.log ?? []
  const repo = new Repo(options.owner ?? 'gptnotes', options.repo ?? 'comments', 'glpat')
  const desk = new OAuthDesk({ id: GITLAB_CLIENT_ID, secret: null, callback: options.callback ?? 'http://127.0.0.1/' }, repo)
  const settings = { markdownNeedsAuth: options.markdownNeedsAuth ?? false }
  let web = ''

  const user = (login: string) => {
    const u = repo.addUser(login)
    return { id: u.id, username: u.login, name: u.name, state: 'active', locked: false, avatar_url: `${web}/uploads/-/system/user/avatar/${u.id}/avatar.png`, web_url: `${web}/${u.login}` }
  }
  const issue = (i: FakeIssue) => ({
    id: i.id,
    iid: i.number,
    project_id: 1,
    title: i.title,
    description: i.body,
    state: 'opened',
    created_at: i.createdAt,
    updated_at: i.updatedAt,
    labels: i.labels,
    author: user(i.author),
    user_notes_count: repo.commentsOf(i.number).length,
    web_url: `${web}/${repo.owner}/${repo.name}/-/issues/${i.number}`,
  })
  const note = (c: FakeComment) => ({
    id: c.id,
    type: null,
    body: c.body,
    attachment: null,
    author: user(c.author),
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    system: false,
    noteable_id: repo.issue(c.issue)!.id,
    noteable_type: 'Issue',
    noteable_iid: c.issue,
    resolvable: false,
    confidential: false,
    internal: false,
  })
  const award = (r: { id: number; user: string; content: string; createdAt: string }, c: FakeComment) => ({
    id: r.id,
    name: TO_AWARD[r.content] ?? r.content,
    user: user(r.user),
    created_at: r.createdAt,
    updated_at: r.createdAt,
    awardable_id: c.id,
    awardable_type: 'Note',
  })

  /** docs "Pagination": offset paging with its headers. */
  function page<T>(call: Call, all: T[], path: string) {
    const per = Math.min(100, Math.max(1, Number(call.params.per_page) || 20))
    const at = Math.max(1, Number(call.params.page) || 1)
    const pages = Math.max(1, Math.ceil(all.length / per))
    const headers: Record<string, string> = {
      'X-Total': String(all.length),
      'X-Total-Pages': String(pages),
      'X-Page': String(at),
      'X-Per-Page': String(per),
      'X-Next-Page': at < pages ? String(at + 1) : '',
      'X-Prev-Page': at > 1 ? String(at - 1) : '',
      Link: `<${web}/api/v4/${path}?page=1&per_page=${per}>; rel="first", <${web}/api/v4/${path}?page=${pages}&per_page=${per}>; rel="last"`,
    }
    send(call.res, 200, all.slice((at - 1) * per, at * per), headers)
  }

  const sorted = <T extends { createdAt: string }>(list: T[], sort: unknown) =>
    [...list].sort((a, b) => (sort === 'asc' ? a.createdAt.localeCompare(b.createdAt) : b.createdAt.localeCompare(a.createdAt)))

  function api(call: Call, segs: string[]) {
    const { res, method, params: p } = call
    apiCors(res, EXPOSE)
    const token = bearer(call)
    const me = repo.userOf(token)
    if (token && !me) return send(res, 401, { message: '401 Unauthorized' })
    const needLogin = () => (me ? false : (send(res, 401, { message: '401 Unauthorized' }), true))
    const notFound = (what = '404 Not found') => send(res, 404, { message: what })

    if (segs[0] === 'user' && segs.length === 1 && method === 'GET') return needLogin() || send(res, 200, { ...user(me!.login), email: `${me!.login}@example.com` })
    if (segs[0] === 'markdown' && method === 'POST') {
      if (settings.markdownNeedsAuth && needLogin()) return
      if (typeof p.text !== 'string') return send(res, 400, { error: 'text is missing' })
      return send(res, 201, { html: renderMarkdown(p.text) })
    }
    if (segs[0] !== 'projects' || segs[1] !== `${repo.owner}/${repo.name}` || segs[2] !== 'issues') return notFound('404 Project Not Found')
    const [, , , iid, sub, noteId, sub2] = segs
    const path = segs.map(encodeURIComponent).join('/')

    if (iid === undefined) {
      if (method === 'GET') {
        const labels = (str(p.labels) ?? '').split(',').filter(Boolean)
        const search = (str(p.search) ?? '').toLowerCase()
        const fields = (str(p.in) ?? 'title,description').split(',')
        const hits = repo.issues.filter(
          (i) => labels.every((l) => i.labels.includes(l)) && (!search || (fields.includes('title') && i.title.toLowerCase().includes(search)) || (fields.includes('description') && i.body.toLowerCase().includes(search))),
        )
        return page(call, sorted(hits, p.sort).map(issue), path)
      }
      if (method === 'POST') {
        if (needLogin()) return
        const title = str(p.title)
        if (!title) return send(res, 400, { message: { title: ["can't be blank"] } })
        const created = repo.addIssue({ title, body: str(p.description) ?? '', labels: (str(p.labels) ?? '').split(',').filter(Boolean), author: me!.login })
        return send(res, 201, issue(created))
      }
    }
    const found = iid !== undefined ? repo.issue(iid) : undefined
    if (!found) return notFound('404 Issue Not Found')
    if (sub === undefined && method === 'GET') return send(res, 200, issue(found))
    if (sub !== 'notes') return notFound()
    if (noteId === undefined) {
      if (method === 'GET') return page(call, sorted(repo.commentsOf(found.number), p.sort).map(note), path)
      if (method === 'POST') {
        if (needLogin()) return
        const body = str(p.body)
        if (!body) return send(res, 400, { message: { note: ["can't be blank"] } })
        return send(res, 201, note(repo.addComment(found.number, { body, author: me!.login })))
      }
    }
    const comment = repo.comment(noteId ?? '')
    if (!comment || comment.issue !== found.number) return notFound('404 Note Not Found')
    if (sub2 === undefined) {
      if (method === 'GET') return send(res, 200, note(comment))
      if (needLogin()) return
      if (method === 'PUT') {
        if (comment.author !== me!.login) return send(res, 403, { message: '403 Forbidden' })
        const body = str(p.body)
        if (!body) return send(res, 400, { message: { note: ["can't be blank"] } })
        repo.editComment(comment, body)
        return send(res, 200, note(comment))
      }
      if (method === 'DELETE') {
        if (comment.author !== me!.login && !repo.isAdmin(me!.login)) return send(res, 403, { message: '403 Forbidden' })
        repo.deleteComment(comment)
        return send(res, 204, null)
      }
    }
    if (sub2 === 'award_emoji') {
      if (method === 'GET') return page(call, repo.reactionsOf(comment.id).map((r) => award(r, comment)), path)
      if (method === 'POST') {
        if (needLogin()) return
        const name = str(p.name) ?? ''
        const { reaction, created } = repo.react(comment.id, me!.login, FROM_AWARD[name] ?? name)
        if (!created) return send(res, 404, { message: '404 Award Emoji Name has already been taken Not Found' })
        return send(res, 201, award(reaction, comment))
      }
    }
    return notFound()
  }

  function oauth(call: Call, step: string) {
    const { res, params: p } = call
    if (step === 'authorize' && call.method === 'GET') {
      if (p.response_type !== 'code') {
        // The implicit grant is gone (15.0): GitLab sends the reader back with an error.
        const back = new URL(str(p.redirect_uri) ?? desk.client.callback)
        back.searchParams.set('error', 'unsupported_response_type')
        back.searchParams.set('error_description', 'The authorization server does not support this response type.')
        if (p.state !== undefined) back.searchParams.set('state', String(p.state))
        return redirect(res, back.href)
      }
      if (p.code_challenge !== undefined && p.code_challenge_method !== 'S256') return send(res, 400, { error: 'invalid_request', error_description: 'Code challenge method must be S256.' })
      const out = desk.authorize({ clientId: str(p.client_id), redirectUri: str(p.redirect_uri), state: str(p.state), scope: str(p.scope), challenge: str(p.code_challenge) })
      if (!out.ok) return send(res, out.status, { error: 'invalid_request', error_description: out.message })
      return redirect(res, out.location)
    }
    if (step === 'token') {
      // CORS since 15.1, so a page can exchange its code itself.
      if (call.method === 'OPTIONS') return preflight(res, call.origin, 'Content-Type, Authorization')
      if (call.origin) res.setHeader('Access-Control-Allow-Origin', call.origin)
      if (call.method !== 'POST') return send(res, 404, { error: 'not_found' })
      if (p.grant_type !== 'authorization_code') return send(res, 400, { error: 'unsupported_grant_type', error_description: 'The authorization grant type is not supported by the authorization server.' })
      const out = desk.exchange({ clientId: str(p.client_id), code: str(p.code), redirectUri: str(p.redirect_uri), verifier: str(p.code_verifier) })
      if (!out.ok) return send(res, out.error === 'invalid_client' ? 401 : 400, { error: out.error, error_description: out.description })
      return send(res, 200, { access_token: out.token, token_type: 'Bearer', expires_in: 7200, refresh_token: `glrt-${repo.nextId()}`, scope: out.scope, created_at: 1767225600 })
    }
    return send(res, 404, { error: 'not_found' })
  }

  const server = await startServer('gitlab', log, (call) => {
    const [first, second, ...more] = call.segments
    if (first === 'oauth') return oauth(call, second ?? '')
    if (first === 'uploads') return avatar(call.res)
    if (first === 'api' && second === 'v4') {
      if (call.method === 'OPTIONS') return preflight(call.res, '*')
      return api(call, more)
    }
    return send(call.res, 404, { message: '404 Not found' })
  })
  web = server.url

  return {
    ...fakeHandle('gitlab', server, repo, desk, log),
    settings,
    /** `reaction` in GitLab's names: `heart`, `thumbsup`, `thumbsdown`… */
    react: (comment: number, login: string, reaction: string) => repo.react(comment, login, FROM_AWARD[reaction] ?? reaction).reaction,
  }
}

export type GitLabFake = Awaited<ReturnType<typeof startGitLabFake>>
