/**
 * DingTalk's custom robot (钉钉自定义机器人, https://open.dingtalk.com/document/robots/custom-robot-access
 * and …/customize-robot-security-settings): `{"msgtype":"markdown","markdown":{"title","text"}}`;
 * signed (加签) with `timestamp` (ms) and `sign` = urlencode(base64(HMAC-SHA256(secret,
 * timestamp + "\n" + secret))) as query parameters; answers `{"errcode":0,…}`.
 */
import { hmacSha256 } from '../hmac.js'
import { markdownContent } from '../render.js'
import { base64, robotCode, webhookChannel, webhookHeaders } from './webhook.js'

export const dingtalk = webhookChannel({
  async request(target, id, notice, secret, now) {
    const { title, text } = markdownContent(notice)
    const url = new URL(target)
    if (secret) {
      const timestamp = String(now.getTime())
      url.searchParams.set('timestamp', timestamp)
      // URLSearchParams encodes the base64 (`+`, `/`, `=`) as the documentation's urlencode does.
      url.searchParams.set('sign', base64(await hmacSha256(secret, `${timestamp}\n${secret}`)))
    }
    return { url: url.href, headers: webhookHeaders(id), body: JSON.stringify({ msgtype: 'markdown', markdown: { title, text } }) }
  },
  refused: (answer) => robotCode((answer as { errcode?: unknown } | null)?.errcode),
})
