/**
 * The one place a message is sent: the outbox and `gptnotes comments notify-test` both call it.
 * Each send is on its own channel's clock, so a receiver that hangs costs its own message that
 * long and nothing else: a webhook's request is aborted at `timeoutMs` (`SendFailure('timeout')`);
 * mail is bounded by the SMTP transport's own time-outs (connection, greeting, an idle socket),
 * since a mail transaction given up from outside may still be delivered, and then be sent twice.
 * Web-standard: the mail sender is given by the Node adapter.
 */
import type { ProxyOptions } from '../options.js'
import { SendFailure, type Delivery, type MailSender } from './channels/channel.js'
import { CHANNELS, webhooksOf, type ChannelName } from './channels/index.js'
import type { Notice } from './notice.js'

/** How long one webhook or SMTP exchange may take. */
export const SEND_TIMEOUT_MS = 10_000

export interface NotifierOptions {
  fetch: typeof fetch
  mailer?: MailSender
  webhookSecret?: string
  now?: () => Date
  timeoutMs?: number
}

export interface Notifier {
  /** Sends one message on `channel`; throws `SendFailure` (`timeout` past the time-out). */
  send(channel: ChannelName, delivery: Delivery): Promise<void>
}

export function createNotifier({ fetch: fetcher, mailer, webhookSecret, now = () => new Date(), timeoutMs = SEND_TIMEOUT_MS }: NotifierOptions): Notifier {
  return {
    send(channel, delivery) {
      return CHANNELS[channel].send(delivery, { fetch: fetcher, mailer, webhookSecret, now: now(), signal: AbortSignal.timeout(timeoutMs) })
    },
  }
}

/** How one channel took the test message. */
export interface TestOutcome {
  channel: ChannelName
  target: string
  /** Undefined when it was accepted. */
  failure?: SendFailure
}

/**
 * One test message on every configured channel (the owner's mail, each webhook), all at once,
 * and how each went, in the settings' order. The links are the service's public address.
 */
export async function sendTestMessages(options: ProxyOptions, deps: Omit<NotifierOptions, 'webhookSecret'>): Promise<TestOutcome[]> {
  const at = (deps.now ?? (() => new Date()))()
  const id = `notify-test-${at.getTime().toString(36)}`
  const notice: Notice = {
    type: 'comment.created',
    test: true,
    comment: { objectId: id, url: '/', nick: 'gptnotes', comment: '<p>这是一条测试通知：通知渠道设置正确。</p>', status: 'approved', createdAt: at.toISOString(), rid: null, pid: null },
    siteUrl: options.siteUrl ?? null,
    pageUrl: options.siteUrl ?? null,
    adminUrl: `${options.publicUrl ?? ''}/admin/`,
  }
  const notifier = createNotifier({ ...deps, webhookSecret: options.webhookSecret })
  const targets: { channel: ChannelName; target: string }[] = [
    ...(deps.mailer && options.notifyMail ? [{ channel: 'mail' as const, target: options.notifyMail }] : []),
    ...webhooksOf(options).map((w) => ({ channel: w.format, target: w.url })),
  ]
  return Promise.all(
    targets.map(async ({ channel, target }): Promise<TestOutcome> => {
      try {
        await notifier.send(channel, { id, target, notice })
        return { channel, target }
      } catch (err) {
        return { channel, target, failure: err instanceof SendFailure ? err : new SendFailure(err instanceof Error ? err.name : 'error') }
      }
    }),
  )
}
