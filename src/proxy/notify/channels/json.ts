/**
 * The generic `json` webhook (design.md §8.1): `{ id, type, comment, siteUrl }`, never the mail
 * or the IP; header `X-Gptnotes-Event: <id>`; with `GPTNOTES_WEBHOOK_SECRET`,
 * `X-Gptnotes-Signature: sha256=<hex HMAC-SHA256 of the body>`. Any 2xx is accepted.
 */
import { hex } from '../../../shared/encoding/hex.js'
import { hmacSha256 } from '../hmac.js'
import type { Notice } from '../notice.js'
import { webhookChannel, webhookHeaders } from './webhook.js'

/** The json webhook's body: no mail, no IP. */
export function jsonBody(id: string, notice: Notice): string {
  const { objectId, url, nick, comment, status, createdAt, rid, pid } = notice.comment
  return JSON.stringify({ id, type: notice.type, comment: { objectId, url, nick, comment, status, createdAt, rid, pid }, siteUrl: notice.siteUrl })
}

export const json = webhookChannel({
  async request(target, id, notice, secret) {
    const headers = webhookHeaders(id)
    const body = jsonBody(id, notice)
    if (secret) headers['x-gptnotes-signature'] = `sha256=${hex(await hmacSha256(secret, body))}`
    return { url: target, headers, body }
  },
})
