/**
 * A fake Bitbucket Cloud (REST 2.0 at /2.0, OAuth at /site/oauth2/*) for one public repository,
 * following developer.atlassian.com/cloud/bitbucket:
 *
 * - REST "Issue tracker" (GET/POST repositories/{workspace}/{repo_slug}/issues with BBQL `q`
 *   such as `title="…"` and `sort`; GET an issue; comments GET with page, pagelen, sort
 *   (`created_on` / `-created_on`), POST, PUT (author only), DELETE 204), "Users" (GET /user),
 *   paginated answers `{size, page, pagelen, next, previous, values}`, `content` as
 *   `{type: "rendered", raw, markup, html}`, users as `{display_name, nickname, account_id,
 *   uuid, links: {avatar: {href}, html: {href}}}`, and errors `{type: "error", error: {message}}`.
 *   Tokens only in `Authorization: Bearer` (the 2026-05-04 rule); CORS `*`.
 * - "OAuth 2.0": /site/oauth2/authorize (response_type=code) and /site/oauth2/access_token with
 *   the consumer as HTTP Basic and a form body; errors `{error, error_description}` with 400.
 */
import { FAKE_CLIENTS } from '../../proxy/oauth-fakes.js'
import { apiCors, avatar, bearer, preflight, redirect, send, startServer, str, type Call, type LoggedRequest } from './core.js'
import { fakeHandle } from './handle.js'
import { Repo, type FakeComment, type FakeIssue } from './model.js'
import { OAuthDesk } from './oauth.js'

export interface BitbucketFakeOptions {
  owner?: string
  repo?: string
  callback?: string
  log?: LoggedRequest[]
}

