/**
 * What widget B does, step by step (Vssue 1.4's store methods): the init flow, login and
 * logout, issue creation, the comment loads with their error rules (spec §8), posting, editing,
 * deleting and reactions. Each step reads the current state and dispatches actions of
 * `state.ts`; the platform, storage, `confirm` and the console come in, so tests run it with
 * their own.
 */
import { loginUrl, readToken, redirectUriOf, saveToken, takeCallback, type AuthEnv } from './auth.js'
import type { Messages } from './i18n.js'
import { PlatformError, type Comment, type CommentsQuery, type Platform, type PlatformName, type ReactionName } from './platform.js'
import { canSubmitEdit, isAdmin, isLoggedIn, perPageOptions, submitDisabled, validPage, type Action, type VssueState } from './state.js'
import type { ResolvedOptions } from './options.js'

export interface FlowDeps {
  platform: Platform
  name: PlatformName
  options: ResolvedOptions
  /** The page's title for the issue (without the prefix). */
  title: string
  env: AuthEnv
  t: Messages
  confirm: (text: string) => boolean
  log: Pick<Console, 'error' | 'warn'>
}

export interface Store {
  get(): VssueState
  dispatch(action: Action): void
}

/** The HTTP status of a failure; a call that got no answer is 0. */
function statusOf(err: unknown): number | undefined {
  if (err instanceof PlatformError) return err.status
  if (err instanceof TypeError) return 0
  return undefined
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err))

export type Flow = ReturnType<typeof createFlow>

