/**
 * `gptnotes comments notify-test`: one test message on each configured channel (the owner's
 * mail, each webhook), sent now rather than through the outbox by the operator API's
 * `notifyTest`, all at once, and what each did. Exit 0 when every channel took its message, 1
 * naming each that did not.
 */
import { checkNotificationRules, notifyTest, ProxyOptionError, resolveProxyOptions, type ProxyOptions } from '../proxy/operator.js'
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

export async function notifyTestCommand(opts: { debug: boolean }): Promise<number> {
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
  const outcomes = await notifyTest(options)
  if (outcomes.length === 0) {
    print(problem('NotifyNotConfigured', {}))
    return 1
  }
  for (const { channel, target, failure } of outcomes) {
    const reason = failure?.code
    if (channel === 'mail') {
      if (reason === undefined) console.log(`mail: sent to GPTNOTES_NOTIFY_MAIL through ${shownSmtp(options.smtpUrl!)}`)
      else print(problem('NotifySmtpFailed', { host: shownSmtp(options.smtpUrl!), reason }, undefined, { cause: failure }))
    } else if (reason === undefined) console.log(`webhook (${channel}): ${shownWebhook(target)} accepted the test message`)
    else print(problem('NotifyWebhookFailed', { url: shownWebhook(target), reason }, undefined, { cause: failure }))
  }
  return outcomes.every((o) => o.failure === undefined) ? 0 : 1
}
