import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { base64url } from '../../src/shared/encoding/base64url.js'
import { hex } from '../../src/shared/encoding/hex.js'
import { md5 } from '../../src/shared/encoding/md5.js'
import { utf8 } from '../../src/shared/encoding/utf8.js'

const bytes = (...b: number[]) => Uint8Array.from(b)
const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0))

describe('utf8', () => {
  it('encodes as TextEncoder does, a lone surrogate as U+FFFD', () => {
    for (const s of ['', 'a', 'é', '评论', '\u{1F600}', 'mixed ünïcödé 评论 💬', '\u{10FFFF}', '\u07FF\u0800\uFFFF']) {
      expect([...utf8(s)], s).toEqual([...new TextEncoder().encode(s)])
    }
    expect([...utf8('a\uD800b')]).toEqual([0x61, 0xef, 0xbf, 0xbd, 0x62])
  })
})

describe('hex', () => {
  it('writes two lower-case digits a byte, from bytes or a buffer', () => {
    expect(hex(bytes())).toBe('')
    expect(hex(bytes(0, 1, 0x0f, 0x10, 0xab, 0xff))).toBe('00010f10abff')
    expect(hex(bytes(0xde, 0xad, 0xbe, 0xef).buffer)).toBe('deadbeef')
  })
})

describe('base64url', () => {
  it('matches RFC 4648’s vectors, URL-safe and without padding', () => {
    // RFC 4648 §10, padding dropped.
    const vectors: [string, string][] = [['', ''], ['f', 'Zg'], ['fo', 'Zm8'], ['foo', 'Zm9v'], ['foob', 'Zm9vYg'], ['fooba', 'Zm9vYmE'], ['foobar', 'Zm9vYmFy']]
    for (const [input, out] of vectors) expect(base64url(ascii(input)), input).toBe(out)
    // The two characters that differ from base64: 62 and 63.
    expect(base64url(bytes(0xfb, 0xff, 0xbf))).toBe('-_-_')
  })

  it('agrees with Node on random bytes of every length mod 3', () => {
    for (let n = 0; n < 40; n++) {
      const b = crypto.getRandomValues(new Uint8Array(n))
      expect(base64url(b)).toBe(Buffer.from(b).toString('base64url'))
    }
  })
})

describe('md5', () => {
  it('matches RFC 1321 and the platform', () => {
    expect(md5('')).toBe('d41d8cd98f00b204e9800998ecf8427e')
    expect(md5('a')).toBe('0cc175b9c0f1b6a831c399e269772661')
    expect(md5('abc')).toBe('900150983cd24fb0d6963f7d28e17f72')
    expect(md5('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0')
    expect(md5('12345678901234567890123456789012345678901234567890123456789012345678901234567890')).toBe('57edf4a22be3c955ac49da2e2107b67a')
    for (const s of ['评论者@例子.中国', 'x'.repeat(55), 'x'.repeat(56), 'x'.repeat(64), 'x'.repeat(1000), '\u{1F600}']) {
      expect(md5(s), s.slice(0, 10)).toBe(createHash('md5').update(s, 'utf8').digest('hex'))
    }
  })
})
