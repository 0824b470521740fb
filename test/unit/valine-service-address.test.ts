// Widget A's service address: plain http off loopback is warned about (CommentsServiceInsecure),
// for the base valineConfig and each locale's, at the option's key path.
import { describe, expect, it } from 'vitest'
import { siteConfigFindings } from '../../src/shared/site-config.js'
import { insecureServiceAddress } from '../../src/shared/widgets/valine.js'

describe('insecureServiceAddress', () => {
  it('is true for http off loopback only', () => {
    for (const a of ['http://comments.example.com', 'http://10.0.0.5:8787', 'http://user@comments.example.com/x', 'HTTP://Example.com']) expect(insecureServiceAddress(a), a).toBe(true)
    for (const a of ['', 'https://comments.example.com', 'http://127.0.0.1:8787', 'http://localhost:8787/', 'http://[::1]:8787', 'http://127.3.2.1']) expect(insecureServiceAddress(a), a).toBe(false)
  })
})

describe('CommentsServiceInsecure', () => {
  const findings = (valine: object, locales?: object) =>
    siteConfigFindings({ themeConfig: { comments: { enabled: true, solution: 'valine', valineConfig: valine, ...(locales ? { locales } : {}) } } }).filter((f) => f.code === 'CommentsServiceInsecure')

  it('names the base address and each locale\'s', () => {
    expect(findings({ serverURLs: 'http://c.example.com' }, { '/en/': { valineConfig: { serverURLs: 'http://en.example.com' } } })).toEqual([
      { code: 'CommentsServiceInsecure', params: { path: 'themeConfig.comments.valineConfig.serverURLs', address: 'http://c.example.com' }, path: 'themeConfig.comments.valineConfig.serverURLs' },
      { code: 'CommentsServiceInsecure', params: { path: 'themeConfig.comments.locales["/en/"].valineConfig.serverURLs', address: 'http://en.example.com' }, path: 'themeConfig.comments.locales["/en/"].valineConfig.serverURLs' },
    ])
  })

  it('says nothing for https, loopback, or widget A off', () => {
    expect(findings({ serverURLs: 'https://c.example.com' })).toEqual([])
    expect(findings({ serverURLs: 'http://127.0.0.1:8787' })).toEqual([])
    expect(siteConfigFindings({ themeConfig: { comments: { enabled: false, solution: 'valine', valineConfig: { serverURLs: 'http://c.example.com' } } } })).toEqual([])
  })
})
