/**
 * Bytes as base64url without padding (RFC 4648 §5): PKCE verifiers and challenges, random
 * tokens. Written out rather than through `btoa`, which `src/shared` does not assume.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

export function base64url(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0)
    // 1, 2 or 3 bytes give 2, 3 or 4 characters.
    const chars = Math.min(bytes.length - i, 3) + 1
    for (let j = 0; j < chars; j++) out += ALPHABET[(n >> (18 - 6 * j)) & 63]
  }
  return out
}
