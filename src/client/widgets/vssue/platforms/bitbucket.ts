/**
 * Bitbucket Cloud REST 2.0 (spec §7 "Bitbucket v2"; Vssue 1.4's api-bitbucket-v2 as the
 * reference). Pages are `{size, page, pagelen, values}`; comments sort by `created_on`; there are
 * no reactions. Login is the authorization-code flow through the comment service (Vssue used the
 * implicit grant); Bitbucket takes the scopes from the OAuth consumer, not the URL, so the
 * consumer is registered with Account: Read and Issues: Write. Tokens go only in the
 * `Authorization` header, as Bitbucket requires from 2026-05-04.
 */
import { PLATFORM_HOSTS } from '../../../../shared/widgets/vssue-platforms.js'
import { PlatformError, type Comment, type Comments, type Platform, type PlatformFactory, type User } from '../platform.js'
import { http, trimBase, url } from './http.js'
import { authorizeUrl, exchangeAtService } from './login.js'

const BITBUCKET = PLATFORM_HOSTS.bitbucket.web

interface BbUser {
  nickname: string
  display_name: string
  links: { avatar: { href: string }; html?: { href: string } }
}

interface BbIssue {
  id: number
  title: string
  content: { raw: string | null }
  links: { html: { href: string } }
}

interface BbComment {
  id: number
  content: { raw: string | null; html: string | null }
  user: BbUser | null
  created_on: string
  updated_on: string | null
}

interface BbPage<T> {
  size?: number
  page?: number
  pagelen: number
  values: T[]
}

const user = (u: BbUser | null): User =>
  u ? { username: u.nickname, avatar: u.links.avatar.href, homepage: u.links.html?.href ?? '' } : { username: 'Former user', avatar: '', homepage: '' }

const issue = (i: BbIssue) => ({ id: i.id, title: i.title, content: i.content.raw ?? '', link: i.links.html.href })

const comment = (c: BbComment): Comment => ({
  id: c.id,
  content: c.content.html ?? '',
  contentRaw: c.content.raw ?? '',
  author: user(c.user),
  createdAt: c.created_on,
  updatedAt: c.updated_on ?? c.created_on,
  reactions: null,
})

const notImplemented = async (): Promise<never> => {
  throw new PlatformError(501, 'Not Implemented')
}

const bitbucket: PlatformFactory = (options) => {
  const web = trimBase(options.baseURL ?? BITBUCKET)
  const api = `${web === BITBUCKET ? PLATFORM_HOSTS.bitbucket.api : web}/2.0`
  const repo = `repositories/${encodeURIComponent(options.owner)}/${encodeURIComponent(options.repo)}`
  const at = (path: string, query: Record<string, string | number | undefined> = {}) => url(api, `${repo}/${path}`, query)
  const fresh = () => ({ timestamp: Date.now() })
  const commentPath = (issueId: string | number, commentId?: string | number) =>
    `issues/${encodeURIComponent(issueId)}/comments${commentId === undefined ? '' : `/${encodeURIComponent(commentId)}`}`

  const platform: Platform = {
    meta: { name: 'Bitbucket', link: web, reactable: false, sortable: true },

    authorizeUrl: ({ state }) => authorizeUrl(`${web}/site/oauth2/authorize`, { client_id: options.clientId, response_type: 'code', redirect_uri: options.redirectUri, state }),
    exchangeCode: ({ code }) => exchangeAtService(options.proxy, 'bitbucket', code, options.redirectUri),

    async getUser(token) {
      const { data } = await http<BbUser>(url(api, 'user'), { token })
      return user(data)
    },

    async getIssue({ token, issueId, issueTitle }) {
      if (issueId !== undefined && issueId !== '') {
        try {
          const { data } = await http<BbIssue>(at(`issues/${encodeURIComponent(issueId)}`, fresh()), { token })
          return issue(data)
        } catch (err) {
          if (err instanceof PlatformError && err.status === 404) return null
          throw err
        }
      }
      if (!issueTitle) return null
      // BBQL: a string literal in double quotes, with `"` and `\` escaped.
      const q = `title="${issueTitle.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`
      const { data } = await http<BbPage<BbIssue>>(at('issues', { q, sort: 'created_on', ...fresh() }), { token })
      const found = data.values.find((item) => item.title === issueTitle)
      return found ? issue(found) : null
    },

    async postIssue({ token, title, content }) {
      const { data } = await http<BbIssue>(at('issues'), { method: 'POST', token, body: { title, content: { raw: content }, priority: 'trivial', kind: 'task' } })
      return issue(data)
    },

    async getComments({ token, issueId, query }): Promise<Comments> {
      const sort = query.sort === 'desc' ? '-created_on' : 'created_on'
      const { data } = await http<BbPage<BbComment>>(at(commentPath(issueId), { page: query.page, pagelen: query.perPage, sort, ...fresh() }), { token })
      return {
        count: data.size ?? data.values.length,
        page: data.page ?? query.page,
        perPage: data.pagelen,
        // Status changes are comments without text: Vssue left them out, so do we.
        data: data.values.filter((c) => c.content.raw).map(comment),
      }
    },

    async postComment({ token, issueId, content }) {
      const { data } = await http<BbComment>(at(commentPath(issueId)), { method: 'POST', token, body: { content: { raw: content } } })
      return comment(data)
    },

    async putComment({ token, issueId, commentId, content }) {
      const { data } = await http<BbComment>(at(commentPath(issueId, commentId)), { method: 'PUT', token, body: { content: { raw: content } } })
      return comment(data)
    },

    async deleteComment({ token, issueId, commentId }) {
      const { status } = await http(at(commentPath(issueId, commentId)), { method: 'DELETE', token })
      return status === 204
    },

    getCommentReactions: notImplemented,
    postCommentReaction: notImplemented,
  }
  return platform
}

export default bitbucket
