import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { Notice } from '../../src/proxy/notify/notice.js'
import { escapeMarkdown, mailContent, markdownContent, plainText, textContent } from '../../src/proxy/notify/render.js'
import { unsubscribeToken, verifyUnsubscribeToken } from '../../src/proxy/notify/unsubscribe.js'
import { dingtalk } from '../../src/proxy/notify/channels/dingtalk.js'
import { feishu } from '../../src/proxy/notify/channels/feishu.js'
import { json, jsonBody } from '../../src/proxy/notify/channels/json.js'
import { wecom } from '../../src/proxy/notify/channels/wecom.js'
import type { WebhookFormat } from '../../src/proxy/settings/table.js'

const webhookRequest = (format: WebhookFormat, target: string, id: string, n: Notice, secret: string | undefined, now: Date) => ({ json, wecom, dingtalk, feishu })[format].spec.request(target, id, n, secret, now)

/** The messages' words and escaping, the webhook requests' signing and the unsubscribe token, without a server. */
const notice = (over: Partial<Notice['comment']> = {}, type: Notice['type'] = 'comment.created'): Notice => ({
  type,
  comment: { objectId: 'c1', url: '/gpt/a_(b).html', nick: 'Eve <img src=x onerror=alert(1)>', comment: '<p>&lt;script&gt;x&lt;/script&gt; **bold** [x](javascript:alert(1))</p>', status: 'waiting', createdAt: '2026-01-01T00:00:00.000Z', rid: null, pid: null, ...over },
  siteUrl: 'https://blog.example.com/gpt/',
  pageUrl: 'https://blog.example.com/gpt/a_(b).html',
  adminUrl: 'https://comments.example.com/admin/',
})

describe('notification messages', () => {
  it('reduce a comment to its text, cut to 200 characters', () => {
    expect(plainText('<p>a<br>b</p><p>c &amp; d</p>')).toBe('a b c & d')
    expect(plainText(`<p>${'字'.repeat(300)}</p>`)).toBe(`${'字'.repeat(199)}…`)
  })

  it('escape markdown specials and angle brackets for the robots', () => {
    expect(escapeMarkdown('**bold** [x](javascript:alert(1)) <font color="warning">')).toBe('\\*\\*bold\\*\\* \\[x\\]\\(javascript:alert\\(1\\)\\) ＜font color="warning"＞')
    const md = markdownContent(notice()).text
    expect(md).not.toMatch(/<img|<script|[^\\]\*\*bold/)
    // The service's own links stay links, their brackets encoded.
    expect(md).toContain('(https://blog.example.com/gpt/a_%28b%29.html)')
    expect(textContent(notice())).not.toMatch(/<img|<script/)
  })

  it('escape for HTML in mail; the subject is one line; no address anywhere', () => {
    const mail = mailContent(notice())
    expect(mail.html).not.toMatch(/<img|<script/)
    expect(mail.html).toContain('Eve &lt;img src=x onerror=alert(1)&gt;')
    expect(mail.subject).toBe('[待审核] Eve <img src=x onerror=alert(1)> 在 /gpt/a_(b).html 发表了新评论')
    expect(mailContent(notice({ nick: 'a\r\nBcc: x@example.com' })).subject).not.toMatch(/[\r\n]/)
  })

  it('the json body is design.md\'s, and the robots are signed as their documentation says', async () => {
    expect(JSON.parse(jsonBody('id-1', notice()))).toEqual({ id: 'id-1', type: 'comment.created', comment: notice().comment, siteUrl: 'https://blog.example.com/gpt/' })
    const now = new Date(1_700_000_000_123)
    const json = await webhookRequest('json', 'https://hooks.example/x', 'id-1', notice(), 'k', now)
    expect(json.headers['x-gptnotes-signature']).toBe(`sha256=${createHmac('sha256', 'k').update(json.body).digest('hex')}`)
    expect(json.headers['x-gptnotes-event']).toBe('id-1')
    const ding = await webhookRequest('dingtalk', 'https://oapi.dingtalk.com/robot/send?access_token=t', 'id-1', notice(), 'SECx', now)
    const q = new URL(ding.url).searchParams
    expect(q.get('access_token')).toBe('t')
    expect(q.get('timestamp')).toBe('1700000000123')
    expect(q.get('sign')).toBe(createHmac('sha256', 'SECx').update('1700000000123\nSECx').digest('base64'))
    const feishu = JSON.parse((await webhookRequest('feishu', 'https://open.feishu.cn/open-apis/bot/v2/hook/h', 'id-1', notice(), 'fs', now)).body)
    expect(feishu.timestamp).toBe('1700000000')
    expect(feishu.sign).toBe(createHmac('sha256', '1700000000\nfs').update('').digest('base64'))
    expect(feishu.msg_type).toBe('text')
    const wecom = JSON.parse((await webhookRequest('wecom', 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k', 'id-1', notice(), undefined, now)).body)
    expect(Object.keys(wecom)).toEqual(['msgtype', 'markdown'])
  })

  it('unsubscribe tokens: per address (case and spaces aside), refused when forged or from another secret', async () => {
    const token = await unsubscribeToken('secret-0123456789abcdef', ' Bob@Example.com ')
    expect(token).toBe(await unsubscribeToken('secret-0123456789abcdef', 'bob@example.com'))
    expect(token).not.toContain('bob')
    expect(await verifyUnsubscribeToken('secret-0123456789abcdef', token)).toBe(token.split('.')[0])
    expect(await verifyUnsubscribeToken('another-secret-0123456789', token)).toBeUndefined()
    expect(await verifyUnsubscribeToken('secret-0123456789abcdef', `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`)).toBeUndefined()
  })
})