export async function startBitbucketFake(options: BitbucketFakeOptions = {}) {
  const log = options.log ?? []
  const repo = new Repo(options.owner ?? 'gptnotes', options.repo ?? 'comments', 'bbat')
  const desk = new OAuthDesk({ id: FAKE_CLIENTS.bitbucket.id, secret: FAKE_CLIENTS.bitbucket.secret, callback: options.callback ?? 'http://127.0.0.1/' }, repo)
  let web = ''
  const repoApi = () => `${web}/2.0/repositories/${repo.owner}/${repo.name}`

  const user = (login: string) => {
    const u = repo.addUser(login)
    const uuid = `{00000000-0000-4000-8000-${String(u.id).padStart(12, '0')}}`
    return {
      type: 'user',
      display_name: u.name,
      nickname: u.login,
      account_id: `557058:${u.id}`,
      uuid,
      links: { self: { href: `${web}/2.0/users/${encodeURIComponent(uuid)}` }, avatar: { href: `${web}/account/${u.login}/avatar/` }, html: { href: `${web}/${encodeURIComponent(uuid)}/` } },
    }
  }
  const content = (raw: string, html: string) => ({ type: 'rendered', raw, markup: 'markdown', html })
  const issue = (i: FakeIssue) => ({
    type: 'issue',
    id: i.number,
    title: i.title,
    content: content(i.body, i.body ? `<p>${i.body}</p>` : ''),
    reporter: user(i.author),
    state: 'new',
    kind: 'task',
    priority: 'trivial',
    created_on: i.createdAt,
    updated_on: i.updatedAt,
    links: { self: { href: `${repoApi()}/issues/${i.number}` }, html: { href: `${web}/${repo.owner}/${repo.name}/issues/${i.number}` }, comments: { href: `${repoApi()}/issues/${i.number}/comments` } },
  })
  const comment = (c: FakeComment) => ({
    type: 'issue_comment',
    id: c.id,
    content: content(c.body, c.body ? repo.htmlOf(c) : ''),
    user: user(c.author),
    created_on: c.createdAt,
    updated_on: c.updatedAt === c.createdAt ? null : c.updatedAt,
    issue: { type: 'issue', id: c.issue, title: repo.issue(c.issue)?.title },
    links: { self: { href: `${repoApi()}/issues/${c.issue}/comments/${c.id}` }, html: { href: `${web}/${repo.owner}/${repo.name}/issues/${c.issue}#comment-${c.id}` } },
  })
  const error = (status: number, message: string) => (call: Call) => send(call.res, status, { type: 'error', error: { message } })

  function paged<T>(call: Call, all: T[], path: string) {
    const pagelen = Math.min(100, Math.max(1, Number(call.params.pagelen) || 10))
    const at = Math.max(1, Number(call.params.page) || 1)
    const href = (n: number) => `${web}/2.0/${path}?page=${n}&pagelen=${pagelen}`
    const body: Record<string, unknown> = { size: all.length, page: at, pagelen, values: all.slice((at - 1) * pagelen, at * pagelen) }
    if (at * pagelen < all.length) body.next = href(at + 1)
    if (at > 1) body.previous = href(at - 1)
    send(call.res, 200, body)
  }

  /** The BBQL the adapter sends: `title="…"` (with `\"` and `\\` escapes). */
  function bbql(q: string): ((i: FakeIssue) => boolean) | undefined {
    if (!q) return () => true
    const m = /^title\s*(=|~)\s*"((?:[^"\\]|\\.)*)"$/.exec(q.trim())
    if (!m) return undefined
    const value = m[2].replace(/\\(.)/g, '$1')
    return m[1] === '=' ? (i) => i.title === value : (i) => i.title.toLowerCase().includes(value.toLowerCase())
  }

  function api(call: Call, segs: string[]) {
    const { method, params: p } = call
    apiCors(call.res)
    if (call.params.access_token !== undefined) return error(401, 'Access tokens are only accepted in the Authorization header.')(call)
    const token = bearer(call)
    const me = repo.userOf(token)
    if (token && !me) return error(401, 'Access token expired.')(call)
    const needLogin = () => (me ? false : (error(401, 'This API is only accessible with the following authentication types: session, password, apppassword, oauth')(call), true))
    if (segs[0] === 'user' && segs.length === 1 && method === 'GET') return needLogin() || send(call.res, 200, user(me!.login))
    if (segs[0] !== 'repositories' || segs[1] !== repo.owner || segs[2] !== repo.name || segs[3] !== 'issues') return error(404, 'Resource not found')(call)
    const [, , , , id, sub, commentId] = segs
    const path = segs.join('/')
    if (id === undefined) {
      if (method === 'GET') {
        const filter = bbql(str(p.q) ?? '')
        if (!filter) return error(400, `Invalid query: ${String(p.q)}`)(call)
        const hits = repo.issues.filter(filter)
        if (p.sort === '-created_on') hits.reverse()
        return paged(call, hits.map(issue), path)
      }
      if (method === 'POST') {
        if (needLogin()) return
        const title = str(p.title)
        if (!title) return error(400, 'title: This field is required.')(call)
        const raw = (p.content as { raw?: string } | undefined)?.raw ?? ''
        return send(call.res, 201, issue(repo.addIssue({ title, body: raw, author: me!.login, labels: [] })))
      }
    }
    const found = id !== undefined ? repo.issue(id) : undefined
    if (!found) return error(404, 'No Issue matches the given query.')(call)
    if (sub === undefined && method === 'GET') return send(call.res, 200, issue(found))
    if (sub !== 'comments') return error(404, 'Resource not found')(call)
    if (commentId === undefined) {
      if (method === 'GET') {
        const list = repo.commentsOf(found.number)
        if (p.sort === '-created_on') list.reverse()
        return paged(call, list.map(comment), path)
      }
      if (method === 'POST') {
        if (needLogin()) return
        const raw = (p.content as { raw?: string } | undefined)?.raw
        if (!raw) return error(400, 'content: This field is required.')(call)
        return send(call.res, 201, comment(repo.addComment(found.number, { body: raw, author: me!.login })))
      }
    }
    const target = repo.comment(commentId ?? '')
    if (!target || target.issue !== found.number) return error(404, 'No IssueComment matches the given query.')(call)
    if (method === 'GET') return send(call.res, 200, comment(target))
    if (needLogin()) return
    if (method === 'PUT') {
      if (target.author !== me!.login) return error(403, 'You do not have permission to edit this comment.')(call)
      repo.editComment(target, (p.content as { raw?: string } | undefined)?.raw ?? '')
      return send(call.res, 200, comment(target))
    }
    if (method === 'DELETE') {
      if (target.author !== me!.login && !repo.isAdmin(me!.login)) return error(403, 'You do not have permission to delete this comment.')(call)
      repo.deleteComment(target)
      return send(call.res, 204, null)
    }
    return error(405, 'Method not allowed')(call)
  }

  function oauth(call: Call, step: string) {
    const { res, params: p } = call
    if (step === 'authorize' && call.method === 'GET') {
      if (p.response_type !== 'code' && p.response_type !== 'token') return send(res, 400, { error: 'unsupported_response_type', error_description: 'Unsupported response type' })
      const out = desk.authorize({ clientId: str(p.client_id), redirectUri: str(p.redirect_uri), state: str(p.state) })
      if (!out.ok) return send(res, out.status, { error: 'invalid_request', error_description: out.message })
      return redirect(res, out.location)
    }
    if (step === 'access_token' && call.method === 'POST') {
      const basic = /^Basic\s+(\S+)$/i.exec(call.req.headers.authorization ?? '')?.[1]
      const [id, secret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [str(p.client_id), str(p.client_secret)]
      if (p.grant_type !== 'authorization_code') return send(res, 400, { error_description: `Unsupported grant type: ${String(p.grant_type ?? 'None')}`, error: 'invalid_grant' })
      const out = desk.exchange({ clientId: id, secret, code: str(p.code), redirectUri: str(p.redirect_uri) })
      if (!out.ok) return send(res, 400, { error_description: out.error === 'invalid_client' ? 'Invalid OAuth client credentials' : 'The specified code is not valid.', error: out.error === 'invalid_client' ? 'unauthorized_client' : 'invalid_grant' })
      return send(res, 200, { access_token: out.token, scope: 'issue:write account', expires_in: 7200, refresh_token: `bbrt-${repo.nextId()}`, token_type: 'bearer', state: 'authorization_code' })
    }
    return send(res, 404, { error: 'not_found' })
  }

  const server = await startServer('bitbucket', log, (call) => {
    const [first, second, ...more] = call.segments
    if (first === 'site' && second === 'oauth2') return oauth(call, more[0] ?? '')
    if (first === 'account') return avatar(call.res)
    if (first === '2.0') {
      if (call.method === 'OPTIONS') return preflight(call.res, '*')
      return api(call, [second, ...more].filter((s): s is string => s !== undefined))
    }
    return send(call.res, 404, { type: 'error', error: { message: 'Resource not found' } })
  })
  web = server.url

  return {
    ...fakeHandle('bitbucket', server, repo, desk, log),
  }
}

export type BitbucketFake = Awaited<ReturnType<typeof startBitbucketFake>>
