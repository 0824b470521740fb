/**
 * Gitee REST v5 (spec §7 "Gitee v5"; Vssue 1.4's api-gitee-v5 as the reference). Gitee takes the
 * token as the `access_token` parameter: in the JSON body for POST and PATCH (so it stays out
 * of URLs there), in the query for GET and DELETE. The count comes from the `total_count`
 * header; there is no sorting and there are no reactions. Login is the authorization-code flow
 * through the comment service, scope `user_info issues notes`.
 *
 * Gitee's v5 OAuth guide (gitee.com/api/v5/oauth_doc) has API calls carry the token as the
 * `access_token` parameter and documents no `Authorization` header for v5 (the header forms
 * found are Gitea's and GitCode's, other services), so the parameter stays. Every call goes with `referrerPolicy: 'no-referrer'` (a GET's URL holds the token, and
 * no Referer of any call should carry the page to Gitee beside it), and no URL is logged.
 */
import { PLATFORM_HOSTS } from '../../../../shared/widgets/vssue-platforms.js'
import { PlatformError, type Comment, type Comments, type Platform, type PlatformFactory, type User } from '../platform.js'
import { http, trimBase, url, type HttpRequest } from './http.js'
import { authorizeUrl, exchangeAtService } from './login.js'

interface GeUser {
  login: string
  avatar_url: string
  html_url: string
}

interface GeIssue {
  number: string
  title: string
  body: string | null
  html_url: string
}

interface GeComment {
  id: number
  body: string
  body_html?: string
  user: GeUser
  created_at: string
  updated_at?: string
}

/** Comments with `body_html` as well as `body`. */
const HTML = 'application/vnd.gitee.html+json'

const user = (u: GeUser): User => ({ username: u.login, avatar: u.avatar_url, homepage: u.html_url })
const issue = (i: GeIssue) => ({ id: i.number, title: i.title, content: i.body ?? '', link: i.html_url })
const comment = (c: GeComment): Comment => ({
  id: c.id,
  content: c.body_html ?? '',
  contentRaw: c.body,
  author: user(c.user),
  createdAt: c.created_at,
  updatedAt: c.updated_at ?? c.created_at,
  reactions: null,
})

const notImplemented = async (): Promise<never> => {
  throw new PlatformError(501, 'Not Implemented')
}

const gitee: PlatformFactory = (options) => {
  const web = trimBase(options.baseURL ?? PLATFORM_HOSTS.gitee.web)
  const api = `${web}/api/v5`
  const owner = encodeURIComponent(options.owner)
  const repo = `repos/${owner}/${encodeURIComponent(options.repo)}`
  const get = (path: string, token: string | null, query: Record<string, string | number | undefined> = {}) =>
    url(api, path, { ...query, access_token: token ?? undefined, timestamp: Date.now() })
  // Gitee's calls carry the token: no Referer goes with them.
  const call = <T>(target: string, req: HttpRequest = {}) => http<T>(target, { ...req, referrerPolicy: 'no-referrer' })
  const commentPath = (commentId: string | number) => `${repo}/issues/comments/${encodeURIComponent(commentId)}`

  const platform: Platform = {
    meta: { name: 'Gitee', link: web, reactable: false, sortable: false },

    authorizeUrl: ({ state }) =>
      authorizeUrl(`${web}/oauth/authorize`, { client_id: options.clientId, redirect_uri: options.redirectUri, response_type: 'code', scope: 'user_info issues notes', state }),
    exchangeCode: ({ code }) => exchangeAtService(options.proxy, 'gitee', code, options.redirectUri),

    async getUser(token) {
      const { data } = await call<GeUser>(get('user', token))
      return user(data)
    },

    async getIssue({ token, issueId, issueTitle }) {
      if (issueId !== undefined && issueId !== '') {
        try {
          const { data } = await call<GeIssue>(get(`${repo}/issues/${encodeURIComponent(issueId)}`, token))
          return issue(data)
        } catch (err) {
          if (err instanceof PlatformError && err.status === 404) return null
          throw err
        }
      }
      if (!issueTitle) return null
      // One result, as Vssue asked (spec §9 "Gitee 1 per page"): the best match for the title.
      const { data } = await call<GeIssue[]>(get('search/issues', token, { q: issueTitle, repo: `${options.owner}/${options.repo}`, per_page: 1 }))
      const found = data.find((item) => item.title === issueTitle)
      return found ? issue(found) : null
    },

    async postIssue({ token, title, content }) {
      // Gitee creates issues at repos/{owner}/issues with the repository in the body.
      const { data } = await call<GeIssue>(url(api, `repos/${owner}/issues`), {
        method: 'POST',
        body: { access_token: token, repo: options.repo, title, body: content, labels: options.labels.join(',') },
      })
      return issue(data)
    },

    async getComments({ token, issueId, query }): Promise<Comments> {
      const { data, headers } = await call<GeComment[]>(get(`${repo}/issues/${encodeURIComponent(issueId)}/comments`, token, { page: query.page, per_page: query.perPage }), { accept: HTML })
      const total = Number(headers.get('total_count'))
      return { count: Number.isFinite(total) && headers.get('total_count') !== null ? total : data.length, page: query.page, perPage: query.perPage, data: data.map(comment) }
    },

    async postComment({ token, issueId, content }) {
      const { data } = await call<GeComment>(url(api, `${repo}/issues/${encodeURIComponent(issueId)}/comments`), { method: 'POST', accept: HTML, body: { access_token: token, body: content } })
      return comment(data)
    },

    async putComment({ token, commentId, content }) {
      const { data } = await call<GeComment>(url(api, commentPath(commentId)), { method: 'PATCH', accept: HTML, body: { access_token: token, body: content } })
      return comment(data)
    },

    async deleteComment({ token, commentId }) {
      const { status } = await call(url(api, commentPath(commentId), { access_token: token }), { method: 'DELETE' })
      return status === 204
    },

    getCommentReactions: notImplemented,
    postCommentReaction: notImplemented,
  }
  return platform
}

export default gitee
