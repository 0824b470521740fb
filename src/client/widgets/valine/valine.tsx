/**
 * Widget A, the visitor comment box (spec "Comment widget A"): loads the LeanCloud SDK (its own
 * chunk), talks to the comment service, and draws the state of `state.ts`. Mounted by the
 * registry when the article's comment slot nears the viewport; keyed by the page, so a
 * client-side navigation never shows the previous page's comments.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react'
import type { ValineClientConfig } from '../../../shared/valine-config.js'
import type { WidgetProps } from '../types.js'
import { commentApi, initSdk, type CommentApi, type NewComment } from './api.js'
import { lastSubmit, readMeta, rememberMeta, rememberSubmit } from './cache.js'
import { Card } from './card.js'
import { replyTargetOf, type CommentView } from './comment.js'
import { Editor, loadMarkdown, type SubmitOutcome } from './editor.js'
import { emojiSet, replaceEmojiCodes } from './emoji.js'
import { escapeHtml } from './escape.js'
import { describeError } from './errors.js'
import { messagesFor } from './i18n.js'
import { pageKey, resolveOptions, serviceAddress } from './options.js'
import { loadSdk } from './sdk/load-sdk.js'
import { hasMore, initialState, reduce } from './state.js'
import { injectStyles } from './styles.js'
import { checkDraft, type Draft } from './validate.js'

/** A validation tip stays this long (spec §9). */
const TIP_MS = 3000
/** Relative times are refreshed this often. */
const CLOCK_MS = 30_000

/**
 * Called after each successful post with what was submitted (Valine's `onCommentSubmitted`
 * option; a function can't travel in the site config, so a site sets it on `window`).
 */
declare global {
  interface Window {
    onCommentSubmitted?: (comment: NewComment & { objectId: string; held: boolean }) => void
  }
}

/** The `@nick` link a reply starts with (Valine's), inside the first paragraph when there is one. */
export function withReplyLink(html: string, target: { id: string; nick: string }): string {
  const at = `<a class="at" href="#${escapeHtml(target.id)}">@${escapeHtml(target.nick)} </a>`
  return html.startsWith('<p>') ? `<p>${at}${html.slice(3)}` : at + html
}

export default function Valine({ props }: WidgetProps) {
  const config = useMemo(() => resolveOptions(props.config), [props.config])
  const routePath = typeof props.path === 'string' ? props.path : ''
  const url = pageKey(config.path, routePath || (typeof location === 'undefined' ? '/' : location.pathname))
  // A new page is a new box: nothing of the last page's state survives.
  return <CommentBox key={url} config={config} url={url} />
}

