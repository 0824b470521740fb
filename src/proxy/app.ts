/**
 * The comment service as one Hono app (design.md §8), web-standard only so that the Node
 * adapter (`node.ts`) and the edge worker (`worker.ts`) run the same code. Policy is the
 * server's: CORS by exact origin, master credentials refused, bodies capped, every failure a
 * LeanCloud-style `{code, error}` body (never a stack trace), then the LeanCloud subset under
 * `/1.1` and the owner's admin API under `/admin`.
 */
import { Hono, type Context } from 'hono'
import { cors } from 'hono/cors'
import { hex } from '../shared/encoding/hex.js'
import type { ProxyOptions } from './options.js'
import { jsonLog, type ProxyLog } from './log.js'
import { avatarKeys } from './policy/privacy.js'
import { mountAdminPage } from './admin-page/page.js'
import { adminRoutes } from './routes/admin.js'
import { LC, LeanCloudError, lcError, STORE_RETRY_AFTER_SECONDS } from './leancloud/errors.js'
import { errorResponse, type ProxyEnv, type Services } from './routes/context.js'
import { leancloudRoutes } from './routes/leancloud.js'
import { corsProxyRoutes, oauthRoutes } from './routes/oauth.js'
import { unsubscribeRoutes } from './routes/notify.js'
import { createOutbox, type MailSender, type Outbox } from './notify/outbox.js'
import { StoreUnavailable, errorCode, type CommentStore } from './stores/store.js'

export type { ProxyEnv, Services } from './routes/context.js'

export { jsonLog, type ProxyLog } from './log.js'

export interface CreateProxyAppOptions {
  store: CommentStore
  options: ProxyOptions
  /**
   * The client's address as the runtime knows it (the socket on Node, the platform's header
   * on the edge). `X-Forwarded-For` is read instead only with `trustProxy`.
   */
  clientIp?: (c: Context<ProxyEnv>) => string | undefined
  log?: ProxyLog
  /** The clock (tests move it to pass rate-limit and counter windows). */
  now?: () => Date
  /** Outbound requests to OAuth providers and webhooks (tests pass a spy); the runtime's `fetch` by default. */
  fetch?: typeof fetch
  /** Notification mail (the Node adapter's SMTP transport); none on the edge. */
  mailer?: MailSender
  /** The outbox sender, when the adapter made it (to poll it); otherwise one is made here. */
  outbox?: Outbox
}

/** The request headers a LeanCloud SDK sends; a preflight is answered with exactly these. */
export const LEANCLOUD_HEADERS = ['Content-Type', 'X-LC-Id', 'X-LC-Key', 'X-LC-Sign', 'X-LC-Session', 'X-LC-Prod', 'X-LC-UA', 'X-LC-Hook-Key']

/** Credential headers whose comma-separated value may carry LeanCloud's `master` marker. */
const CREDENTIAL_HEADERS = ['x-lc-key', 'x-lc-sign', 'x-avoscloud-application-key', 'x-avoscloud-request-sign']

function carriesMasterCredential(headers: Headers): boolean {
  let found = false
  headers.forEach((value, name) => {
    // Parse-style and old LeanCloud headers name the master key in the header itself.
    if (name.includes('master')) found = true
    if (CREDENTIAL_HEADERS.includes(name) && value.split(',').some((part) => part.trim().toLowerCase() === 'master')) found = true
  })
  return found
}

/** How much of an oversize body is read and dropped before refusing it. */
const DISCARD_BYTES = 1024 * 1024

type BodyRead = { ok: true; body: Uint8Array<ArrayBuffer> } | { ok: false; drained: boolean }

/**
 * The whole body when it is at most `max` bytes. A longer one is still read to its end (up to
 * DISCARD_BYTES) and dropped: an HTTP/1.1 client still sending would otherwise see its
 * connection reset instead of the 413.
 */
