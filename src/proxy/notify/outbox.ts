/**
 * Sending the outbox: messages are claimed (held for `lockMs`, so another instance leaves them
 * alone), sent, and marked sent, or given a retry with back-off (`RETRY_DELAYS_MS`); after the
 * last one a message is marked failed. At least once: a process killed mid-send leaves the row
 * pending, and it is claimed again once its hold lapses; each message carries its row id as its
 * event id, for a receiver to drop a repeat. A reply mail whose address unsubscribed since it was
 * queued is dropped. The log names the message id, channel and error code, never an address or
 * a text. Web-standard: the mail channel is given by the Node adapter.
 */
import type { ProxyLog } from '../log.js'
import type { ProxyOptions } from '../options.js'
import type { ClaimedOutboxMessage, CommentStore } from '../stores/store.js'
import type { Notice } from './notice.js'
import { mailContent, type MailContent } from './render.js'
import { addressKey } from './unsubscribe.js'
import { SendFailure, sendWebhook, webhookRequest } from './webhooks.js'

/** Sends one mail (the Node adapter's SMTP transport); throws `SendFailure` with a code. */
export interface MailSender {
  send(mail: MailContent & { to: string; id: string; unsubscribeUrl?: string }): Promise<void>
  /** Tries the SMTP login (`gptnotes proxy --check`). */
  verify(): Promise<void>
  close(): void
}

/** The delays before each retry: 5 s, then four times longer each time, at most 6 h; 10 tries in all (about a day). */
export const RETRY_DELAYS_MS = [5_000, 20_000, 80_000, 320_000, 1_280_000, 5_120_000, 21_600_000, 21_600_000, 21_600_000]
/** How long a webhook or SMTP exchange may take. */
export const SEND_TIMEOUT_MS = 10_000
/** Messages claimed at once. */
const BATCH = 10

export interface OutboxOptions {
  store: CommentStore
  options: Pick<ProxyOptions, 'webhookFormat' | 'webhookSecret'>
  mailer?: MailSender
  /** Keys unsubscribed addresses (the service secret). */
  secret: string
  fetch: typeof fetch
  log: ProxyLog
  now?: () => Date
  /** Tests shorten these. */
  retryDelaysMs?: number[]
  timeoutMs?: number
}

export interface Outbox {
  /** Sends every message due now, until none is left; one run at a time (a call during a run makes it go round once more). */
  deliver(): Promise<void>
}

export function createOutbox({ store, options, mailer, secret, fetch: fetcher, log, now = () => new Date(), retryDelaysMs = RETRY_DELAYS_MS, timeoutMs = SEND_TIMEOUT_MS }: OutboxOptions): Outbox {
  const lockMs = timeoutMs * 3

  async function sendOne(m: ClaimedOutboxMessage): Promise<void> {
    const notice = JSON.parse(m.payload) as Notice
    if (m.channel === 'mail') {
      if (m.event === 'comment.reply' && (await store.isUnsubscribed(await addressKey(secret, m.target)))) {
        await store.finishOutbox(m, { state: 'dropped', at: now().toISOString() })
        log({ level: 'info', event: 'notify-dropped', id: m.id, channel: m.channel, reason: 'unsubscribed' })
        return
      }
      if (!mailer) throw new SendFailure('no-smtp')
      await mailer.send({ ...mailContent(notice), to: m.target, id: m.id, unsubscribeUrl: notice.unsubscribeUrl })
    } else {
      const req = await webhookRequest(options.webhookFormat, m.target, m.id, notice, options.webhookSecret, now())
      await sendWebhook(fetcher, options.webhookFormat, req, timeoutMs)
    }
    await store.finishOutbox(m, { state: 'sent', at: now().toISOString() })
    log({ level: 'info', event: 'notify-sent', id: m.id, channel: m.channel, type: m.event, attempts: m.attempts })
  }

  async function attempt(m: ClaimedOutboxMessage): Promise<void> {
    try {
      await sendOne(m)
    } catch (err) {
      const code = err instanceof SendFailure ? err.code : err instanceof Error ? err.name : 'error'
      const last = m.attempts > retryDelaysMs.length
      const delay = retryDelaysMs[Math.min(m.attempts - 1, retryDelaysMs.length - 1)]
      await store
        .finishOutbox(m, { state: last ? 'failed' : 'pending', error: code, nextAt: new Date(now().getTime() + delay).toISOString() })
        .catch(() => undefined)
      log({ level: last ? 'error' : 'warn', event: last ? 'notify-failed' : 'notify-retry', id: m.id, channel: m.channel, attempts: m.attempts, code })
    }
  }

  let running: Promise<void> | undefined
  let again = false

  async function run(): Promise<void> {
    do {
      again = false
      for (;;) {
        const at = now()
        const claimed = await store.claimOutbox(at.toISOString(), new Date(at.getTime() + lockMs).toISOString(), BATCH)
        if (claimed.length === 0) break
        await Promise.all(claimed.map(attempt))
      }
    } while (again)
  }

  return {
    deliver() {
      if (running) {
        again = true
        return running
      }
      running = run()
        .catch((err) => log({ level: 'warn', event: 'notify-outbox-unavailable', error: err instanceof Error ? err.name : 'error' }))
        .finally(() => (running = undefined))
      return running
    },
  }
}
