/**
 * `gptnotes comments notify-test`: one test message on each configured channel (the owner's
 * mail, each webhook), sent now rather than through the outbox by the operator API's
 * `notifyTest`, and what each did. Exit 0 when
 * every channel took its message, 1 naming the first that did not.
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
  const results = await notifyTest(options, opts.service ?? `http://${options.host}:${options.port}`)
  if (results.length === 0) {
    print(problem('NotifyNotConfigured', {}))
    return 1
  }
  for (const r of results) {
    if (r.channel === 'mail') {
      if (r.ok) console.log(`mail: sent to GPTNOTES_NOTIFY_MAIL through ${shownSmtp(r.smtpUrl)}`)
      else print(problem('NotifySmtpFailed', { host: shownSmtp(r.smtpUrl), reason: (r.error as { code?: string }).code ?? 'smtp' }, undefined, { cause: r.error }))
    } else if (r.ok) console.log(`webhook (${r.format}): ${shownWebhook(r.url)} accepted the test message`)
    else print(problem('NotifyWebhookFailed', { url: shownWebhook(r.url), reason: (r.error as { code?: string }).code ?? 'error' }, undefined, { cause: r.error }))
  }
  return results.every((r) => r.ok) ? 0 : 1
}
