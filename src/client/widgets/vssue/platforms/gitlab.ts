/**
 * GitLab REST v4 (spec §7 "GitLab v4"; Vssue 1.4's api-gitlab-v4 as the reference). Notes carry
 * markdown only, so each note's HTML comes from `POST markdown` and its reactions from its award
 * emoji; the totals come from the `x-total`, `x-page` and `x-per-page` headers. Login is the
 * authorization-code flow with PKCE straight against GitLab (the implicit grant Vssue used was
 * removed in GitLab 15.0; `/oauth/token` answers CORS since 15.1). The GitLab application must be
 * registered as non-confidential with the `api` scope and the page's URL as its callback.
 */
import { PLATFORM_HOSTS } from '../../../../shared/widgets/vssue-platforms.js'
import { PlatformError, type Comment, type Comments, type Platform, type PlatformFactory, type Reactions, type ReactionName, type User } from '../platform.js'
import { http, trimBase, url } from './http.js'
import { authorizeUrl } from './login.js'

interface GlUser {
  username: string
  avatar_url: string
  web_url: string
}

interface GlIssue {
  iid: number
  title: string
  description: string | null
  web_url: string
}

interface GlNote {
  id: number
  body: string
  body_html?: string
  author: GlUser
  created_at: string
  updated_at: string
}

interface GlAward {
  name: string
}

const AWARD: Record<ReactionName, string> = { heart: 'heart', like: 'thumbsup', unlike: 'thumbsdown' }

const user = (u: GlUser): User => ({ username: u.username, avatar: u.avatar_url, homepage: u.web_url })
const issue = (i: GlIssue) => ({ id: i.iid, title: i.title, content: i.description ?? '', link: i.web_url })

function reactions(awards: GlAward[]): Reactions {
  const count = (name: string) => awards.filter((a) => a.name === name).length
  return { heart: count(AWARD.heart), like: count(AWARD.like), unlike: count(AWARD.unlike) }
}

