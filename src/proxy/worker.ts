/**
 * The edge entry (`gptnotes/proxy/worker`): `export default { fetch, scheduled }` for runtimes that call a
 * module worker, such as Cloudflare Workers. Settings come from the environment bindings (the
 * same names as on Node, design.md §8); the store is the SQL binding named `DB` (a D1
 * database). The app, the store and its migrations are made once per isolate.
 */
import type { Hono } from 'hono'
import { createProxyApp, jsonLog, type ProxyEnv } from './app.js'
import { checkServingRules, resolveProxyOptions, ProxyOptionError } from './options.js'
import { openD1Store, type D1Binding } from './stores/d1.js'
import { createOutbox, type Outbox } from './notify/outbox.js'

export interface WorkerEnv {
  DB?: D1Binding
  [binding: string]: unknown
}

/** The runtime's execution context: work that goes on after the answer (`waitUntil`). */
export interface WorkerContext {
  waitUntil(promise: Promise<unknown>): void
}

interface Started {
  app: Hono<ProxyEnv>
  outbox: Outbox
}

let ready: Promise<Started> | undefined

async function start(env: WorkerEnv): Promise<Started> {
  if (!env.DB) throw new ProxyOptionError('DB', 'must be bound to a D1 database (the comment store)')
  const options = resolveProxyOptions({ env })
  const warnings = checkServingRules(options, 'd1')
  const store = openD1Store(env.DB)
  await store.migrate()
  // Once per isolate, as the app is made once per isolate.
  for (const { setting, problem } of warnings) jsonLog({ level: 'warn', event: 'setting', setting, problem })
  // No mail here (checkServingRules refuses SMTP on the edge): webhooks only, through fetch.
  const outbox = createOutbox({ store, options, secret: options.secret ?? '', fetch: (input, init) => fetch(input, init), log: jsonLog })
  const app = createProxyApp({
    store,
    options,
    log: jsonLog,
    outbox,
    // The platform sets this header from the connection; a client cannot choose it.
    clientIp: (c) => c.req.header('cf-connecting-ip'),
  })
  return { app, outbox }
}

function misconfigured(err: unknown): Response {
  // The operator reads the setting's name in the log; readers get no details.
  // At start no request has been read: the message names the setting, or the binding's fault.
  jsonLog({ level: 'error', event: 'start-failed', error: err instanceof Error ? err.message : String(err) })
  return Response.json({ code: 1, error: 'The comment service is not configured correctly.' }, { status: 500 })
}

export default {
  async fetch(request: Request, env: WorkerEnv, ctx?: WorkerContext): Promise<Response> {
    ready ??= start(env)
    let app: Hono<ProxyEnv>
    try {
      app = (await ready).app
    } catch (err) {
      // Try again on the next request: the binding or a setting may be fixed by then.
      ready = undefined
      return misconfigured(err)
    }
    return app.fetch(request, env, ctx as never)
  },

  /**
   * The Cron Trigger (`[triggers] crons` in wrangler.toml, written by `gptnotes proxy init
   * --edge`): sends the outbox's messages that are due, the retries of the first tries that
   * `fetch` started after its answers, and any an isolate stopped before sending.
   */
  async scheduled(_controller: unknown, env: WorkerEnv, ctx: WorkerContext): Promise<void> {
    ready ??= start(env)
    let started: Started
    try {
      started = await ready
    } catch (err) {
      ready = undefined
      misconfigured(err)
      return
    }
    const sending = started.outbox.deliver()
    ctx.waitUntil(sending)
    await sending
  },
}
