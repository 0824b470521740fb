/**
 * An optional proof-of-work challenge that needs no foreign service (captcha providers are often
 * unreachable from mainland China). The server issues a token signed with its secret (HMAC-SHA-256);
 * the browser finds a nonce such that SHA-256(token ":" nonce) starts with `bits` zero bits and
 * sends both with the comment. Verifying costs one HMAC and one hash; solving costs about 2^bits
 * hashes, which is nothing for one comment and a lot for a flood. Off unless the app enables it.
 */

export interface Challenge {
  token: string
  /** Leading zero bits the hash must have. */
  bits: number
  /** ISO time after which the token is refused. */
  expiresAt: string
}

export interface ChallengeOptions {
  /** Default 16: about 65,000 hashes, well under a second in a browser. */
  bits?: number
  ttlSeconds?: number
  now?: Date
}

export type ChallengeResult = { ok: true } | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'work' }

const VERSION = 'c1'
const MAX_BITS = 32
const NONCE_RE = /^[0-9A-Za-z_-]{1,64}$/

const enc = new TextEncoder()

function b64url(bytes: Uint8Array): string {
  let s = ''
  for (const b of bytes) s += String.fromCharCode(b)
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromB64url(s: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[0-9A-Za-z_-]*$/.test(s)) return undefined
  try {
    const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4))
    const out = new Uint8Array(bin.length)
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i)
    return out
  } catch {
    return undefined
  }
}

const hmacKey = (secret: string, usage: 'sign' | 'verify') => crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage])

/** Leading zero bits of a hash. */
export function leadingZeroBits(bytes: Uint8Array): number {
  let n = 0
  for (const b of bytes) {
    if (b === 0) {
      n += 8
      continue
    }
    return n + Math.clz32(b) - 24
  }
  return n
}

async function work(token: string, nonce: string): Promise<number> {
  return leadingZeroBits(new Uint8Array(await crypto.subtle.digest('SHA-256', enc.encode(`${token}:${nonce}`))))
}

/** A fresh challenge: `c1.<bits>.<expiry ms>.<random>.<signature>`. */
export async function issueChallenge(secret: string, { bits = 16, ttlSeconds = 300, now = new Date() }: ChallengeOptions = {}): Promise<Challenge> {
  if (!Number.isInteger(bits) || bits < 1 || bits > MAX_BITS) throw new RangeError(`bits must be 1 to ${MAX_BITS}`)
  const expires = now.getTime() + ttlSeconds * 1000
  const body = `${VERSION}.${bits}.${expires}.${b64url(crypto.getRandomValues(new Uint8Array(16)))}`
  const sig = new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), enc.encode(body)))
  return { token: `${body}.${b64url(sig)}`, bits, expiresAt: new Date(expires).toISOString() }
}

/**
 * Checks the signature (in constant time, by Web Crypto), the expiry and the work. A solved
 * token stays valid until it expires: the app keeps used tokens (or their random part) for
 * that long if a token must count once.
 */
export async function verifyChallenge(secret: string, token: unknown, nonce: unknown, { now = new Date() }: { now?: Date } = {}): Promise<ChallengeResult> {
  if (typeof token !== 'string' || typeof nonce !== 'string' || token.length > 200 || !NONCE_RE.test(nonce)) return { ok: false, reason: 'malformed' }
  const parts = token.split('.')
  if (parts.length !== 5 || parts[0] !== VERSION || !/^\d{1,2}$/.test(parts[1]) || !/^\d{1,15}$/.test(parts[2])) return { ok: false, reason: 'malformed' }
  const bits = Number(parts[1])
  const sig = fromB64url(parts[4])
  if (bits < 1 || bits > MAX_BITS || sig === undefined) return { ok: false, reason: 'malformed' }
  const body = parts.slice(0, 4).join('.')
  if (!(await crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), sig, enc.encode(body)))) return { ok: false, reason: 'signature' }
  if (Number(parts[2]) <= now.getTime()) return { ok: false, reason: 'expired' }
  if ((await work(token, nonce)) < bits) return { ok: false, reason: 'work' }
  return { ok: true }
}

/** The browser's side (also for tests): the first nonce that does the work. */
export async function solveChallenge(token: string, bits: number): Promise<string> {
  for (let i = 0; ; i++) {
    const nonce = i.toString(36)
    if ((await work(token, nonce)) >= bits) return nonce
  }
}
