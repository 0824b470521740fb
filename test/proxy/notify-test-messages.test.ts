import { describe, expect, it } from 'vitest'
import { sendTestMessages } from '../../src/proxy/notify/notifier.js'
import { smtpMailer } from '../../src/proxy/notify/smtp.js'
import { resolveProxyOptions } from '../../src/proxy/options.js'
import { startReceiver, startSmtp } from './notify-fakes.js'

/**
 * The test messages (`gptnotes comments notify-test` calls this): every channel at once through
 * the notifier the outbox uses, each webhook in its own format; a receiver that hangs costs its
 * own time-out and holds no other channel.
 */
describe('test messages', () => {
  it('go out on every channel at once; a hanging receiver times out alone', async () => {
    const smtp = await startSmtp()
    const slow = await startReceiver('json')
    const wecom = await startReceiver('wecom')
    const feishu = await startReceiver('feishu', 'SECfeishu-secret-0123')
    slow.plan.push('hang')
    const options = resolveProxyOptions({
      env: {
        GPTNOTES_PUBLIC_URL: 'https://comments.example.com',
        GPTNOTES_NOTIFY_MAIL: 'owner@example.com',
        GPTNOTES_SMTP_URL: smtp.url,
        GPTNOTES_MAIL_FROM: 'gptnotes <noreply@example.com>',
        GPTNOTES_WEBHOOK_URL: `${slow.url},wecom=${wecom.url},feishu=${feishu.url}`,
        GPTNOTES_WEBHOOK_SECRET: 'SECfeishu-secret-0123',
      },
    })
    const mailer = smtpMailer(options.smtpUrl!, options.mailFrom!)
    try {
      const started = Date.now()
      const outcomes = await sendTestMessages(options, { fetch, mailer, timeoutMs: 1_500 })
      const took = Date.now() - started
      expect(outcomes.map((o) => [o.channel, o.target, o.failure?.code])).toEqual([
        ['mail', 'owner@example.com', undefined],
        ['json', slow.url, 'timeout'],
        ['wecom', wecom.url, undefined],
        ['feishu', feishu.url, undefined],
      ])
      // One time-out in all, not one after another.
      expect(took).toBeLessThan(2_800)
      expect(smtp.mails[0].subject).toBe('[测试] gptnotes 评论通知')
      expect(smtp.mails[0].text).toContain('https://comments.example.com/admin/')
      expect(wecom.received[0].json.markdown.content).toContain('(https://comments.example.com/admin/)')
      expect(feishu.received[0].signed).toBe(true)
      expect(feishu.received[0].json.content.text).toContain('https://comments.example.com/admin/')
    } finally {
      mailer.close()
      await Promise.all([smtp.close(), slow.close(), wecom.close(), feishu.close()])
    }
  })
})
