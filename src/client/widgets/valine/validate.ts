import type { ValineOptions as ValineClientConfig, ValineMetaField } from '../../../shared/widgets/valine.js'

/** Meta values are trimmed and cut to this many characters (spec §9). */
export const META_MAX = 35
/** A nick needs at least this many bytes (UTF-8), as Valine's message says. */
export const NICK_MIN_BYTES = 3
/** A second submit within this long is refused by the box itself (spec §9). */
export const SUBMIT_INTERVAL_MS = 20_000
/** The name of a comment without one, in every language. */
export const ANONYMOUS = 'Anonymous'

/** Valine's "simple address pattern": something@something.something, no spaces. */
const MAIL_RE = /^[^\s@<>"'`,;:()[\]\\]+@[^\s@<>"'`,;:()[\]\\]+\.[^\s@<>"'`,;:()[\]\\]+$/

export interface Draft {
  nick: string
  mail: string
  link: string
  /** The markdown the reader typed. */
  text: string
}

export type Meta = Record<ValineMetaField, string>

export type Refusal =
  /** Nothing to post: focus goes back to the editor. */
  | { kind: 'empty' }
  /** The last submit was less than 20 s ago. */
  | { kind: 'busy' }
  | { kind: 'nick' }
  | { kind: 'mail' }

export type Checked = { ok: true; meta: Meta } | { ok: false; refusal: Refusal }

/** Trimmed and cut to 35 characters (code points, so an emoji is never split). */
export function trimMeta(value: string): string {
  return Array.from(value.trim()).slice(0, META_MAX).join('')
}

const utf8Bytes = (s: string): number => new TextEncoder().encode(s).length

export const isMail = (s: string): boolean => MAIL_RE.test(s)

/**
 * Whether a draft may be posted, in Valine's order: an empty comment (nothing sent, focus to
 * the editor), then the 20 s guard, then the nick (at least 3 bytes when given or required; an
 * empty optional nick is Anonymous), then the e-mail (the pattern when given or required).
 * Fields the box does not show are sent empty.
 */
export function checkDraft(draft: Draft, config: Pick<ValineClientConfig, 'meta' | 'requiredFields'>, now: number, lastSubmit: number | undefined): Checked {
  if (draft.text.trim() === '') return { ok: false, refusal: { kind: 'empty' } }
  if (lastSubmit !== undefined && now >= lastSubmit && now - lastSubmit < SUBMIT_INTERVAL_MS) return { ok: false, refusal: { kind: 'busy' } }
  const shown = (f: ValineMetaField) => config.meta.includes(f)
  const nick = shown('nick') ? trimMeta(draft.nick) : ''
  const mail = shown('mail') ? trimMeta(draft.mail) : ''
  const link = shown('link') ? trimMeta(draft.link) : ''
  const nickRequired = config.requiredFields.includes('nick')
  const mailRequired = config.requiredFields.includes('mail')
  if ((nick !== '' || nickRequired) && utf8Bytes(nick) < NICK_MIN_BYTES) return { ok: false, refusal: { kind: 'nick' } }
  if ((mail !== '' || mailRequired) && !isMail(mail)) return { ok: false, refusal: { kind: 'mail' } }
  return { ok: true, meta: { nick: nick || ANONYMOUS, mail, link: normaliseLink(link) } }
}

/** A bare host gets `http://`, as Valine did; anything else is sent as typed (the service checks it). */
export function normaliseLink(link: string): string {
  if (link === '' || /^[a-z][a-z0-9+.-]*:/i.test(link)) return link
  return /^[\w-]+(\.[\w-]+)+/.test(link) ? `http://${link}` : link
}

/** The commenter's link as an address the card may point at: http(s) only, else none. */
export function safeHref(link: string | undefined): string | undefined {
  if (!link) return undefined
  try {
    const url = new URL(normaliseLink(link.trim()))
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/** A nick as the card shows it: at most 30 characters; the stored default as `anonymous` words it. */
export const NICK_SHOWN = 30
export function shownNick(nick: string, anonymous = ANONYMOUS): string {
  if (nick === ANONYMOUS) return anonymous
  const chars = Array.from(nick)
  return chars.length > NICK_SHOWN ? `${chars.slice(0, NICK_SHOWN).join('')}…` : nick
}
