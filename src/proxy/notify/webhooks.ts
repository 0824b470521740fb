/**
 * Webhooks, on both runtimes (`fetch`): the generic `json` body of design.md §8.1, and the
 * group robots Chinese owners use, each as its documentation says:
 *
 * - WeCom (企业微信群机器人, https://developer.work.weixin.qq.com/document/path/91770):
 *   `{"msgtype":"markdown","markdown":{"content":…}}`; answers `{"errcode":0,"errmsg":"ok"}`.
 * - DingTalk (钉钉自定义机器人, https://open.dingtalk.com/document/robots/custom-robot-access and
 *   …/customize-robot-security-settings): `{"msgtype":"markdown","markdown":{"title","text"}}`;
 *   signed: `timestamp` (ms) and `sign` = urlencode(base64(HMAC-SHA256(secret, timestamp + "\n" + secret)))
 *   as query parameters; answers `{"errcode":0,…}`.
 * - Feishu (飞书自定义机器人, https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot):
 *   `{"msg_type":"text","content":{"text":…}}`; signed: `timestamp` (s) and `sign` =
 *   base64(HMAC-SHA256 keyed with timestamp + "\n" + secret, over an empty message) in the body;
 *   answers `{"code":0,…}` (HTTP 200 even when refused).
 *
 * A send resolves, or throws `SendFailure` with a short code (never a body or a message).
 */
import { hex } from '../../shared/encoding/hex.js'
import type { WebhookFormat } from '../settings/table.js'
import { hmacSha256 } from './hmac.js'
import type { Notice } from './notice.js'
import { markdownContent, textContent } from './render.js'

/** A failed send, with a code fit for the log and the outbox (an HTTP status, a robot's errcode, a socket error). */
export class SendFailure extends Error {
  constructor(readonly code: string) {
    super(`send failed (${code})`)
    this.name = 'SendFailure'
  }
}


const base64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes))

/** The json webhook's body (design.md §8.1): no mail, no IP. */
export function jsonBody(id: string, notice: Notice): string {
  const { objectId, url, nick, comment, status, createdAt, rid, pid } = notice.comment
  return JSON.stringify({ id, type: notice.type, comment: { objectId, url, nick, comment, status, createdAt, rid, pid }, siteUrl: notice.siteUrl })
}

export interface WebhookRequest {
  url: string
  headers: Record<string, string>
  body: string
}

/** The request a webhook gets for a message, in the configured format. */
export async function webhookRequest(format: WebhookFormat, target: string, id: string, notice: Notice, secret: string | undefined, now: Date): Promise<WebhookRequest> {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'x-gptnotes-event': id }
  switch (format) {
    case 'json': {
      const body = jsonBody(id, notice)
      if (secret) headers['x-gptnotes-signature'] = `sha256=${hex(await hmacSha256(secret, body))}`
      return { url: target, headers, body }
    }
    case 'wecom':
      return { url: target, headers, body: JSON.stringify({ msgtype: 'markdown', markdown: { content: markdownContent(notice).text } }) }
    case 'dingtalk': {
      const { title, text } = markdownContent(notice)
      const url = new URL(target)
      if (secret) {
        const timestamp = String(now.getTime())
        url.searchParams.set('timestamp', timestamp)
        // URLSearchParams encodes the base64 (`+`, `/`, `=`) as the documentation's urlencode does.
        url.searchParams.set('sign', base64(await hmacSha256(secret, `${timestamp}\n${secret}`)))
      }
      return { url: url.href, headers, body: JSON.stringify({ msgtype: 'markdown', markdown: { title, text } }) }
    }
    case 'feishu': {
      const signed: Record<string, string> = {}
      if (secret) {
        const timestamp = String(Math.floor(now.getTime() / 1000))
        signed.timestamp = timestamp
        signed.sign = base64(await hmacSha256(`${timestamp}\n${secret}`, ''))
      }
      return { url: target, headers, body: JSON.stringify({ ...signed, msg_type: 'text', content: { text: textContent(notice) } }) }
    }
  }
}

/** Sends a webhook request; throws `SendFailure` unless the receiver (or robot) accepted it. */
export async function sendWebhook(fetcher: typeof fetch, format: WebhookFormat, req: WebhookRequest, timeoutMs: number): Promise<void> {
  let res: Response
  try {
    res = await fetcher(req.url, { method: 'POST', headers: req.headers, body: req.body, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) })
  } catch (err) {
    const name = (err as Error)?.name
    if (name === 'TimeoutError' || name === 'AbortError') throw new SendFailure('timeout')
    const code = (err as { cause?: { code?: unknown } })?.cause?.code
    throw new SendFailure(typeof code === 'string' && /^[A-Z_0-9]{2,30}$/.test(code) ? code : 'network')
  }
  if (res.status < 200 || res.status >= 300) {
    await res.body?.cancel().catch(() => undefined)
    throw new SendFailure(`http-${res.status}`)
  }
  if (format === 'json') {
    await res.body?.cancel().catch(() => undefined)
    return
  }
  // The robots answer 200 with their own code: 0 is accepted.
  let body: { errcode?: unknown; code?: unknown; StatusCode?: unknown }
  try {
    body = (await res.json()) as typeof body
  } catch {
    throw new SendFailure('bad-answer')
  }
  const code = format === 'feishu' ? (body.code ?? body.StatusCode) : body.errcode
  if (code !== 0) throw new SendFailure(`errcode-${typeof code === 'number' ? code : 'missing'}`)
}
