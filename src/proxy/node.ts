/**
 * The Node adapter (behind `gptnotes proxy`): the app on `@hono/node-server`, the store named
 * by the settings, migrations before the first request, and a graceful stop (no new
 * connections, requests in flight finished, then the store closed).
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { getRequestListener, RequestError } from '@hono/node-server'
import { getConnInfo } from '@hono/node-server/conninfo'
import { createProxyApp, jsonLog, type ProxyLog } from './app.js'
import { LC } from './leancloud/errors.js'
import { checkServingRules, type ProxyOptions } from './options.js'
import { migrateOrClose, openMigratedStore, openStore } from './stores/open-store.js'
import { createOutbox, type MailSender } from './notify/outbox.js'
import { smtpMailer } from './notify/smtp.js'
import { notificationsOn } from './notify/plan.js'
import type { CommentStore } from './stores/store.js'

export interface StartProxyServerOptions {
  options: ProxyOptions
  /** A store already open (tests, embedders); otherwise the one `options.store` names. It is closed on stop either way. */
  store?: CommentStore
  /** Stop on SIGTERM and SIGINT (default true). */
  signals?: boolean
  log?: ProxyLog
  /** The clock (tests move it past rate-limit and counter windows). */
  now?: () => Date
  /** The connection limits (tests shorten them); NODE_LIMITS otherwise. */
  limits?: Partial<NodeLimits>
  /** The outbox's timing (tests shorten it): how often it is polled, the retry delays, a send's time-out. */
  notify?: { pollMs?: number; retryDelaysMs?: number[]; timeoutMs?: number }
}

/** How often the outbox is looked at for messages due (retries, and what a stopped process left). */
export const OUTBOX_POLL_MS = 5_000

/** The SMTP mailer the settings name, if any. */
export const mailerFor = (options: ProxyOptions): MailSender | undefined => (options.smtpUrl !== undefined && options.mailFrom !== undefined ? smtpMailer(options.smtpUrl, options.mailFrom) : undefined)

/** What the Node server allows each connection, below Node's own defaults. */
export interface NodeLimits {
  /** To receive the request line and headers (Node: 60 s); a client that stalls in them is cut off with a 408. */
  headersMs: number
  /** To receive a whole request, body included (Node: 300 s). */
  requestMs: number
  /** An idle keep-alive connection is closed after this (Node's own 5 s). */
  keepAliveMs: number
  /** Open connections from one address; more are answered 429 and closed. Off with `trustProxy`, where every connection is the proxy's. */
  connectionsPerAddress: number
}

/**
 * Headers in 10 s: a reader's browser sends them in one packet, so only a slow-loris client
 * needs longer. 30 s for the whole request: the largest body (`limits.bodyBytes`, 64 KiB by
 * default) takes under a second on any working link. 32 connections from one address: a
 * browser opens at most 6 to a host, so a few readers behind one NAT address fit, while one
 * client cannot hold the server's sockets. Constants, not settings: nothing an owner tunes for
 * a site; an owner behind a reverse proxy sets the proxy's own limits.
 */
export const NODE_LIMITS: NodeLimits = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000, connectionsPerAddress: 32 }

/** How often Node looks for connections past their time-outs (its default is 30 s). */
const CHECK_INTERVAL_MS = 1_000
/** How long a refused connection is still read from, so the client sees the answer rather than a reset. */
const LINGER_MS = 1_000

