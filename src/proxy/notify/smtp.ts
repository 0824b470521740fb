/**
 * Notification mail over SMTP (Node only: the edge runtime opens no SMTP connections), with
 * nodemailer: `smtp://` upgrades with STARTTLS when the server offers it, `smtps://` is TLS from
 * the start. Each message's `Message-ID` is its outbox id, so a mailbox can drop a repeat; reply
 * mail carries `List-Unsubscribe` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`
 * (RFC 8058). Failures are `SendFailure`s with nodemailer's code or the SMTP reply code, never
 * the server's words (they may quote the address).
 */
import nodemailer from 'nodemailer'
import { SendFailure, type MailSender } from './channels/channel.js'
import { SEND_TIMEOUT_MS } from './notifier.js'

const failure = (err: unknown): SendFailure => {
  const e = err as { responseCode?: unknown; code?: unknown }
  if (typeof e?.responseCode === 'number') return new SendFailure(`smtp-${e.responseCode}`)
  return new SendFailure(typeof e?.code === 'string' && /^[A-Z_0-9]{2,30}$/.test(e.code) ? e.code : 'smtp')
}

export function smtpMailer(url: string, from: string, timeoutMs = SEND_TIMEOUT_MS): MailSender {
  const transport = nodemailer.createTransport(url, { connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs * 2 } as never)
  return {
    async send({ to, subject, text, html, id, unsubscribeUrl }) {
      const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'gptnotes.invalid'
      try {
        await transport.sendMail({
          from,
          to,
          subject,
          text,
          html,
          messageId: `<${id}@${domain}>`,
          headers: { 'X-Gptnotes-Event': id, ...(unsubscribeUrl ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}) },
          ...(unsubscribeUrl ? { list: { unsubscribe: unsubscribeUrl } } : {}),
        })
      } catch (err) {
        throw failure(err)
      }
    },
    async verify() {
      try {
        await transport.verify()
      } catch (err) {
        throw failure(err)
      }
    },
    close: () => transport.close(),
  }
}
