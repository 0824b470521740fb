/**
 * The box's calls to the comment store, through the LeanCloud SDK and with Valine 1.5's
 * semantics: a page's top-level comments (no `rid`) newest first, a page at a time; the replies
 * of the threads shown in one query by their root (`rid`); the top-level count; and the save.
 */
import type { AVObject, AVStatic } from './sdk/types.js'
import type { CommentView } from './comment.js'

const CLASS = 'Comment'
/** Replies of the threads on one page, in one query (the service's own cap). */
const REPLIES_LIMIT = 100
const KEYS = ['nick', 'link', 'comment', 'mailMd5', 'insertedAt', 'rid', 'pid', 'url']

let initialised = false

/**
 * Sets the SDK up once per page, for the comment service; a page-provided SDK that is set up
 * already is left as it is.
 */
export function initSdk(AV: AVStatic, options: { appId: string; appKey: string; serverURLs: string }): void {
  if (initialised || AV.applicationId) return
  AV.init({ ...options, disableCurrentUser: true })
  initialised = true
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '')

function dateOf(v: unknown): Date | undefined {
  if (v instanceof Date && !Number.isNaN(v.getTime())) return v
  if (typeof v === 'string' && !Number.isNaN(Date.parse(v))) return new Date(v)
  return undefined
}

/** A stored comment as the box shows it. */
export function toView(o: AVObject): CommentView {
  const rid = text(o.get('rid'))
  const pid = text(o.get('pid'))
  return {
    id: o.id ?? '',
    nick: text(o.get('nick')) || 'Anonymous',
    link: text(o.get('link')),
    html: text(o.get('comment')),
    mailMd5: text(o.get('mailMd5')),
    createdAt: dateOf(o.get('insertedAt')) ?? o.createdAt ?? new Date(),
    ...(rid ? { rid } : {}),
    ...(pid ? { pid } : {}),
  }
}

export interface NewComment {
  comment: string
  nick: string
  mail: string
  link: string
  url: string
  ua: string
  rid?: string
  pid?: string
}

export interface Saved {
  comment: CommentView
  /** The service holds it for moderation: not published yet. */
  held: boolean
}

export function commentApi(AV: AVStatic, url: string) {
  const roots = () => {
    const q = new AV.Query(CLASS)
    return q.equalTo('url', url).doesNotExist('rid')
  }
  return {
    /** Top-level comments, newest first. */
    async page(skip: number, limit: number): Promise<CommentView[]> {
      const found = await roots().select(...KEYS).descending('createdAt').skip(skip).limit(limit).find()
      return found.map(toView)
    },
    /** Every reply of these threads, oldest first. */
    async replies(rootIds: string[]): Promise<CommentView[]> {
      if (rootIds.length === 0) return []
      const q = new AV.Query(CLASS)
      const found = await q.equalTo('url', url).containedIn('rid', rootIds).select(...KEYS).ascending('createdAt').limit(REPLIES_LIMIT).find()
      return found.map(toView)
    },
    /** Top-level comments on the page. */
    count(): Promise<number> {
      return roots().count()
    },
    /** Saves a comment and reads back what the service stored (its sanitised HTML, its dates). */
    async save(fields: NewComment): Promise<Saved> {
      const Comment = AV.Object.extend(CLASS)
      const o = new Comment()
      for (const [k, v] of Object.entries(fields)) if (v !== undefined) o.set(k, v)
      const saved = await o.save(null, { fetchWhenSave: true })
      const status = saved.get('status')
      return { comment: toView(saved), held: typeof status === 'string' && status !== 'approved' }
    },
  }
}

export type CommentApi = ReturnType<typeof commentApi>
