/**
 * One-click unsubscribe from reply mail, per address. The link's token is the address's keyed
 * hash (HMAC-SHA-256 of the trimmed, lower-cased address, with the service secret) and a
 * signature over that hash: the service checks the signature, then records the hash. Neither
 * the link nor the store holds the address; a token not made by the service is refused.
 * Web-standard.
 */
import { hex } from '../../shared/encoding/hex.js'
import { hmacSha256 } from './hmac.js'

const mac = async (secret: string, message: string): Promise<string> => hex(await hmacSha256(secret, message))

export const normaliseAddress = (address: string): string => address.trim().toLowerCase()

/** The address's keyed hash: what the store records for an unsubscribed address. */
export const addressKey = (secret: string, address: string): Promise<string> => mac(secret, `unsubscribe-address:${normaliseAddress(address)}`)

/** The token of the address's unsubscribe link. */
export async function unsubscribeToken(secret: string, address: string): Promise<string> {
  const key = await addressKey(secret, address)
  return `${key}.${(await mac(secret, `unsubscribe-token:${key}`)).slice(0, 32)}`
}

/** The address's keyed hash when the token is the service's own; undefined for a forged or damaged one. */
export async function verifyUnsubscribeToken(secret: string, token: string): Promise<string | undefined> {
  const m = /^([0-9a-f]{64})\.([0-9a-f]{32})$/.exec(token)
  if (!m) return undefined
  const expected = (await mac(secret, `unsubscribe-token:${m[1]}`)).slice(0, 32)
  // Compared in full whatever differs first: the time says nothing of where.
  let diff = 0
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ m[2].charCodeAt(i)
  return diff === 0 ? m[1] : undefined
}
