/**
 * MD5 (RFC 1321) of a string's UTF-8 bytes, as hex. Web Crypto has no MD5, and two things need
 * it: the avatar hash Gravatar-style services expect (`mailMd5`, made by the service) and
 * LeanCloud's request signature (`X-LC-Sign: md5(timestamp + appKey),timestamp`, made by the
 * SDK in the browser). Neither is a security use: MD5 keeps no secret.
 */
import { hex } from './hex.js'
import { utf8 } from './utf8.js'

/** Per-round shift amounts, four per 16-step round. */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21]
/** The sine-derived constants of RFC 1321. */
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) | 0)

/** Whether `text` is an MD5 written out as hex (32 hex digits, either case). */
export const isMd5Hex = (text: string): boolean => /^[0-9a-f]{32}$/i.test(text)

export function md5(text: string): string {
  const bytes = utf8(text)
  // Padding: 0x80, zeros to 56 mod 64, then the bit length as a 64-bit little-endian number.
  const blocks = ((bytes.length + 8) >> 6) + 1
  const words = new Uint32Array(blocks * 16)
  for (let i = 0; i < bytes.length; i++) words[i >> 2] |= bytes[i] << ((i % 4) * 8)
  words[bytes.length >> 2] |= 0x80 << ((bytes.length % 4) * 8)
  words[blocks * 16 - 2] = bytes.length * 8
  words[blocks * 16 - 1] = Math.floor(bytes.length / 2 ** 29)

  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]
  for (let block = 0; block < words.length; block += 16) {
    let [a, b, c, d] = h
    for (let i = 0; i < 64; i++) {
      const round = i >> 4
      const f = round === 0 ? (b & c) | (~b & d) : round === 1 ? (d & b) | (~d & c) : round === 2 ? b ^ c ^ d : c ^ (b | ~d)
      const g = round === 0 ? i : round === 1 ? (5 * i + 1) % 16 : round === 2 ? (3 * i + 5) % 16 : (7 * i) % 16
      const sum = (a + f + K[i] + words[block + g]) | 0
      const s = SHIFTS[round * 4 + (i % 4)]
      ;[a, d, c] = [d, c, b]
      b = (b + ((sum << s) | (sum >>> (32 - s)))) | 0
    }
    h[0] = (h[0] + a) | 0
    h[1] = (h[1] + b) | 0
    h[2] = (h[2] + c) | 0
    h[3] = (h[3] + d) | 0
  }
  // The digest is the four words, each little-endian.
  return hex(Uint8Array.from({ length: 16 }, (_, i) => (h[i >> 2] >>> ((i % 4) * 8)) & 0xff))
}
