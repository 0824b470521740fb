/**
 * What a new comment may hold: the accepted fields, their sizes and shapes. A refusal is data
 * that names the field and the problem, so the widget can show which input is wrong (the
 * protocol layer words it for the wire). The client's own checks (Valine's, the widget's) are
 * conveniences; these are the rules.
 */

/** The fields a comment is created from; anything the server sets (ip, status, dates) is not here. */
export const COMMENT_INPUT_FIELDS = ['comment', 'nick', 'mail', 'link', 'url', 'rid', 'pid', 'ua'] as const
export type CommentInputField = (typeof COMMENT_INPUT_FIELDS)[number]

export const FIELD_LIMITS = Object.freeze({
  /** Characters of the comment's HTML as sent, before sanitising. */
  comment: 5000,
  /** The widget trims meta values and cuts them to 35 characters (spec §5). */
  nick: 35,
  mail: 128,
  link: 256,
  url: 512,
  ua: 512,
  /** A counter's title (the page title). */
  title: 256,
})

/** The name a comment gets without one, as the widget shows it. */
export const ANONYMOUS = 'Anonymous'

/** A validated comment, ready for sanitising and moderation. */
export interface CommentInput {
  /** As sent (HTML source): the caller sanitises it. */
  comment: string
  nick: string
  /** '' without e-mail. */
  mail: string
  /** http(s) only; '' without one. */
  link: string
  url: string
  /** The thread's root; null for a root comment. */
  rid: string | null
  /** The comment replied to; null for a root comment. */
  pid: string | null
  ua: string
}

export interface FieldRules {
  /** Meta fields the site requires (the widget's `requiredFields`). */
  required?: readonly ('nick' | 'mail')[]
  /** Most characters of the comment source; defaults to `FIELD_LIMITS.comment`. */
  maxComment?: number
}

/** LeanCloud ids are 24 hex digits; imported and generated ids may differ, so any short token. */
export const OBJECT_ID_RE = /^[0-9A-Za-z_-]{1,36}$/

export const isObjectId = (s: string): boolean => OBJECT_ID_RE.test(s)

