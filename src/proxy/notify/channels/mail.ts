/** The mail channel: the message as mail (text and HTML), through the SMTP sender the Node adapter gives. */
import { mailContent } from '../render.js'
import { SendFailure, type Channel } from './channel.js'

export const mail: Channel = {
  async send({ id, target, notice }, { mailer }) {
    if (!mailer) throw new SendFailure('no-smtp')
    await mailer.send({ ...mailContent(notice), to: target, id, unsubscribeUrl: notice.unsubscribeUrl })
  },
}
