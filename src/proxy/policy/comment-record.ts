/**
 * What a comment's content must be to be stored, whoever writes it: a reader through the API
 * (`comments/post-comment.ts`) or the owner importing LeanCloud's data (`migrate/leancloud-export.ts`).
 * One function, so an import can never hold what a reader may not post: the fields as
 * `fields.ts` checks them, no NUL anywhere, and the comment's HTML sanitised and not blank.
 *
 * A NUL is refused, never stripped: no text holds one, so a record that does is damaged, and the
 * owner sees it named (PostgreSQL cannot store one at all; SQLite would keep it).
 */
import { checkCommentFields, type CommentInput, type FieldRefusal, type FieldRules } from './fields.js'
import { isBlankHtml, sanitizeHtml } from './sanitize.js'

/** Why a record cannot be stored, as data: a field, or a comment with nothing left to show. */
export type RecordRefusal = FieldRefusal | { refused: 'blank' }

export type RecordCheck =
  /** `comment` is the sanitised HTML, trimmed. */
  | { ok: true; value: CommentInput }
  /** `reason` in words, as the API answers it (`link may not contain <, >, " or \``). */
  | { ok: false; refusal: RecordRefusal; reason: string }

/** A refusal in words: the field's name and its problem. */
export function recordRefusalReason(refusal: RecordRefusal): string {
  return refusal.refused === 'blank' ? 'comment has nothing to show once unsafe markup is removed' : `${refusal.field} ${refusal.problem}`
}

const refuse = (refusal: RecordRefusal): RecordCheck => ({ ok: false, refusal, reason: recordRefusalReason(refusal) })

/** The first field holding a NUL, in the record's own order. */
function fieldWithNul(fields: Record<string, unknown>): string | undefined {
  return Object.keys(fields).find((k) => typeof fields[k] === 'string' && (fields[k] as string).includes('\u0000'))
}

/** A comment's content (`COMMENT_INPUT_FIELDS` only), checked and its HTML sanitised, or the first refusal. */
export function checkCommentRecord(fields: Record<string, unknown>, rules: FieldRules = {}): RecordCheck {
  const nul = fieldWithNul(fields)
  if (nul !== undefined) return refuse({ refused: 'field', field: nul, problem: 'may not contain a NUL character' })
  const input = checkCommentFields(fields, rules)
  if ('refused' in input) return refuse(input)
  // Trimmed after sanitising: markup dropped at either end can leave spaces there.
  const comment = sanitizeHtml(input.comment).trim()
  if (isBlankHtml(comment)) return refuse({ refused: 'blank' })
  return { ok: true, value: { ...input, comment } }
}
