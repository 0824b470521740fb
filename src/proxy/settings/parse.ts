/**
 * How each kind of setting is read from what an operator wrote (a flag, a config-file value,
 * an environment string) and the error that names it as they wrote it. Pure: the edge worker
 * runs it as it is.
 */

export class ProxyOptionError extends Error {
  /** The setting as its source names it: `--port`, `rateSeconds` (config file), `GPTNOTES_STORE`. */
  readonly setting: string
  /** What is wrong with it, without the name (`must be auto, all or none, got "x"`). */
  readonly problem: string
  constructor(setting: string, problem: string) {
    super(`${setting} ${problem}`)
    this.name = 'ProxyOptionError'
    this.setting = setting
    this.problem = problem
  }
}

/** Reads one raw value; `name` is the setting as the operator wrote it, for the error. */
export type Parser<T> = (raw: unknown, name: string) => T

export const fail = (name: string, problem: string): never => {
  throw new ProxyOptionError(name, problem)
}

const show = (raw: unknown): string => (typeof raw === 'string' ? `"${raw}"` : JSON.stringify(raw) ?? String(raw))

export const text: Parser<string> = (raw, name) => {
  if (typeof raw !== 'string') return fail(name, `must be a string, got ${show(raw)}`)
  return raw.trim()
}

/** An optional string: '' reads as unset. */
export const optional: Parser<string | undefined> = (raw, name) => {
  const s = text(raw, name)
  return s === '' ? undefined : s
}

/** A non-empty string. */
export const required =
  (what: string): Parser<string> =>
  (raw, name) => {
    const s = text(raw, name)
    return s === '' ? fail(name, `must be ${what}, got ""`) : s
  }

/** What templates and guides put where a secret goes, to be replaced (`change-me-…`, `your-token`). */
const PLACEHOLDER_SECRET = /^(change[-_ ]?me|replace[-_ ]?me|your[-_ ]|example|placeholder|secret$|password)/i

/**
 * An optional secret: '' reads as unset. A short one can be guessed, and so can a template's
 * placeholder left in place or a run of a few characters repeated: each is refused at start
 * and by `--check`, naming the setting.
 */
export const secret: Parser<string | undefined> = (raw, name) => {
  const s = optional(raw, name)
  if (s === undefined) return s
  if (s.length < 16) return fail(name, 'must be at least 16 characters (a long random string)')
  if (PLACEHOLDER_SECRET.test(s)) return fail(name, `is still a placeholder (${s.slice(0, 10)}…): set a long random string, e.g. the output of \`openssl rand -base64 32\``)
  if (new Set(s).size < 8) return fail(name, 'repeats a few characters: set a long random string, e.g. the output of `openssl rand -base64 32`')
  return s
}

/** One of a few words. */
export const oneOf =
  <const W extends string>(words: readonly W[]): Parser<W> =>
  (raw, name) => {
    const s = text(raw, name)
    return (words as readonly string[]).includes(s) ? (s as W) : fail(name, `must be ${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}, got ${show(raw)}`)
  }

/** A list from a comma-separated string (flags, environment) or an array of strings (file). */
export const list: Parser<string[]> = (raw, name) => {
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : fail(name, `must be a comma-separated list, got ${show(raw)}`)
  return items.map((item) => text(item, name)).filter((item) => item !== '')
}

/** A list whose items `item` checks (and may rewrite). */
export const listOf =
  <T = string>(item: (value: string, name: string) => T): Parser<T[]> =>
  (raw, name) =>
    list(raw, name).map((value) => item(value, name))

export const wholeNumber =
  (min: number, max: number, unit: string): Parser<number> =>
  (raw, name) => {
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN
    if (!Number.isInteger(n) || n < min || n > max) return fail(name, `must be a whole number of ${unit} from ${min} to ${max}, got ${show(raw)}`)
    return n
  }

/** `1`/`true` or `0`/`false` (any case; '' is false), or a JSON boolean in the file. */
export const bool: Parser<boolean> = (raw, name) => {
  if (typeof raw === 'boolean') return raw
  const s = typeof raw === 'string' ? raw.trim().toLowerCase() : ''
  if (s === '1' || s === 'true') return true
  if (s === '0' || s === 'false' || s === '') return false
  return fail(name, `must be 1, true, 0 or false, got ${show(raw)}`)
}

export function origin(value: string, name: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return fail(name, `must list origins such as https://example.com, got "${value}"`)
  }
  // An origin is scheme, host and port only: a path or a trailing slash would never match a browser's Origin.
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== value) return fail(name, `must list exact origins such as https://example.com (no path, no trailing slash), got "${value}"`)
  return value
}

export const storeUrl: Parser<string> = (raw, name) => {
  const s = text(raw, name)
  if (/^sqlite:.+/.test(s) || /^postgres(ql)?:\/\/.+/.test(s)) return s
  // Only the scheme is echoed: the rest of a URL may hold a password.
  const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(s)?.[0]
  return fail(name, `must be sqlite:PATH or postgres://USER@HOST/DB, got ${scheme ? `a "${scheme}" URL` : show(raw)}`)
}

