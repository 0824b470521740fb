/**
 * GitHub GraphQL v4 (spec §7 "GitHub v4"; Vssue 1.4's api-github-v4 as the reference, with the
 * values passed as variables instead of pasted into the query). GraphQL needs a token even to
 * read. Connections have cursors, not page numbers, so the cursors of every page served are
 * kept per issue, order and page size, and page N is reached from a neighbour (or by walking
 * from page 1). Issues are created through REST, as Vssue did (createIssue wants label node ids).
 */
import { PlatformError, type Comment, type Comments, type CommentsQuery, type Platform, type PlatformFactory, type Reactions, type ReactionName, type User } from '../platform.js'
import { githubAuthorizeUrl, githubEndpoints, postRestIssue } from './github-common.js'
import { http } from './http.js'
import { exchangeAtService } from './login.js'

interface GqlUser {
  login: string
  avatarUrl: string
  url: string
}

interface GqlIssue {
  id: string
  number: number
  title: string
  body: string
  url: string
}

interface GqlComment {
  id: string
  body: string
  bodyHTML: string
  createdAt: string
  updatedAt: string
  author: GqlUser | null
  reactionGroups: { content: string; reactors: { totalCount: number } }[] | null
}

interface GqlConnection {
  totalCount: number
  pageInfo: { startCursor: string | null; endCursor: string | null }
  nodes: GqlComment[]
}

const COMMENT_FIELDS = `fragment commentFields on IssueComment {
  id body bodyHTML createdAt updatedAt
  author { login avatarUrl url }
  reactionGroups { content reactors { totalCount } }
}`

const Q = {
  viewer: `query viewer { viewer { login avatarUrl url } }`,
  issueByNumber: `query issueByNumber($owner: String!, $repo: String!, $number: Int!) {
  repository(owner: $owner, name: $repo) { issue(number: $number) { id number title body url } }
}`,
  issueSearch: `query issueSearch($q: String!) {
  search(query: $q, type: ISSUE, first: 20) { nodes { ... on Issue { id number title body url } } }
}`,
  comments: `query comments($owner: String!, $repo: String!, $number: Int!, $first: Int, $last: Int, $after: String, $before: String) {
  repository(owner: $owner, name: $repo) {
    issue(number: $number) {
      id
      comments(first: $first, last: $last, after: $after, before: $before) {
        totalCount
        pageInfo { startCursor endCursor }
        nodes { ...commentFields }
      }
    }
  }
}
${COMMENT_FIELDS}`,
  addComment: `mutation addComment($subjectId: ID!, $body: String!) {
  addComment(input: { subjectId: $subjectId, body: $body }) { commentEdge { node { ...commentFields } } }
}
${COMMENT_FIELDS}`,
  updateComment: `mutation updateComment($id: ID!, $body: String!) {
  updateIssueComment(input: { id: $id, body: $body }) { issueComment { ...commentFields } }
}
${COMMENT_FIELDS}`,
  deleteComment: `mutation deleteComment($id: ID!) { deleteIssueComment(input: { id: $id }) { clientMutationId } }`,
  reactions: `query reactions($id: ID!) { node(id: $id) { ... on IssueComment { reactionGroups { content reactors { totalCount } } } } }`,
  addReaction: `mutation addReaction($subjectId: ID!, $content: ReactionContent!) {
  addReaction(input: { subjectId: $subjectId, content: $content }) { reaction { content } }
}`,
} as const

type Operation = keyof typeof Q

const REACTION_CONTENT: Record<ReactionName, string> = { heart: 'HEART', like: 'THUMBS_UP', unlike: 'THUMBS_DOWN' }

/** GraphQL error types as the HTTP statuses the widget reads (docs "Troubleshooting GraphQL"). */
const ERROR_STATUS: Record<string, number> = { NOT_FOUND: 404, FORBIDDEN: 403, UNAUTHORIZED: 401, RATE_LIMITED: 403 }

const user = (u: GqlUser | null): User => (u ? { username: u.login, avatar: u.avatarUrl, homepage: u.url } : { username: 'ghost', avatar: '', homepage: '' })

