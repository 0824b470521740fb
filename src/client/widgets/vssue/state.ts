/**
 * Widget B's state and every change to it, as a pure reducer (the view only draws it, the flow
 * in `flow.ts` only dispatches): Vssue 1.4's store flags, the query with the server's
 * corrections, the new-comment draft, per-comment edit, delete and reaction states, the alert.
 * The status line is derived here in the spec's priority order (spec §4 "Widget B status").
 */
import type { Comment, Comments, CommentsQuery, Issue, ReactionName, Reactions, User } from './platform.js'

export interface Flags {
  initializing: boolean
  issueNotCreated: boolean
  loginRequired: boolean
  failed: boolean
  creatingIssue: boolean
  loadingComments: boolean
  creatingComment: boolean
  updatingComment: boolean
}

export interface VssueState {
  flags: Flags
  token: string | null
  user: User | null
  issue: Issue | null
  comments: Comments | null
  query: CommentsQuery
  /** The new-comment box's text (a reply fills it). */
  draft: string
  /** Comments in edit mode: id → the text being edited. */
  editing: Record<string, string>
  /** Comments whose edit or delete is in flight. */
  busy: Record<string, true>
  /** Reactions being posted, as `commentId:reaction`: a second click meanwhile does nothing. */
  reacting: Record<string, true>
  alert: { text: string; seq: number } | null
}

export type Status = 'failed' | 'initializing' | 'issueNotCreated' | 'loginRequired' | 'loadingComments' | 'noComments' | null

export type Action =
  | { type: 'reset'; perPage: number }
  | { type: 'auth'; token: string | null; user: User | null }
  | { type: 'initDone' }
  | { type: 'initFailed'; loginRequired: boolean }
  | { type: 'issue'; issue: Issue | null }
  | { type: 'creatingIssue'; on: boolean }
  | { type: 'issueFailed' }
  | { type: 'loadingComments' }
  | { type: 'comments'; comments: Comments }
  | { type: 'commentsFailed'; loginRequired: boolean }
  | { type: 'query'; query: Partial<CommentsQuery> }
  | { type: 'draft'; text: string }
  | { type: 'reply'; comment: Comment }
  | { type: 'creatingComment'; on: boolean }
  | { type: 'posted' }
  | { type: 'editStart'; comment: Comment }
  | { type: 'editChange'; id: Comment['id']; text: string }
  | { type: 'editEnd'; id: Comment['id'] }
  | { type: 'updatingComment'; id: Comment['id']; on: boolean }
  | { type: 'updated'; comment: Comment }
  | { type: 'deleting'; id: Comment['id']; on: boolean }
  | { type: 'deleted'; id: Comment['id'] }
  | { type: 'reacting'; id: Comment['id']; reaction: ReactionName; on: boolean }
  | { type: 'reactions'; id: Comment['id']; reactions: Reactions }
  | { type: 'alert'; text: string }
  | { type: 'alertClear'; seq: number }

const NO_FLAGS: Flags = {
  initializing: true,
  issueNotCreated: false,
  loginRequired: false,
  failed: false,
  creatingIssue: false,
  loadingComments: false,
  creatingComment: false,
  updatingComment: false,
}

export function initialState(perPage: number): VssueState {
  return {
    flags: { ...NO_FLAGS },
    token: null,
    user: null,
    issue: null,
    comments: null,
    query: { page: 1, perPage, sort: 'desc' },
    draft: '',
    editing: {},
    busy: {},
    reacting: {},
    alert: null,
  }
}

let alertSeq = 0
const key = (id: Comment['id']) => String(id)
const without = <T>(map: Record<string, T>, k: string): Record<string, T> => {
  const { [k]: _, ...rest } = map
  return rest
}
const flag = (s: VssueState, f: Partial<Flags>): VssueState => ({ ...s, flags: { ...s.flags, ...f } })

