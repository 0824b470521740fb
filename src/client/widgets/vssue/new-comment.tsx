/**
 * The new-comment box: the reader's avatar and name, the editor (disabled while loading, logged
 * out or without an issue), and login, logout and submit. Ctrl/Cmd+Enter submits.
 */
import { forwardRef, type KeyboardEvent } from 'react'
import type { Messages } from './i18n.js'
import { httpUrl } from './sanitize.js'
import { inputDisabled, isLoggedIn, submitDisabled, type VssueState } from './state.js'

export interface NewCommentProps {
  state: VssueState
  platformName: string
  t: Messages
  onDraft(text: string): void
  onSubmit(): void
  onLogin(): void
  onLogout(): void
}

export const NewComment = forwardRef<HTMLTextAreaElement, NewCommentProps>(function NewComment({ state: s, platformName, t, onDraft, onSubmit, onLogin, onLogout }, ref) {
  const user = isLoggedIn(s) ? s.user : null
  const avatar = user && httpUrl(user.avatar)
  const homepage = user && httpUrl(user.homepage)
  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault()
      onSubmit()
    }
  }
  return (
    <div className="vs-new">
      {avatar ? <img className="vs-avatar" src={avatar} alt="" referrerPolicy="no-referrer" /> : <span className="vs-avatar" aria-hidden="true" />}
      <div className="vs-new-body">
        <textarea
          ref={ref}
          aria-label={t.editor}
          rows={5}
          value={s.draft}
          placeholder={user ? t.placeholder : t.noLoginPlaceholder}
          disabled={inputDisabled(s)}
          onChange={(e) => onDraft(e.target.value)}
          onKeyDown={onKey}
        />
        <div className="vs-row">
          {user ? (
            <span className="vs-user">
              {t.currentUser}:{' '}
              {homepage ? (
                <a href={homepage} target="_blank" rel="nofollow noopener noreferrer">
                  {user.username}
                </a>
              ) : (
                user.username
              )}
            </span>
          ) : (
            <span className="vs-user">{t.loginToComment(platformName)}</span>
          )}
          <span className="vs-spacer" />
          {user ? (
            <>
              <button type="button" onClick={onLogout}>
                {t.logout}
              </button>
              <button type="button" className="vs-primary" disabled={submitDisabled(s)} onClick={onSubmit}>
                {s.flags.creatingComment ? t.submitting : t.submitComment}
              </button>
            </>
          ) : (
            <button type="button" className="vs-primary" disabled={s.flags.initializing && !s.flags.failed} onClick={onLogin}>
              {t.login(platformName)}
            </button>
          )}
        </div>
      </div>
    </div>
  )
})
