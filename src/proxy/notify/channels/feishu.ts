/**
 * Feishu's custom robot (飞书自定义机器人, https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot):
 * `{"msg_type":"text","content":{"text":…}}`; signed (签名校验) with `timestamp` (s) and `sign` =
 * base64(HMAC-SHA256 keyed with timestamp + "\n" + secret, over an empty message) in the body;
 * answers `{"code":0,…}` (HTTP 200 even when it refuses).
 */
import { hmacSha256 } from '../hmac.js'
import { textContent } from '../render.js'
import { base64, robotCode, webhookChannel, webhookHeaders } from './webhook.js'

export const feishu = webhookChannel({
  async request(target, id, notice, secret, now) {
    const signed: Record<string, string> = {}
    if (secret) {
      const timestamp = String(Math.floor(now.getTime() / 1000))
      signed.timestamp = timestamp
      signed.sign = base64(await hmacSha256(`${timestamp}\n${secret}`, ''))
    }
    return { url: target, headers: webhookHeaders(id), body: JSON.stringify({ ...signed, msg_type: 'text', content: { text: textContent(notice) } }) }
  },
  refused: (answer) => {
    const a = answer as { code?: unknown; StatusCode?: unknown } | null
    return robotCode(a?.code ?? a?.StatusCode)
  },
})
