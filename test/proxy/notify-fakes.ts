/**
 * Receivers for the notification tests, on loopback: a real SMTP server (`smtp-server`) that
 * keeps each message, and webhook receivers that answer and check signatures as each robot's
 * documentation says:
 *
 * - json: `X-Gptnotes-Signature: sha256=<hex HMAC-SHA256 of the body>` (design.md §8.1).
 * - WeCom 群机器人 (https://developer.work.weixin.qq.com/document/path/91770): `msgtype`
 *   `markdown` with `markdown.content` (at most 4096 bytes); answers `{"errcode":0,"errmsg":"ok"}`.
 * - DingTalk 自定义机器人 (https://open.dingtalk.com/document/robots/customize-robot-security-settings):
 *   query `timestamp` (ms, within an hour) and `sign` = urlencode(base64(HmacSHA256(key = secret,
 *   message = timestamp + "\n" + secret))); `{"errcode":310000,"errmsg":"sign not match"}` otherwise.
 * - Feishu 自定义机器人 (https://open.feishu.cn/document/client-docs/bot-v3/add-custom-bot):
 *   body `timestamp` (s, within an hour) and `sign` = base64(HmacSHA256(key = timestamp + "\n" +
 *   secret, message = "")); answers `{"code":0,"msg":"success","data":{}}`, `{"code":19021,…}` for
 *   a bad signature (HTTP 200 either way).
 */
import { createHmac } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export interface CapturedMail {
  from: string
  to: string[]
  headers: Record<string, string>
  subject: string
  text: string
  html: string
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`) as text. */
function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, enc: string, data: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  )
}

/** Headers and body of a message or part: a simple split at the first blank line, folded lines joined. */
function split(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.indexOf('\r\n\r\n')
  const head = at < 0 ? raw : raw.slice(0, at)
  const body = at < 0 ? '' : raw.slice(at + 4)
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const i = line.indexOf(':')
    if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim()
  }
  return { headers, body }
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const enc = (headers['content-transfer-encoding'] ?? '').toLowerCase()
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (enc === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)))
    return Buffer.from(bytes, 'latin1').toString('utf8')
  }
  return body
}

/** The text and HTML parts of a message (one level of multipart, as the service sends). */
export function parseMail(raw: string): Omit<CapturedMail, 'from' | 'to'> {
  const { headers, body } = split(raw)
  let text = ''
  let html = ''
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1]
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1).map((p) => split(p.replace(/^\r\n/, ''))) : [{ headers, body }]
  for (const part of parts) {
    const type = (part.headers['content-type'] ?? 'text/plain').toLowerCase()
    if (type.startsWith('text/plain')) text = decodeBody(part.headers, part.body)
    if (type.startsWith('text/html')) html = decodeBody(part.headers, part.body)
  }
  return { headers, subject: decodeWords(headers.subject ?? ''), text, html }
}

export interface SmtpFake {
  port: number
  url: string
  mails: CapturedMail[]
  close(): Promise<void>
}

/** An SMTP server on loopback (no TLS, login optional: any is taken), keeping each message. */
export async function startSmtp(port = 0): Promise<SmtpFake> {
  const mails: CapturedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: a login is taken without TLS, and any user and password pass.
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username })
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        mails.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), ...parseMail(Buffer.concat(chunks).toString('utf8')) })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const bound = (server.server.address() as AddressInfo).port
  return { port: bound, url: `smtp://127.0.0.1:${bound}`, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

export type RobotFormat = 'json' | 'wecom' | 'dingtalk' | 'feishu'

export interface Received {
  headers: Record<string, string | string[] | undefined>
  query: URLSearchParams
  body: string
  json: any
  /** Whether the signature checked out as the format's documentation says (true when unsigned and no secret). */
  signed: boolean
}

export interface Receiver {
  url: string
  received: Received[]
  /** What the next requests get: a status to answer, or 'hang' (never answer); then 'ok'. */
  plan: ('ok' | 'hang' | number)[]
  close(): Promise<void>
}

const b64hmac = (key: string, message: string): string => createHmac('sha256', key).update(message).digest('base64')

function checkSignature(format: RobotFormat, secret: string | undefined, req: IncomingMessage, query: URLSearchParams, body: string, json: any): boolean {
  if (!secret) return true
  const hour = 3600_000
  switch (format) {
    case 'json':
      return req.headers['x-gptnotes-signature'] === `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
    case 'wecom':
      return true
    case 'dingtalk': {
      const ts = query.get('timestamp') ?? ''
      return Math.abs(Date.now() - Number(ts)) < hour && query.get('sign') === b64hmac(secret, `${ts}\n${secret}`)
    }
    case 'feishu': {
      const ts = String(json?.timestamp ?? '')
      return Math.abs(Date.now() / 1000 - Number(ts)) < 3600 && json?.sign === b64hmac(`${ts}\n${secret}`, '')
    }
  }
}

function answer(format: RobotFormat, res: ServerResponse, signed: boolean): void {
  res.setHeader('content-type', 'application/json')
  if (format === 'json') return void res.end(signed ? '{}' : '{"error":"bad signature"}')
  if (format === 'feishu') return void res.end(JSON.stringify(signed ? { code: 0, msg: 'success', data: {} } : { code: 19021, msg: 'sign match fail or timestamp is not within one hour from current time', data: {} }))
  res.end(JSON.stringify(signed ? { errcode: 0, errmsg: 'ok' } : { errcode: 310000, errmsg: 'sign not match' }))
}

/** A webhook receiver for `format`, checking signatures with `secret`. */
export async function startReceiver(format: RobotFormat, secret?: string): Promise<Receiver> {
  const received: Received[] = []
  const plan: Receiver['plan'] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const query = new URL(req.url ?? '/', 'http://x').searchParams
      let json: any
      try {
        json = JSON.parse(body)
      } catch {
        json = undefined
      }
      const signed = checkSignature(format, secret, req, query, body, json)
      received.push({ headers: req.headers, query, body, json, signed })
      const next = plan.shift() ?? 'ok'
      if (next === 'hang') return
      if (typeof next === 'number') {
        res.statusCode = next
        return void res.end('{"error":"down"}')
      }
      if (format === 'json' && !signed) res.statusCode = 401
      answer(format, res, signed)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  const key = format === 'wecom' ? '/cgi-bin/webhook/send?key=test-key' : format === 'dingtalk' ? '/robot/send?access_token=test-token' : format === 'feishu' ? '/open-apis/bot/v2/hook/test-hook' : '/hook'
  return {
    url: `http://127.0.0.1:${port}${key}`,
    received,
    plan,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Waits until `check` holds (polling), or fails after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000, what = 'the condition'): Promise<void> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`timed out waiting for ${what}`)
}
