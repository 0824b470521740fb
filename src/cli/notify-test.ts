/**
 * `gptnotes comments notify-test`: one test message on each configured channel (the owner's
 * mail, each webhook), sent now rather than through the outbox, and what each did. Exit 0 when
 * every channel took its message, 1 naming the first that did not.
 */
import { checkNotificationRules, ProxyOptionError, resolveProxyOptions, type ProxyOptions } from '../proxy/options.js'
import type { Notice } from '../proxy/notify/notice.js'
import { problem } from '../render/errors/index.js'
import { formatError } from './format-problem.js'

/** A webhook address fit to print: a robot's key lives in its query, so that is left out. */
export const shownWebhook = (url: string): string => {
  const u = new URL(url)
  return `${u.origin}${u.pathname}${u.search ? '?…' : ''}`
}

/** The SMTP server as printed: the host and port, never the user or password. */
export const shownSmtp = (url: string): string => {
  const u = new URL(url)
  return `${u.protocol}//${u.host}`
}

export async function notifyTestCommand(opts: { service?: string; debug: boolean }): Promise<number> {
  const print = (err: unknown) => console.error(formatError(err, { debug: opts.debug }))
  let options: ProxyOptions
  try {
    options = resolveProxyOptions({ env: process.env })
    checkNotificationRules(options, 'node')
  } catch (err) {
    if (!(err instanceof ProxyOptionError)) throw err
    print(problem('ProxySettingInvalid', { setting: err.setting, problem: err.problem }))
    return 1
  }
  const mail = options.smtpUrl !== undefined && options.notifyMail !== undefined
  if (!mail && options.webhookUrls.length === 0) {
    print(problem('NotifyNotConfigured', {}))
    return 1
  }
  const service = (opts.service ?? `http://${options.host}:${options.port}`).replace(/\/+$/, '')
  const now = new Date()
  const id = `notify-test-${now.getTime().toString(36)}`
  const notice: Notice = {
    type: 'comment.created',
    comment: { objectId: id, url: '/', nick: 'gptnotes', comment: '<p>这是一条测试通知：通知渠道设置正确。</p>', status: 'approved', createdAt: now.toISOString(), rid: null, pid: null },
    siteUrl: options.siteUrl ?? null,
    pageUrl: options.siteUrl ?? null,
    adminUrl: `${service}/admin/`,
  }
  let failed = 0
  if (mail) {
    const { smtpMailer } = await import('../proxy/notify/smtp.js')
    const { mailContent } = await import('../proxy/notify/render.js')
    const mailer = smtpMailer(options.smtpUrl!, options.mailFrom!)
    try {
      await mailer.send({ ...mailContent(notice), subject: '[测试] gptnotes 评论通知', to: options.notifyMail!, id })
      console.log(`mail: sent to GPTNOTES_NOTIFY_MAIL through ${shownSmtp(options.smtpUrl!)}`)
    } catch (err) {
      print(problem('NotifySmtpFailed', { host: shownSmtp(options.smtpUrl!), reason: (err as { code?: string }).code ?? 'smtp' }, undefined, { cause: err }))
      failed++
    } finally {
      mailer.close()
    }
  }
  const { sendWebhook, webhookRequest } = await import('../proxy/notify/webhooks.js')
  const { SEND_TIMEOUT_MS } = await import('../proxy/notify/outbox.js')
  for (const url of options.webhookUrls) {
    try {
      await sendWebhook(fetch, options.webhookFormat, await webhookRequest(options.webhookFormat, url, id, notice, options.webhookSecret, now), SEND_TIMEOUT_MS)
      console.log(`webhook (${options.webhookFormat}): ${shownWebhook(url)} accepted the test message`)
    } catch (err) {
      print(problem('NotifyWebhookFailed', { url: shownWebhook(url), reason: (err as { code?: string }).code ?? 'error' }, undefined, { cause: err }))
      failed++
    }
  }
  return failed === 0 ? 0 : 1
}
