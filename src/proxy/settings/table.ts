/**
 * Every setting of the comment service, once: where an operator writes it (flag, config-file
 * key, environment name, which the edge worker reads from its bindings), how it is read, its
 * default and one line for the README. The options type, the defaults, the resolver and the
 * README's settings table all come from here, so a new setting is one entry.
 *
 * The table's shape is the options' shape: a group (`limits`) is an object of settings.
 */
import { PLATFORMS, type LoginPlatform, type PlatformId } from '../oauth/platforms.js'
import { baseUrl, bool, listOf, list, mailAddress, mailFrom, oneOf, optional, origin, publicUrl, redirectPrefix, required, secret, siteUrl, smtpUrl, storeUrl, webhookEntry, WEBHOOK_FORMATS, wholeNumber, type Parser } from './parse.js'

export { WEBHOOK_FORMATS, type WebhookEntry, type WebhookFormat } from './parse.js'

export interface Setting<T> {
  /** The `gptnotes proxy` flag, for the few settings a command line gives. */
  flag?: string
  /** The key in the config file; `a.b` is key `b` of the object `a`. */
  file: string
  /** The environment variable, and the worker's binding of the same name. */
  env?: string
  parse: Parser<T>
  default: NoInfer<T>
  /** The default as the README says it, where the value alone does not say what it means. */
  shownDefault?: string
  /** One line for the README: what the setting does. */
  doc: string
}

/** An entry of the table, its value type taken from its parser (and its flag's name kept, for the flags' type). */
const setting = <T, const F extends `--${string}` = never>(s: Omit<Setting<T>, 'flag'> & { flag?: F }): Setting<T> & { flag?: F } => s

export const MODERATION = ['auto', 'all', 'none'] as const
export type Moderation = (typeof MODERATION)[number]

/** A login platform's three settings, from its record (`oauth/platforms.ts`). */
function platformSettings(p: LoginPlatform) {
  return {
    clientId: setting({ file: `${p.configKey}.clientId`, env: p.env.clientId, parse: optional, default: undefined, shownDefault: 'none: off', doc: p.id === 'github' ? `${p.name} ${p.client} (also \`github-v4\`)` : `${p.name} ${p.client}` }),
    clientSecret: setting({ file: `${p.configKey}.clientSecret`, env: p.env.clientSecret, parse: optional, default: undefined, doc: `the ${p.name} ${p.client}'s secret` }),
    url: setting({ file: `${p.configKey}.url`, env: p.env.url, parse: baseUrl, default: p.defaultUrl, doc: p.urlDoc }),
  }
}

/** Every login platform's settings, by its id: `options.providers.github.clientId`. */
function providerSettings(): Record<PlatformId, ReturnType<typeof platformSettings>> {
  return Object.fromEntries(PLATFORMS.map((p) => [p.id, platformSettings(p)])) as Record<PlatformId, ReturnType<typeof platformSettings>>
}

