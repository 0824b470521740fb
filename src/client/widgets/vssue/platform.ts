/**
 * Widget B's one interface over the five code-hosting platforms (spec §3 "Widget B", §7): each
 * adapter in `platforms/` makes exactly that platform's calls and answers in these normalised
 * shapes, so the widget never knows which platform it talks to. Modelled on Vssue 1.4's
 * `VssueAPI.Instance`, with login moved to the comment service (no client secret in the page).
 */

export type PlatformName = 'github' | 'github-v4' | 'gitlab' | 'bitbucket' | 'gitee'

export interface User {
  username: string
  avatar: string
  homepage: string
}

export interface Issue {
  id: string | number
  title: string
  content: string
  link: string
}

export interface Reactions {
  /** null where the platform has no such reaction. */
  heart: number | null
  like: number | null
  unlike: number | null
}

export type ReactionName = keyof Reactions

export interface Comment {
  id: string | number
  /** Rendered HTML from the platform: sanitised by the widget before it is shown. */
  content: string
  contentRaw: string
  author: User
  createdAt: string
  updatedAt: string
  reactions: Reactions | null
}

export interface CommentsQuery {
  /** @default 1 */
  page: number
  /** @default 10 */
  perPage: number
  /** @default 'desc' */
  sort: 'asc' | 'desc'
}

export interface Comments {
  count: number
  page: number
  perPage: number
  data: Comment[]
}

export interface PlatformOptions {
  owner: string
  repo: string
  clientId: string
  /** The platform's API/OAuth origin: GitHub Enterprise, self-hosted GitLab, or a local fake in tests. */
  baseURL?: string
  /** Labels every issue of the widget carries. @default ['Vssue'] */
  labels: string[]
  /** The comment service's address (`/oauth/:platform/token`). */
  proxy: string
  /** Where the platform sends the reader back after login: the page's URL. */
  redirectUri: string
}

/** What the platform offers (spec §6): reactions only on GitHub v3, v4 and GitLab; sorting on GitHub v4, GitLab and Bitbucket. */
export interface PlatformMeta {
  name: string
  link: string
  reactable: boolean
  sortable: boolean
}

/** An error an adapter throws for a failed call: the HTTP status (0 for a network failure) and the platform's message. */
export class PlatformError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
    this.name = 'PlatformError'
  }
}

export interface Platform {
  readonly meta: PlatformMeta
  /** Where to send the reader to log in; `state` (and, for GitLab, the PKCE challenge) come from the widget. */
  authorizeUrl(auth: { state: string; codeChallenge?: string }): string
  /** The access token for an authorization code (through the comment service, or GitLab's PKCE exchange). */
  exchangeCode(auth: { code: string; codeVerifier?: string }): Promise<string>
  getUser(token: string): Promise<User>
  /** By id, or searched by title (with the prefix already applied); null when there is none. */
  getIssue(args: { token: string | null; issueId?: string | number; issueTitle?: string }): Promise<Issue | null>
  postIssue(args: { token: string; title: string; content: string }): Promise<Issue>
  getComments(args: { token: string | null; issueId: string | number; query: CommentsQuery }): Promise<Comments>
  postComment(args: { token: string; issueId: string | number; content: string }): Promise<Comment>
  putComment(args: { token: string; issueId: string | number; commentId: string | number; content: string }): Promise<Comment>
  deleteComment(args: { token: string; issueId: string | number; commentId: string | number }): Promise<boolean>
  getCommentReactions(args: { token: string; issueId: string | number; commentId: string | number }): Promise<Reactions>
  /** Throws PlatformError(501, 'Not Implemented') where the platform has no reactions. */
  postCommentReaction(args: { token: string; issueId: string | number; commentId: string | number; reaction: ReactionName }): Promise<boolean>
}

/** Each adapter module's default export. */
export type PlatformFactory = (options: PlatformOptions) => Platform
