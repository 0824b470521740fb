/**
 * What happens to a new comment: approved, or waiting for the owner. Pure decisions (the app
 * looks up the last comment and duplicates in the store and passes them in), plus the two
 * hashes the service keeps instead of personal data.
 */
import type { Moderation } from '../options.js'
import type { CommentStatus } from '../stores/store.js'
import { md5 } from './md5.js'
import { htmlLinks, htmlText } from './sanitize.js'

export interface ModerationRules {
  mode: Moderation
  /** Words (any case) that send a comment to moderation. */
  forbiddenWords: readonly string[]
}

export interface ModerationInput {
  /** Sanitised HTML. */
  comment: string
  nick: string
  mail: string
  link: string
}

export interface ModerationDecision {
  status: CommentStatus
  /** Why it waits (also filled when the mode approves anyway, for the log): stable words. */
  reasons: string[]
}

/** Links in a comment from which it looks like link spam, not a reference. */
export const MANY_LINKS = 3
/** One character this many times in a row (`!!!!…`, `aaaa…`). */
export const REPEATED_CHARACTERS = 20

// Bare URLs in the text count as links too: spam often skips the markup.
const BARE_URL_RE = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi
const REPEAT_RE = new RegExp(`(\\S)\\1{${REPEATED_CHARACTERS - 1},}`, 'u')

/**
 * Patterns of common comment spam (gambling, pills, SEO and contact-me-elsewhere), English and
 * Chinese. Deliberately short: they only send a comment to the queue, never delete it.
 */
export const SPAM_PATTERNS: readonly RegExp[] = [
  /\b(?:viagra|cialis|levitra|casino|poker online|slot gacor|payday loans?|replica watches|escort service|forex signals|seo services?|backlinks?)\b/i,
  /(?:博彩|赌场|娱乐城|六合彩|时时彩|百家乐|代开发票|办证|刷单|裸聊|约炮|色情|成人视频|贷款秒批|加微信|加\s*[vV]\s*信|加QQ|私服)/,
  /\[url=|\[link=/i,
]

/** A link in the body makes the comment wait in `auto`; the commenter's own site (`link`) does not. */
export function spamReasons(input: ModerationInput, forbiddenWords: readonly string[]): string[] {
  const reasons: string[] = []
  const text = htmlText(input.comment)
  // Links that leave the site (a scheme or `//`); the reply marker `#id` and site paths do not count.
  const links = htmlLinks(input.comment).filter((href) => /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(href))
  const bare = text.match(BARE_URL_RE) ?? []
  if (links.length + bare.length > 0) reasons.push('link')
  if (links.length + bare.length >= MANY_LINKS) reasons.push('many-links')
  if (REPEAT_RE.test(text)) reasons.push('repeated-characters')
  const haystack = [text, input.nick, input.mail, input.link].join('\n').toLowerCase()
  if (forbiddenWords.some((w) => w.trim() !== '' && haystack.includes(w.trim().toLowerCase()))) reasons.push('forbidden-word')
  if (SPAM_PATTERNS.some((re) => re.test(haystack))) reasons.push('spam-pattern')
  return reasons
}

/**
 * `auto`: waits when it has a link or trips a spam rule, else approved; `all`: everything waits;
 * `none`: everything is approved.
 */
export function moderate(input: ModerationInput, rules: ModerationRules): ModerationDecision {
  const reasons = spamReasons(input, rules.forbiddenWords)
  if (rules.mode === 'all') return { status: 'waiting', reasons: ['moderation-all', ...reasons] }
  if (rules.mode === 'none') return { status: 'approved', reasons }
  return { status: reasons.length > 0 ? 'waiting' : 'approved', reasons }
}

/**
 * A key under which two submissions are the same comment: same page, same name (any case),
 * same visible text (whitespace and case aside). For a cache; the store's `findDuplicate`
 * compares the stored fields.
 */
export function duplicateKey(input: { url: string; nick: string; comment: string }): string {
  const norm = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase()
  return [input.url, norm(input.nick), norm(htmlText(input.comment))].join('\n')
}

export interface RateDecision {
  allowed: boolean
  /** Seconds until a comment is accepted again (0 when allowed). */
  retryAfter: number
}

/** One comment per `rateSeconds` per IP: given the last one's `createdAt` (ISO) from that IP. */
export function rateLimit(lastCreatedAt: string | undefined, now: Date, rateSeconds: number): RateDecision {
  if (lastCreatedAt === undefined || rateSeconds <= 0) return { allowed: true, retryAfter: 0 }
  const last = Date.parse(lastCreatedAt)
  if (Number.isNaN(last)) return { allowed: true, retryAfter: 0 }
  const wait = last + rateSeconds * 1000 - now.getTime()
  return wait > 0 ? { allowed: false, retryAfter: Math.ceil(wait / 1000) } : { allowed: true, retryAfter: 0 }
}

/** The avatar hash: md5 of the trimmed, lower-cased address; '' without one. */
export function mailHash(mail: string): string {
  const m = mail.trim().toLowerCase()
  return m === '' ? '' : md5(m)
}

/**
 * The address a rate limit counts: IPv4 as is, IPv6 by its /64 (one subscriber's network, which
 * hands its host any of 2^64 addresses), IPv4-mapped IPv6 as IPv4.
 */
export function ipKey(ip: string): string {
  const s = ip.trim().toLowerCase().replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  const mapped = /^(?:0{0,4}:){0,4}:?(?:0{0,4}:)?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(s)
  if (mapped) return mapped[1]
  if (!s.includes(':')) return s
  const [head, tail = ''] = s.split('::')
  const left = head === '' ? [] : head.split(':')
  const right = s.includes('::') ? (tail === '' ? [] : tail.split(':')) : []
  // An embedded IPv4 tail counts as two groups; only the first four groups matter here anyway.
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`
}

const hex = (buf: ArrayBuffer): string => Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('')

/**
 * The client address as kept: HMAC-SHA-256 keyed with the service's salt, so hashes cannot be
 * reversed by hashing all 2^32 IPv4 addresses without the salt.
 */
export async function ipHash(ip: string, salt: string): Promise<string> {
  const enc = new TextEncoder()
  const key = await crypto.subtle.importKey('raw', enc.encode(salt), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return hex(await crypto.subtle.sign('HMAC', key, enc.encode(ipKey(ip))))
}
