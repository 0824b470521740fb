/**
 * One comment: avatar, author (text, linked only to an http(s) homepage), time, the platform's
 * HTML sanitised, reactions where the platform has them (each button named by its reaction),
 * and reply, edit (own) and delete (own, or any for an admin). Edit mode is a textarea sized by
 * spec §5's rows rule; Ctrl/Cmd+Enter submits it.
 */
import type { KeyboardEvent } from 'react'
import type { Messages } from './i18n.js'
import type { Comment, ReactionName } from './platform.js'
import { httpUrl, SafeHtml } from './sanitize.js'
import { canDelete, canEdit, canSubmitEdit, editRows, isLoggedIn, type VssueState } from './state.js'

export interface CommentActions {
  reply(comment: Comment): void
  editStart(comment: Comment): void
  editChange(comment: Comment, text: string): void
  editCancel(comment: Comment): void
  editSubmit(comment: Comment): void
  remove(comment: Comment): void
  react(comment: Comment, reaction: ReactionName): void
}

const REACTION_ICONS: Record<ReactionName, string> = { heart: '❤️', like: '👍', unlike: '👎' }
const REACTIONS: ReactionName[] = ['heart', 'like', 'unlike']

/** `2025-05-13 10:30` in the reader's time zone; the full instant in `dateTime`. */
function shortTime(iso: string): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return ''
  const two = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`
}

export function CommentItem(props: { comment: Comment; state: VssueState; admin: boolean; reactable: boolean; t: Messages; actions: CommentActions }) {
  const { comment: c, state: s, admin, reactable, t, actions } = props
  const id = String(c.id)
  const editing = s.editing[id]
  const busy = Boolean(s.busy[id])
  const homepage = httpUrl(c.author.homepage)
  const avatar = httpUrl(c.author.avatar)
  const onEditKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault()
      actions.editSubmit(c)
    }
  }
  return (
    <li className="vs-comment" data-comment-id={id}>
      {avatar ? <img className="vs-avatar" src={avatar} alt="" referrerPolicy="no-referrer" loading="lazy" /> : <span className="vs-avatar" aria-hidden="true" />}
      <div className="vs-comment-body">
        <div className="vs-comment-head">
          {homepage ? (
            <a className="vs-author" href={homepage} target="_blank" rel="nofollow noopener noreferrer">
              {c.author.username}
            </a>
          ) : (
            <span className="vs-author">{c.author.username}</span>
          )}
          <time dateTime={c.createdAt}>{shortTime(c.createdAt)}</time>
        </div>
        {editing === undefined ? (
          <SafeHtml className="vs-content" html={c.content} />
        ) : (
          <div className="vs-edit">
            <textarea aria-label={t.editEditor} rows={editRows(editing)} value={editing} disabled={busy} onChange={(e) => actions.editChange(c, e.target.value)} onKeyDown={onEditKey} />
            <div className="vs-row">
              <button type="button" className="vs-primary" disabled={!canSubmitEdit(s, c) && editing !== c.contentRaw} onClick={() => actions.editSubmit(c)}>
                {busy ? t.submitting : t.submit}
              </button>
              <button type="button" disabled={busy} onClick={() => actions.editCancel(c)}>
                {t.cancel}
              </button>
            </div>
          </div>
        )}
        <div className="vs-row">
          {reactable && c.reactions && (
            <div className="vs-reactions">
              {REACTIONS.map((r) => {
                const count = c.reactions![r]
                if (count === null) return null
                return (
                  <button key={r} type="button" aria-label={t.reactions[r]} title={t.reactions[r]} data-count={count} disabled={!isLoggedIn(s)} aria-busy={Boolean(s.reacting[`${id}:${r}`])} onClick={() => actions.react(c, r)}>
                    <span aria-hidden="true">{REACTION_ICONS[r]}</span> <span className="vs-reaction-count">{count}</span>
                  </button>
                )
              })}
            </div>
          )}
          <span className="vs-spacer" />
          {isLoggedIn(s) && editing === undefined && (
            <button type="button" className="vs-link" onClick={() => actions.reply(c)}>
              {t.reply}
            </button>
          )}
          {canEdit(s, c) && editing === undefined && (
            <button type="button" className="vs-link" disabled={busy} onClick={() => actions.editStart(c)}>
              {t.edit}
            </button>
          )}
          {canDelete(s, c, admin) && (
            <button type="button" className="vs-link" disabled={busy} onClick={() => actions.remove(c)}>
              {t.delete}
            </button>
          )}
        </div>
      </div>
    </li>
  )
}