function CommentBox({ config, url }: { config: ValineClientConfig; url: string }) {
  const t = messagesFor(config.lang)
  const [state, dispatch] = useReducer(reduce, initialState)
  const [now, setNow] = useState(() => new Date())
  const api = useRef<CommentApi | undefined>(undefined)
  const [initialMeta] = useState(() => readMeta())
  const emojiMap = useMemo(() => Object.fromEntries(emojiSet(config.emojiMaps)), [config.emojiMaps])

  const connect = useCallback(async (): Promise<CommentApi> => {
    if (api.current) return api.current
    const AV = await loadSdk()
    initSdk(AV, { appId: config.appId, appKey: config.appKey, serverURLs: serviceAddress(config, document) })
    return (api.current = commentApi(AV, url))
  }, [config, url])

  const load = useCallback(async () => {
    dispatch({ type: 'loading' })
    try {
      const a = await connect()
      const [count, roots] = await Promise.all([a.count(), a.page(0, config.pageSize)])
      const replies = await a.replies(roots.map((r) => r.id))
      dispatch({ type: 'loaded', roots, replies, count })
    } catch (err) {
      dispatch({ type: 'loadFailed', error: describeError(err, t) })
    }
  }, [connect, config.pageSize, t])

  useEffect(() => {
    injectStyles(document)
    void load()
    const clock = setInterval(() => setNow(new Date()), CLOCK_MS)
    return () => clearInterval(clock)
  }, [load])

  // Validation tips go away after 3 s; notices stay.
  useEffect(() => {
    const tip = state.tip
    if (!tip?.transient) return
    const timer = setTimeout(() => dispatch({ type: 'clearTip', seq: tip.seq }), TIP_MS)
    return () => clearTimeout(timer)
  }, [state.tip])

  const loadMore = async () => {
    dispatch({ type: 'moreStarted' })
    try {
      const a = await connect()
      const roots = await a.page(state.skip, config.pageSize)
      const replies = await a.replies(roots.map((r) => r.id))
      dispatch({ type: 'moreLoaded', roots, replies })
    } catch (err) {
      dispatch({ type: 'moreFailed', error: describeError(err, t) })
    }
  }

  const submit = async (draft: Draft): Promise<SubmitOutcome> => {
    const checked = checkDraft(draft, config, Date.now(), lastSubmit())
    if (!checked.ok) {
      const r = checked.refusal
      if (r.kind === 'empty') return { focus: 'text' }
      dispatch({ type: 'tip', text: r.kind === 'busy' ? t.busy : r.kind === 'nick' ? t.nickShort : t.mailInvalid })
      return r.kind === 'busy' ? {} : { focus: r.kind }
    }
    dispatch({ type: 'submitStarted' })
    try {
      const { renderMarkdown } = await loadMarkdown()
      const target = state.replyTo
      // No `images`: pasted images stayed on this machine, so the posted comment names them instead.
      const html = renderMarkdown(replaceEmojiCodes(draft.text, emojiMap), { imageLabel: t.imageAlt }).trim()
      const fields: NewComment = {
        comment: target ? withReplyLink(html, target) : html,
        ...checked.meta,
        url,
        ua: navigator.userAgent.slice(0, 500),
        ...(target ? { rid: target.rootId, pid: target.id } : {}),
      }
      const a = await connect()
      const saved = await a.save(fields)
      rememberMeta(checked.meta)
      rememberSubmit(Date.now())
      dispatch({ type: 'posted', comment: saved.comment, held: saved.held, heldText: t.held })
      try {
        window.onCommentSubmitted?.({ ...fields, objectId: saved.comment.id, held: saved.held })
      } catch (err) {
        console.error('[gptnotes] onCommentSubmitted:', err)
      }
      return { reset: true }
    } catch (err) {
      dispatch({ type: 'submitFailed', error: describeError(err, t) })
      return {}
    }
  }

  const reply = (c: CommentView) => dispatch({ type: 'reply', target: replyTargetOf(c) })

  return (
    <section className="vbox" aria-label={t.region} lang={config.lang}>
      <Editor
        config={config}
        t={t}
        initialMeta={initialMeta}
        replyTo={state.replyTo}
        submitting={state.submitting}
        tip={state.tip}
        onSubmit={submit}
        onCancelReply={() => dispatch({ type: 'cancelReply' })}
      />
      {state.phase === 'loading' && <p className="vloading">{t.loading}</p>}
      {state.phase === 'failed' && state.loadError?.kind === 'message' && (
        <p className="vfailed" role="alert">
          {state.loadError.text}
          {state.loadError.retry && (
            <button type="button" onClick={() => void load()}>
              {t.retry}
            </button>
          )}
        </p>
      )}
      {state.phase === 'ready' && state.count === 0 && <p className="vempty">{t.empty}</p>}
      {state.phase === 'ready' && state.count > 0 && <p className="vcount">{t.count(state.count)}</p>}
      {state.roots.length > 0 && (
        <ul className="vlist">
          {state.roots.map((c) => (
            <Card key={c.id} comment={c} replies={state.replies[c.id]} avatar={config.avatar} t={t} now={now} onReply={reply} />
          ))}
        </ul>
      )}
      {hasMore(state) && (
        <button type="button" className="vmore" disabled={state.loadingMore} onClick={() => void loadMore()}>
          {t.more}
        </button>
      )}
    </section>
  )
}
