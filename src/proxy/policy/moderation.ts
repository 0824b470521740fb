/**
 * What happens to a new comment once it is accepted: approved, or waiting for the owner. Pure
 * decisions on the sanitised comment; the limits are `limits.ts`, the hashes `privacy.ts`.
 */
import type { Moderation } from '../options.js'
import type { CommentStatus } from '../stores/store.js'
import { htmlImages, htmlLinks, htmlText } from './sanitize.js'

export interface ModerationRules {
  mode: Moderation
  /** Words (any case) that send a comment to moderation. */
  forbiddenWords: readonly string[]
  /** The site's own origins: an image there is not remote (its host is the site's owner). */
  siteOrigins?: readonly string[]
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

/**
 * Images a reader's browser would fetch from a host other than the site: each fetch tells that
 * host the reader's address and when they read (a tracking pixel). The sanitiser keeps only
 * http(s) sources, so a pasted `data:` image is gone already, and the widget's emoji are text.
 */
export function remoteImages(html: string, siteOrigins: readonly string[] = []): string[] {
  return htmlImages(html).filter((src) => {
    try {
      return !siteOrigins.includes(new URL(src).origin)
    } catch {
      return true
    }
  })
}

/**
 * A link or a remote image in the body makes the comment wait in `auto`; the commenter's own
 * site (`link`) does not.
 */
export function spamReasons(input: ModerationInput, forbiddenWords: readonly string[], siteOrigins: readonly string[] = []): string[] {
  const reasons: string[] = []
  const text = htmlText(input.comment)
  // Links that leave the site (a scheme or `//`); the reply marker `#id` and site paths do not count.
  const links = htmlLinks(input.comment).filter((href) => /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(href))
  const bare = text.match(BARE_URL_RE) ?? []
  if (links.length + bare.length > 0) reasons.push('link')
  if (links.length + bare.length >= MANY_LINKS) reasons.push('many-links')
  if (remoteImages(input.comment, siteOrigins).length > 0) reasons.push('remote-image')
  if (REPEAT_RE.test(text)) reasons.push('repeated-characters')
  const haystack = [text, input.nick, input.mail, input.link].join('\n').toLowerCase()
  if (forbiddenWords.some((w) => w.trim() !== '' && haystack.includes(w.trim().toLowerCase()))) reasons.push('forbidden-word')
  if (SPAM_PATTERNS.some((re) => re.test(haystack))) reasons.push('spam-pattern')
  return reasons
}

/**
 * `auto`: waits when it has a link or a remote image or trips a spam rule, else approved; `all`:
 * everything waits; `none`: everything is approved.
 */
export function moderate(input: ModerationInput, rules: ModerationRules): ModerationDecision {
  const reasons = spamReasons(input, rules.forbiddenWords, rules.siteOrigins)
  if (rules.mode === 'all') return { status: 'waiting', reasons: ['moderation-all', ...reasons] }
  if (rules.mode === 'none') return { status: 'approved', reasons }
  return { status: reasons.length > 0 ? 'waiting' : 'approved', reasons }
}

// The duplicate key is the store's (its unique index), so it lives below the store: `markup/duplicate-key.ts`.
export { duplicateDigest, duplicateKey } from '../markup/duplicate-key.js'
