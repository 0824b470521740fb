import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { md5 } from '../../src/shared/encoding/md5.js'
import { avatarKeys, ipHash, ipKey, mailHash } from '../../src/proxy/policy/privacy.js'

describe('hashes', () => {
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

  it('avatar key: a keyed hash of the stored md5 in md5\'s shape, stable per address, distinct per address and per secret; plain with gravatar', async () => {
    const keyed = avatarKeys('secret-0123456789abcdef', false)
    const a = await keyed(mailHash('a@example.com'))
    expect(a).toMatch(/^[0-9a-f]{32}$/)
    expect(a).not.toBe(mailHash('a@example.com'))
    expect(a).toBe(createHmac('sha256', 'secret-0123456789abcdef').update(`avatar:${mailHash('a@example.com')}`).digest('hex').slice(0, 32))
    expect(await keyed(mailHash(' A@Example.com'))).toBe(a)
    expect(await keyed(mailHash('b@example.com'))).not.toBe(a)
    expect(await avatarKeys('another-secret-0000000', false)(mailHash('a@example.com'))).not.toBe(a)
    expect(await keyed('')).toBe('')
    expect(await avatarKeys('secret-0123456789abcdef', true)(mailHash('a@example.com'))).toBe(md5('a@example.com'))
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
