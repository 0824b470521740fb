import { describe, expect, it } from 'vitest'
import { issueChallenge, leadingZeroBits, solveChallenge, verifyChallenge } from '../../src/proxy/policy/challenge.js'

const SECRET = 'a-long-random-server-secret'
const now = new Date('2025-05-13T08:00:00.000Z')

describe('proof-of-work challenge', () => {
  it('counts leading zero bits', () => {
    expect(leadingZeroBits(new Uint8Array([0, 0, 0x80]))).toBe(16)
    expect(leadingZeroBits(new Uint8Array([0, 0x01]))).toBe(15)
    expect(leadingZeroBits(new Uint8Array([0xff]))).toBe(0)
    expect(leadingZeroBits(new Uint8Array([0, 0]))).toBe(16)
  })

  it('accepts a solved token and refuses one without the work', async () => {
    const c = await issueChallenge(SECRET, { bits: 8, ttlSeconds: 60, now })
    expect(c.bits).toBe(8)
    expect(c.expiresAt).toBe('2025-05-13T08:01:00.000Z')
    const nonce = await solveChallenge(c.token, c.bits)
    expect(await verifyChallenge(SECRET, c.token, nonce, { now })).toEqual({ ok: true })
    // Some nonce below the target: search for one that fails.
    let wrong = 'z0'
    for (let i = 0; (await verifyChallenge(SECRET, c.token, wrong, { now })).ok; i++) wrong = `z${i}`
    expect(await verifyChallenge(SECRET, c.token, wrong, { now })).toEqual({ ok: false, reason: 'work' })
  })

  it('refuses expired, forged and malformed tokens', async () => {
    const c = await issueChallenge(SECRET, { bits: 4, ttlSeconds: 60, now })
    const nonce = await solveChallenge(c.token, c.bits)
    expect(await verifyChallenge(SECRET, c.token, nonce, { now: new Date(now.getTime() + 61_000) })).toEqual({ ok: false, reason: 'expired' })
    expect(await verifyChallenge('another-secret-entirely', c.token, nonce, { now })).toEqual({ ok: false, reason: 'signature' })
    // Lowering the difficulty breaks the signature.
    const easier = c.token.replace(/^c1\.4\./, 'c1.1.')
    expect(await verifyChallenge(SECRET, easier, nonce, { now })).toEqual({ ok: false, reason: 'signature' })
    const later = c.token.replace(/^(c1\.4\.)(\d+)/, (_, p: string, t: string) => `${p}${Number(t) + 3_600_000}`)
    expect(await verifyChallenge(SECRET, later, nonce, { now })).toEqual({ ok: false, reason: 'signature' })
    for (const [token, n] of [['x', nonce], [c.token, ''], [c.token, 'a b'], [c.token, 5], [undefined, nonce], ['c1.4.1.a.!!', nonce], [`${c.token}.x`, nonce]] as const) {
      expect(await verifyChallenge(SECRET, token, n, { now })).toEqual({ ok: false, reason: 'malformed' })
    }
  })

  it('issues distinct tokens and checks its own settings', async () => {
    const a = await issueChallenge(SECRET, { now })
    const b = await issueChallenge(SECRET, { now })
    expect(a.token).not.toBe(b.token)
    expect(a.bits).toBe(16)
    await expect(issueChallenge(SECRET, { bits: 0 })).rejects.toThrow(RangeError)
    await expect(issueChallenge(SECRET, { bits: 40 })).rejects.toThrow(RangeError)
  })
})