async function readBody(body: ReadableStream<Uint8Array>, declared: number, max: number): Promise<BodyRead> {
  const reader = body.getReader()
  if (declared > DISCARD_BYTES) {
    await reader.cancel().catch(() => undefined)
    return { ok: false, drained: false }
  }
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > DISCARD_BYTES) {
      await reader.cancel().catch(() => undefined)
      return { ok: false, drained: false }
    }
    if (size <= max) chunks.push(value)
  }
  if (size > max || declared > max) return { ok: false, drained: true }
  const out = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.byteLength
  }
  return { ok: true, body: out }
}

const randomSalt = (): string => hex(crypto.getRandomValues(new Uint8Array(32)))

export function createProxyApp({ store, options, clientIp, log = jsonLog, now = () => new Date(), fetch: outbound, mailer, outbox }: CreateProxyAppOptions): Hono<ProxyEnv> {
  // Without a configured secret, a salt per start: the hashes stay unlinkable across restarts.
  const salt = options.secret ?? randomSalt()
  // Looked up at call time, so a runtime's own fetch (bound to its global) is used as it is.
  const fetcher: typeof fetch = outbound ?? ((input, init) => fetch(input, init))
  const services: Services = {
    store,
    options,
    salt,
    avatarKey: avatarKeys(salt, options.gravatar),
    now,
    log,
    clientIp: (c) => {
      if (options.trustProxy) {
        // The nearest proxy appends the address it saw; entries to its left are the client's to forge.
        const forwarded = c.req.header('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean)
        if (forwarded?.length) return forwarded[forwarded.length - 1]
      }
      return clientIp?.(c) ?? 'unknown'
    },
    fetch: fetcher,
    outbox: outbox ?? createOutbox({ store, options, mailer, secret: salt, fetch: fetcher, log, now }),
  }
  const origins = new Set(options.origins)
  const app = new Hono<ProxyEnv>()

  app.onError((err, c) => {
    // Refusals are answers. A store out of reach fails this request only: 503, to be sent again.
    // Anything else is a fault, answered without details. The logs name the error's class and the
    // driver's code, never its message, which may quote request values.
    if (err instanceof StoreUnavailable) {
      log({ level: 'warn', event: 'store-unavailable', method: c.req.method, route: c.req.routePath, code: err.code })
      c.header('Retry-After', String(STORE_RETRY_AFTER_SECONDS))
    } else if (!(err instanceof LeanCloudError) && !c.req.raw.signal?.aborted) {
      // A body that stops because its client went away (cut off by a time-out) is no fault.
      log({ level: 'error', event: 'unexpected-error', method: c.req.method, route: c.req.routePath, error: err instanceof Error ? err.name : typeof err, code: errorCode(err) })
    }
    return errorResponse(c, err)
  })
  app.notFound((c) => errorResponse(c, lcError(LC.OBJECT_NOT_FOUND, 'No such route.')))

  app.use('*', async (c, next) => {
    c.set('services', services)
    await next()
  })

  app.use(
    '/1.1/*',
    cors({
      // Exact origins only; with none configured no browser is allowed.
      origin: (origin) => (origins.has(origin) ? origin : null),
      allowHeaders: LEANCLOUD_HEADERS,
      allowMethods: ['GET', 'POST', 'PUT', 'OPTIONS'],
      maxAge: 86400,
    }),
  )

  // Comment login and the Vssue proxy: exact origins, POST only, no credentials.
  for (const path of ['/oauth/*', '/cors/*']) {
    app.use(
      path,
      cors({
        origin: (origin) => (origins.has(origin) ? origin : null),
        allowHeaders: ['Content-Type', 'Accept'],
        allowMethods: ['POST', 'OPTIONS'],
        maxAge: 86400,
      }),
    )
  }

  app.use('*', async (c, next) => {
    // Before anything else: the master key is never accepted from the network.
    if (carriesMasterCredential(c.req.raw.headers)) return errorResponse(c, lcError(LC.FORBIDDEN, 'Master keys are not accepted by this service.'))
    const origin = c.req.header('origin')
    // A browser's request from a site not on the list is refused here too, not only by the browser.
    if (origin !== undefined && c.req.path.startsWith('/1.1/') && !origins.has(origin)) return errorResponse(c, lcError(LC.FORBIDDEN, 'This origin is not allowed.'))
    await next()
  })

  app.use('*', async (c, next) => {
    const body = c.req.raw.body
    // A GET carries no body that means anything, and a Request with one cannot be rebuilt (the
    // SDK's GETs send `null` as a body; workerd passes it on, Node's adapter drops it).
    if (!body || c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const declared = Number(c.req.header('content-length') ?? 0) || 0
    const read = await readBody(body, declared, options.limits.bodyBytes)
    if (!read.ok) {
      // Past the discard bound the rest is never read: the connection cannot carry another request.
      if (!read.drained) c.header('Connection', 'close')
      return errorResponse(c, lcError(LC.OBJECT_TOO_LARGE, `The request body is larger than ${options.limits.bodyBytes} bytes.`))
    }
    c.req.raw = new Request(c.req.raw, { body: read.body })
    await next()
  })

  // Whether the store answers a cheap query in time: a load balancer or monitor takes 503 as "out".
  app.get('/healthz', async (c) => {
    c.header('Cache-Control', 'no-store')
    return (await storeAnswers(store)) ? c.json({ ok: true }) : c.json({ ok: false }, 503)
  })
  // A person who opens the service's address (a link in a mail, the value of serverURLs) is
  // told what it is, not handed LeanCloud's "no such route" JSON; nothing private is shown.
  app.get('/', (c) => {
    c.header('Cache-Control', 'no-store')
    c.header('X-Robots-Tag', 'noindex')
    return /text\/html/.test(c.req.header('Accept') ?? '') ? c.html(SERVICE_PAGE) : c.text(SERVICE_TEXT)
  })
  app.route('/1.1', leancloudRoutes())
  mountAdminPage(app)
  app.route('/admin', adminRoutes())
  app.route('/unsubscribe', unsubscribeRoutes())
  app.route('/oauth', oauthRoutes())
  app.route('/cors', corsProxyRoutes())
  return app
}

const SERVICE_TEXT =
  'gptnotes comment service: a site\'s comments and page views (LeanCloud-compatible API under /1.1/, as valineConfig.serverURLs); the owner\'s page is /admin/, the health check /healthz.\n'

const SERVICE_PAGE = `<!doctype html>
<html lang="zh-CN">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>gptnotes 评论服务</title>
<body style="font: 16px/1.6 system-ui, sans-serif; max-width: 40em; margin: 3em auto; padding: 0 1em; color: #1f2328; background: #fff">
<h1 style="font-size: 1.4em">gptnotes 评论服务</h1>
<p>这里是网站评论和阅读量的服务地址：网站在 <code>valineConfig.serverURLs</code> 中填写它，读者的评论由页面里的评论框发到这里。直接打开这个地址没有别的内容。</p>
<ul>
<li>站长的管理页面：<code>/admin/</code>（需要管理令牌）</li>
<li>健康检查：<code>/healthz</code></li>
</ul>
<p lang="en">This is a gptnotes comment service: the address a site gives as <code>valineConfig.serverURLs</code>. The owner's page is <code>/admin/</code>; the health check is <code>/healthz</code>.</p>
</body>
</html>
`

/** How long `/healthz` waits for the store's answer. */
export const HEALTH_TIMEOUT_MS = 2_000

/** True when the store answers `ping()` within `HEALTH_TIMEOUT_MS`. */
async function storeAnswers(store: CommentStore): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS)))
  try {
    return await Promise.race([store.ping().then(() => true, () => false), late])
  } finally {
    clearTimeout(timer)
  }
}
