import { describe, expect, it } from 'vitest'
import type { Notice } from '../../src/proxy/notify/notice.js'
import { markdownContent, robotText, textContent } from '../../src/proxy/notify/render.js'
import { documentedLinks, gfmLinks } from '../helpers/robot-links.js'

/**
 * A robot's message carries no link a reader wrote: addresses in the comment, the name and the
 * page's path, in every form a renderer or a chat client links, are checked against each robot's
 * documented markdown (test/helpers/robot-links.ts names the documentation) and rendered by a
 * GFM renderer (micromark). The only links left are the service's and the site's own.
 */
const PUBLIC = 'https://comments.example.com'
const SITE = 'https://blog.example.com/gpt/'

const ADDRESSES = [
  'http://evil%2Eexample/',
  'http://evil。example/',
  'http://host:8080/',
  'https://evil.example/login',
  'HTTP://EVIL.EXAMPLE/',
  'javascript:alert(1)',
  'ftp://evil.example/x',
  '//evil.example/x',
  'http：／／evil．example/',
  'http：//evil.example/',
  'http:／／evil.example/',
  'ｈｔｔｐ://evil.example/',
  'http ://evil.example/',
  'ht\u200Btp\u200B://evil.example/',
  'data:text/html,x',
  'mailto:x@evil.example',
  'x@evil.example',
  'www.evil.example',
  'www。evil。example',
  '<http://evil.example/>',
  '[点我](http://evil.example/)',
  '[点我](evil)',
  '![](http://evil.example/x.png)',
  'http&#58;//evil.example/',
  'evil.example:8080/admin',
]

const notice = (text: string, type: Notice['type'] = 'comment.created'): Notice => ({
  type,
  comment: { objectId: 'c1', url: `/gpt/a.html?${text}`, nick: text, comment: `<p>看这里 ${text} 和${text}。</p>`, status: 'waiting', createdAt: '2026-01-01T00:00:00.000Z', rid: null, pid: null },
  siteUrl: SITE,
  pageUrl: `${SITE}a.html`,
  adminUrl: `${PUBLIC}/admin/`,
})

const own = (target: string) => target.startsWith(`${PUBLIC}/`) || target.startsWith('https://blog.example.com/')

describe('robot messages carry no link a reader wrote', () => {
  for (const address of ADDRESSES) {
    it(`${JSON.stringify(address)}: no link in WeCom, DingTalk or Feishu, nor through GFM`, () => {
      const n = notice(address)
      const md = markdownContent(n)
      const feishu = textContent(n)
      for (const [format, text] of [['wecom', md.text], ['dingtalk', md.text], ['dingtalk', md.title], ['feishu', feishu]] as const) {
        const { links, tags } = documentedLinks(format, text)
        expect(links.filter((l) => !own(l)), `${format}: ${text}`).toEqual([])
        expect(tags, format).toEqual([])
      }
      expect(gfmLinks(md.text).filter((l) => !own(l)), md.text).toEqual([])
      // The service's own links are still there, and so is the reader's text, shown rather than dropped.
      expect(gfmLinks(md.text)).toContain(`${PUBLIC}/admin/`)
      expect(documentedLinks('feishu', feishu).links).toContain(`${PUBLIC}/admin/`)
      expect(md.text.toLowerCase()).toMatch(/evil|host|javascript|data/)
    })
  }

  it('the checks find the links they are for (the unbroken text fails them)', () => {
    for (const address of ADDRESSES.filter((a) => !a.includes('[点我](evil)'))) {
      const raw = `看这里 ${address}`
      const found = [...documentedLinks('wecom', raw).links, ...gfmLinks(raw)].filter((l) => !own(l))
      expect(found, address).not.toEqual([])
    }
    expect(documentedLinks('wecom', '[点我](evil)').links).toEqual(['evil'])
    expect(documentedLinks('feishu', '<at user_id="all"></at>').tags).toHaveLength(1)
  })

  it('leaves ordinary text readable', () => {
    expect(robotText('注意：版本 1.5 在 10:30 发布，见 a.html。Note: ok')).toBe('注意：版本 1.5 在 10:30 发布，见 a.html。Note: ok')
    expect(robotText('看 http://evil.example/ (真的)')).toBe('看 http[:]//evil[.]example/ （真的）')
  })
})
