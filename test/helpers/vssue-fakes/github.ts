/**
 * A fake GitHub (Enterprise-style layout: REST at /api/v3, GraphQL at /api/graphql, login at
 * /login/oauth/*) for one repository, following docs.github.com:
 *
 * - REST "Issues" (get, create), "Issue comments" (list with page/per_page and the `Link`
 *   header, create, get, update, delete with 204) and their "Media types" (raw = `body`, the
 *   default; text = `body_text`; html = `body_html`; full = all three), the `reactions` roll-up
 *   on issue comments, "Reactions for an issue comment" (create: 201, or 200 with the existing
 *   reaction; delete: 204), "Search issues" (`q` with a quoted phrase, `in:title`, `repo:`,
 *   `is:issue`, `label:`), "Users: get the authenticated user".
 * - REST errors: 401 `{"message":"Requires authentication"}` / `"Bad credentials"`, 404
 *   `{"message":"Not Found"}`, 403 for another user's comment, 422 `Validation Failed`; CORS `*`.
 * - GraphQL "Forming calls" (POST /graphql, token required: 401 without), the `viewer`,
 *   `repository.issue(number)`, `search(type: ISSUE)`, `IssueComment` (`bodyHTML`,
 *   `reactionGroups { content reactors { totalCount } }`), connection paging by
 *   first/last/after/before with `pageInfo`, the mutations `addComment`,
 *   `updateIssueComment`, `deleteIssueComment`, `addReaction`, and errors answered with 200 and
 *   `errors: [{type: "NOT_FOUND" | "FORBIDDEN", message}]`. The fake answers the operations the
 *   v4 adapter sends, recognised by name.
 * - "Authorizing OAuth apps" (GET /login/oauth/authorize; POST /login/oauth/access_token with
 *   client_id, client_secret, code, redirect_uri; JSON with `Accept: application/json`, a form
 *   otherwise; errors such as `bad_verification_code` with HTTP 200; no CORS on that endpoint).
 */
import type { ServerResponse } from 'node:http'
import { FAKE_CLIENTS } from '../../proxy/oauth-fakes.js'
import { apiCors, avatar, bearer, preflight, redirect, send, startServer, str, type Call, type LoggedRequest } from './core.js'
import { fakeHandle } from './handle.js'
import { Repo, type FakeComment, type FakeIssue, type FakeUser } from './model.js'
import { OAuthDesk } from './oauth.js'

export interface GitHubFakeOptions {
  owner?: string
  repo?: string
  /** The registered OAuth callback (the site's page or its origin). */
  callback?: string
  log?: LoggedRequest[]
}

const REACTIONS = ['+1', '-1', 'laugh', 'hooray', 'confused', 'heart', 'rocket', 'eyes'] as const
const GQL_REACTION: Record<string, string> = { '+1': 'THUMBS_UP', '-1': 'THUMBS_DOWN', laugh: 'LAUGH', hooray: 'HOORAY', confused: 'CONFUSED', heart: 'HEART', rocket: 'ROCKET', eyes: 'EYES' }
const FROM_GQL = Object.fromEntries(Object.entries(GQL_REACTION).map(([k, v]) => [v, k]))
const DOCS = 'https://docs.github.com/rest'

