/**
 * GitHub REST v3 (spec §7 "GitHub v3"; Vssue 1.4's api-github-v3 as the reference). Comments come
 * with `application/vnd.github.full+json`, so each has `body` (for edit and reply) and
 * `body_html` (what is shown); the count is the issue's `comments` field; reactions are the
 * comment's `reactions` roll-up (heart, +1, -1). No sorting: the API lists comments oldest first.
 */
import { PlatformError, type Comment, type Comments, type Platform, type PlatformFactory, type Reactions, type ReactionName, type User } from '../platform.js'
import { githubAuthorizeUrl, githubEndpoints, postRestIssue, repoPath, restIssue, type RestIssue } from './github-common.js'
import { http, url } from './http.js'
import { exchangeAtService } from './login.js'

interface RestUser {
  login: string
  avatar_url: string
  html_url: string
}

interface RestReactions {
  '+1': number
  '-1': number
  heart: number
}

interface RestComment {
  id: number
  body?: string
  body_html?: string
  user: RestUser | null
  created_at: string
  updated_at: string
  reactions?: RestReactions
}

/** Comments with both the markdown and its HTML (docs "Media types" of issue comments). */
const FULL = 'application/vnd.github.full+json'
const JSON_V3 = 'application/vnd.github+json'

const REACTION_CONTENT: Record<ReactionName, string> = { heart: 'heart', like: '+1', unlike: '-1' }

/** A deleted account shows as GitHub's `ghost`, as GitHub itself does. */
const user = (u: RestUser | null): User => (u ? { username: u.login, avatar: u.avatar_url, homepage: u.html_url } : { username: 'ghost', avatar: '', homepage: '' })

const reactions = (r: RestReactions | undefined): Reactions | null => (r ? { heart: r.heart, like: r['+1'], unlike: r['-1'] } : null)

const comment = (c: RestComment): Comment => ({
  id: c.id,
  content: c.body_html ?? '',
  contentRaw: c.body ?? '',
  author: user(c.user),
  createdAt: c.created_at,
  updatedAt: c.updated_at,
  reactions: reactions(c.reactions),
})

/** A search term: quoted when it holds spaces. */
const term = (value: string): string => (/[\s"]/.test(value) ? `"${value.replace(/"/g, '')}"` : value)

/** The page and page size GitHub actually served, from its `Link` header (as Vssue read them). */
function servedPage(link: string | null, page: number, perPage: number): { page: number; perPage: number } {
  const capped = Math.min(perPage, 100)
  if (!link) return { page, perPage: capped }
  const rel = (name: string) => link.split(',').find((part) => part.includes(`rel="${name}"`))
  const read = (part: string | undefined) => {
    const href = part?.match(/<([^>]+)>/)?.[1]
    return href ? new URL(href).searchParams : undefined
  }
  const next = read(rel('next'))
  const prev = read(rel('prev'))
  const served = next?.get('page') ? Number(next.get('page')) - 1 : prev?.get('page') ? Number(prev.get('page')) + 1 : page
  const size = Number((next ?? prev)?.get('per_page')) || capped
  return { page: served, perPage: size }
}

const githubV3: PlatformFactory = (options) => {
  const { web, rest } = githubEndpoints(options.baseURL)
  const repo = repoPath(options)
  const at = (path: string, query: Record<string, string | number | undefined> = {}) => url(rest, path, query)
  // GitHub caches GETs for a minute; Vssue added a timestamp so a fresh comment shows at once.
  const fresh = () => ({ timestamp: Date.now() })

  const platform: Platform = {
    meta: { name: 'GitHub', link: web, reactable: true, sortable: false },

    authorizeUrl: ({ state }) => githubAuthorizeUrl(web, options, state),
    exchangeCode: ({ code }) => exchangeAtService(options.proxy, 'github', code, options.redirectUri),

    async getUser(token) {
      const { data } = await http<RestUser>(at('user'), { token, accept: JSON_V3 })
      return user(data)
    },

    async getIssue({ token, issueId, issueTitle }) {
      if (issueId !== undefined && issueId !== '') {
        try {
          const { data } = await http<RestIssue>(at(`${repo}/issues/${encodeURIComponent(issueId)}`, fresh()), { token, accept: JSON_V3 })
          return restIssue(data)
        } catch (err) {
          if (err instanceof PlatformError && err.status === 404) return null
          throw err
        }
      }
      if (!issueTitle) return null
      const q = [`"${issueTitle.replace(/"/g, '')}"`, 'in:title', `repo:${options.owner}/${options.repo}`, 'is:issue', ...options.labels.map((label) => `label:${term(label)}`)].join(' ')
      const { data } = await http<{ items: RestIssue[] }>(at('search/issues', { q, ...fresh() }), { token, accept: JSON_V3 })
      const found = data.items.find((item) => item.title === issueTitle)
      return found ? restIssue(found) : null
    },

    postIssue: ({ token, title, content }) => postRestIssue(rest, options, token, title, content),

    async getComments({ token, issueId, query }): Promise<Comments> {
      const id = encodeURIComponent(issueId)
      // The comments list has no total: the issue's `comments` field is the count.
      const [issue, list] = await Promise.all([
        http<{ comments: number }>(at(`${repo}/issues/${id}`, fresh()), { token, accept: JSON_V3 }),
        http<RestComment[]>(at(`${repo}/issues/${id}/comments`, { page: query.page, per_page: query.perPage, ...fresh() }), { token, accept: FULL }),
      ])
      const served = servedPage(list.headers.get('link'), query.page, query.perPage)
      return { count: Number(issue.data.comments) || 0, page: served.page, perPage: served.perPage, data: list.data.map(comment) }
    },

    async postComment({ token, issueId, content }) {
      const { data } = await http<RestComment>(at(`${repo}/issues/${encodeURIComponent(issueId)}/comments`), { method: 'POST', token, accept: FULL, body: { body: content } })
      return comment(data)
    },

    async putComment({ token, commentId, content }) {
      const { data } = await http<RestComment>(at(`${repo}/issues/comments/${encodeURIComponent(commentId)}`), { method: 'PATCH', token, accept: FULL, body: { body: content } })
      return comment(data)
    },

    async deleteComment({ token, commentId }) {
      const { status } = await http(at(`${repo}/issues/comments/${encodeURIComponent(commentId)}`), { method: 'DELETE', token, accept: JSON_V3 })
      return status === 204
    },

    async getCommentReactions({ token, commentId }) {
      // The comment's roll-up counts every reaction; the reactions list would be paged.
      const { data } = await http<RestComment>(at(`${repo}/issues/comments/${encodeURIComponent(commentId)}`, fresh()), { token, accept: JSON_V3 })
      return reactions(data.reactions) ?? { heart: 0, like: 0, unlike: 0 }
    },

    async postCommentReaction({ token, commentId, reaction }) {
      const path = `${repo}/issues/comments/${encodeURIComponent(commentId)}/reactions`
      const created = await http<{ id: number }>(at(path), { method: 'POST', token, accept: JSON_V3, body: { content: REACTION_CONTENT[reaction] } })
      if (created.status === 201) return true
      // 200: the reader had already reacted so; a second click takes the reaction back.
      if (created.status === 200) {
        const { status } = await http(at(`${path}/${created.data.id}`), { method: 'DELETE', token, accept: JSON_V3 })
        return status === 204
      }
      return false
    },
  }
  return platform
}

export default githubV3
