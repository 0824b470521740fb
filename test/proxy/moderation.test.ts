import { createHash, createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { md5 } from '../../src/proxy/policy/md5.js'
import { duplicateKey, ipHash, ipKey, mailHash, moderate, rateLimit } from '../../src/proxy/policy/moderation.js'
import { sanitizeHtml } from '../../src/proxy/policy/sanitize.js'

const input = (comment: string, over: Partial<{ nick: string; mail: string; link: string }> = {}) => ({ comment: sanitizeHtml(comment), nick: 'Reader', mail: '', link: '', ...over })
const auto = { mode: 'auto' as const, forbiddenWords: [] }

describe('moderate', () => {
  it('auto: a plain comment is approved', () => {
    expect(moderate(input('<p>Thanks, this helped.</p>'), auto)).toEqual({ status: 'approved', reasons: [] })
  })

  it("auto: a link in the body waits; the reply marker, site paths and the commenter's own site do not", () => {
    expect(moderate(input('<p>see <a href="https://e.com">this</a></p>'), auto)).toEqual({ status: 'waiting', reasons: ['link'] })
    expect(moderate(input('<p>see www.e.com/x</p>'), auto).reasons).toEqual(['link'])
    expect(moderate(input('<p><a class="at" href="#a1">@Tom </a> , ok; see <a href="/gpt/b.html">b</a></p>', { link: 'https://reader.example' }), auto)).toEqual({ status: 'approved', reasons: [] })
  })

  it('auto: spam rules make it wait, with reasons', () => {
    expect(moderate(input('<p><a href="https://a.com">a</a> <a href="https://b.com">b</a> https://c.com</p>'), auto).reasons).toEqual(['link', 'many-links'])
    expect(moderate(input(`<p>wow${'!'.repeat(25)}</p>`), auto)).toEqual({ status: 'waiting', reasons: ['repeated-characters'] })
    expect(moderate(input('<p>Cheap VIAGRA here</p>'), auto)).toEqual({ status: 'waiting', reasons: ['spam-pattern'] })
    expect(moderate(input('<p>正规博彩平台</p>'), auto).status).toBe('waiting')
    expect(moderate(input('<p>buy our Widgets</p>'), { mode: 'auto', forbiddenWords: ['widgets'] })).toEqual({ status: 'waiting', reasons: ['forbidden-word'] })
    expect(moderate(input('<p>hi</p>', { nick: 'Widget seller' }), { mode: 'auto', forbiddenWords: [' widget '] }).reasons).toEqual(['forbidden-word'])
    expect(moderate(input('<p>hi</p>'), { mode: 'auto', forbiddenWords: ['', '  '] }).status).toBe('approved')
  })

  it('all: everything waits; none: everything is approved', () => {
    expect(moderate(input('<p>hello</p>'), { mode: 'all', forbiddenWords: [] })).toEqual({ status: 'waiting', reasons: ['moderation-all'] })
    expect(moderate(input('<p><a href="https://e.com">x</a></p>'), { mode: 'none', forbiddenWords: [] })).toEqual({ status: 'approved', reasons: ['link'] })
  })
})

describe('duplicates and rate limits', () => {
  it('one key for the same page, name and visible text', () => {
    const a = duplicateKey({ url: '/a', nick: 'Tom', comment: '<p>Hello   world</p>' })
    expect(duplicateKey({ url: '/a', nick: 'tom', comment: '<p>hello world</p>\n' })).toBe(a)
    expect(duplicateKey({ url: '/b', nick: 'Tom', comment: '<p>Hello world</p>' })).not.toBe(a)
    expect(duplicateKey({ url: '/a', nick: 'Tom', comment: '<p>Hello world!</p>' })).not.toBe(a)
  })

  it('one comment per window per IP', () => {
    const now = new Date('2025-05-13T08:00:20.000Z')
    expect(rateLimit(undefined, now, 20)).toEqual({ allowed: true, retryAfter: 0 })
    expect(rateLimit('2025-05-13T08:00:00.000Z', now, 20)).toEqual({ allowed: true, retryAfter: 0 })
    expect(rateLimit('2025-05-13T08:00:05.500Z', now, 20)).toEqual({ allowed: false, retryAfter: 6 })
    expect(rateLimit('2025-05-13T08:00:19.999Z', now, 0)).toEqual({ allowed: true, retryAfter: 0 })
  })
})

describe('hashes', () => {
  it('md5 matches RFC 1321 and the platform', () => {
    expect(md5('')).toBe('d41d8cd98f00b204e9800998ecf8427e')
    expect(md5('a')).toBe('0cc175b9c0f1b6a831c399e269772661')
    expect(md5('abc')).toBe('900150983cd24fb0d6963f7d28e17f72')
    expect(md5('message digest')).toBe('f96b697d7cb7938d525a2f31aaf161d0')
    expect(md5('12345678901234567890123456789012345678901234567890123456789012345678901234567890')).toBe('57edf4a22be3c955ac49da2e2107b67a')
    for (const s of ['评论者@例子.中国', 'x'.repeat(55), 'x'.repeat(56), 'x'.repeat(64), 'x'.repeat(1000), '\u{1F600}']) {
      expect(md5(s), s.slice(0, 10)).toBe(createHash('md5').update(s, 'utf8').digest('hex'))
    }
  })

  it('mail hash: trimmed, lower-cased; empty without mail', () => {
    expect(mailHash('  Reader@Example.COM ')).toBe(md5('reader@example.com'))
    expect(mailHash('')).toBe('')
  })

  it('IP hash: keyed, stable, never the address', async () => {
    const h = await ipHash('203.0.113.7', 'salt-1234567890abcdef')
    expect(h).toMatch(/^[0-9a-f]{64}$/)
    expect(await ipHash(' 203.0.113.7 ', 'salt-1234567890abcdef')).toBe(h)
    expect(h).toBe(createHmac('sha256', 'salt-1234567890abcdef').update('203.0.113.7').digest('hex'))
    expect(await ipHash('203.0.113.7', 'another-salt-000000')).not.toBe(h)
    expect(h).not.toContain('203')
  })

  it('counts an IPv6 client by its /64, and mapped IPv4 as IPv4', async () => {
    expect(ipKey('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64')
    expect(ipKey('2001:0db8:00aa:00bb::9')).toBe('2001:db8:aa:bb::/64')
    expect(ipKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(ipKey('::ffff:198.51.100.2')).toBe('198.51.100.2')
    expect(ipKey('[2001:DB8::1]')).toBe('2001:db8:0:0::/64')
    expect(await ipHash('2001:db8:aa:bb::1', 's')).toBe(await ipHash('2001:db8:aa:bb:ffff::2', 's'))
  })
})