export const SETTINGS = {
  origins: setting({ file: 'origins', env: 'GPTNOTES_ORIGINS', parse: listOf(origin), default: [], shownDefault: 'none: browsers refused', doc: 'allowed site origins, exact, comma-separated' }),
  store: setting({ flag: '--store', file: 'store', env: 'GPTNOTES_STORE', parse: storeUrl, default: 'sqlite:./comments.db', doc: '`sqlite:PATH` or `postgres://…` (Node; the worker uses its `DB` binding)' }),
  host: setting({ flag: '--host', file: 'host', parse: required('an address to listen on'), default: '127.0.0.1', doc: 'the address the Node server listens on' }),
  port: setting({ flag: '--port', file: 'port', parse: wholeNumber(0, 65535, 'port'), default: 8787, doc: 'the port the Node server listens on' }),
  adminToken: setting({ file: 'adminToken', env: 'GPTNOTES_ADMIN_TOKEN', parse: secret, default: undefined, shownDefault: 'none: `/admin` off', doc: 'bearer token of `/admin`, 16 characters or more' }),
  moderation: setting({ file: 'moderation', env: 'GPTNOTES_MODERATION', parse: oneOf(MODERATION), default: 'auto', doc: '`auto` (links, remote images and spam wait), `all`, `none`' }),
  rateSeconds: setting({ file: 'rateSeconds', env: 'GPTNOTES_RATE_SECONDS', parse: wholeNumber(0, 86400, 'seconds'), default: 20, doc: 'seconds between two comments from one IP' }),
  counterWindowSeconds: setting({ file: 'counterWindowSeconds', env: 'GPTNOTES_COUNTER_WINDOW_SECONDS', parse: wholeNumber(0, 7 * 86400, 'seconds'), default: 3600, doc: "a reader's views of a page count once in this window" }),
  trustProxy: setting({ file: 'trustProxy', env: 'GPTNOTES_TRUST_PROXY', parse: bool, default: false, doc: 'client IP from `X-Forwarded-For` (`1`/`true`)' }),
  secret: setting({ file: 'secret', env: 'GPTNOTES_SECRET', parse: secret, default: undefined, shownDefault: 'random per start', doc: 'key of the IP hashes and the avatar keys, 16 characters or more' }),
  gravatar: setting({ file: 'gravatar', env: 'GPTNOTES_GRAVATAR', parse: bool, default: false, shownDefault: 'off: a keyed hash (avatars drawn by the widget)', doc: "readers get the e-mail's plain MD5 as `mailMd5`, for Gravatar-style avatars (`1`/`true`); it can be matched against guessed addresses" }),
  forbiddenWords: setting({ file: 'forbiddenWords', env: 'GPTNOTES_FORBIDDEN_WORDS', parse: list, default: [], doc: 'words that send a comment to moderation' }),
  providers: providerSettings(),
  redirectUris: setting({ file: 'redirectUris', env: 'GPTNOTES_REDIRECT_URIS', parse: listOf(redirectPrefix), default: [], shownDefault: 'every page of the origins', doc: 'allowed `redirect_uri` prefixes (origin and path), comma-separated' }),
  siteUrl: setting({ file: 'siteUrl', env: 'GPTNOTES_SITE_URL', parse: siteUrl, default: undefined, shownDefault: 'none: links to pages omitted', doc: "the site's address with its base (`https://example.com/gpt/`), for links in notifications" }),
  publicUrl: setting({ file: 'publicUrl', env: 'GPTNOTES_PUBLIC_URL', parse: publicUrl, default: undefined, shownDefault: 'none: required when notifications are on', doc: "the service's own public address (`https://comments.example.com`), for the `/admin/` and unsubscribe links in notifications; never taken from a request's `Host`" }),
  notifyMail: setting({ file: 'notifyMail', env: 'GPTNOTES_NOTIFY_MAIL', parse: mailAddress, default: undefined, shownDefault: 'none', doc: "the owner's address, told of every new comment (needs SMTP)" }),
  smtpUrl: setting({ file: 'smtpUrl', env: 'GPTNOTES_SMTP_URL', parse: smtpUrl, default: undefined, shownDefault: 'none: no mail', doc: '`smtp://USER:PASSWORD@HOST:587` (STARTTLS when offered) or `smtps://…:465`; Node only (the edge worker refuses it: use a webhook there)' }),
  mailFrom: setting({ file: 'mailFrom', env: 'GPTNOTES_MAIL_FROM', parse: mailFrom, default: undefined, shownDefault: 'none: required with SMTP', doc: 'the sender of notification mail (`我的GPT笔记 <noreply@example.com>`)' }),
  webhookUrls: setting({ file: 'webhookUrls', env: 'GPTNOTES_WEBHOOK_URL', parse: listOf(webhookEntry), default: [], shownDefault: 'none', doc: 'webhook addresses told of new comments, comma-separated; each may name its own format as `FORMAT=URL` (`wecom=https://…`)' }),
  webhookFormat: setting({ file: 'webhookFormat', env: 'GPTNOTES_WEBHOOK_FORMAT', parse: oneOf(WEBHOOK_FORMATS), default: 'json', doc: 'the format of the webhook addresses that name none: `json`, `wecom` (企业微信), `dingtalk` (钉钉) or `feishu` (飞书)' }),
  webhookSecret: setting({ file: 'webhookSecret', env: 'GPTNOTES_WEBHOOK_SECRET', parse: optional, default: undefined, shownDefault: 'none: unsigned', doc: '`json`: HMAC-SHA256 key of `X-Gptnotes-Signature`; `dingtalk`/`feishu`: the robot\'s signing secret' }),
  limits: {
    bodyBytes: setting({ file: 'limits.bodyBytes', env: 'GPTNOTES_BODY_BYTES', parse: wholeNumber(1024, 1024 * 1024, 'bytes'), default: 64 * 1024, doc: 'largest request body, in bytes' }),
    batchRequests: setting({ file: 'limits.batchRequests', env: 'GPTNOTES_BATCH_REQUESTS', parse: wholeNumber(1, 50, 'requests'), default: 20, doc: 'most sub-requests in one `/1.1/batch`' }),
    oauthPerMinute: setting({ file: 'limits.oauthPerMinute', env: 'GPTNOTES_OAUTH_PER_MINUTE', parse: wholeNumber(1, 1_000_000, 'requests'), default: 30, doc: '`/oauth` and `/cors` requests a minute from one IP' }),
  },
}

/** A setting or a group of them. */
export type TableNode = Setting<any> | { readonly [key: string]: TableNode }

/** The resolved value of each setting, in the table's shape. */
export type Resolved<T> = { [K in keyof T]: T[K] extends { parse: Parser<infer V> } ? V : Resolved<T[K]> }

/** The flags' names without their dashes (`store` for `--store`). */
export type FlagNames<T> = { [K in keyof T]: T[K] extends Setting<any> ? (T[K] extends { flag?: infer F } ? (F extends `--${infer N}` ? N : never) : never) : FlagNames<T[K]> }[keyof T]

export const isSetting = (node: TableNode): node is Setting<any> => typeof (node as Setting<unknown>).parse === 'function'

/** Every setting of `node`, in the table's order. */
export const settingsOf = (node: TableNode): Setting<unknown>[] => (isSetting(node) ? [node] : Object.values(node).flatMap(settingsOf))