// Control characters (not tab/newline) have no place in one-line fields.
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/
// Characters that break out of an HTML attribute or element when a client interpolates the value
// into markup unescaped (Valine did, for nick, link and ua: its CVEs).
const MARKUP_RE = /[<>"`]/

/** A field the comment cannot have as sent: which one, and what is wrong with it, in words. */
export interface FieldRefusal {
  refused: 'field'
  field: string
  /** Follows the field's name: `must be a string`, `is required`. */
  problem: string
}

// Thrown only inside this module, from the nested checks, and returned as data by `checkCommentFields`.
class Invalid extends Error {
  constructor(readonly refusal: FieldRefusal) {
    super(`${refusal.field} ${refusal.problem}`)
  }
}

const invalid = (field: string, problem: string) => new Invalid({ refused: 'field', field, problem })

const chars = (s: string): number => {
  let n = 0
  for (const _ of s) n += 1
  return n
}

function text(raw: Record<string, unknown>, field: string): string {
  const v = raw[field]
  if (v === undefined || v === null) return ''
  if (typeof v !== 'string') throw invalid(field, 'must be a string')
  return v.trim()
}

function oneLine(field: string, value: string, max: number, markup = false): string {
  if (chars(value) > max) throw invalid(field, `must be at most ${max} characters`)
  if (CONTROL_RE.test(value)) throw invalid(field, 'may not contain control characters')
  if (!markup && MARKUP_RE.test(value)) throw invalid(field, 'may not contain <, >, " or `')
  return value
}

/** A path on the site: `/…`, never a scheme, a host (`//`) or a backslash. */
export function isSitePath(s: string): boolean {
  return s.startsWith('/') && !s.startsWith('//') && !s.includes('\\') && !CONTROL_RE.test(s) && !MARKUP_RE.test(s) && !s.includes("'")
}

const MAIL_RE = /^[^\s@<>"'`,;:()[\]\\]+@[^\s@<>"'`,;:()[\]\\]+\.[^\s@<>"'`,;:()[\]\\]+$/

/** A plausible e-mail address (not a proof that it exists). */
export const isMail = (s: string): boolean => MAIL_RE.test(s)

/**
 * The commenter's site as an http(s) URL, or undefined. A bare host (`example.com`) gets
 * `http://`, as the widget does when it shows it. User info (`https://site@evil.example`) is
 * refused: it only serves to disguise the real host.
 */
export function httpLink(s: string): string | undefined {
  const value = /^[a-z][a-z0-9+.-]*:/i.test(s) ? s : /^[\w-]+(\.[\w-]+)+(:\d+)?([/?#]|$)/.test(s) ? `http://${s}` : undefined
  if (value === undefined || /\s/.test(value)) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '' || url.hostname === '') return undefined
  return value
}

function id(raw: Record<string, unknown>, field: 'rid' | 'pid'): string | null {
  const v = text(raw, field)
  if (v === '') return null
  if (!isObjectId(v)) throw invalid(field, 'must be the objectId of a comment')
  return v
}

/**
 * A new comment's fields, checked, or the first refusal. `raw` holds only what the client may
 * set (the protocol layer has dropped what LeanCloud clients send and the server sets itself);
 * any other key is refused.
 */
export function checkCommentFields(raw: Record<string, unknown>, rules: FieldRules = {}): CommentInput | FieldRefusal {
  try {
    return fields(raw, rules)
  } catch (err) {
    if (err instanceof Invalid) return err.refusal
    throw err
  }
}

function fields(raw: Record<string, unknown>, rules: FieldRules): CommentInput {
  for (const key of Object.keys(raw)) {
    if (!(COMMENT_INPUT_FIELDS as readonly string[]).includes(key)) throw invalid(key, `is not a field of a comment (accepted: ${COMMENT_INPUT_FIELDS.join(', ')})`)
  }
  const required = new Set(rules.required ?? [])
  const maxComment = rules.maxComment ?? FIELD_LIMITS.comment

  const commentRaw = raw.comment
  if (typeof commentRaw !== 'string') throw invalid('comment', commentRaw === undefined || commentRaw === null ? 'is required' : 'must be a string')
  const comment = commentRaw.trim()
  if (comment === '') throw invalid('comment', 'is required')
  if (comment.length > maxComment) throw invalid('comment', `must be at most ${maxComment} characters`)

  let nick = oneLine('nick', text(raw, 'nick'), FIELD_LIMITS.nick)
  if (nick === '') {
    if (required.has('nick')) throw invalid('nick', 'is required')
    nick = ANONYMOUS
  }

  const mail = oneLine('mail', text(raw, 'mail'), FIELD_LIMITS.mail)
  if (mail === '' && required.has('mail')) throw invalid('mail', 'is required')
  if (mail !== '' && !isMail(mail)) throw invalid('mail', 'must be an e-mail address')

  let link = oneLine('link', text(raw, 'link'), FIELD_LIMITS.link)
  if (link !== '') {
    const checked = httpLink(link)
    if (checked === undefined || checked.length > FIELD_LIMITS.link) throw invalid('link', 'must be an http(s) address')
    link = checked
  }

  const url = text(raw, 'url')
  if (url === '') throw invalid('url', 'is required')
  if (url.length > FIELD_LIMITS.url) throw invalid('url', `must be at most ${FIELD_LIMITS.url} characters`)
  if (!isSitePath(url)) throw invalid('url', 'must be a path on the site, starting with one /')

  const ua = oneLine('ua', text(raw, 'ua'), FIELD_LIMITS.ua)

  const rid = id(raw, 'rid')
  let pid = id(raw, 'pid')
  // A reply names its thread; Valine sends pid = rid when replying to the root itself.
  if (rid === null && pid !== null) throw invalid('rid', 'is required with pid')
  if (rid !== null && pid === null) pid = rid

  return { comment, nick, mail, link, url, rid, pid, ua }
}
