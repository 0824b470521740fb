import { join } from 'node:path'
import { build } from 'esbuild'
import { Miniflare } from 'miniflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkServingRules, ProxyOptionError, resolveProxyOptions } from '../../src/proxy/options.js'
import { REPO_ROOT } from '../helpers/sites.js'
import { startReceiver, until, type Receiver } from './notify-fakes.js'
import { thrownBy } from '../helpers/thrown.js'

/**
 * Notifications from the edge worker in workerd (miniflare, a D1 database): the first try runs
 * after the answer (`waitUntil`), a failed one is retried by the scheduled handler (the Cron
 * Trigger; miniflare dispatches it with `getWorker().scheduled()`), and an SMTP setting is
 * refused at start.
 */
let script: string
let hook: Receiver
let robot: Receiver
let mf: Miniflare

const bindings = (extra: Record<string, string> = {}) => ({
  GPTNOTES_ORIGINS: 'https://blog.example.com',
  GPTNOTES_SECRET: 'worker-secret-0123456789abcdef',
  GPTNOTES_RATE_SECONDS: '0',
  GPTNOTES_SITE_URL: 'https://blog.example.com/gpt/',
  GPTNOTES_PUBLIC_URL: 'https://comments.example.com',
  GPTNOTES_WEBHOOK_URL: `${hook.url},wecom=${robot.url}`,
  GPTNOTES_WEBHOOK_FORMAT: 'json',
  GPTNOTES_WEBHOOK_SECRET: 'hook-secret',
  ...extra,
})

const worker = (name: string, b: Record<string, string>) => new Miniflare({ name, modules: true, script, compatibilityDate: '2025-01-01', d1Databases: { DB: `notify-${name}` }, bindings: b })

beforeAll(async () => {
  const bundle = await build({ entryPoints: [join(REPO_ROOT, 'src/proxy/worker.ts')], bundle: true, format: 'esm', platform: 'browser', write: false, logLevel: 'silent' })
  script = bundle.outputFiles[0].text
  hook = await startReceiver('json', 'hook-secret')
  robot = await startReceiver('wecom')
  mf = worker('main', bindings())
  await mf.ready
})

afterAll(async () => {
  await mf?.dispose()
  await hook?.close()
  await robot?.close()
})

const post = async (m: Miniflare, comment: string) => {
  const res = await m.dispatchFetch('http://comments.test/1.1/classes/Comment', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: '/gpt/a.html', nick: 'Edge', mail: '', comment, ua: 'test', link: '' }) })
  return { status: res.status, body: (await res.json()) as { objectId: string } }
}

describe('notifications in workerd', () => {
  it('sends the first try after the answer (waitUntil), signed; the admin link is GPTNOTES_PUBLIC_URL, not the request\'s host', async () => {
    const r = await post(mf, '<p>来自边缘</p>')
    expect(r.status).toBe(201)
    await until(() => hook.received.some((h) => h.json?.comment?.objectId === r.body.objectId), 5000, 'the webhook')
    const got = hook.received.find((h) => h.json?.comment?.objectId === r.body.objectId)!
    expect(got.signed).toBe(true)
    expect(got.json.type).toBe('comment.created')
    expect(got.json.siteUrl).toBe('https://blog.example.com/gpt/')
    await until(() => robot.received.some((h) => (h.json?.markdown?.content as string)?.includes('来自边缘')), 5000, 'the robot')
    const md = robot.received.find((h) => (h.json?.markdown?.content as string)?.includes('来自边缘'))!.json.markdown.content as string
    expect(md).toContain('(https://comments.example.com/admin/)')
    expect(md).not.toContain('comments.test')
  })

  it('retries a failed send from the scheduled handler, with the same event id', { timeout: 20_000 }, async () => {
    hook.plan.push(500)
    const r = await post(mf, '<p>重试于定时任务</p>')
    expect(r.status).toBe(201)
    const mine = () => hook.received.filter((h) => h.json?.comment?.objectId === r.body.objectId)
    await until(() => mine().length === 1, 5000, 'the first try')
    // The first retry is due 5 s after the failure; the cron then sends it.
    await new Promise((resolve) => setTimeout(resolve, 5_500))
    // The worker's fetcher dispatches scheduled events (miniflare's documented way); typed here for what is used.
    const w = (await mf.getWorker()) as unknown as { scheduled(options: { cron: string }): Promise<unknown> }
    await w.scheduled({ cron: '*/5 * * * *' })
    await until(() => mine().length === 2, 5000, 'the retry')
    expect(mine()[1].headers['x-gptnotes-event']).toBe(mine()[0].headers['x-gptnotes-event'])
    // Sent: another cron run sends nothing again.
    await w.scheduled({ cron: '*/5 * * * *' })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(mine()).toHaveLength(2)
  })

  it('refuses an SMTP setting at start, saying the edge sends no mail', async () => {
    const env = bindings({ GPTNOTES_SMTP_URL: 'smtp://user:pass@mail.example.com:587', GPTNOTES_MAIL_FROM: 'x <noreply@example.com>' })
    const err = thrownBy(() => checkServingRules(resolveProxyOptions({ env }), 'd1'), ProxyOptionError)
    expect(err.setting).toBe('GPTNOTES_SMTP_URL')
    expect(err.problem).toMatch(/edge worker: it cannot open SMTP connections/)
    const refusing = worker('smtp', env)
    try {
      const res = await refusing.dispatchFetch('http://comments.test/healthz')
      expect(res.status).toBe(500)
      expect(await res.json()).toEqual({ code: 1, error: 'The comment service is not configured correctly.' })
    } finally {
      await refusing.dispose()
    }
  })
})
