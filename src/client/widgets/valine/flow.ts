/**
 * What widget A does, step by step: the first load (count, first page, their replies), the
 * next pages, and the submit with its refusals (spec §4). Each step reads the current state and
 * dispatches actions of `state.ts`; the comment store, the markdown renderer, the clock, the
 * reader's storage and the `onCommentSubmitted` hook come in, so tests run it with their own.
 */
import type { ValineOptions as ValineClientConfig, ValineMetaField } from '../../../shared/widgets/valine.js'
import { loadOnce } from '../../lazy.js'
import type { Store } from '../kit/store.js'
import type { CommentApi, NewComment } from './api.js'
import type { BoxStorage } from './cache.js'
import { metaCache } from './cache.js'
import { replyTargetOf, type CommentView } from './comment.js'
import { emojiSet, replaceEmojiCodes } from './emoji.js'
import { describeError } from './errors.js'
import { escapeHtml } from '../../../shared/escape.js'
import type { Messages } from './i18n.js'
import type { RenderOptions } from './preview.js'
import type { Action, BoxState } from './state.js'
import { checkDraft, type Draft } from './validate.js'

/** What the box asks of the editor after a submit: where focus goes, and whether to clear. */
export interface SubmitOutcome {
  focus?: 'text' | ValineMetaField
  reset?: boolean
}

/** What a successful post hands to the site's `onCommentSubmitted`. */
export type Submitted = NewComment & { objectId: string; held: boolean }

export interface FlowDeps {
  config: Pick<ValineClientConfig, 'pageSize' | 'meta' | 'requiredFields' | 'emojiMaps'>
  /** The page's comment key. */
  url: string
  t: Messages
  /** The comment store's calls; connecting may load the SDK, so it happens on first use, once. */
  connect: () => Promise<CommentApi>
  /** The markdown renderer (its own chunk). */
  markdown: () => Promise<{ renderMarkdown: (text: string, options?: RenderOptions) => string }>
  /** Milliseconds since the epoch (the 20 s guard). */
  now: () => number
  /** Where the meta fields and the last post's time are remembered; none: nothing is. */
  storage: BoxStorage | undefined
  /** Sent with each comment, as Valine did (cut to 500 characters). */
  userAgent: string
  /** Called after each successful post (the site's `window.onCommentSubmitted`). */
  onSubmitted?: (comment: Submitted) => void
  log: Pick<Console, 'error'>
}

/** The `@nick` link a reply starts with (Valine's), inside the first paragraph when there is one. */
export function withReplyLink(html: string, target: { id: string; nick: string }): string {
  const at = `<a class="at" href="#${escapeHtml(target.id)}">@${escapeHtml(target.nick)} </a>`
  return html.startsWith('<p>') ? `<p>${at}${html.slice(3)}` : at + html
}

export type Flow = ReturnType<typeof createFlow>

export function createFlow(deps: FlowDeps, store: Pick<Store<BoxState, Action>, 'get' | 'dispatch'>) {
  const { config, url, t, log } = deps
  const { get, dispatch } = store
  const cache = metaCache(deps.storage)
  const api = loadOnce(deps.connect)
  const emojiMap = Object.fromEntries(emojiSet(config.emojiMaps))

  /** The count, the first page of top-level comments and their replies. */
  async function load(): Promise<void> {
    dispatch({ type: 'loading' })
    try {
      const a = await api()
      const [count, roots] = await Promise.all([a.count(), a.page(0, config.pageSize)])
      const replies = await a.replies(roots.map((r) => r.id))
      dispatch({ type: 'loaded', roots, replies, count })
    } catch (err) {
      dispatch({ type: 'loadFailed', error: describeError(err, t) })
    }
  }

  /** The next page, from the shown count on (the reader's own posts shift it). */
  async function loadMore(): Promise<void> {
    if (get().loadingMore) return
    dispatch({ type: 'moreStarted' })
    try {
      const a = await api()
      const roots = await a.page(get().skip, config.pageSize)
      const replies = await a.replies(roots.map((r) => r.id))
      dispatch({ type: 'moreLoaded', roots, replies })
    } catch (err) {
      dispatch({ type: 'moreFailed', error: describeError(err, t) })
    }
  }

  /** Checks the draft (spec §4's order), renders it, saves it, and says what the editor does next. */
  async function submit(draft: Draft): Promise<SubmitOutcome> {
    const checked = checkDraft(draft, config, deps.now(), cache.lastSubmit())
    if (!checked.ok) {
      const r = checked.refusal
      if (r.kind === 'empty') return { focus: 'text' }
      dispatch({ type: 'tip', text: r.kind === 'busy' ? t.busy : r.kind === 'nick' ? t.nickShort : t.mailInvalid })
      return r.kind === 'busy' ? {} : { focus: r.kind }
    }
    dispatch({ type: 'submitStarted' })
    try {
      const { renderMarkdown } = await deps.markdown()
      const target = get().replyTo
      // No `images`: pasted images stayed on this machine, so the posted comment names them instead.
      const html = renderMarkdown(replaceEmojiCodes(draft.text, emojiMap), { imageLabel: t.imageAlt }).trim()
      const fields: NewComment = {
        comment: target ? withReplyLink(html, target) : html,
        ...checked.meta,
        url,
        ua: deps.userAgent.slice(0, 500),
        ...(target ? { rid: target.rootId, pid: target.id } : {}),
      }
      const saved = await (await api()).save(fields)
      cache.rememberMeta(checked.meta)
      cache.rememberSubmit(deps.now())
      dispatch({ type: 'posted', comment: saved.comment, held: saved.held, heldText: t.held })
      try {
        deps.onSubmitted?.({ ...fields, objectId: saved.comment.id, held: saved.held })
      } catch (err) {
        log.error('[gptnotes] onCommentSubmitted:', err)
      }
      return { reset: true }
    } catch (err) {
      dispatch({ type: 'submitFailed', error: describeError(err, t) })
      return {}
    }
  }

  return {
    load,
    loadMore,
    submit,
    /** The meta fields remembered from the last post, for the editor's first render. */
    rememberedMeta: () => cache.readMeta(),
    reply: (c: CommentView) => dispatch({ type: 'reply', target: replyTargetOf(c) }),
    cancelReply: () => dispatch({ type: 'cancelReply' }),
    /** A validation tip's 3 s are over (a newer tip keeps its own). */
    clearTip: (seq: number) => dispatch({ type: 'clearTip', seq }),
  }
}