/** An http(s) URL without credentials, query or fragment; undefined when it is not one. */
function plainHttpUrl(value: string): URL | undefined {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  return (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.search || url.hash ? undefined : url
}

/** A provider's base URL; kept without a trailing slash. */
export const baseUrl: Parser<string> = (raw, name) => {
  const url = plainHttpUrl(text(raw, name))
  if (!url) return fail(name, `must be an http(s) base URL such as https://github.com, got ${show(raw)}`)
  return url.href.replace(/\/+$/, '')
}

/** A `redirect_uri` prefix (origin and path). */
export function redirectPrefix(value: string, name: string): string {
  const url = plainHttpUrl(value)
  if (!url) return fail(name, `must list http(s) URLs such as https://example.com/oauth/ (origin and path), got "${value}"`)
  return url.href
}

/** The site's address with its base (`https://example.com/gpt/`), kept with one trailing slash. */
export const siteUrl: Parser<string | undefined> = (raw, name) => {
  const s = optional(raw, name)
  if (s === undefined) return undefined
  const url = plainHttpUrl(s)
  if (!url) return fail(name, `must be the site's http(s) address with its base, such as https://example.com/gpt/, got ${show(raw)}`)
  return url.href.endsWith('/') ? url.href : `${url.href}/`
}

/** One e-mail address (`name@example.com`), or unset. */
export const mailAddress: Parser<string | undefined> = (raw, name) => {
  const s = optional(raw, name)
  if (s === undefined) return undefined
  return /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(s) ? s : fail(name, `must be an e-mail address such as owner@example.com, got ${show(raw)}`)
}

/** A sender: an address, or a name and an address (`我的GPT笔记 <noreply@example.com>`). */
export const mailFrom: Parser<string | undefined> = (raw, name) => {
  const s = optional(raw, name)
  if (s === undefined) return undefined
  const address = /<([^<>]+)>\s*$/.exec(s)?.[1] ?? s
  return /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[^\s@<>,;"]+$/.test(address.trim()) && !/[\r\n]/.test(s) ? s : fail(name, `must be an address or a name and an address (我的GPT笔记 <noreply@example.com>), got ${show(raw)}`)
}

/** `smtp://user:pass@host:587` or `smtps://user:pass@host:465`; only the scheme is ever echoed (the rest holds a password). */
export const smtpUrl: Parser<string | undefined> = (raw, name) => {
  const s = optional(raw, name)
  if (s === undefined) return undefined
  let url: URL | undefined
  try {
    url = new URL(s)
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(s)?.[0]
    return fail(name, `must be smtp://USER:PASSWORD@HOST:587 (STARTTLS when offered) or smtps://USER:PASSWORD@HOST:465, got ${scheme ? `a "${scheme}" URL` : 'no URL'}`)
  }
  return s
}

/**
 * The service's own public address (`https://comments.example.com`, or one with a path when it
 * is served under one), kept without a trailing slash: every link a message carries to the
 * service (`/admin/`, `/unsubscribe`) is made from it, never from a request's `Host`.
 */
export const publicUrl: Parser<string | undefined> = (raw, name) => {
  const s = optional(raw, name)
  if (s === undefined) return undefined
  const url = plainHttpUrl(s)
  if (!url) return fail(name, `must be the comment service's own http(s) address, such as https://comments.example.com (no user, query or fragment), got ${show(raw)}`)
  return url.href.replace(/\/+$/, '')
}

/** The formats a webhook address may name (`FORMAT=URL`). */
export const WEBHOOK_FORMATS = ['json', 'wecom', 'dingtalk', 'feishu'] as const
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number]

/** A webhook address as configured: its format when the entry names one (`wecom=https://…`). */
export interface WebhookEntry {
  url: string
  format?: WebhookFormat
}

/**
 * One webhook entry: an http(s) URL (a robot's carries its key in the query), or `FORMAT=URL`.
 * A URL's scheme comes before any `=`, so a leading word and `=` can only be a format.
 */
export const webhookEntry = (value: string, name: string): WebhookEntry => {
  const named = /^([A-Za-z]+)=(.*)$/.exec(value)
  let format: WebhookFormat | undefined
  if (named) {
    const word = named[1].toLowerCase()
    if (!(WEBHOOK_FORMATS as readonly string[]).includes(word)) return fail(name, `names an unknown format "${named[1]}" (FORMAT=URL takes ${WEBHOOK_FORMATS.join(', ')})`)
    format = word as WebhookFormat
  }
  let url: URL
  try {
    url = new URL(named ? named[2].trim() : value)
  } catch {
    return fail(name, 'must list http(s) URLs or FORMAT=URL entries (wecom=https://…), comma-separated (one of them is not a URL)')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return fail(name, `must list http(s) URLs, got a "${url.protocol}" URL`)
  return format ? { url: url.href, format } : { url: url.href }
}
