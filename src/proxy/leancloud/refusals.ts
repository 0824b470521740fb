/**
 * The comment write's refusals as LeanCloud answers: the code the SDK raises as an `AVError`
 * (142 for what the author must change, 429 to wait, 137 for a duplicate) and the message, with
 * the wait as a field for the widget to read.
 */
import type { CommentRefusal } from '../comments/post-comment.js'
import { recordRefusalReason } from '../policy/comment-record.js'
import { NEW_COUNTERS_PER_HOUR } from '../policy/limits.js'
import { LC, lcError, type LeanCloudError } from './errors.js'

export function refusalError(r: CommentRefusal): LeanCloudError {
  switch (r.refused) {
    case 'field':
    case 'blank':
      return lcError(LC.VALIDATION_ERROR, recordRefusalReason(r))
    case 'rate':
      return lcError(LC.TOO_MANY_REQUESTS, `One comment every ${r.rateSeconds} seconds; try again in ${r.retryAfterSeconds} s.`, { retryAfter: r.retryAfterSeconds })
    case 'duplicate':
      return lcError(LC.DUPLICATE_VALUE, 'The same comment is already on this page.')
    case 'thread':
      return lcError(LC.VALIDATION_ERROR, `${r.field} must name a comment on this page`)
  }
}

/** Too many new counters from one client (`policy/limits.ts`): a 429 with the wait, as the comment rate. */
export function counterRateError(retryAfterSeconds: number): LeanCloudError {
  return lcError(LC.TOO_MANY_REQUESTS, `At most ${NEW_COUNTERS_PER_HOUR} new counters an hour from one address; try again in ${retryAfterSeconds} s.`, { retryAfter: retryAfterSeconds })
}