function reactions(groups: GqlComment['reactionGroups']): Reactions | null {
  if (!groups) return null
  const count = (content: string) => groups.find((g) => g.content === content)?.reactors.totalCount ?? 0
  return { heart: count('HEART'), like: count('THUMBS_UP'), unlike: count('THUMBS_DOWN') }
}

const comment = (c: GqlComment): Comment => ({
  id: c.id,
  content: c.bodyHTML,
  contentRaw: c.body,
  author: user(c.author),
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
  reactions: reactions(c.reactionGroups),
})

const issue = (i: GqlIssue) => ({ id: i.number, title: i.title, content: i.body, link: i.url })

interface PageArgs {
  first?: number
  last?: number
  after?: string
  before?: string
}

interface CursorBook {
  count: number
  pages: Map<number, { start: string; end: string }>
}

const githubV4: PlatformFactory = (options) => {
  const { web, rest, graphql } = githubEndpoints(options.baseURL)
  const repoVars = { owner: options.owner, repo: options.repo }
  /** Cursors of the pages served, by `issue|sort|perPage`. */
  const books = new Map<string, CursorBook>()
  /** Issue numbers to node ids (addComment wants the node id). */
  const issueNodes = new Map<string, string>()

  async function gql<T>(operation: Operation, token: string | null, variables: Record<string, unknown> = {}): Promise<T> {
    const { data } = await http<{ data?: T | null; errors?: { type?: string; message: string }[] }>(graphql, {
      method: 'POST',
      token,
      body: { query: Q[operation], variables, operationName: operation },
    })
    const error = data.errors?.[0]
    // GraphQL answers 200 with `errors`: the first one decides, as its type says.
    if (error) throw new PlatformError(ERROR_STATUS[error.type ?? ''] ?? 400, error.message)
    if (!data.data) throw new PlatformError(502, 'GitHub answered without data.')
    return data.data
  }

  /** Where page `page` is, from what is known of its neighbours; undefined when neither is known. */
  function argsFor(book: CursorBook, page: number, sort: CommentsQuery['sort'], perPage: number): PageArgs | undefined {
    const asc = sort === 'asc'
    if (page === 1) return asc ? { first: perPage } : { last: perPage }
    const before = book.pages.get(page - 1)
    if (before) return asc ? { first: perPage, after: before.end } : { last: perPage, before: before.start }
    const after = book.pages.get(page + 1)
    if (after) return asc ? { last: perPage, before: after.start } : { first: perPage, after: after.end }
    return undefined
  }

  async function fetchPage(token: string | null, number: number, args: PageArgs): Promise<GqlConnection> {
    type Answer = { repository: { issue: { id: string; comments: GqlConnection } | null } | null }
    const data = await gql<Answer>('comments', token, { ...repoVars, number, ...args })
    const found = data.repository?.issue
    if (!found) throw new PlatformError(404, `Could not resolve to an Issue with the number of ${number}.`)
    issueNodes.set(String(number), found.id)
    return found.comments
  }

  async function commentsPage(token: string | null, number: number, { page, perPage, sort }: CommentsQuery): Promise<GqlConnection> {
    const key = `${number}|${sort}|${perPage}`
    const book = books.get(key) ?? { count: -1, pages: new Map() }
    books.set(key, book)
    const load = async (p: number, retried = false): Promise<GqlConnection> => {
      let args = argsFor(book, p, sort, perPage)
      if (!args) {
        // No neighbour known (a jump): walk there from the nearest page below.
        const below = Math.max(0, ...[...book.pages.keys()].filter((k) => k < p))
        for (let step = below + 1; step < p; step++) {
          const passed = await load(step, true)
          // The walk ran out of comments: page p is past the end.
          if (!book.pages.has(step)) return { ...passed, nodes: [] }
        }
        args = argsFor(book, p, sort, perPage)
        if (!args) throw new PlatformError(409, 'The comments changed while paging; try again.')
      }
      const conn = await fetchPage(token, number, args)
      if (book.count !== conn.totalCount) {
        // Comments came or went since the cursors were taken: they no longer mark page edges.
        const stale = book.count !== -1 && p !== 1
        book.pages.clear()
        book.count = conn.totalCount
        if (stale && !retried) return load(p, true)
      }
      if (conn.pageInfo.startCursor && conn.pageInfo.endCursor) book.pages.set(p, { start: conn.pageInfo.startCursor, end: conn.pageInfo.endCursor })
      return conn
    }
    return load(page)
  }

  const forget = (issueId: string | number) => {
    for (const key of books.keys()) if (key.startsWith(`${issueId}|`)) books.delete(key)
  }

  async function issueNode(token: string, issueId: string | number): Promise<string> {
    const known = issueNodes.get(String(issueId))
    if (known) return known
    const found = await platform.getIssue({ token, issueId })
    const id = found && issueNodes.get(String(found.id))
    if (!id) throw new PlatformError(404, `Could not resolve to an Issue with the number of ${issueId}.`)
    return id
  }

  const remember = (i: GqlIssue) => {
    issueNodes.set(String(i.number), i.id)
    return issue(i)
  }

  const platform: Platform = {
    meta: { name: 'GitHub', link: web, reactable: true, sortable: true },

    authorizeUrl: ({ state }) => githubAuthorizeUrl(web, options, state),
    exchangeCode: ({ code }) => exchangeAtService(options.proxy, 'github-v4', code, options.redirectUri),

    async getUser(token) {
      const data = await gql<{ viewer: GqlUser }>('viewer', token)
      return user(data.viewer)
    },

    async getIssue({ token, issueId, issueTitle }) {
      if (issueId !== undefined && issueId !== '') {
        const number = Number(issueId)
        if (!Number.isInteger(number) || number < 1) return null
        try {
          const data = await gql<{ repository: { issue: GqlIssue | null } | null }>('issueByNumber', token, { ...repoVars, number })
          const found = data.repository?.issue
          return found ? remember(found) : null
        } catch (err) {
          if (err instanceof PlatformError && err.status === 404) return null
          throw err
        }
      }
      if (!issueTitle) return null
      const labels = options.labels.map((label) => `label:"${label.replace(/"/g, '')}"`)
      const q = [`"${issueTitle.replace(/"/g, '')}"`, 'in:title', `repo:${options.owner}/${options.repo}`, 'is:issue', ...labels].join(' ')
      const data = await gql<{ search: { nodes: (GqlIssue | Record<string, never>)[] } }>('issueSearch', token, { q })
      const found = data.search.nodes.find((node): node is GqlIssue => 'title' in node && node.title === issueTitle)
      return found ? remember(found) : null
    },

    postIssue: ({ token, title, content }) => postRestIssue(rest, options, token, title, content),

    async getComments({ token, issueId, query }): Promise<Comments> {
      const conn = await commentsPage(token, Number(issueId), query)
      // GraphQL lists oldest first; newest first is the same page read backwards.
      const nodes = query.sort === 'desc' ? [...conn.nodes].reverse() : conn.nodes
      return { count: conn.totalCount, page: query.page, perPage: query.perPage, data: nodes.map(comment) }
    },

    async postComment({ token, issueId, content }) {
      const subjectId = await issueNode(token, issueId)
      const data = await gql<{ addComment: { commentEdge: { node: GqlComment } } }>('addComment', token, { subjectId, body: content })
      forget(issueId)
      return comment(data.addComment.commentEdge.node)
    },

    async putComment({ token, commentId, content }) {
      const data = await gql<{ updateIssueComment: { issueComment: GqlComment } }>('updateComment', token, { id: String(commentId), body: content })
      return comment(data.updateIssueComment.issueComment)
    },

    async deleteComment({ token, issueId, commentId }) {
      await gql('deleteComment', token, { id: String(commentId) })
      forget(issueId)
      return true
    },

    async getCommentReactions({ token, commentId }) {
      const data = await gql<{ node: { reactionGroups: GqlComment['reactionGroups'] } | null }>('reactions', token, { id: String(commentId) })
      if (!data.node) throw new PlatformError(404, `Could not resolve to a node with the global id of '${commentId}'.`)
      return reactions(data.node.reactionGroups) ?? { heart: 0, like: 0, unlike: 0 }
    },

    async postCommentReaction({ token, commentId, reaction }) {
      await gql('addReaction', token, { subjectId: String(commentId), content: REACTION_CONTENT[reaction] })
      return true
    },
  }
  return platform
}

export default githubV4
