/**
 * Widget B's screen (spec §2 "Comment widget B screen"): the header (the count, linking to the
 * issue, and the powered-by line), the new-comment box, the notice area, the status line and the
 * paginated comment list (a second pagination above it when more than 5 comments show).
 */
import { useCallback, useMemo, useRef } from 'react'
import { useStoreState } from '../kit/store.js'
import { CommentItem, type CommentActions } from './comment-item.js'
import type { Flow } from './flow.js'
import type { Messages } from './i18n.js'
import { NewComment } from './new-comment.js'
import { Alert, Progress } from './notice.js'
import { Pagination } from './pagination.js'
import type { PlatformMeta } from './platform.js'
import { httpUrl } from './sanitize.js'
import { isAdmin, isPending, pageCount, perPageOptions, statusOf, type Status } from './state.js'
import type { StateStore } from './store.js'
import type { ResolvedOptions } from './options.js'

/** More comments than this shown: a second pagination above the list. */
const TOP_PAGINATION_ABOVE = 5

export interface BoxProps {
  store: StateStore
  flow: Flow
  meta: PlatformMeta
  options: ResolvedOptions
  t: Messages
}

export function Box({ store, flow, meta, options, t }: BoxProps) {
  const s = useStoreState(store)
  const editor = useRef<HTMLTextAreaElement>(null)
  const admin = isAdmin(s, options.owner, options.admins)
  const status = statusOf(s, admin)
  const clearAlert = useCallback((seq: number) => store.dispatch({ type: 'alertClear', seq }), [store])
  const actions = useMemo<CommentActions>(
    () => ({
      reply(comment) {
        store.dispatch({ type: 'reply', comment })
        editor.current?.focus()
      },
      editStart: (comment) => store.dispatch({ type: 'editStart', comment }),
      editChange: (comment, text) => store.dispatch({ type: 'editChange', id: comment.id, text }),
      editCancel: (comment) => store.dispatch({ type: 'editEnd', id: comment.id }),
      editSubmit: (comment) => void flow.submitEdit(comment),
      remove: (comment) => void flow.remove(comment),
      react: (comment, reaction) => void flow.react(comment, reaction),
    }),
    [store, flow],
  )
  const comments = s.comments
  const shown = comments?.data ?? []
  const issueLink = s.issue && httpUrl(s.issue.link)
  const pagination = (place: 'top' | 'bottom') => (
    <Pagination
      place={place}
      query={s.query}
      pages={pageCount(s)}
      sizes={perPageOptions(options.perPage)}
      sortable={meta.sortable}
      disabled={isPending(s)}
      t={t}
      onQuery={flow.setQuery}
    />
  )
  return (
    <>
      <Progress loading={s.flags.loadingComments} />
      <div className="vs-header">
        <span className="vs-count">{issueLink ? <a href={issueLink} target="_blank" rel="noopener noreferrer">{t.comments(comments?.count ?? 0)}</a> : t.comments(comments?.count ?? 0)}</span>
        <span className="vs-powered">
          {t.poweredBy}{' '}
          {httpUrl(meta.link) ? (
            <a href={meta.link} target="_blank" rel="noopener noreferrer">
              {meta.name}
            </a>
          ) : (
            meta.name
          )}{' '}
          &amp; Vssue
        </span>
      </div>
      <NewComment
        ref={editor}
        state={s}
        platformName={meta.name}
        t={t}
        onDraft={(text) => store.dispatch({ type: 'draft', text })}
        onSubmit={() => void flow.post()}
        onLogin={() => void flow.login()}
        onLogout={flow.logout}
      />
      <Alert alert={s.alert} onClear={clearAlert} />
      <StatusLine status={status} t={t} onClick={() => (status === 'issueNotCreated' ? void flow.createIssue() : status === 'loginRequired' ? void flow.login() : status === 'failed' ? void flow.init() : undefined)} />
      {comments && status === null && (
        <>
          {shown.length > TOP_PAGINATION_ABOVE && pagination('top')}
          <ul className="vs-list" aria-label={t.region}>
            {shown.map((c) => (
              <CommentItem key={String(c.id)} comment={c} state={s} admin={admin} reactable={meta.reactable} t={t} actions={actions} />
            ))}
          </ul>
          {pagination('bottom')}
        </>
      )}
    </>
  )
}

const STATUS_TEXT: Record<Exclude<Status, null>, keyof Messages> = {
  failed: 'failed',
  initializing: 'initializing',
  issueNotCreated: 'issueNotCreated',
  loginRequired: 'loginRequired',
  loadingComments: 'loadingComments',
  noComments: 'noComments',
}

function StatusLine({ status, t, onClick }: { status: Status; t: Messages; onClick: () => void }) {
  if (status === null) return <div className="vs-status" role="status" data-status="" hidden />
  const text = t[STATUS_TEXT[status]] as string
  const clickable = status === 'issueNotCreated' || status === 'loginRequired' || status === 'failed'
  return (
    <div className="vs-status" role="status" data-status={status}>
      {clickable ? (
        <button type="button" onClick={onClick}>
          {text}
        </button>
      ) : (
        text
      )}
    </div>
  )
}
