/**
 * The admin API as the page calls it: relative to the page (`/admin/` → `/admin/comments`), so
 * it works wherever the service is mounted, with the token in the `Authorization` header only.
 */

import type { CommentStatus, Counts, ListPage, OwnerComment, ParentExcerpt } from '../shared/admin-api.js'

// The shapes are the service's own (`src/shared/admin-api.ts`), under the names the page uses.
export { STATUSES } from '../shared/admin-api.js'
export type Status = CommentStatus
export type AdminComment = OwnerComment
export type Parent = Pick<ParentExcerpt, 'nick' | 'excerpt'>
export type { Counts, ListPage }

/** The service refused the token (401). */
export class Unauthorized extends Error {
  constructor() {
    super('unauthorized')
    this.name = 'Unauthorized'
  }
}

/** The service refused the sign-in for now: too many wrong tokens from this address (429). */
export class TooManyTries extends Error {
  constructor() {
    super('too many tries')
    this.name = 'TooManyTries'
  }
}

/** The service could not be reached, or answered something else than expected. */
export class ApiFailed extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`)
    this.name = 'ApiFailed'
  }
}

export type Action = 'approve' | 'spam' | 'delete'

export interface AdminApi {
  counts(url: string): Promise<Counts>
  list(status: Status, url: string, page: number): Promise<ListPage>
  /** False when the comment is gone already (a reply deleted with its thread). */
  act(action: Action, id: string): Promise<boolean>
}

export function adminApi(token: string): AdminApi {
  async function call<T>(method: string, path: string): Promise<T | undefined> {
    let res: Response
    try {
      res = await fetch(path, { method, headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, cache: 'no-store', credentials: 'omit' })
    } catch {
      throw new ApiFailed(0)
    }
    if (res.status === 401) throw new Unauthorized()
    if (res.status === 429) throw new TooManyTries()
    if (res.status === 404 && method !== 'GET') return undefined
    if (!res.ok) throw new ApiFailed(res.status)
    return (await res.json()) as T
  }
  const query = (params: Record<string, string>) => new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '')).toString()
  const id = encodeURIComponent
  return {
    counts: async (url) => (await call<Counts>('GET', `counts?${query({ url })}`))!,
    list: async (status, url, page) => (await call<ListPage>('GET', `comments?${query({ status, url, page: String(page) })}`))!,
    async act(action, objectId) {
      const path = action === 'delete' ? `comments/${id(objectId)}` : `comments/${id(objectId)}/${action}`
      return (await call(action === 'delete' ? 'DELETE' : 'POST', path)) !== undefined
    },
  }
}

const TOKEN_KEY = 'gptnotes-admin-token'

/** The token lives in this tab only (sessionStorage): gone when the tab closes, never in a URL. */
export const tokenStore = {
  get: (): string | null => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string) => sessionStorage.setItem(TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
}