export function reduce(s: VssueState, a: Action): VssueState {
  switch (a.type) {
    case 'reset':
      return { ...initialState(a.perPage), alert: s.alert }
    case 'auth':
      return { ...s, token: a.token, user: a.token ? a.user : null }
    case 'initDone':
      return flag(s, { initializing: false })
    case 'initFailed':
      return flag(s, { initializing: false, loadingComments: false, ...(a.loginRequired ? { loginRequired: true } : { failed: true }) })
    case 'issue':
      return flag({ ...s, issue: a.issue }, { issueNotCreated: a.issue === null })
    case 'creatingIssue':
      return flag(s, { creatingIssue: a.on })
    case 'issueFailed':
      return flag(s, { creatingIssue: false, failed: true })
    case 'loadingComments':
      return flag(s, { loadingComments: true })
    case 'comments': {
      // The server may answer another page or page size than asked: the query follows it.
      const c = a.comments
      return flag({ ...s, comments: c, query: { ...s.query, page: c.page, perPage: c.perPage } }, { loadingComments: false, loginRequired: false })
    }
    case 'commentsFailed':
      return flag(s, { loadingComments: false, ...(a.loginRequired ? { loginRequired: true } : {}) })
    case 'query':
      return { ...s, query: { ...s.query, ...a.query } }
    case 'draft':
      return { ...s, draft: a.text }
    case 'reply': {
      const quoted = a.comment.contentRaw.replace(/\n/g, '\n> ')
      return { ...s, draft: `${s.draft}@${a.comment.author.username}\n\n> ${quoted}\n\n` }
    }
    case 'creatingComment':
      return flag(s, { creatingComment: a.on })
    case 'posted':
      return flag({ ...s, draft: '' }, { creatingComment: false })
    case 'editStart':
      return { ...s, editing: { ...s.editing, [key(a.comment.id)]: a.comment.contentRaw } }
    case 'editChange':
      return Object.hasOwn(s.editing, key(a.id)) ? { ...s, editing: { ...s.editing, [key(a.id)]: a.text } } : s
    case 'editEnd':
      return { ...s, editing: without(s.editing, key(a.id)) }
    case 'updatingComment':
      return flag({ ...s, busy: a.on ? { ...s.busy, [key(a.id)]: true } : without(s.busy, key(a.id)) }, { updatingComment: a.on })
    case 'updated': {
      const c = a.comment
      const comments = s.comments && { ...s.comments, data: s.comments.data.map((x) => (key(x.id) === key(c.id) ? c : x)) }
      return { ...s, comments, editing: without(s.editing, key(c.id)) }
    }
    case 'deleting':
      return { ...s, busy: a.on ? { ...s.busy, [key(a.id)]: true } : without(s.busy, key(a.id)) }
    case 'deleted': {
      if (!s.comments) return s
      const count = Math.max(0, s.comments.count - 1)
      const data = s.comments.data.filter((x) => key(x.id) !== key(a.id))
      // Past the last page now: step back one (the flow then loads it).
      const last = Math.max(1, Math.ceil(count / s.query.perPage))
      const page = s.query.page > 1 && s.query.page > last ? s.query.page - 1 : s.query.page
      return { ...s, comments: { ...s.comments, count, data }, query: { ...s.query, page }, busy: without(s.busy, key(a.id)), editing: without(s.editing, key(a.id)) }
    }
    case 'reacting': {
      const k = `${key(a.id)}:${a.reaction}`
      return { ...s, reacting: a.on ? { ...s.reacting, [k]: true } : without(s.reacting, k) }
    }
    case 'reactions': {
      if (!s.comments) return s
      return { ...s, comments: { ...s.comments, data: s.comments.data.map((x) => (key(x.id) === key(a.id) ? { ...x, reactions: a.reactions } : x)) } }
    }
    case 'alert':
      return { ...s, alert: { text: a.text, seq: ++alertSeq } }
    case 'alertClear':
      return s.alert?.seq === a.seq ? { ...s, alert: null } : s
  }
}

/** Loading, creating or updating a comment. */
export const isPending = (s: VssueState): boolean => s.flags.loadingComments || s.flags.creatingComment || s.flags.updatingComment

export const isLoggedIn = (s: VssueState): boolean => s.token !== null && s.user !== null

/** The owner, or one of the admins (spec §6). */
export function isAdmin(s: VssueState, owner: string, admins: readonly string[]): boolean {
  const name = s.user?.username
  return isLoggedIn(s) && name !== undefined && (name === owner || admins.includes(name))
}

/** The status line, in the spec's priority order. */
export function statusOf(s: VssueState, admin: boolean): Status {
  const f = s.flags
  if (f.failed) return 'failed'
  if (f.initializing) return 'initializing'
  if (f.issueNotCreated && !f.creatingIssue) return admin || !isLoggedIn(s) ? 'issueNotCreated' : 'failed'
  if (f.loginRequired) return 'loginRequired'
  if (!s.comments || f.creatingIssue) return 'loadingComments'
  if (s.comments.data.length === 0) return 'noComments'
  return null
}

export const pageCount = (s: VssueState): number => (s.comments ? Math.max(1, Math.ceil(s.comments.count / s.query.perPage)) : 1)

/** Page sizes offered: 5, 10, 20, 50 and the configured one if under 100. */
export function perPageOptions(configured: number): number[] {
  const options = [5, 10, 20, 50]
  if (configured < 100 && !options.includes(configured)) options.push(configured)
  return options.sort((a, b) => a - b)
}

/** A page the reader may go to: a whole number from 1 to the page count. */
export const validPage = (s: VssueState, page: number): boolean => Number.isInteger(page) && page >= 1 && page <= pageCount(s) && page !== s.query.page

/** The new-comment box: its input and its submit. */
export const inputDisabled = (s: VssueState): boolean => s.flags.loadingComments || !isLoggedIn(s) || !s.issue
export const submitDisabled = (s: VssueState): boolean => s.draft.trim() === '' || isPending(s) || !s.issue

/** An edit is sent only when its text changed and nothing is pending. */
export function canSubmitEdit(s: VssueState, comment: Comment): boolean {
  const text = s.editing[key(comment.id)]
  return text !== undefined && text.trim() !== '' && text !== comment.contentRaw && !isPending(s)
}

/** The edit box's rows (spec §5): the text's line count minus one, at least 5; else the count plus 2. */
export function editRows(text: string): number {
  const lines = text.split('\n').length
  return lines - 1 < 5 ? 5 : lines + 2
}

/** Who may edit (the author) and delete (the author, or an admin) a comment. */
export const canEdit = (s: VssueState, comment: Comment): boolean => isLoggedIn(s) && s.user!.username === comment.author.username
export const canDelete = (s: VssueState, comment: Comment, admin: boolean): boolean => canEdit(s, comment) || (isLoggedIn(s) && admin)

/** The progress bar: +5 every tick up to 94 (spec §9); 100 when loading ends. */
export const nextProgress = (p: number): number => Math.min(94, p + 5)
