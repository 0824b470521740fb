/**
 * WeCom's group robot (企业微信群机器人, https://developer.work.weixin.qq.com/document/path/91770):
 * `{"msgtype":"markdown","markdown":{"content":…}}` (at most 4096 bytes); answers
 * `{"errcode":0,"errmsg":"ok"}`. Not signed: the robot's key is in its URL.
 */
import { markdownContent } from '../render.js'
import { robotCode, webhookChannel, webhookHeaders } from './webhook.js'

export const wecom = webhookChannel({
  async request(target, id, notice) {
    return { url: target, headers: webhookHeaders(id), body: JSON.stringify({ msgtype: 'markdown', markdown: { content: markdownContent(notice).text } }) }
  },
  refused: (answer) => robotCode((answer as { errcode?: unknown } | null)?.errcode),
})
