/**
 * The Node adapter (behind `gptnotes proxy`): the app on `@hono/node-server`, the store named
 * by the settings, migrations before the first request, and a graceful stop (no new
 * connections, requests in flight finished, then the store closed).
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { createAdaptorServer, getRequestListener } from '@hono/node-server'
import { getConnInfo } from '@hono/node-server/conninfo'
import { createProxyApp, jsonLog, type ProxyLog } from './app.js'
import type { ProxyOptions } from './options.js'
import { openStore } from './stores/open-store.js'
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
}

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
 * The service's heap, set for serving (a constant for now). Under load V8 grows the young
 * generation to 2 × 16 MiB and lets the old one run ahead of what is live (requests are
 * short-lived garbage): at 20 connections the heap went from 27 to 60–71 MiB and the process
 * from 70 to 123–133 MiB. `--optimize-for-size` keeps the young generation small and the old one
 * close to what is live (heap 31 MiB, process 99–103 MiB, the same CPU per request within the
 * noise). The heap flags V8 reads only at start (`--max-semi-space-size`) do not apply here.
 */
const HEAP_FLAGS = '--optimize-for-size'

export async function startProxyServer({ options, store: given, signals = true, log = jsonLog, now }: StartProxyServerOptions): Promise<ProxyServer> {
  // With signals handled here the process is the service's own: its heap is set for serving.
  if (signals) setFlagsFromString(HEAP_FLAGS)
  const store = given ?? (await openStore(options.store))
  try {
    await store.migrate()
  } catch (err) {
    await store.close().catch(() => undefined)
    throw err
  }

  const app = createProxyApp({ store, options, log, now, clientIp: (c) => getConnInfo(c).remote.address })
  const server = createAdaptorServer({ fetch: app.fetch })
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port, options.host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (err) {
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
  const store = given ?? (await openStore(options.store))
  try {
    await store.migrate()
  } catch (err) {
    await store.close().catch(() => undefined)
    throw err
  }
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
