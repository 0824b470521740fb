/**
 * What every notification channel is: one message (its event id, its recipient, its content)
 * sent one way, resolving once the other end took it, or throwing `SendFailure` with a short code
 * (never a body, an address or a server's words). Web-standard.
 */
import type { MailContent } from '../render.js'
import type { Notice } from '../notice.js'

/** A failed send, with a code fit for the log and the outbox (an HTTP status, a robot's errcode, a socket error). */
export class SendFailure extends Error {
  constructor(readonly code: string) {
    super(`send failed (${code})`)
    this.name = 'SendFailure'
  }
}

/** Sends one mail (the Node adapter's SMTP transport); throws `SendFailure` with a code. */
export interface MailSender {
  send(mail: MailContent & { to: string; id: string; unsubscribeUrl?: string }): Promise<void>
  /** Tries the SMTP login (`gptnotes proxy --check`). */
  verify(): Promise<void>
  close(): void
}

/** One message to send: `target` is an e-mail address or a webhook URL. */
export interface Delivery {
  id: string
  target: string
  notice: Notice
}

/** What a send may use; `signal` aborts a webhook's request at its time-out (mail has the transport's own). */
export interface ChannelContext {
  fetch: typeof fetch
  mailer?: MailSender
  /** `GPTNOTES_WEBHOOK_SECRET`: the json signature's key, a robot's signing secret. */
  webhookSecret?: string
  now: Date
  signal: AbortSignal
}

export interface Channel {
  send(delivery: Delivery, ctx: ChannelContext): Promise<void>
}
