/** What every route sees: the services the app was made with, on the Hono context. */
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ProxyLog } from '../log.js'
import { toErrorResponse } from '../leancloud/errors.js'
import type { ProxyOptions } from '../options.js'
import type { AvatarKey } from '../policy/privacy.js'
import type { Outbox } from '../notify/outbox.js'
import type { CommentStore } from '../stores/store.js'

export interface Services {
  store: CommentStore
  options: ProxyOptions
  /** Salt of the IP hashes. */
  salt: string
  /** `mailMd5` for a stored avatar hash: keyed, or plain with `gravatar` (`policy/privacy.ts`). */
  avatarKey: AvatarKey
  now: () => Date
  log: ProxyLog
  clientIp: (c: Context<ProxyEnv>) => string
  /** Outbound requests (the OAuth token exchanges); tests put a spy here. */
  fetch: typeof fetch
  /** Sends the notification outbox (`notify/`). */
  outbox: Outbox
}

export interface ProxyEnv {
  Variables: { services: Services }
}

/**
 * A LeanCloud-style error answer (`{code, error}`; the SDK turns it into an `AVError`). What is
 * not a `LeanCloudError` becomes a generic code 1 without details.
 */
export function errorResponse(c: Context, err: unknown): Response {
  const { status, body } = toErrorResponse(err)
  return c.json(body, status as ContentfulStatusCode)
}
