/**
 * A fake Gitee (REST v5 at /api/v5, OAuth at /oauth/*) for one public repository, following
 * gitee.com/api/v5/swagger and gitee.com/api/v5/oauth_doc:
 *
 * - Every call takes the token as the `access_token` parameter (query, form or JSON body);
 *   reads of a public repository work without one. GET /user; GET /search/issues (q, repo,
 *   per_page); GET /repos/{owner}/{repo}/issues/{number} (numbers like `I1A2B3`); POST
 *   /repos/{owner}/issues (repo, title, body, labels); issue comments GET (page, per_page; the
 *   `total_count` and `total_page` headers, exposed to browsers), POST; PATCH and DELETE (204)
 *   at /repos/{owner}/{repo}/issues/comments/{id}. `body_html` comes with
 *   `Accept: application/vnd.gitee.html+json`. Errors are `{"message": "…"}` (401 "401
 *   Unauthorized: Access token does not exist", 404 "Not Found", 403 for another's comment).
 * - OAuth: GET /oauth/authorize (response_type=code, scope, state) and POST /oauth/token with
 *   grant_type=authorization_code, code, client_id, client_secret, redirect_uri (which must equal
 *   the authorize one); OAuth 2 error bodies with 401. No CORS on the token endpoint.
 */
import { FAKE_CLIENTS } from '../../proxy/oauth-fakes.js'
import { apiCors, avatar, preflight, redirect, send, startServer, str, type Call, type LoggedRequest } from './core.js'
import { fakeHandle } from './handle.js'
import { Repo, type FakeComment, type FakeIssue } from './model.js'
import { OAuthDesk } from './oauth.js'

export interface GiteeFakeOptions {
  owner?: string
  repo?: string
  callback?: string
  log?: LoggedRequest[]
}

/** Gitee issue numbers are short strings, not integers. */
export const giteeNumber = (n: number): string => `I${(0x1a2b00 + n).toString(36).toUpperCase()}`