/** The raw text as HTML, for when GitLab will not render it (the markdown API refused). */
const escaped = (text: string): string =>
  `<p>${text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`).replace(/\n/g, '<br>')}</p>`

/** A header as a number, or the fallback (GitLab leaves `x-total` out above 10,000 rows). */
const headerNumber = (headers: Headers, name: string, fallback: number): number => {
  const value = Number(headers.get(name))
  return headers.get(name) !== null && Number.isFinite(value) ? value : fallback
}

const gitlab: PlatformFactory = (options) => {
  const web = trimBase(options.baseURL ?? PLATFORM_HOSTS.gitlab.web)
  const api = `${web}/api/v4`
  const project = `projects/${encodeURIComponent(`${options.owner}/${options.repo}`)}`
  const at = (path: string, query: Record<string, string | number | undefined> = {}) => url(api, `${project}/${path}`, query)
  const notePath = (issueId: string | number, commentId?: string | number) =>
    `issues/${encodeURIComponent(issueId)}/notes${commentId === undefined ? '' : `/${encodeURIComponent(commentId)}`}`

  async function html(token: string | null, note: GlNote): Promise<string> {
    if (note.body_html) return note.body_html
    try {
      const { data } = await http<{ html: string }>(url(api, 'markdown'), { method: 'POST', token, body: { text: note.body, gfm: true, project: `${options.owner}/${options.repo}` } })
      return data.html
    } catch (err) {
      if (err instanceof PlatformError && (err.status === 401 || err.status === 403)) return escaped(note.body)
      throw err
    }
  }

  async function awards(token: string | null, issueId: string | number, commentId: string | number): Promise<Reactions> {
    const { data } = await http<GlAward[]>(at(`${notePath(issueId, commentId)}/award_emoji`, { per_page: 100 }), { token })
    return reactions(data)
  }

  async function full(token: string | null, issueId: string | number, note: GlNote, known?: Reactions): Promise<Comment> {
    const [content, counted] = await Promise.all([html(token, note), known ?? awards(token, issueId, note.id)])
    return { id: note.id, content, contentRaw: note.body, author: user(note.author), createdAt: note.created_at, updatedAt: note.updated_at, reactions: counted }
  }

  const platform: Platform = {
    meta: { name: 'GitLab', link: web, reactable: true, sortable: true },

    authorizeUrl({ state, codeChallenge }) {
      if (!codeChallenge) throw new Error('GitLab login needs a PKCE code challenge.')
      return authorizeUrl(`${web}/oauth/authorize`, {
        client_id: options.clientId,
        redirect_uri: options.redirectUri,
        response_type: 'code',
        scope: 'api',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      })
    },

    async exchangeCode({ code, codeVerifier }) {
      if (!codeVerifier) throw new PlatformError(400, 'GitLab login needs the PKCE code verifier.')
      // A public client: no secret, the verifier proves this page started the login.
      const form = new URLSearchParams({ client_id: options.clientId, code, grant_type: 'authorization_code', redirect_uri: options.redirectUri, code_verifier: codeVerifier })
      const { data } = await http<{ access_token?: string }>(`${web}/oauth/token`, { method: 'POST', body: form })
      if (!data?.access_token) throw new PlatformError(502, 'GitLab answered without an access token.')
      return data.access_token
    },

    async getUser(token) {
      const { data } = await http<GlUser>(url(api, 'user'), { token })
      return user(data)
    },

    async getIssue({ token, issueId, issueTitle }) {
      if (issueId !== undefined && issueId !== '') {
        try {
          const { data } = await http<GlIssue>(at(`issues/${encodeURIComponent(issueId)}`), { token })
          return issue(data)
        } catch (err) {
          if (err instanceof PlatformError && err.status === 404) return null
          throw err
        }
      }
      if (!issueTitle) return null
      const query = { labels: options.labels.join(','), order_by: 'created_at', sort: 'asc', search: issueTitle, in: 'title' }
      const { data } = await http<GlIssue[]>(at('issues', query), { token })
      const found = data.find((item) => item.title === issueTitle)
      return found ? issue(found) : null
    },

    async postIssue({ token, title, content }) {
      const { data } = await http<GlIssue>(at('issues'), { method: 'POST', token, body: { title, description: content, labels: options.labels.join(',') } })
      return issue(data)
    },

    async getComments({ token, issueId, query }): Promise<Comments> {
      const { data, headers } = await http<GlNote[]>(at(notePath(issueId), { page: query.page, per_page: query.perPage, order_by: 'created_at', sort: query.sort }), { token })
      const comments = await Promise.all(data.map((note) => full(token, issueId, note)))
      return {
        count: headerNumber(headers, 'x-total', data.length),
        page: headerNumber(headers, 'x-page', query.page),
        perPage: headerNumber(headers, 'x-per-page', query.perPage),
        data: comments,
      }
    },

    async postComment({ token, issueId, content }) {
      const { data } = await http<GlNote>(at(notePath(issueId)), { method: 'POST', token, body: { body: content } })
      return full(token, issueId, data, { heart: 0, like: 0, unlike: 0 })
    },

    async putComment({ token, issueId, commentId, content }) {
      const { data } = await http<GlNote>(at(notePath(issueId, commentId)), { method: 'PUT', token, body: { body: content } })
      return full(token, issueId, data)
    },

    async deleteComment({ token, issueId, commentId }) {
      const { status } = await http(at(notePath(issueId, commentId)), { method: 'DELETE', token })
      return status === 204
    },

    getCommentReactions: ({ token, issueId, commentId }) => awards(token, issueId, commentId),

    async postCommentReaction({ token, issueId, commentId, reaction }) {
      try {
        const { status } = await http(at(`${notePath(issueId, commentId)}/award_emoji`), { method: 'POST', token, body: { name: AWARD[reaction] } })
        return status === 201
      } catch (err) {
        // GitLab answers an award the reader already gave with 404 "… has already been taken".
        if (err instanceof PlatformError && err.status === 404 && /already been taken/i.test(err.message)) return false
        throw err
      }
    },
  }
  return platform
}

export default gitlab
