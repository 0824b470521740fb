/**
 * The hashes the service keeps instead of personal data: the client address as a keyed hash
 * (rate limits, counter windows, moderation) and the e-mail's md5; and what readers get for the
 * avatar (`mailMd5`): a keyed hash of that md5, unless the owner turns on Gravatar-style
 * avatars. The address itself and the e-mail never reach a reader.
 */
import { hex } from '../../shared/encoding/hex.js'
import { md5 } from '../../shared/encoding/md5.js'

const enc = new TextEncoder()
const hmacKey = (secret: string) => crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])

/**
 * The stored avatar hash: md5 of the trimmed, lower-cased address; '' without one. Stored, not
 * published: anyone can hash a list of common addresses and find theirs among plain md5s.
 */
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

/**
 * The client address as kept: HMAC-SHA-256 keyed with the service's salt, so hashes cannot be
 * reversed by hashing all 2^32 IPv4 addresses without the salt.
 */
export async function ipHash(ip: string, salt: string): Promise<string> {
  return hex(await crypto.subtle.sign('HMAC', await hmacKey(salt), enc.encode(ipKey(ip))))
}

/** The `mailMd5` a reader gets for a stored avatar hash ('' stays ''). */
export type AvatarKey = (mailHash: string) => Promise<string>

/**
 * `mailMd5` as readers get it. By default a keyed hash of the stored md5 (HMAC-SHA-256 with the
 * service's secret, cut to md5's 32 hex digits so every client takes it for one): the same
 * commenter gets the same key, so the widget draws the same avatar, but nobody without the
 * secret can test an address against it. Gravatar knows no such hash, so the original Valine
 * client shows its default avatar. With `gravatar` on, the plain md5, for Gravatar-style
 * services (and for dictionaries of common addresses).
 */
export function avatarKeys(secret: string, gravatar: boolean): AvatarKey {
  if (gravatar) return async (mailHash) => mailHash
  let key: Promise<CryptoKey> | undefined
  return async (mailHash) => {
    if (mailHash === '') return ''
    key ??= hmacKey(secret)
    // A label of its own, so an avatar key is never an IP hash of the same bytes.
    const mac = new Uint8Array(await crypto.subtle.sign('HMAC', await key, enc.encode(`avatar:${mailHash}`)))
    return hex(mac.slice(0, 16))
  }
}