export async function startGiteeFake(options: GiteeFakeOptions = {}) {
  const log = options.log ?? []
  const repo = new Repo(options.owner ?? 'gptnotes', options.repo ?? 'comments', 'gitee')
  const desk = new OAuthDesk({ id: FAKE_CLIENTS.gitee.id, secret: FAKE_CLIENTS.gitee.secret, callback: options.callback ?? 'http://127.0.0.1/' }, repo)
  let web = ''

  const user = (login: string) => {
    const u = repo.addUser(login)
    return { id: u.id, login: u.login, name: u.name, avatar_url: `${web}/assets/no_portrait.png?u=${u.id}`, url: `${web}/api/v5/users/${u.login}`, html_url: `${web}/${u.login}`, type: 'User' }
  }
  const issue = (i: FakeIssue) => ({
    id: i.id,
    url: `${web}/api/v5/repos/${repo.owner}/${repo.name}/issues/${giteeNumber(i.number)}`,
    html_url: `${web}/${repo.owner}/${repo.name}/issues/${giteeNumber(i.number)}`,
    number: giteeNumber(i.number),
    state: 'open',
    title: i.title,
    body: i.body,
    user: user(i.author),
    labels: i.labels.map((name, n) => ({ id: n + 1, name, color: 'ededed' })),
    comments: repo.commentsOf(i.number).length,
    created_at: i.createdAt,
    updated_at: i.updatedAt,
  })
  const comment = (c: FakeComment, html: boolean) => ({
    id: c.id,
    body: c.body,
    ...(html ? { body_html: repo.htmlOf(c) } : {}),
    user: user(c.author),
    source: null,
    target: { issue: { id: repo.issue(c.issue)!.id, title: repo.issue(c.issue)!.title, number: giteeNumber(c.issue) } },
    created_at: c.createdAt,
    updated_at: c.updatedAt,
  })
  const byNumber = (n: string | undefined) => repo.issues.find((i) => giteeNumber(i.number) === n)

  function api(call: Call, segs: string[]) {
    const { res, method, params: p } = call
    apiCors(res, ['total_count', 'total_page'])
    const token = str(p.access_token)
    const me = repo.userOf(token)
    if (token && !me) return send(res, 401, { message: '401 Unauthorized: Access token does not exist' })
    const needLogin = () => (me ? false : (send(res, 401, { message: '401 Unauthorized: Access token does not exist' }), true))
    const html = /vnd\.gitee\.html\+json/.test(call.req.headers.accept ?? '')

    if (segs[0] === 'user' && segs.length === 1 && method === 'GET') return needLogin() || send(res, 200, user(me!.login))
    if (segs[0] === 'search' && segs[1] === 'issues' && method === 'GET') {
      const q = (str(p.q) ?? '').toLowerCase()
      if (p.repo !== undefined && p.repo !== `${repo.owner}/${repo.name}`) return send(res, 200, [])
      const per = Math.min(100, Math.max(1, Number(p.per_page) || 20))
      // Best match first: an exact title, then titles containing the words.
      const hits = repo.issues.filter((i) => i.title.toLowerCase().includes(q)).sort((a, b) => Number(b.title.toLowerCase() === q) - Number(a.title.toLowerCase() === q))
      return send(res, 200, hits.slice(0, per).map(issue))
    }
    if (segs[0] !== 'repos' || segs[1] !== repo.owner) return send(res, 404, { message: 'Not Found' })
    // POST /repos/{owner}/issues: the repository comes in the body.
    if (segs[2] === 'issues' && segs.length === 3 && method === 'POST') {
      if (needLogin()) return
      if (p.repo !== repo.name) return send(res, 404, { message: 'Not Found Project' })
      const title = str(p.title)
      if (!title) return send(res, 400, { message: 'title is missing' })
      const labels = (str(p.labels) ?? '').split(',').filter(Boolean)
      return send(res, 201, issue(repo.addIssue({ title, body: str(p.body) ?? '', labels, author: me!.login })))
    }
    if (segs[2] !== repo.name || segs[3] !== 'issues') return send(res, 404, { message: 'Not Found' })
    const [, , , , a, b] = segs
    if (a === 'comments' && b !== undefined) {
      const target = repo.comment(b)
      if (!target) return send(res, 404, { message: 'Not Found' })
      if (method === 'GET') return send(res, 200, comment(target, html))
      if (needLogin()) return
      if (method === 'PATCH') {
        if (target.author !== me!.login) return send(res, 403, { message: 'Forbidden' })
        const body = str(p.body)
        if (!body) return send(res, 400, { message: 'body is missing' })
        repo.editComment(target, body)
        return send(res, 200, comment(target, html))
      }
      if (method === 'DELETE') {
        if (target.author !== me!.login && !repo.isAdmin(me!.login)) return send(res, 403, { message: 'Forbidden' })
        repo.deleteComment(target)
        return send(res, 204, null)
      }
      return send(res, 404, { message: 'Not Found' })
    }
    const found = byNumber(a)
    if (!found) return send(res, 404, { message: 'Not Found' })
    if (b === undefined && method === 'GET') return send(res, 200, issue(found))
    if (b === 'comments') {
      if (method === 'GET') {
        const all = repo.commentsOf(found.number)
        const per = Math.min(100, Math.max(1, Number(p.per_page) || 20))
        const at = Math.max(1, Number(p.page) || 1)
        return send(res, 200, all.slice((at - 1) * per, at * per).map((c) => comment(c, html)), { total_count: String(all.length), total_page: String(Math.ceil(all.length / per)) })
      }
      if (method === 'POST') {
        if (needLogin()) return
        const body = str(p.body)
        if (!body) return send(res, 400, { message: 'body is missing' })
        return send(res, 201, comment(repo.addComment(found.number, { body, author: me!.login }), html))
      }
    }
    return send(res, 404, { message: 'Not Found' })
  }

  function oauth(call: Call, step: string) {
    const { res, params: p } = call
    if (step === 'authorize' && call.method === 'GET') {
      if (p.response_type !== 'code') return send(res, 400, { error: 'unsupported_response_type', error_description: 'The authorization server does not support obtaining an authorization code using this method.' })
      const out = desk.authorize({ clientId: str(p.client_id), redirectUri: str(p.redirect_uri), state: str(p.state), scope: str(p.scope) })
      if (!out.ok) return send(res, out.status, { error: 'invalid_redirect_uri', error_description: out.message })
      return redirect(res, out.location)
    }
    if (step === 'token' && call.method === 'POST') {
      if (p.grant_type !== 'authorization_code') return send(res, 400, { error: 'unsupported_grant_type', error_description: 'The authorization grant type is not supported by the authorization server.' })
      if (!p.redirect_uri) return send(res, 400, { message: 'redirect_uri is missing' })
      const out = desk.exchange({ clientId: str(p.client_id), secret: str(p.client_secret), code: str(p.code), redirectUri: str(p.redirect_uri) })
      if (!out.ok) return send(res, 401, { error: out.error, error_description: out.description })
      return send(res, 200, { access_token: out.token, token_type: 'bearer', expires_in: 86400, refresh_token: `gitee-refresh-${repo.nextId()}`, scope: out.scope, created_at: 1767225600 })
    }
    return send(res, 404, { message: 'Not Found' })
  }

  const server = await startServer('gitee', log, (call) => {
    const [first, second, ...more] = call.segments
    if (first === 'oauth') return oauth(call, second ?? '')
    if (first === 'assets') return avatar(call.res)
    if (first === 'api' && second === 'v5') {
      if (call.method === 'OPTIONS') return preflight(call.res, '*')
      return api(call, more)
    }
    return send(call.res, 404, { message: 'Not Found' })
  })
  web = server.url

  return {
    ...fakeHandle('gitee', server, repo, desk, log),
    /** The number Gitee shows for a seeded issue. */
    number: (issue: { number: number }) => giteeNumber(issue.number),
  }
}

export type GiteeFake = Awaited<ReturnType<typeof startGiteeFake>>
