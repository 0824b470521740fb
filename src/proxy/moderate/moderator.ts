/**
 * The owner's moderation (`gptnotes comments list|approve|spam|delete`), one interface with two
 * ways to reach the comments: the store itself, or the admin API of a running service (when
 * the store is not reachable from where the owner is, or is a D1 database at the edge). Both
 * answer alike: the admin API's page size, order and owner view. Web-standard.
 */
import { ADMIN_PAGE_SIZE, STATUSES, type Deleted, type ModerationPage, type OwnerComment } from '../../shared/admin-api.js'
import type { CommentStatus, CommentStore, OutboxMessage, StoredComment } from '../stores/store.js'

// The admin API's shapes are `src/shared/admin-api.ts`, which the owner's page reads too.
export { ADMIN_PAGE_SIZE, STATUSES, type ModerationPage, type OwnerComment }

export interface ListQuery {
  /** Undefined: every status. */
  status?: CommentStatus
  /** A page's path. */
  url?: string
  /** From 1. */
  page?: number
}

export interface Moderator {
  /** Newest first, `ADMIN_PAGE_SIZE` a page. */
  list(query: ListQuery): Promise<ModerationPage>
  /** The comment after the change; undefined when there is no such comment. */
  setStatus(objectId: string, status: 'approved' | 'spam'): Promise<OwnerComment | undefined>
  /** How many comments went (the comment and its replies); 0 when there was none. */
  delete(objectId: string): Promise<number>
  close(): Promise<void>
}

export function ownerView(comment: StoredComment): OwnerComment {
  const { ipHash: _ipHash, ...rest } = comment
  return rest
}

/**
 * Moderation on the store directly; closing it closes the store. `onApprove`: the notifications
 * a held comment's approval causes (given the comment as it will be), written in the commit that
 * approves it.
 */
export function storeModerator(store: CommentStore, now: () => Date = () => new Date(), onApprove?: (approved: StoredComment) => Promise<OutboxMessage[]>): Moderator {
  return {
    async list({ status, url, page = 1 }) {
      const query = {
        where: url ? { field: 'url' as const, op: 'eq' as const, value: url } : { and: [] },
        status: status ? [status] : [...STATUSES],
      }
      const [results, count] = await Promise.all([
        store.findComments({ ...query, order: [{ field: 'createdAt', desc: true }], limit: ADMIN_PAGE_SIZE, skip: (page - 1) * ADMIN_PAGE_SIZE }),
        store.countComments(query),
      ])
      return { results: results.map(ownerView), count, page, pageSize: ADMIN_PAGE_SIZE }
    },
    async setStatus(objectId, status) {
      const updatedAt = now().toISOString()
      if (status === 'approved' && onApprove) {
        const before = await store.getComment(objectId)
        if (!before) return undefined
        // Approving an approved comment tells no one again (and the outbox's keys would drop a repeat).
        const outbox = before.status === 'approved' ? [] : await onApprove({ ...before, status, updatedAt })
        if (!(await store.setStatusNotifying(objectId, status, updatedAt, outbox))) return undefined
      } else if (!(await store.setCommentStatus(objectId, status, updatedAt))) return undefined
      const comment = await store.getComment(objectId)
      return comment && ownerView(comment)
    },
    delete: (objectId) => store.deleteComment(objectId),
    close: () => store.close(),
  }
}

/** A refusal or failure of the admin API, said for the owner (the token is never in it). */
export class AdminApiError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AdminApiError'
  }
}

export interface AdminApiOptions {
  /** The service's address (`https://comments.example.com`); `/admin` is added. */
  service: string
  token: string
  fetch?: typeof fetch
}

/** Moderation through a running service's admin API (`/admin`, bearer token). */
export function adminApiModerator({ service, token, fetch: fetchImpl = fetch }: AdminApiOptions): Moderator {
  const base = service.replace(/\/+$/, '')

  async function call(method: string, path: string): Promise<{ status: number; body: unknown }> {
    let res: Response
    try {
      res = await fetchImpl(`${base}/admin${path}`, { method, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } })
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause
      throw new AdminApiError(`cannot reach the comment service at ${base} (${cause?.code ?? cause?.message ?? (err as Error).message})`)
    }
    const text = await res.text()
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch {
      throw new AdminApiError(`${base} did not answer as the comment service does (HTTP ${res.status}, not JSON)`)
    }
    if (res.status === 401) throw new AdminApiError(`the comment service at ${base} refused the admin token (GPTNOTES_ADMIN_TOKEN or --token)`)
    // The admin routes answer "No such route." for every path when the service has no token.
    if (res.status === 404 && (body as { error?: unknown }).error === 'No such route.') {
      throw new AdminApiError(`the comment service at ${base} has its admin API off: set GPTNOTES_ADMIN_TOKEN where it runs`)
    }
    if (res.status >= 400 && res.status !== 404) {
      const error = (body as { error?: unknown }).error
      throw new AdminApiError(`the comment service at ${base} answered HTTP ${res.status}${typeof error === 'string' ? `: ${error}` : ''}`)
    }
    return { status: res.status, body }
  }

  const id = (objectId: string) => encodeURIComponent(objectId)

  return {
    async list({ status, url, page = 1 }) {
      const params = new URLSearchParams({ page: String(page) })
      if (status) params.set('status', status)
      if (url) params.set('url', url)
      return (await call('GET', `/comments?${params}`)).body as ModerationPage
    },
    async setStatus(objectId, status) {
      const { status: http, body } = await call('POST', `/comments/${id(objectId)}/${status === 'approved' ? 'approve' : 'spam'}`)
      return http === 404 ? undefined : (body as OwnerComment)
    },
    async delete(objectId) {
      const { status: http, body } = await call('DELETE', `/comments/${id(objectId)}`)
      return http === 404 ? 0 : Number((body as Partial<Deleted>).deleted ?? 0)
    },
    close: async () => undefined,
  }
}
