import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { md5 } from '../../src/shared/encoding/md5.js'
import { ipHash, ipKey, mailHash } from '../../src/proxy/policy/privacy.js'

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

  it('counts an IPv6 client by its /64, and mapped IPv4 as IPv4', async () => {
    expect(ipKey('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64')
    expect(ipKey('2001:0db8:00aa:00bb::9')).toBe('2001:db8:aa:bb::/64')
    expect(ipKey('2001:db8::1')).toBe('2001:db8:0:0::/64')
    expect(ipKey('::ffff:198.51.100.2')).toBe('198.51.100.2')
    expect(ipKey('[2001:DB8::1]')).toBe('2001:db8:0:0::/64')
    expect(await ipHash('2001:db8:aa:bb::1', 's')).toBe(await ipHash('2001:db8:aa:bb:ffff::2', 's'))
  })
})
