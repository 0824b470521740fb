/**
 * Widget A, the visitor comment box (spec "Comment widget A"): makes the store and the flow
 * (`flow.ts`: the loads and the submit, through the LeanCloud SDK, its own chunk), draws the
 * state of `state.ts` and hands the reader's actions to the flow. Mounted by the
 * registry when the article's comment slot nears the viewport; keyed by the page, so a
 * client-side navigation never shows the previous page's comments.
 */
import { useEffect, useMemo, useState } from 'react'
import type { ValineOptions as ValineClientConfig, ValineSlotProps } from '../../../shared/widgets/valine.js'
import { createStore, useStoreState } from '../kit/store.js'
import type { WidgetProps } from '../types.js'
import { commentApi, initSdk } from './api.js'
import { browserStorage } from './cache.js'
import { Card } from './card.js'
import { Editor, loadMarkdown } from './editor.js'
import { createFlow, type Submitted } from './flow.js'
import { anonymousIn, messagesFor } from './i18n.js'
import { pageKey } from './options.js'
import { loadSdk } from './sdk/load-sdk.js'
import { hasMore, initialState, reduce } from './state.js'
import { injectStyles } from './styles.js'

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
    onCommentSubmitted?: (comment: Submitted) => void
  }
}

export default function Valine({ props }: WidgetProps<ValineSlotProps>) {
  const { config, path: routePath, lang } = props
  const url = pageKey(config.path, routePath || (typeof location === 'undefined' ? '/' : location.pathname))
  // A new page is a new box: nothing of the last page's state survives.
  return <CommentBox key={url} config={config} url={url} pageLang={lang} />
}

function CommentBox({ config, url, pageLang }: { config: ValineClientConfig; url: string; pageLang?: string }) {
  // The box's own language, but a comment without a nick is named in the page's.
  const t = useMemo(() => ({ ...messagesFor(config.lang), anonymous: anonymousIn(pageLang ?? config.lang, config.lang) }), [config.lang, pageLang])
  // A new config (the site's, rebuilt) starts over, as a new page does.
  const { store, flow } = useMemo(() => {
    const store = createStore(reduce, initialState)
    const connect = async () => {
      const AV = await loadSdk()
      initSdk(AV, { appId: config.appId, appKey: config.appKey, serverURLs: config.serverURLs })
      return commentApi(AV, url)
    }
    const flow = createFlow(
      { config, url, t, connect, markdown: loadMarkdown, now: Date.now, storage: browserStorage(), userAgent: navigator.userAgent, onSubmitted: (c) => window.onCommentSubmitted?.(c), log: console },
      store,
    )
    return { store, flow }
  }, [config, url, t])
  const state = useStoreState(store)
  const [now, setNow] = useState(() => new Date())
  const initialMeta = useMemo(flow.rememberedMeta, [flow])

  useEffect(() => {
    injectStyles(document)
    void flow.load()
    const clock = setInterval(() => setNow(new Date()), CLOCK_MS)
    return () => clearInterval(clock)
  }, [flow])

  // Validation tips go away after 3 s; notices stay.
  useEffect(() => {
    const tip = state.tip
    if (!tip?.transient) return
    const timer = setTimeout(() => flow.clearTip(tip.seq), TIP_MS)
    return () => clearTimeout(timer)
  }, [state.tip, flow])

  return (
    <section className="vbox" aria-label={t.region} lang={config.lang}>
      <Editor
        config={config}
        t={t}
        initialMeta={initialMeta}
        replyTo={state.replyTo}
        submitting={state.submitting}
        tip={state.tip}
        onSubmit={flow.submit}
        onCancelReply={flow.cancelReply}
      />
      {state.phase === 'loading' && <p className="vloading">{t.loading}</p>}
      {state.phase === 'failed' && state.loadError?.kind === 'message' && (
        <p className="vfailed" role="alert">
          {state.loadError.text}
          {state.loadError.retry && (
            <button type="button" onClick={() => void flow.load()}>
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
            <Card key={c.id} comment={c} replies={state.replies[c.id]} avatar={config.avatar} t={t} now={now} onReply={flow.reply} />
          ))}
        </ul>
      )}
      {hasMore(state) && (
        <button type="button" className="vmore" disabled={state.loadingMore} onClick={() => void flow.loadMore()}>
          {t.more}
        </button>
      )}
    </section>
  )
}