export function createFlow(deps: FlowDeps, store: Store) {
  const { platform, name, options, env, t, log } = deps
  const get = store.get
  const dispatch = store.dispatch
  const admin = () => isAdmin(get(), options.owner, options.admins)
  const token = () => get().token
  /** A 401 or 403 means login is required; on GitHub v3 a call with no answer counts as 403 (its rate-limit refusals carry no CORS headers). */
  const needsLogin = (err: unknown) => {
    const status = statusOf(err)
    return status === 401 || status === 403 || (name === 'github' && status === 0)
  }
  const alert = (text: string) => dispatch({ type: 'alert', text })
  /** Each load is numbered: an answer to an older one never replaces a newer one's. */
  let loads = 0
  /** Set when a newer init (a remount, a logout) makes this one's answers stale. */
  let disposed = false

  async function handleAuth(): Promise<void> {
    let fresh: string | null = null
    const callback = takeCallback(env, name)
    if (callback.kind === 'code') {
      try {
        fresh = await platform.exchangeCode({ code: callback.code, codeVerifier: callback.codeVerifier })
        saveToken(env, name, fresh)
      } catch (err) {
        log.error('[Vssue] login failed:', messageOf(err))
        alert(messageOf(err))
      }
    } else if (callback.kind === 'error' && callback.description) {
      alert(callback.description)
    }
    const stored = fresh ?? readToken(env, name)
    if (!stored) return dispatch({ type: 'auth', token: null, user: null })
    try {
      const user = await platform.getUser(stored)
      dispatch({ type: 'auth', token: stored, user })
    } catch (err) {
      // A token the platform no longer takes (expired, revoked): logged out, not stuck.
      if (statusOf(err) !== 401) throw err
      saveToken(env, name, null)
      dispatch({ type: 'auth', token: null, user: null })
    }
  }

  async function loadComments(): Promise<void> {
    const s = get()
    if (!s.issue || disposed) return
    const mine = ++loads
    dispatch({ type: 'loadingComments' })
    try {
      const comments = await platform.getComments({ token: s.token, issueId: s.issue.id, query: s.query })
      if (mine === loads && !disposed) dispatch({ type: 'comments', comments })
    } catch (err) {
      if (mine !== loads || disposed) return
      if (needsLogin(err) && !isLoggedIn(get())) {
        dispatch({ type: 'commentsFailed', loginRequired: true })
        return
      }
      dispatch({ type: 'commentsFailed', loginRequired: false })
      alert(messageOf(err))
      throw err
    }
  }

  /** A reload after a reader's action: its failure is already shown as the alert. */
  const reload = () => loadComments().catch((err: unknown) => log.error('[Vssue]', err))

  function issueContent(): string {
    const url = redirectUriOf(env.location.href)
    return options.issueContent ? options.issueContent.replace(/\{url\}/g, url) : url
  }

  async function createIssue(): Promise<void> {
    const s = get()
    if (s.issue || options.issueId) return
    if (!isLoggedIn(s)) return login()
    if (!admin()) return
    dispatch({ type: 'creatingIssue', on: true })
    try {
      const issue = await platform.postIssue({ token: s.token!, title: options.issueTitle(deps.title), content: issueContent() })
      dispatch({ type: 'issue', issue })
      dispatch({ type: 'creatingIssue', on: false })
      await loadComments()
    } catch (err) {
      log.error('[Vssue] failed to create the issue:', err)
      dispatch({ type: 'issueFailed' })
    }
  }

  async function initComments(): Promise<void> {
    const tk = token()
    if (options.issueId) {
      dispatch({ type: 'loadingComments' })
      const [issue, comments] = await Promise.all([
        platform.getIssue({ token: tk, issueId: options.issueId }),
        platform.getComments({ token: tk, issueId: options.issueId, query: get().query }),
      ])
      // A 404 for a fixed issue: it does not exist, and cannot be made here.
      if (!issue) throw new PlatformError(404, `Issue ${options.issueId} not found`)
      dispatch({ type: 'issue', issue })
      dispatch({ type: 'comments', comments })
      return
    }
    const issue = await platform.getIssue({ token: tk, issueTitle: options.issueTitle(deps.title) })
    if (disposed) return
    dispatch({ type: 'issue', issue })
    if (issue) return loadComments()
    // Created at once only for an admin already logged in: a reader is never sent to log in unasked.
    if (options.autoCreateIssue && admin()) await createIssue()
  }

  async function init(): Promise<void> {
    dispatch({ type: 'reset', perPage: options.perPage })
    try {
      await handleAuth()
      await initComments()
      if (!disposed) dispatch({ type: 'initDone' })
    } catch (err) {
      if (disposed) return
      log.error('[Vssue]', err)
      dispatch({ type: 'initFailed', loginRequired: needsLogin(err) })
    }
  }

  async function login(): Promise<void> {
    if (options.missingService) {
      log.error(`[Vssue] ${t.noService}`)
      return alert(t.noService)
    }
    env.location.assign(await loginUrl(env, name, options.state, (auth) => platform.authorizeUrl(auth)))
  }

  function logout(): void {
    saveToken(env, name, null)
    dispatch({ type: 'auth', token: null, user: null })
  }

  function setQuery(query: Partial<CommentsQuery>): void {
    const s = get()
    if (query.page !== undefined && !validPage(s, query.page)) return
    if (query.perPage !== undefined) {
      if (query.perPage === s.query.perPage || !perPageOptions(options.perPage).includes(query.perPage)) return
      // A new page size starts again at page 1.
      query = { ...query, page: 1 }
    }
    if (query.sort !== undefined && (query.sort === s.query.sort || !platform.meta.sortable)) return
    dispatch({ type: 'query', query })
    void reload()
  }

  async function post(): Promise<void> {
    const s = get()
    if (submitDisabled(s) || !isLoggedIn(s)) return
    dispatch({ type: 'creatingComment', on: true })
    try {
      await platform.postComment({ token: s.token!, issueId: s.issue!.id, content: s.draft })
    } catch (err) {
      dispatch({ type: 'creatingComment', on: false })
      return alert(messageOf(err))
    }
    dispatch({ type: 'posted' })
    await reload()
  }

  async function submitEdit(comment: Comment): Promise<void> {
    const s = get()
    const text = s.editing[String(comment.id)]
    if (text === undefined) return
    if (text === comment.contentRaw) return dispatch({ type: 'editEnd', id: comment.id })
    if (!canSubmitEdit(s, comment)) return
    dispatch({ type: 'updatingComment', id: comment.id, on: true })
    try {
      const updated = await platform.putComment({ token: s.token!, issueId: s.issue!.id, commentId: comment.id, content: text })
      dispatch({ type: 'updated', comment: updated })
    } catch (err) {
      alert(messageOf(err))
    } finally {
      dispatch({ type: 'updatingComment', id: comment.id, on: false })
    }
  }

  async function remove(comment: Comment): Promise<void> {
    const s = get()
    if (!isLoggedIn(s) || !s.issue || s.busy[String(comment.id)]) return
    if (!deps.confirm(t.deleteConfirm)) return
    dispatch({ type: 'deleting', id: comment.id, on: true })
    let ok = false
    try {
      ok = await platform.deleteComment({ token: s.token!, issueId: s.issue.id, commentId: comment.id })
    } catch (err) {
      log.error('[Vssue]', err)
    }
    if (!ok) {
      dispatch({ type: 'deleting', id: comment.id, on: false })
      return alert(t.deleteFailed)
    }
    // The count drops and the row goes; the page steps back when it is now past the last one.
    dispatch({ type: 'deleted', id: comment.id })
    await reload()
  }

  async function react(comment: Comment, reaction: ReactionName): Promise<void> {
    const s = get()
    const k = `${String(comment.id)}:${reaction}`
    if (!isLoggedIn(s) || !s.issue || s.reacting[k]) return
    dispatch({ type: 'reacting', id: comment.id, reaction, on: true })
    try {
      const added = await platform.postCommentReaction({ token: s.token!, issueId: s.issue.id, commentId: comment.id, reaction })
      if (!added) alert(t.reactionGiven(t.reactions[reaction]))
      const reactions = await platform.getCommentReactions({ token: s.token!, issueId: s.issue.id, commentId: comment.id })
      dispatch({ type: 'reactions', id: comment.id, reactions })
    } catch (err) {
      alert(messageOf(err))
    } finally {
      dispatch({ type: 'reacting', id: comment.id, reaction, on: false })
    }
  }

  return {
    init,
    login,
    logout,
    createIssue,
    setQuery,
    post,
    submitEdit,
    remove,
    react,
    dispose: () => {
      disposed = true
    },
  }
}
