/**
 * Sending the outbox: messages are claimed (held for `lockMs`, so another instance leaves them
 * alone), sent through the notifier, and marked sent, or given a retry with back-off
 * (`RETRY_DELAYS_MS`); after the last one a message is marked failed. At least once: a process
 * killed mid-send leaves the row pending, and it is claimed again once its hold lapses; each
 * message carries its row id as its event id, for a receiver to drop a repeat. A reply mail whose
 * address unsubscribed since it was queued is dropped. The log names the message id, channel and
 * error code, never an address or a text.
 *
 * Each message is sent on its own: a claim does not wait for the sends of the one before, so a
 * receiver that hangs holds its own messages until their time-out and never the others (a
 * comment posted meanwhile is claimed and sent at once). Web-standard: the mail channel is given
 * by the Node adapter.
 */
import type { ProxyLog } from '../log.js'
import type { ProxyOptions } from '../options.js'
import type { ClaimedOutboxMessage, CommentStore } from '../stores/store.js'
import { SendFailure, type MailSender } from './channels/channel.js'
import type { ChannelName } from './channels/index.js'
import type { Notice } from './notice.js'
import { createNotifier, SEND_TIMEOUT_MS } from './notifier.js'
import { addressKey } from './unsubscribe.js'

export type { MailSender } from './channels/channel.js'
export { SEND_TIMEOUT_MS } from './notifier.js'

/** The delays before each retry: 5 s, then four times longer each time, at most 6 h; 10 tries in all (about a day). */
export const RETRY_DELAYS_MS = [5_000, 20_000, 80_000, 320_000, 1_280_000, 5_120_000, 21_600_000, 21_600_000, 21_600_000]
/** Messages claimed at once. */
const BATCH = 10
/** Messages being sent at once. */
const MAX_IN_FLIGHT = 20

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
  /** Each channel's time-out for one send. */
  timeoutMs?: number
}

export interface Outbox {
  /**
   * Claims every message due now and sends each; resolves once the messages this call claimed
   * are done (sent, or given their retry). Never rejects.
   */
  deliver(): Promise<void>
}

/** A row's channel: rows written before each webhook had its own format say `webhook`, the configured format. */
const channelOf = (m: ClaimedOutboxMessage, options: OutboxOptions['options']): ChannelName => (m.channel === 'webhook' ? options.webhookFormat : m.channel)

export function createOutbox({ store, options, mailer, secret, fetch: fetcher, log, now = () => new Date(), retryDelaysMs = RETRY_DELAYS_MS, timeoutMs = SEND_TIMEOUT_MS }: OutboxOptions): Outbox {
  const lockMs = timeoutMs * 3
  const notifier = createNotifier({ fetch: fetcher, mailer, webhookSecret: options.webhookSecret, now, timeoutMs })

  // The messages being sent here, each with its latest claim: a slow send whose hold lapsed may
  // be claimed again by this process's next pass, and is then finished under the new claim
  // rather than sent twice.
  const sending = new Map<string, ClaimedOutboxMessage>()
  const claimOf = (m: ClaimedOutboxMessage): ClaimedOutboxMessage => sending.get(m.id) ?? m

  async function sendOne(m: ClaimedOutboxMessage): Promise<void> {
    const notice = JSON.parse(m.payload) as Notice
    if (m.channel === 'mail' && m.event === 'comment.reply' && (await store.isUnsubscribed(await addressKey(secret, m.target)))) {
      await store.finishOutbox(claimOf(m), { state: 'dropped', at: now().toISOString() })
      log({ level: 'info', event: 'notify-dropped', id: m.id, channel: m.channel, reason: 'unsubscribed' })
      return
    }
    await notifier.send(channelOf(m, options), { id: m.id, target: m.target, notice })
    await store.finishOutbox(claimOf(m), { state: 'sent', at: now().toISOString() })
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
        .finishOutbox(claimOf(m), { state: last ? 'failed' : 'pending', error: code, nextAt: new Date(now().getTime() + delay).toISOString() })
        .catch(() => undefined)
      log({ level: last ? 'error' : 'warn', event: last ? 'notify-failed' : 'notify-retry', id: m.id, channel: m.channel, attempts: m.attempts, code })
    }
  }

  // Claims run one at a time (they are short writes); the sends they start run on their own, at
  // most MAX_IN_FLIGHT at once (a backlog after an outage is worked through, not opened at once).
  let claiming: Promise<unknown> = Promise.resolve()
  let capped = false

  async function claimAll(): Promise<Promise<void>[]> {
    const sends: Promise<void>[] = []
    for (;;) {
      const room = Math.min(BATCH, MAX_IN_FLIGHT - sending.size)
      if (room <= 0) {
        capped = true
        return sends
      }
      const at = now()
      const claimed = await store.claimOutbox(at.toISOString(), new Date(at.getTime() + lockMs).toISOString(), room)
      if (claimed.length === 0) return sends
      for (const m of claimed) {
        const again = sending.has(m.id)
        sending.set(m.id, m)
        if (again) continue
        sends.push(
          attempt(m).finally(() => {
            sending.delete(m.id)
            if (capped) {
              capped = false
              void deliver()
            }
          }),
        )
      }
    }
  }

  // A pass queued and not started yet serves every call until it starts: calls during a pass
  // queue one more, never a backlog (the poll calls in whatever the store's pace).
  let queued: Promise<Promise<void>[]> | undefined

  async function deliver(): Promise<void> {
    if (!queued) {
      const pass = claiming.then(() => {
        queued = undefined
        return claimAll()
      })
      queued = pass
      claiming = pass.catch(() => undefined)
    }
    const claimed = queued
    try {
      await Promise.all(await claimed)
    } catch (err) {
      log({ level: 'warn', event: 'notify-outbox-unavailable', error: err instanceof Error ? err.name : 'error' })
    }
  }

  return { deliver }
}