/** A whole HTTP/1.1 answer with a LeanCloud-style body, written on a socket Node's parser has given up on. */
function rawAnswer(status: number, code: number, error: string): string {
  const body = JSON.stringify({ code, error })
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`
}

/** Answers on a socket and closes it after LINGER_MS, reading (and dropping) what still comes. */
function answerAndClose(socket: Socket, answer: string): void {
  socket.end(answer)
  socket.resume()
  setTimeout(() => socket.destroy(), LINGER_MS).unref()
}

/**
 * Node's protections, tightened and answered as the app answers: time-outs for the headers and
 * the whole request, a cap on connections per address, and the errors Node raises before the
 * app sees a request (a request line and headers over 16 KB, a time-out, a malformed request)
 * as LeanCloud-style bodies instead of Node's bare 431/408/400.
 */
function guardConnections(server: Server, limits: NodeLimits, perAddress: boolean): void {
  server.headersTimeout = limits.headersMs
  server.requestTimeout = limits.requestMs
  server.keepAliveTimeout = limits.keepAliveMs
  const answered = new WeakSet<Socket>()
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    // Node's parser reports every later chunk again: the first answer stands.
    if (answered.has(socket)) return
    answered.add(socket)
    if (err.code === 'ECONNRESET' || !socket.writable) return void socket.destroy()
    if (err.code === 'HPE_HEADER_OVERFLOW') return answerAndClose(socket, rawAnswer(431, LC.OBJECT_TOO_LARGE, 'The request line and headers are larger than 16 KB.'))
    if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return answerAndClose(socket, rawAnswer(408, REQUEST_TIMEOUT, 'The request was not received in time.'))
    answerAndClose(socket, rawAnswer(400, LC.INVALID_JSON, 'Malformed HTTP request.'))
  })
  if (!perAddress) return
  const open = new Map<string, number>()
  // Before Node's own listener, so a refused connection never reaches the parser.
  server.prependListener('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? ''
    const count = (open.get(address) ?? 0) + 1
    if (count > limits.connectionsPerAddress) {
      answered.add(socket)
      return answerAndClose(socket, rawAnswer(429, LC.TOO_MANY_REQUESTS, `At most ${limits.connectionsPerAddress} open connections from one address.`))
    }
    open.set(address, count)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left > 0) open.set(address, left)
      else open.delete(address)
    })
  })
}

/**
 * A request the adapter cannot make into a `Request` (a Host header that is no host, an
 * absolute target that is no URL): a LeanCloud-style 400 rather than the adapter's bare one.
 * Nothing of the request is logged.
 */
const requestError = (err: unknown): Response =>
  err instanceof RequestError ? Response.json({ code: LC.INVALID_JSON, error: 'Malformed HTTP request.' }, { status: 400 }) : Response.json({ code: LC.INTERNAL, error: 'Internal server error. No information available.' }, { status: 500 })

/** LeanCloud's (and Parse's) code for a request that timed out. */
const REQUEST_TIMEOUT = 124

export interface ProxyServer {
  /** `http://HOST:PORT` as bound (port 0 becomes the chosen port). */
  url: string
  host: string
  port: number
  /** Stop accepting, let requests in flight finish, close the store. Safe to call twice. */
  close(): Promise<void>
  /** Settles once the server has stopped, whoever stopped it. */
  closed: Promise<void>
}

/** Requests in flight get this long to finish on stop before their connections are cut. */
const DRAIN_MS = 10_000

/**
 * The service's heap, set for serving; what holds the process's memory is in the README
 * ("Memory"). Requests are short-lived garbage, and under load V8 grows the young generation
 * (2 × 16 MiB by default) and lets the old one run ahead of what is live. `--optimize-for-size`
 * keeps the old generation close to what is live. The young generation's limit is read only at
 * start (`--max-semi-space-size`), and by the time the service serves V8 has sized it for loading
 * the modules (2 × 8 MiB); `--semi-space-growth-factor=1` stops it growing from there, and once
 * V8 shrinks it (soon, with `--optimize-for-size`) it stays at 2 × 1 MiB: at 16 and 20
 * connections peak RSS 112–118 MiB instead of 121–168, the same CPU per request within the
 * noise. A V8 that raises a factor below 2 to 2 ignores it (cli-proxy.test.ts would say so).
 */
export const SERVING_HEAP_FLAGS = '--optimize-for-size --semi-space-growth-factor=1'

