/**
 * What the webhook channels share: a POST of JSON (no redirects followed, ended at the channel's
 * time-out) and, for the robots, their answer read for their own code. Each channel says only how
 * its request is made and whether its answer means accepted.
 */
import type { Notice } from '../notice.js'
import { SendFailure, type Channel } from './channel.js'

export interface WebhookRequest {
  url: string
  headers: Record<string, string>
  body: string
}

export interface WebhookFormatSpec {
  /** The request for a message; `secret` is `GPTNOTES_WEBHOOK_SECRET`. */
  request(target: string, id: string, notice: Notice, secret: string | undefined, now: Date): Promise<WebhookRequest>
  /** For receivers that answer 200 with their own code: the code when it is not an acceptance. */
  refused?(answer: unknown): string | undefined
}

export const base64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes))

/** Headers every webhook request carries. */
export const webhookHeaders = (id: string): Record<string, string> => ({ 'content-type': 'application/json; charset=utf-8', 'x-gptnotes-event': id })

/** Sends a webhook request; throws `SendFailure` unless the receiver (or robot) accepted it. */
export async function postWebhook(fetcher: typeof fetch, req: WebhookRequest, signal: AbortSignal, refused?: WebhookFormatSpec['refused']): Promise<void> {
  let res: Response
  try {
    res = await fetcher(req.url, { method: 'POST', headers: req.headers, body: req.body, redirect: 'manual', signal })
  } catch (err) {
    const name = (err as Error)?.name
    if (name === 'TimeoutError' || name === 'AbortError' || signal.aborted) throw new SendFailure('timeout')
    const code = (err as { cause?: { code?: unknown } })?.cause?.code
    throw new SendFailure(typeof code === 'string' && /^[A-Z_0-9]{2,30}$/.test(code) ? code : 'network')
  }
  if (res.status < 200 || res.status >= 300 || !refused) {
    await res.body?.cancel().catch(() => undefined)
    if (res.status < 200 || res.status >= 300) throw new SendFailure(`http-${res.status}`)
    return
  }
  let answer: unknown
  try {
    answer = await res.json()
  } catch {
    throw new SendFailure(signal.aborted ? 'timeout' : 'bad-answer')
  }
  const code = refused(answer)
  if (code !== undefined) throw new SendFailure(code)
}

/** A channel from a format's request and answer. */
export const webhookChannel = (spec: WebhookFormatSpec): Channel & { spec: WebhookFormatSpec } => ({
  spec,
  async send({ id, target, notice }, ctx) {
    await postWebhook(ctx.fetch, await spec.request(target, id, notice, ctx.webhookSecret, ctx.now), ctx.signal, spec.refused)
  },
})

/** A robot's numeric code (`errcode`, `code`): 0 is accepted. */
export const robotCode = (value: unknown): string | undefined => (value === 0 ? undefined : `errcode-${typeof value === 'number' ? value : 'missing'}`)