export async function startGitHubFake(options: GitHubFakeOptions = {}) {
  const log = options.log ?? []
  const repo = new Repo(options.owner ?? 'gptnotes', options.repo ?? 'comments', 'gho')
  const desk = new OAuthDesk({ id: FAKE_CLIENTS.github.id, secret: FAKE_CLIENTS.github.secret, callback: options.callback ?? 'http://127.0.0.1/' }, repo)
  let web = ''

  // ---- shapes (REST) ----
  const restUser = (u: FakeUser) => ({ login: u.login, id: u.id, node_id: `U_${u.id}`, avatar_url: `${web}/avatars/u/${u.id}`, html_url: `${web}/${u.login}`, type: 'User', site_admin: false })
  const userOf = (login: string) => restUser(repo.addUser(login))
  const issueHtml = (i: FakeIssue) => `${web}/${repo.owner}/${repo.name}/issues/${i.number}`
  const restIssue = (i: FakeIssue) => ({
    id: i.id,
    node_id: `I_${i.id}`,
    url: `${web}/api/v3/repos/${repo.owner}/${repo.name}/issues/${i.number}`,
    html_url: issueHtml(i),
    number: i.number,
    state: 'open',
    title: i.title,
    body: i.body,
    user: userOf(i.author),
    labels: i.labels.map((name, n) => ({ id: n + 1, name, color: 'ededed', default: false })),
    comments: repo.commentsOf(i.number).length,
    created_at: i.createdAt,
    updated_at: i.updatedAt,
    author_association: repo.isAdmin(i.author) ? 'OWNER' : 'NONE',
  })
  const rollup = (c: FakeComment) => {
    const all = repo.reactionsOf(c.id)
    const out: Record<string, unknown> = { url: `${web}/api/v3/repos/${repo.owner}/${repo.name}/issues/comments/${c.id}/reactions`, total_count: all.length }
    for (const name of REACTIONS) out[name] = all.filter((r) => r.content === name).length
    return out
  }
  /** docs "Media types": which body fields an Accept header asks for. */
  const bodyFields = (accept: string | undefined, c: FakeComment) => {
    const kind = /vnd\.github(?:\.v3)?\.(raw|text|html|full)\+json/.exec(accept ?? '')?.[1] ?? 'raw'
    const out: Record<string, string> = {}
    if (kind === 'raw' || kind === 'full') out.body = c.body
    if (kind === 'text' || kind === 'full') out.body_text = c.body
    if (kind === 'html' || kind === 'full') out.body_html = repo.htmlOf(c)
    return out
  }
  const restComment = (c: FakeComment, accept: string | undefined) => {
    const issue = repo.issue(c.issue)!
    return {
      id: c.id,
      node_id: `IC_${c.id}`,
      url: `${web}/api/v3/repos/${repo.owner}/${repo.name}/issues/comments/${c.id}`,
      html_url: `${issueHtml(issue)}#issuecomment-${c.id}`,
      issue_url: `${web}/api/v3/repos/${repo.owner}/${repo.name}/issues/${issue.number}`,
      user: userOf(c.author),
      created_at: c.createdAt,
      updated_at: c.updatedAt,
      author_association: repo.isAdmin(c.author) ? 'OWNER' : 'NONE',
      ...bodyFields(accept, c),
      reactions: rollup(c),
    }
  }
  const restReaction = (r: { id: number; user: string; content: string; createdAt: string }) => ({ id: r.id, node_id: `REA_${r.id}`, user: userOf(r.user), content: r.content, created_at: r.createdAt })

  // ---- search: a quoted phrase or words in the title, repo:, is:issue, label: ----
  function search(q: string): FakeIssue[] {
    const labels: string[] = []
    let rest = q
    rest = rest.replace(/label:(?:"([^"]*)"|(\S+))/g, (_, quoted: string | undefined, bare: string | undefined) => (labels.push(quoted ?? bare ?? ''), ''))
    const repoMatch = /repo:(\S+)/.exec(rest)
    if (repoMatch && repoMatch[1].toLowerCase() !== `${repo.owner}/${repo.name}`.toLowerCase()) return []
    rest = rest.replace(/\b(?:repo|is|in):\S+/g, '')
    const phrases = [...rest.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => (m[1] ?? m[2]).toLowerCase()).filter(Boolean)
    return repo.issues.filter((i) => phrases.every((p) => i.title.toLowerCase().includes(p)) && labels.every((l) => i.labels.includes(l)))
  }

  // ---- REST ----
  const fail = (res: ServerResponse, status: number, message: string, doc = DOCS) => send(res, status, { message, documentation_url: doc, status: String(status) })

  function rest(call: Call, segs: string[]) {
    const { res, method } = call
    apiCors(res, ['Link', 'X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'X-GitHub-Request-Id'])
    const token = bearer(call)
    const me = repo.userOf(token)
    if (token && !me) return fail(res, 401, 'Bad credentials')
    const needLogin = () => (me ? false : (fail(res, 401, 'Requires authentication'), true))
    const accept = call.req.headers.accept
    const p = call.params

    if (segs[0] === 'user' && segs.length === 1 && method === 'GET') return needLogin() || send(res, 200, { ...restUser(me!), name: me!.name })
    if (segs[0] === 'search' && segs[1] === 'issues' && method === 'GET') {
      const items = search(str(p.q) ?? '')
      return send(res, 200, { total_count: items.length, incomplete_results: false, items: items.map(restIssue) })
    }
    if (segs[0] !== 'repos' || segs[1] !== repo.owner || segs[2] !== repo.name) return fail(res, 404, 'Not Found')
    const [, , , area, a, b, c, d] = segs
    if (area !== 'issues') return fail(res, 404, 'Not Found')

    // repos/o/r/issues
    if (a === undefined && method === 'POST') {
      if (needLogin()) return
      const title = str(p.title)
      if (!title) return send(res, 422, { message: 'Validation Failed', errors: [{ resource: 'Issue', code: 'missing_field', field: 'title' }], documentation_url: DOCS })
      const labels = Array.isArray(p.labels) ? p.labels.map(String) : []
      const issue = repo.addIssue({ title, body: str(p.body) ?? '', labels, author: me!.login })
      return send(res, 201, restIssue(issue))
    }
    // repos/o/r/issues/comments/:id[/reactions[/:rid]]
    if (a === 'comments' && b !== undefined) {
      const comment = repo.comment(b)
      if (!comment) return fail(res, 404, 'Not Found')
      if (c === undefined) {
        if (method === 'GET') return send(res, 200, restComment(comment, accept))
        if (needLogin()) return
        const allowed = comment.author === me!.login || repo.isAdmin(me!.login)
        if (method === 'PATCH') {
          if (comment.author !== me!.login && !repo.isAdmin(me!.login)) return fail(res, 403, 'Must have admin rights to Repository.')
          repo.editComment(comment, str(p.body) ?? '')
          return send(res, 200, restComment(comment, accept))
        }
        if (method === 'DELETE') {
          if (!allowed) return fail(res, 403, 'Must have admin rights to Repository.')
          repo.deleteComment(comment)
          return send(res, 204, null)
        }
      }
      if (c === 'reactions') {
        if (method === 'GET' && d === undefined) {
          const page = Math.max(1, Number(p.page) || 1)
          const per = Math.min(100, Number(p.per_page) || 30)
          return send(res, 200, repo.reactionsOf(comment.id).slice((page - 1) * per, page * per).map(restReaction))
        }
        if (needLogin()) return
        if (method === 'POST' && d === undefined) {
          const content = str(p.content) ?? ''
          if (!(REACTIONS as readonly string[]).includes(content)) return send(res, 422, { message: 'Validation Failed', errors: [{ resource: 'Reaction', code: 'custom', field: 'content', message: 'content is not included in the list' }], documentation_url: DOCS })
          const { reaction, created } = repo.react(comment.id, me!.login, content)
          return send(res, created ? 201 : 200, restReaction(reaction))
        }
        if (method === 'DELETE' && d !== undefined) {
          const reaction = repo.reactionsOf(comment.id).find((r) => String(r.id) === d)
          if (!reaction) return fail(res, 404, 'Not Found')
          if (reaction.user !== me!.login) return fail(res, 403, 'Must have admin rights to Repository.')
          repo.reactions.splice(repo.reactions.indexOf(reaction), 1)
          return send(res, 204, null)
        }
      }
      return fail(res, 404, 'Not Found')
    }
    const issue = a !== undefined ? repo.issue(a) : undefined
    if (!issue) return fail(res, 404, 'Not Found')
    if (b === undefined && method === 'GET') return send(res, 200, restIssue(issue))
    if (b === 'comments' && c === undefined) {
      if (method === 'GET') {
        const all = repo.commentsOf(issue.number)
        const page = Math.max(1, Number(p.page) || 1)
        const per = Math.min(100, Math.max(1, Number(p.per_page) || 30))
        const last = Math.max(1, Math.ceil(all.length / per))
        const link = (n: number, rel: string) => `<${web}/api/v3/repos/${repo.owner}/${repo.name}/issues/${issue.number}/comments?page=${n}&per_page=${per}>; rel="${rel}"`
        const links = [page > 1 && link(page - 1, 'prev'), page < last && link(page + 1, 'next'), page < last && link(last, 'last'), page > 1 && link(1, 'first')].filter(Boolean)
        const headers: Record<string, string> = links.length ? { Link: links.join(', ') } : {}
        return send(res, 200, all.slice((page - 1) * per, page * per).map((cm) => restComment(cm, accept)), headers)
      }
      if (method === 'POST') {
        if (needLogin()) return
        const body = str(p.body)
        if (!body) return send(res, 422, { message: 'Validation Failed', errors: [{ resource: 'IssueComment', code: 'missing_field', field: 'body' }], documentation_url: DOCS })
        return send(res, 201, restComment(repo.addComment(issue.number, { body, author: me!.login }), accept))
      }
    }
    return fail(res, 404, 'Not Found')
  }

  // ---- GraphQL ----
  const gqlUser = (login: string) => {
    const u = repo.addUser(login)
    return { login: u.login, avatarUrl: `${web}/avatars/u/${u.id}`, url: `${web}/${u.login}` }
  }
  const gqlIssue = (i: FakeIssue) => ({ id: `I_${i.id}`, number: i.number, title: i.title, body: i.body, url: issueHtml(i) })
  const gqlComment = (c: FakeComment, viewer: string) => ({
    id: `IC_${c.id}`,
    databaseId: c.id,
    body: c.body,
    bodyHTML: repo.htmlOf(c),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    author: gqlUser(c.author),
    reactionGroups: REACTIONS.map((name) => {
      const given = repo.reactionsOf(c.id).filter((r) => r.content === name)
      return { content: GQL_REACTION[name], viewerHasReacted: given.some((r) => r.user === viewer), reactors: { totalCount: given.length }, users: { totalCount: given.length } }
    }),
  })
  const cursor = (c: FakeComment) => Buffer.from(`cursor:v2:${c.id}`).toString('base64')
  const notFound = (message: string, path: string[]) => ({ type: 'NOT_FOUND', path, locations: [{ line: 1, column: 1 }], message })
  const commentByNode = (id: unknown) => (typeof id === 'string' && id.startsWith('IC_') ? repo.comment(id.slice(3)) : undefined)

  function connection(all: FakeComment[], v: Record<string, unknown>, viewer: string) {
    const first = v.first as number | undefined
    const last = v.last as number | undefined
    if (first == null && last == null) return { error: 'You must provide a `first` or `last` value to properly paginate the `comments` connection.' }
    if (first != null && last != null) return { error: 'Passing both `first` and `last` to paginate the `comments` connection is not supported.' }
    const n = (first ?? last)!
    if (n > 100) return { error: `Requesting ${n} records on the \`comments\` connection exceeds the \`${first != null ? 'first' : 'last'}\` limit of 100 records.` }
    let slice = all
    if (typeof v.after === 'string') slice = slice.slice(slice.findIndex((c) => cursor(c) === v.after) + 1)
    if (typeof v.before === 'string') {
      const at = slice.findIndex((c) => cursor(c) === v.before)
      slice = at === -1 ? slice : slice.slice(0, at)
    }
    const hasMore = slice.length > n
    slice = first != null ? slice.slice(0, n) : slice.slice(Math.max(0, slice.length - n))
    return {
      value: {
        totalCount: all.length,
        pageInfo: {
          startCursor: slice[0] ? cursor(slice[0]) : null,
          endCursor: slice.at(-1) ? cursor(slice.at(-1)!) : null,
          hasNextPage: first != null ? hasMore : false,
          hasPreviousPage: last != null ? hasMore : false,
        },
        nodes: slice.map((c) => gqlComment(c, viewer)),
      },
    }
  }

  function graphql(call: Call) {
    const { res } = call
    apiCors(res, ['X-RateLimit-Limit', 'X-RateLimit-Remaining'])
    const token = bearer(call)
    const me = repo.userOf(token)
    if (!token) return send(res, 401, { message: 'This endpoint requires you to be authenticated.', documentation_url: 'https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql' })
    if (!me) return send(res, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/graphql' })
    const query = str(call.params.query) ?? ''
    const v = (call.params.variables ?? {}) as Record<string, unknown>
    const op = str(call.params.operationName) ?? /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1]
    const ok = (data: unknown) => send(res, 200, { data })
    const errors = (data: unknown, ...list: unknown[]) => send(res, 200, { data, errors: list })
    const repoMatches = v.owner === repo.owner && v.repo === repo.name
    const forbidden = (m: string) => errors(null, { type: 'FORBIDDEN', path: [op], locations: [{ line: 2, column: 3 }], message: m })

    switch (op) {
      case 'viewer':
        return ok({ viewer: gqlUser(me.login) })
      case 'issueByNumber':
      case 'comments': {
        if (!repoMatches) return errors({ repository: null }, notFound(`Could not resolve to a Repository with the name '${String(v.owner)}/${String(v.repo)}'.`, ['repository']))
        const issue = repo.issue(Number(v.number))
        if (!issue) return errors({ repository: { issue: null } }, notFound(`Could not resolve to an Issue with the number of ${String(v.number)}.`, ['repository', 'issue']))
        if (op === 'issueByNumber') return ok({ repository: { issue: gqlIssue(issue) } })
        const conn = connection(repo.commentsOf(issue.number), v, me.login)
        if ('error' in conn) return errors(null, { type: 'ARGUMENT_ERROR', message: conn.error })
        return ok({ repository: { issue: { id: `I_${issue.id}`, comments: conn.value } } })
      }
      case 'issueSearch':
        return ok({ search: { nodes: search(str(v.q) ?? '').slice(0, 20).map(gqlIssue) } })
      case 'addComment': {
        const issue = typeof v.subjectId === 'string' ? repo.issues.find((i) => `I_${i.id}` === v.subjectId) : undefined
        if (!issue) return errors({ addComment: null }, notFound(`Could not resolve to a node with the global id of '${String(v.subjectId)}'`, ['addComment']))
        const comment = repo.addComment(issue.number, { body: str(v.body) ?? '', author: me.login })
        return ok({ addComment: { commentEdge: { node: gqlComment(comment, me.login) } } })
      }
      case 'updateComment':
      case 'deleteComment': {
        const comment = commentByNode(v.id)
        if (!comment) return errors(null, notFound(`Could not resolve to a node with the global id of '${String(v.id)}'`, [op]))
        if (comment.author !== me.login && !repo.isAdmin(me.login)) return forbidden(`${me.login} does not have the correct permissions to execute \`${op === 'updateComment' ? 'UpdateIssueComment' : 'DeleteIssueComment'}\``)
        if (op === 'deleteComment') {
          repo.deleteComment(comment)
          return ok({ deleteIssueComment: { clientMutationId: null } })
        }
        repo.editComment(comment, str(v.body) ?? '')
        return ok({ updateIssueComment: { issueComment: gqlComment(comment, me.login) } })
      }
      case 'reactions': {
        const comment = commentByNode(v.id)
        if (!comment) return errors({ node: null }, notFound(`Could not resolve to a node with the global id of '${String(v.id)}'`, ['node']))
        return ok({ node: { reactionGroups: gqlComment(comment, me.login).reactionGroups } })
      }
      case 'addReaction': {
        const comment = commentByNode(v.subjectId)
        const content = FROM_GQL[str(v.content) ?? '']
        if (!comment) return errors({ addReaction: null }, notFound(`Could not resolve to a node with the global id of '${String(v.subjectId)}'`, ['addReaction']))
        if (!content) return errors(null, { message: `Variable $content of type ReactionContent! was provided invalid value` })
        repo.react(comment.id, me.login, content)
        return ok({ addReaction: { reaction: { content: GQL_REACTION[content] } } })
      }
      default:
        return errors(null, { message: `The fake does not know the operation ${String(op)}.` })
    }
  }

  // ---- OAuth ----
  function oauth(call: Call, step: string) {
    const { res, params: p } = call
    if (step === 'authorize' && call.method === 'GET') {
      const out = desk.authorize({ clientId: str(p.client_id), redirectUri: str(p.redirect_uri), state: str(p.state), scope: str(p.scope), challenge: str(p.code_challenge) })
      if (!out.ok) return send(res, out.status, { message: out.message })
      return redirect(res, out.location)
    }
    if (step === 'access_token' && call.method === 'POST') {
      // No CORS headers: github.com's token endpoint has none (isaacs/github#330).
      const out = desk.exchange({ clientId: str(p.client_id), secret: str(p.client_secret), code: str(p.code), redirectUri: str(p.redirect_uri), verifier: str(p.code_verifier) })
      const body: Record<string, string> = out.ok
        ? { access_token: out.token, token_type: 'bearer', scope: out.scope }
        : { error: out.error === 'invalid_client' ? 'incorrect_client_credentials' : 'bad_verification_code', error_description: out.error === 'invalid_client' ? 'The client_id and/or client_secret passed are incorrect.' : 'The code passed is incorrect or expired.', error_uri: `${DOCS}` }
      if (/json/.test(call.req.headers.accept ?? '')) return send(res, 200, body)
      res.writeHead(200, { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' })
      return void res.end(new URLSearchParams(body).toString())
    }
    return send(res, 404, { message: 'Not Found' })
  }

  const server = await startServer('github', log, (call) => {
    const [first, second, ...more] = call.segments
    if (first === 'login' && second === 'oauth') return oauth(call, more[0] ?? '')
    if (first === 'avatars') return avatar(call.res)
    if (first === 'api') {
      if (call.method === 'OPTIONS') return preflight(call.res, '*')
      if (second === 'graphql' && call.method === 'POST') return graphql(call)
      if (second === 'v3') return rest(call, more)
    }
    return send(call.res, 404, { message: 'Not Found' })
  })
  web = server.url

  return {
    ...fakeHandle('github', server, repo, desk, log),
    /** `reaction` in GitHub's names: `heart`, `+1`, `-1`… */
    react: (comment: number, login: string, reaction: string) => repo.react(comment, login, reaction).reaction,
  }
}

export type GitHubFake = Awaited<ReturnType<typeof startGitHubFake>>