export async function startProxyServer({ options, store: given, signals = true, log = jsonLog, now, limits, notify = {} }: StartProxyServerOptions): Promise<ProxyServer> {
  // With signals handled here the process is the service's own: its heap is set for serving.
  if (signals) setFlagsFromString(SERVING_HEAP_FLAGS)
  let warnings
  try {
    warnings = checkServingRules(options)
  } catch (err) {
    await given?.close().catch(() => undefined)
    throw err
  }
  const store = given ? await migrateOrClose(given) : await openMigratedStore(options.store)
  for (const { setting, problem } of warnings) log({ level: 'warn', event: 'setting', setting, problem })

  const mailer = mailerFor(options)
  // The secret is set whenever mail is (checkServingRules): unsubscribe keys stay valid across restarts.
  const outbox = createOutbox({ store, options, mailer, secret: options.secret ?? '', fetch: (input, init) => fetch(input, init), log, now, retryDelaysMs: notify.retryDelaysMs, timeoutMs: notify.timeoutMs })
  const app = createProxyApp({ store, options, log, now, mailer, outbox, clientIp: (c) => getConnInfo(c).remote.address })
  // What is due at start (a stopped process's messages) and then every poll: retries, and
  // messages another instance claimed and never finished.
  const polling = notificationsOn(options)
  if (polling) void outbox.deliver()
  const poll = setInterval(() => polling && void outbox.deliver(), notify.pollMs ?? OUTBOX_POLL_MS)
  poll.unref()
  if (!polling) clearInterval(poll)
  const server = createServer({ connectionsCheckingInterval: CHECK_INTERVAL_MS }, getRequestListener(app.fetch, { errorHandler: requestError }))
  guardConnections(server, { ...NODE_LIMITS, ...limits }, !options.trustProxy)
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port, options.host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (err) {
    clearInterval(poll)
    mailer?.close()
    await store.close().catch(() => undefined)
    throw err
  }

  const address = server.address() as AddressInfo
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  const url = `http://${host}:${address.port}`

  let finish!: () => void
  const closed = new Promise<void>((resolve) => (finish = resolve))
  let closing: Promise<void> | undefined
  const onSignal = () => void close()

  function close(): Promise<void> {
    closing ??= (async () => {
      process.off('SIGTERM', onSignal)
      process.off('SIGINT', onSignal)
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
      // Keep-alive sockets with no request would hold `close` open: they are closed as soon as
      // they fall idle (a busy one once its response is out), and all of them after DRAIN_MS.
      const sweep = setInterval(() => 'closeIdleConnections' in server && server.closeIdleConnections(), 50)
      const timer = setTimeout(() => 'closeAllConnections' in server && server.closeAllConnections(), DRAIN_MS)
      if ('closeIdleConnections' in server) server.closeIdleConnections()
      await stopped
      clearInterval(sweep)
      clearTimeout(timer)
      clearInterval(poll)
      // A send under way finishes (or its claim lapses and it is sent again after a restart).
      if (polling) await outbox.deliver()
      mailer?.close()
      await store.close()
      log({ level: 'info', event: 'stopped' })
      finish()
    })()
    return closing
  }

  if (signals) {
    process.once('SIGTERM', onSignal)
    process.once('SIGINT', onSignal)
  }
  log({ level: 'info', event: 'listening', url })
  return { url, host: address.address, port: address.port, close, closed }
}

export interface EmbeddedCommentService {
  /**
   * Answers one request of the host server whose URL has already lost the mount prefix (so
   * it starts with `/1.1/`, `/healthz` or `/admin`).
   */
  handle(req: IncomingMessage, res: ServerResponse): void
  /** Closes the store (the host server stops taking requests first). */
  close(): Promise<void>
}

/**
 * The app inside another Node server (`gptnotes serve` mounts it on its own origin): the store
 * opened and migrated, the client IP from the socket. The caller owns the listening socket.
 */
export async function openEmbeddedCommentService({ options, store: given, log = jsonLog }: { options: ProxyOptions; store?: CommentStore; log?: ProxyLog }): Promise<EmbeddedCommentService> {
  const store = given ? await migrateOrClose(given) : await openMigratedStore(options.store)
  const app = createProxyApp({ store, options, log, clientIp: (c) => getConnInfo(c).remote.address })
  const listener = getRequestListener(app.fetch)
  let closing: Promise<void> | undefined
  return {
    handle: (req, res) => void listener(req, res),
    close: () => (closing ??= store.close()),
  }
}

// `gptnotes/proxy/node` is this file: the Node store factories live beside the server. Each
// driver loads only when its store is opened (a machine may lack the SQLite native module).
export { openStore }

export async function openSqliteStore(path: string): Promise<CommentStore> {
  return (await import('./stores/sqlite.js')).openSqliteStore(path)
}

export async function openPostgresStore(url: string): Promise<CommentStore> {
  return (await import('./stores/postgres.js')).openPostgresStore(url)
}
