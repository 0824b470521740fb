/**
 * The two hashes the service keeps instead of personal data: the client address as a keyed
 * hash (rate limits, counter windows, moderation) and the e-mail's md5 (avatars). The address
 * itself and the e-mail never reach a reader.
 */
import { hex } from '../../shared/encoding/hex.js'
import { md5 } from '../../shared/encoding/md5.js'

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

/**
 * The client address as kept: HMAC-SHA-256 keyed with the service's salt, so hashes cannot be
 * reversed by hashing all 2^32 IPv4 addresses without the salt.
 */
export async function ipHash(ip: string, salt: string): Promise<string> {
  const enc = new TextEncoder()
  const key = await crypto.subtle.importKey('raw', enc.encode(salt), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return hex(await crypto.subtle.sign('HMAC', key, enc.encode(ipKey(ip))))
}
