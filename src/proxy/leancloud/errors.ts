/**
 * LeanCloud's error codes and bodies. The SDK turns any `{ code, error }` body into an `AVError`
 * and reads only the code, so the numbers are LeanCloud's own (the same as Parse's: the SDK's
 * `AVError` constants), and the HTTP status follows what each code means.
 */
import { StoreUnavailable } from '../stores/store.js'

export const LC = {
  /** Internal error; the message never carries details. */
  INTERNAL: 1,
  /**
   * The SDK's `CONNECTION_FAILED`: here, the service could not reach its store (503 with
   * `Retry-After`); the request may be sent again.
   */
  CONNECTION_FAILED: 100,
  /** No such class or object. Valine reads it as "empty" (and creates the counter). */
  OBJECT_NOT_FOUND: 101,
  INVALID_QUERY: 102,
  INVALID_CLASS_NAME: 103,
  MISSING_OBJECT_ID: 104,
  INVALID_KEY_NAME: 105,
  INVALID_JSON: 107,
  OBJECT_TOO_LARGE: 116,
  OPERATION_FORBIDDEN: 119,
  DUPLICATE_VALUE: 137,
  EXCEEDED_QUOTA: 140,
  VALIDATION_ERROR: 142,
  /** A conditional update or delete matched nothing. */
  NO_EFFECT: 305,
  UNAUTHORIZED: 401,
  /** Refused by permission: master credentials, closed routes. */
  FORBIDDEN: 403,
  /** LeanCloud answers a rate limit with code and status 429. */
  TOO_MANY_REQUESTS: 429,
} as const

export type LeanCloudCode = (typeof LC)[keyof typeof LC]

/** What the service answers over HTTP for each code (status, LeanCloud's default message). */
const KNOWN: Record<LeanCloudCode, readonly [status: number, message: string]> = {
  [LC.INTERNAL]: [500, 'Internal server error. No information available.'],
  [LC.CONNECTION_FAILED]: [503, 'The service is unavailable for a moment. Try again shortly.'],
  [LC.OBJECT_NOT_FOUND]: [404, "Class or object doesn't exists."],
  [LC.INVALID_QUERY]: [400, 'Invalid query.'],
  [LC.INVALID_CLASS_NAME]: [400, 'Missing or invalid classname.'],
  [LC.MISSING_OBJECT_ID]: [400, 'Missing object id.'],
  [LC.INVALID_KEY_NAME]: [400, 'Invalid key name.'],
  [LC.INVALID_JSON]: [400, 'Malformed json object. A json dictionary is expected.'],
  [LC.OBJECT_TOO_LARGE]: [413, 'The object is too large.'],
  [LC.OPERATION_FORBIDDEN]: [403, 'Operation forbidden.'],
  [LC.DUPLICATE_VALUE]: [409, 'A unique field was given a value that is already taken.'],
  [LC.EXCEEDED_QUOTA]: [429, 'Exceeded the quota.'],
  [LC.VALIDATION_ERROR]: [400, 'Validation failed.'],
  [LC.NO_EFFECT]: [400, 'No effect on updating/deleting a document.'],
  [LC.UNAUTHORIZED]: [401, 'Unauthorized.'],
  [LC.FORBIDDEN]: [403, 'Forbidden.'],
  [LC.TOO_MANY_REQUESTS]: [429, 'Too many requests.'],
}

export interface LeanCloudErrorBody {
  code: number
  error: string
  /**
   * Seconds to wait before trying again (a rate limit), beside the message rather than in its
   * words, so a widget reads the number. The SDK copies a body's fields onto its `AVError`.
   */
  retryAfter?: number
}

export class LeanCloudError extends Error {
  readonly code: LeanCloudCode
  /** The HTTP status that goes with the code. */
  readonly status: number
  /** Seconds to wait, for a refusal that passes (also the `Retry-After` header). */
  readonly retryAfter: number | undefined

  constructor(code: LeanCloudCode, message?: string, { retryAfter }: { retryAfter?: number } = {}) {
    const [status, fallback] = KNOWN[code]
    super(message ?? fallback)
    this.name = 'LeanCloudError'
    this.code = code
    this.status = status
    this.retryAfter = retryAfter
  }

  /** The body LeanCloud sends: `{ code, error }`, with `retryAfter` when there is a wait. */
  get body(): LeanCloudErrorBody {
    return this.retryAfter === undefined ? { code: this.code, error: this.message } : { code: this.code, error: this.message, retryAfter: this.retryAfter }
  }
}

/** A LeanCloud error to throw; the message defaults to LeanCloud's own text for the code. */
export function lcError(code: LeanCloudCode, message?: string, extra?: { retryAfter?: number }): LeanCloudError {
  return new LeanCloudError(code, message, extra)
}

/** The HTTP status for a code. */
export function lcStatus(code: LeanCloudCode): number {
  return KNOWN[code][0]
}

/** The wait after a store out of reach: a broken connection is replaced at once, a restart takes seconds. */
export const STORE_RETRY_AFTER_SECONDS = 2

/**
 * Any thrown value as a status and body. A store out of reach is code 100 (503, with
 * `retryAfter`); anything else that is not a `LeanCloudError` becomes code 1 with LeanCloud's
 * generic message: internals (stack, SQL, paths) never reach the client.
 */
export function toErrorResponse(err: unknown): { status: number; body: LeanCloudErrorBody } {
  const e = asLeanCloudError(err)
  return { status: e.status, body: e.body }
}

function asLeanCloudError(err: unknown): LeanCloudError {
  if (err instanceof LeanCloudError) return err
  if (err instanceof StoreUnavailable) return new LeanCloudError(LC.CONNECTION_FAILED, undefined, { retryAfter: STORE_RETRY_AFTER_SECONDS })
  return new LeanCloudError(LC.INTERNAL)
}
