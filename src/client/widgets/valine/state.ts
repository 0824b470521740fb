/**
 * The box's state and every change to it, as a pure reducer (the view only draws it): the
 * page's top-level comments newest first, each thread's replies oldest first, the count,
 * paging, the reply target, the submit in flight, and what the box tells the reader.
 */
import type { CommentView, ReplyTarget } from './comment.js'
import type { ShownError } from './errors.js'

export type Phase = 'loading' | 'ready' | 'failed'

/** A short message under the editor: a validation tip (cleared after 3 s) or a notice that stays. */
export interface Tip {
  text: string
  tone: 'info' | 'error'
  /** Cleared by the box after 3 s (validation tips); notices stay until the next submit. */
  transient: boolean
  /** Distinguishes two equal tips in a row, so each gets its own 3 s. */
  seq: number
}

export interface BoxState {
  phase: Phase
  /** The load's failure, shown instead of the list (with a retry when the service is away). */
  loadError?: ShownError
  roots: CommentView[]
  /** Replies by thread root id, oldest first. */
  replies: Record<string, CommentView[]>
  /** Top-level comments on the page (the count line). */
  count: number
  /** Top-level comments shown, the next page's skip (bumped by the reader's own posts). */
  skip: number
  loadingMore: boolean
  replyTo?: ReplyTarget
  submitting: boolean
  tip?: Tip
}

export type Action =
  | { type: 'loading' }
  | { type: 'loaded'; roots: CommentView[]; replies: CommentView[]; count: number }
  | { type: 'loadFailed'; error: ShownError }
  | { type: 'moreStarted' }
  | { type: 'moreLoaded'; roots: CommentView[]; replies: CommentView[] }
  | { type: 'moreFailed'; error: ShownError }
  | { type: 'reply'; target: ReplyTarget }
  | { type: 'cancelReply' }
  | { type: 'submitStarted' }
  | { type: 'posted'; comment: CommentView; held: boolean; heldText: string }
  | { type: 'submitFailed'; error: ShownError }
  | { type: 'tip'; text: string; tone?: Tip['tone'] }
  | { type: 'clearTip'; seq: number }

export const initialState: BoxState = { phase: 'loading', roots: [], replies: {}, count: 0, skip: 0, loadingMore: false, submitting: false }

let tipSeq = 0
const tip = (text: string, tone: Tip['tone'], transient: boolean): Tip => ({ text, tone, transient, seq: ++tipSeq })

/** Replies grouped under their roots, oldest first, without repeats. */
function addReplies(into: Record<string, CommentView[]>, replies: CommentView[]): Record<string, CommentView[]> {
  const out = { ...into }
  for (const r of replies) {
    const root = r.rid
    if (!root) continue
    const list = out[root] ?? []
    if (list.some((x) => x.id === r.id)) continue
    out[root] = [...list, r].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
  }
  return out
}

/** Roots appended in order, skipping any already shown (a reader's own post shifts the pages). */
const addRoots = (shown: CommentView[], more: CommentView[]) => [...shown, ...more.filter((m) => !shown.some((s) => s.id === m.id))]

/** Whether another page of top-level comments exists. */
export const hasMore = (s: BoxState): boolean => s.phase === 'ready' && s.skip < s.count

export function reduce(s: BoxState, a: Action): BoxState {
  switch (a.type) {
    case 'loading':
      return { ...initialState, replyTo: s.replyTo }
    case 'loaded':
      return { ...s, phase: 'ready', loadError: undefined, roots: a.roots, replies: addReplies({}, a.replies), count: Math.max(a.count, a.roots.length), skip: a.roots.length }
    case 'loadFailed':
      return { ...s, phase: a.error.kind === 'empty' ? 'ready' : 'failed', loadError: a.error.kind === 'empty' ? undefined : a.error }
    case 'moreStarted':
      return { ...s, loadingMore: true }
    case 'moreLoaded':
      return { ...s, loadingMore: false, roots: addRoots(s.roots, a.roots), replies: addReplies(s.replies, a.replies), skip: s.skip + a.roots.length, count: a.roots.length === 0 ? s.skip : s.count }
    case 'moreFailed':
      return { ...s, loadingMore: false, tip: a.error.kind === 'empty' ? undefined : tip(a.error.text, 'error', false) }
    case 'reply':
      return { ...s, replyTo: a.target }
    case 'cancelReply':
      return { ...s, replyTo: undefined }
    case 'submitStarted':
      return { ...s, submitting: true, tip: undefined }
    case 'posted': {
      const done = { ...s, submitting: false, replyTo: undefined }
      if (a.held) return { ...done, tip: tip(a.heldText, 'info', false) }
      const c = a.comment
      if (c.rid) return { ...done, replies: addReplies(s.replies, [c]) }
      // A top-level comment: counted, on top, and the next page starts one later.
      return { ...done, roots: [c, ...s.roots], count: s.count + 1, skip: s.skip + 1 }
    }
    case 'submitFailed':
      return { ...s, submitting: false, tip: a.error.kind === 'empty' ? undefined : tip(a.error.text, 'error', false) }
    case 'tip':
      return { ...s, tip: tip(a.text, a.tone ?? 'error', true) }
    case 'clearTip':
      return s.tip?.seq === a.seq ? { ...s, tip: undefined } : s
  }
}
