/**
 * Every notification channel, once: mail and the webhook formats (`GPTNOTES_WEBHOOK_URL`'s
 * `FORMAT=URL`). An outbox row names its channel; a new channel is one file and one entry here.
 */
import type { ProxyOptions } from '../../options.js'
import type { WebhookFormat } from '../../settings/table.js'
import type { Channel } from './channel.js'
import { dingtalk } from './dingtalk.js'
import { feishu } from './feishu.js'
import { json } from './json.js'
import { mail } from './mail.js'
import { wecom } from './wecom.js'

export type ChannelName = 'mail' | WebhookFormat

export const CHANNELS: Record<ChannelName, Channel> = { mail, json, wecom, dingtalk, feishu }

/** The configured webhooks, each with its format: its own (`wecom=https://…`), else `GPTNOTES_WEBHOOK_FORMAT`. */
export const webhooksOf = (options: Pick<ProxyOptions, 'webhookUrls' | 'webhookFormat'>): { url: string; format: WebhookFormat }[] =>
  options.webhookUrls.map((w) => ({ url: w.url, format: w.format ?? options.webhookFormat }))
