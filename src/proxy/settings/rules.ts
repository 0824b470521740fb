/**
 * What the settings say together, beyond each one alone, for a service about to serve: an
 * error stops the start (a `ProxyOptionError` naming the setting, as a wrong value does), a
 * warning is said once at start. Not checked by `resolveProxyOptions`, since `gptnotes
 * comments` reads the same settings to import or moderate and needs no salt for that.
 */
import { ProxyOptionError } from './parse.js'
import type { ProxyOptions } from './resolve.js'
import { SETTINGS } from './table.js'

export interface SettingWarning {
  setting: string
  problem: string
}

const SECRET = SETTINGS.secret.env!

/**
 * The salt of the IP hashes keys every limit the store keeps (comment rate, counter window,
 * login rate). Without `GPTNOTES_SECRET` each process makes its own, so instances on one store
 * count one address as several: a PostgreSQL store is there for several instances, so it does
 * not start without one; elsewhere it is said once.
 */
export function checkServingRules(options: ProxyOptions, store: 'postgres' | 'sqlite' | 'd1' = options.store.startsWith('postgres') ? 'postgres' : 'sqlite'): SettingWarning[] {
  checkNotificationRules(options, store === 'd1' ? 'edge' : 'node')
  if (options.secret !== undefined) return []
  if (store === 'postgres') {
    throw new ProxyOptionError(SECRET, `must be set with a PostgreSQL store (config key \`secret\`, 16 characters or more): it is the salt of the IP hashes, and instances without a shared one share no rate limit, counter window or login limit`)
  }
  return [{ setting: SECRET, problem: `is not set: the salt of the IP hashes is new at each start${store === 'd1' ? ' and in each isolate' : ''}, so rate limits, counter windows and login limits hold per process; set it to share them` }]
}

/**
 * Notifications: mail is sent over SMTP, which the edge runtime cannot open (no TCP sockets
 * there); SMTP needs a sender, and reply mail a lasting secret, as it signs the unsubscribe
 * links that must keep working after a restart. Every message links to the service, and that
 * address is the owner's to give: a request's `Host` is the client's to choose.
 */
export function checkNotificationRules(options: ProxyOptions, runtime: 'node' | 'edge'): void {
  const smtp = SETTINGS.smtpUrl.env!
  if (options.smtpUrl !== undefined && runtime === 'edge') {
    throw new ProxyOptionError(smtp, 'is not supported by the edge worker: it cannot open SMTP connections. Unset it there and use a webhook (GPTNOTES_WEBHOOK_URL) for notifications, or run the service on Node (gptnotes proxy) for mail')
  }
  if (options.notifyMail !== undefined && runtime === 'edge') throw new ProxyOptionError(SETTINGS.notifyMail.env!, 'is not supported by the edge worker: it sends no mail (no SMTP there). Use a webhook (GPTNOTES_WEBHOOK_URL) to be told of new comments')
  if (options.smtpUrl !== undefined && options.mailFrom === undefined) throw new ProxyOptionError(SETTINGS.mailFrom.env!, `must be set with ${smtp} (the sender of notification mail, such as 我的GPT笔记 <noreply@example.com>)`)
  if (options.smtpUrl !== undefined && options.secret === undefined) throw new ProxyOptionError(SECRET, `must be set with ${smtp} (config key \`secret\`, 16 characters or more): it signs the unsubscribe links of reply mail, which must keep working after a restart`)
  if (options.notifyMail !== undefined && options.smtpUrl === undefined) throw new ProxyOptionError(SETTINGS.notifyMail.env!, `needs ${smtp}: mail is sent over SMTP`)
  const notifying = options.smtpUrl !== undefined || options.webhookUrls.length > 0
  if (notifying && options.publicUrl === undefined) {
    throw new ProxyOptionError(SETTINGS.publicUrl.env!, `must be set when notifications are on (${smtp} or ${SETTINGS.webhookUrls.env!}): the comment service's own public address, such as https://comments.example.com, for the /admin/ and unsubscribe links in messages (config key \`publicUrl\`)`)
  }
}
