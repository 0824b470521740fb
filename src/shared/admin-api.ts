/**
 * The owner's admin API (`/admin`) as both ends see it, declared once: the service answers in
 * these shapes (`src/proxy/routes/admin.ts`, `src/proxy/moderate/moderator.ts`) and the owner's
 * page reads them (`src/admin/api.ts`). Types and two constants only.
 */

export type CommentStatus = 'waiting' | 'approved' | 'spam'

/** The statuses, in the order the owner's tabs and the CLI show them. */
export const STATUSES: readonly CommentStatus[] = ['waiting', 'approved', 'spam']

/** Comments a page of the owner's list holds (the admin API and the CLI alike). */
export const ADMIN_PAGE_SIZE = 50

/**
 * What the owner sees of a comment: everything the store keeps but the IP hash, which only
 * serves the service (the store's `StoredComment` is this and the hash).
 */
export interface OwnerComment {
  objectId: string
  /** ISO 8601 with milliseconds, UTC (`2025-05-13T08:00:00.000Z`), as LeanCloud writes dates. */
  createdAt: string
  updatedAt: string
  insertedAt: string
  /** The page's path on the site (`/gpt/handbook/a.html`). */
  url: string
  /** The thread's root comment; null for a root comment. */
  rid: string | null
  /** The comment replied to; null for a root comment. */
  pid: string | null
  nick: string
  /** Never shown to readers: the owner's only. */
  mail: string
  /** md5 of the trimmed, lower-cased e-mail (avatars are drawn from it); '' without e-mail. */
  mailHash: string
  /** The commenter's site, http(s) only; '' when none. */
  link: string
  /** Sanitised HTML (the owner's page shows it through DOMPurify again). */
  comment: string
  ua: string
  status: CommentStatus
}

/** A page of `GET /admin/comments`, newest first. */
export interface ModerationPage {
  results: OwnerComment[]
  /** All comments that match, on every page. */
  count: number
  page: number
  pageSize: number
}

/** The comment a listed reply answers, as the list carries it (its text cut to a line). */
export interface ParentExcerpt {
  nick: string
  excerpt: string
  url: string
  status: CommentStatus
}

/** `GET /admin/comments` as the service answers it: the page and, by id, the comments its replies answer. */
export interface ListPage extends ModerationPage {
  parents?: Record<string, ParentExcerpt>
}

/** `GET /admin/counts`: how many comments each status holds. */
export type Counts = Record<CommentStatus, number>

/** `DELETE /admin/comments/:id`: how many comments went (the comment and its replies). */
export interface Deleted {
  deleted: number
}
