/** HMAC-SHA-256 with Web Crypto: webhook signatures and unsubscribe tokens. Web-standard. */
const enc = new TextEncoder()

/** HMAC-SHA-256 of `message` with `key` (both UTF-8). */
export async function hmacSha256(key: string, message: string): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey('raw', enc.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  return new Uint8Array(await crypto.subtle.sign('HMAC', k, enc.encode(message)))
}
