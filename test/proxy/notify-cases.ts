/**
 * The notification cases, against the Node server on a given store (SQLite, PostgreSQL): a real
 * SMTP server and webhook receivers on loopback. Who is told what (design.md §8.1), escaping,
 * unsubscribe, retries, a receiver that hangs, and the messages' ids.
 */
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../helpers/free-port.js'
import { documentedLinks, gfmLinks } from '../helpers/robot-links.js'
import { startProxyServer, type ProxyServer } from '../../src/proxy/node.js'
import { resolveProxyOptions } from '../../src/proxy/options.js'
import { openStore } from '../../src/proxy/stores/open-store.js'
import type { CommentStore } from '../../src/proxy/stores/store.js'
import { startReceiver, startSmtp, until, type Receiver, type SmtpFake } from './notify-fakes.js'

export const OWNER = 'owner@example.com'
export const SITE_URL = 'https://blog.example.com/gpt/'
export const SECRET = 'notify-secret-0123456789abcdef'
export const ADMIN = 'notify-admin-token-0123456789ab'

/** Fast timing for tests: polled often, retried soon, a send cut off after 400 ms. */
const TIMING = { pollMs: 100, retryDelaysMs: [150, 300, 600], timeoutMs: 400 }

let ip = 0
const nextIp = () => `198.51.100.${(++ip % 250) + 1}`

export interface Running {
  server: ProxyServer
  store: CommentStore
  smtp: SmtpFake
  hook: Receiver
  post(fields: Record<string, unknown>): Promise<{ status: number; body: any; ms: number }>
  approve(id: string): Promise<number>
  close(): Promise<void>
}

export async function startNotifying(
  storeUrl: string,
  env: Record<string, string> = {},
  hook?: Receiver,
  timing: typeof TIMING = TIMING,
): Promise<Running> {
  const smtp = await startSmtp()
  const receiver = hook ?? (await startReceiver('json', 'hook-secret'))
  // The service's public address is its own loopback address unless a case names another.
  const port = await freePort()
  const options = resolveProxyOptions({
    flags: { port: String(port), host: '127.0.0.1', store: storeUrl },
    env: {
      GPTNOTES_PUBLIC_URL: `http://127.0.0.1:${port}`,
      GPTNOTES_ORIGINS: 'https://blog.example.com',
      GPTNOTES_ADMIN_TOKEN: ADMIN,
      GPTNOTES_SECRET: SECRET,
      GPTNOTES_RATE_SECONDS: '0',
      GPTNOTES_TRUST_PROXY: '1',
      GPTNOTES_SITE_URL: SITE_URL,
      GPTNOTES_NOTIFY_MAIL: OWNER,
      GPTNOTES_SMTP_URL: smtp.url,
      GPTNOTES_MAIL_FROM: '我的GPT笔记 <noreply@example.com>',
      GPTNOTES_WEBHOOK_URL: receiver.url,
      GPTNOTES_WEBHOOK_FORMAT: 'json',
      GPTNOTES_WEBHOOK_SECRET: 'hook-secret',
      ...env,
    },
  })
  const store = await openStore(options.store)
  const server = await startProxyServer({ options, store, signals: false, log: () => {}, notify: timing })
  return {
    server,
    store,
    smtp,
    hook: receiver,
    async post(fields) {
      const started = Date.now()
      const res = await fetch(`${server.url}/1.1/classes/Comment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
        body: JSON.stringify({ url: '/gpt/handbook/a.html', ua: 'test', link: '', ...fields }),
      })
      return { status: res.status, body: await res.json(), ms: Date.now() - started }
    },
    async approve(id) {
      const res = await fetch(`${server.url}/admin/comments/${id}/approve`, { method: 'POST', headers: { authorization: `Bearer ${ADMIN}` } })
      await res.body?.cancel()
      return res.status
    },
    async close() {
      await server.close()
      await smtp.close()
      if (!hook) await receiver.close()
    },
  }
}

const settle = () => new Promise((r) => setTimeout(r, 400))

/** The cases, each on a server over `storeUrl()` (a new database or file per suite). */
export function notifyCases(storeUrl: () => string): void {
  describe('who is told what', () => {
    let s: Running
    beforeAll(async () => {
      s = await startNotifying(storeUrl())
    })
    afterAll(() => s?.close())

    // Mailers lower-case the domain; the local part is kept.
    const mailsTo = (addr: string) => s.smtp.mails.filter((m) => m.to.some((t) => t.toLowerCase() === addr.toLowerCase()))

    it('tells the owner of an approved comment (mail and webhook), with links to /admin/ and the page, and no address or IP', async () => {
      const r = await s.post({ nick: 'Alice', mail: 'alice@example.com', comment: '<p>第一条评论</p>' })
      expect(r.status).toBe(201)
      const id = r.body.objectId as string
      await until(() => mailsTo(OWNER).some((m) => m.text.includes('第一条评论')) && s.hook.received.some((h) => h.json?.comment?.objectId === id), 5000, 'owner mail and webhook')
      const mail = mailsTo(OWNER).find((m) => m.text.includes('第一条评论'))!
      expect(mail.subject).toContain('Alice')
      expect(mail.subject).not.toContain('待审核')
      expect(mail.text).toContain('状态：已发布')
      expect(mail.text).toContain(`${s.server.url}/admin/`)
      expect(mail.text).toContain('https://blog.example.com/gpt/handbook/a.html')
      expect(mail.text + mail.html).not.toContain('alice@example.com')
      const hook = s.hook.received.find((h) => h.json?.comment?.objectId === id)!
      expect(hook.signed).toBe(true)
      expect(hook.json).toEqual({ id: hook.headers['x-gptnotes-event'], type: 'comment.created', comment: { objectId: id, url: '/gpt/handbook/a.html', nick: 'Alice', comment: '<p>第一条评论</p>', status: 'approved', createdAt: expect.any(String), rid: null, pid: null }, siteUrl: SITE_URL })
      expect(hook.body).not.toMatch(/alice@example\.com|198\.51\.100/)
      // The message id is the mail's Message-ID too.
      expect(mail.headers['message-id']).toMatch(/^<[0-9a-f-]{36}@example\.com>$/)
    })

    it('tells the owner of a held comment, saying it waits', async () => {
      const r = await s.post({ nick: 'Mallory', mail: 'm@example.com', comment: '<p>看看 <a href="https://spam.example/">这里</a></p>' })
      expect(r.status).toBe(201)
      expect(r.body.status).toBe('waiting')
      await until(() => mailsTo(OWNER).some((m) => m.subject.includes('Mallory')), 5000, 'owner mail')
      const mail = mailsTo(OWNER).find((m) => m.subject.includes('Mallory'))!
      expect(mail.subject).toContain('[待审核]')
      expect(mail.text).toContain('状态：待审核')
      await until(() => s.hook.received.some((h) => h.json?.comment?.objectId === r.body.objectId && h.json.comment.status === 'waiting'), 5000, 'webhook')
    })

    it('tells the parent author of an approved reply once, with a one-click unsubscribe; never the replier themself', async () => {
      const parent = await s.post({ nick: 'Bob', mail: 'Bob@Example.com', comment: '<p>父评论</p>' })
      const pid = parent.body.objectId as string
      const reply = await s.post({ nick: 'Carol', mail: 'carol@example.com', comment: '<p>回复鲍勃</p>', rid: pid, pid })
      expect(reply.status).toBe(201)
      await until(() => mailsTo('Bob@Example.com').length === 1, 5000, 'reply mail')
      const mail = mailsTo('Bob@Example.com')[0]
      expect(mail.subject).toBe('Carol 回复了你在 /gpt/handbook/a.html 的评论')
      expect(mail.text).toContain('父评论')
      expect(mail.text).toContain('回复鲍勃')
      expect(mail.text + mail.html).not.toContain('carol@example.com')
      expect(mail.headers['list-unsubscribe']).toMatch(new RegExp(`^<${s.server.url}/unsubscribe\\?token=[0-9a-f]{64}\\.[0-9a-f]{32}>`))
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
      // Bob answering in his own thread tells no one of it by reply mail (the owner still hears).
      const own = await s.post({ nick: 'Bob', mail: 'bob@example.com ', comment: '<p>自己回复自己</p>', rid: pid, pid })
      expect(own.status).toBe(201)
      await until(() => mailsTo(OWNER).some((m) => m.text.includes('自己回复自己')), 5000, 'owner mail')
      await settle()
      expect(mailsTo('Bob@Example.com')).toHaveLength(1)
    })

    it('tells the parent author of a held reply only once it is approved, and only once', async () => {
      const parent = await s.post({ nick: 'Dan', mail: 'dan@example.com', comment: '<p>丹的评论</p>' })
      const pid = parent.body.objectId as string
      const reply = await s.post({ nick: 'Eve', mail: 'eve@example.com', comment: '<p>看 <a href="https://eve.example/">链接</a></p>', rid: pid, pid })
      expect(reply.body.status).toBe('waiting')
      await until(() => mailsTo(OWNER).some((m) => m.subject.includes('Eve')), 5000, 'owner mail')
      await settle()
      expect(mailsTo('dan@example.com')).toHaveLength(0)
      expect(await s.approve(reply.body.objectId)).toBe(200)
      await until(() => mailsTo('dan@example.com').length === 1, 5000, 'reply mail after approval')
      await until(() => s.hook.received.some((h) => h.json?.type === 'comment.approved' && h.json.comment.objectId === reply.body.objectId), 5000, 'approved webhook')
      // Approved again: no one is told twice.
      expect(await s.approve(reply.body.objectId)).toBe(200)
      await settle()
      expect(mailsTo('dan@example.com')).toHaveLength(1)
      expect(s.hook.received.filter((h) => h.json?.type === 'comment.approved' && h.json.comment.objectId === reply.body.objectId)).toHaveLength(1)
      // Each event once: no id was sent twice to the webhook.
      const ids = s.hook.received.map((h) => h.headers['x-gptnotes-event'])
      expect(new Set(ids).size).toBe(ids.length)
    })

    it('keeps reader markup out of the mail HTML', async () => {
      const r = await s.post({ nick: 'X_ss_', mail: 'x@example.com', comment: '<p>&lt;script&gt;alert(1)&lt;/script&gt; **bold** [x](javascript:alert(1))</p><script>alert(2)</script>' })
      expect(r.status).toBe(201)
      await until(() => mailsTo(OWNER).some((m) => m.text.includes('**bold**')), 5000, 'owner mail')
      const mail = mailsTo(OWNER).find((m) => m.text.includes('**bold**'))!
      expect(mail.html).not.toMatch(/<script|<b>|javascript:alert\(1\)"|href="javascript/i)
      expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
      expect(mail.text).not.toContain('alert(2)')
    })

    it('cuts a long comment to 200 characters', async () => {
      const long = '长'.repeat(500)
      await s.post({ nick: 'Long', mail: '', comment: `<p>${long}</p>` })
      await until(() => mailsTo(OWNER).some((m) => m.subject.includes('Long')), 5000, 'owner mail')
      const mail = mailsTo(OWNER).find((m) => m.subject.includes('Long'))!
      expect(mail.text).toContain(`${'长'.repeat(199)}…`)
      expect(mail.text).not.toContain('长'.repeat(200))
    })
  })

  describe('unsubscribe', () => {
    let s: Running
    beforeAll(async () => {
      s = await startNotifying(storeUrl())
    })
    afterAll(() => s?.close())

    it('honours the link (a confirmation page, then POST); no more reply mail to that address; a forged token is refused', async () => {
      const parent = await s.post({ nick: 'Fay', mail: 'fay@example.com', comment: '<p>费的评论</p>' })
      const pid = parent.body.objectId as string
      await s.post({ nick: 'Gus', mail: 'gus@example.com', comment: '<p>第一条回复</p>', rid: pid, pid })
      await until(() => s.smtp.mails.some((m) => m.to.includes('fay@example.com')), 5000, 'reply mail')
      const link = /<([^>]+)>/.exec(s.smtp.mails.find((m) => m.to.includes('fay@example.com'))!.headers['list-unsubscribe'])![1]

      const page = await fetch(link)
      expect(page.status).toBe(200)
      const html = await page.text()
      expect(html).toContain('确认退订')
      expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
      // Asking changes nothing: a reply now still mails.
      const done = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })
      expect(done.status).toBe(200)
      expect(await done.text()).toContain('已退订')

      await s.post({ nick: 'Hal', mail: 'hal@example.com', comment: '<p>第二条回复</p>', rid: pid, pid })
      await until(() => s.smtp.mails.some((m) => m.text.includes('第二条回复')), 5000, 'owner mail of the second reply')
      await settle()
      expect(s.smtp.mails.filter((m) => m.to.includes('fay@example.com'))).toHaveLength(1)
      expect((await s.store.listOutbox()).some((r) => r.target === 'fay@example.com' && r.state === 'dropped')).toBe(true)

      const token = new URL(link).searchParams.get('token')!
      const forged = `${token.slice(0, 64)}.${'0'.repeat(32)}`
      for (const method of ['GET', 'POST']) {
        const res = await fetch(`${s.server.url}/unsubscribe?token=${forged}`, { method })
        expect(res.status).toBe(400)
        expect(await res.text()).toContain('退订链接无效')
      }
      expect((await fetch(`${s.server.url}/unsubscribe?token=nonsense`)).status).toBe(400)
    })
  })

  describe('a receiver that fails or hangs', () => {
    it('retries after a 500 with the same event id, and sends once it answers 200', async () => {
      const hook = await startReceiver('json', 'hook-secret')
      hook.plan.push(500)
      const s = await startNotifying(storeUrl(), { GPTNOTES_NOTIFY_MAIL: '' , GPTNOTES_SMTP_URL: '', GPTNOTES_MAIL_FROM: '' }, hook)
      try {
        const r = await s.post({ nick: 'Ivy', mail: '', comment: '<p>重试</p>' })
        await until(() => hook.received.length >= 2, 5000, 'the retry')
        expect(hook.received[0].headers['x-gptnotes-event']).toBe(hook.received[1].headers['x-gptnotes-event'])
        await settle()
        expect(hook.received).toHaveLength(2)
        const row = (await s.store.listOutbox()).find((m) => JSON.parse(m.payload).comment.objectId === r.body.objectId)!
        expect(row).toMatchObject({ state: 'sent', attempts: 2 })
      } finally {
        await s.close()
        await hook.close()
      }
    })

    it('answers the post at once while the receiver hangs; the send times out and is retried', async () => {
      const hook = await startReceiver('json', 'hook-secret')
      hook.plan.push('hang', 'hang')
      // A long send time-out, so that an answer which waited for the send would be plainly late
      // even on a loaded machine.
      const timing = { ...TIMING, timeoutMs: 3_000 }
      const s = await startNotifying(storeUrl(), { GPTNOTES_NOTIFY_MAIL: '', GPTNOTES_SMTP_URL: '', GPTNOTES_MAIL_FROM: '' }, hook, timing)
      try {
        const r = await s.post({ nick: 'Jay', mail: '', comment: '<p>挂起</p>' })
        expect(r.status).toBe(201)
        expect(r.ms).toBeLessThan(1_500)
        await until(() => hook.received.length >= 3, 15_000, 'the sends after two time-outs')
        await until(async () => (await s.store.listOutbox()).some((m) => m.target === hook.url && m.state === 'sent'), 3000, 'sent')
        const row = (await s.store.listOutbox()).find((m) => JSON.parse(m.payload).comment.objectId === r.body.objectId)!
        expect(row).toMatchObject({ state: 'sent', attempts: 3, target: hook.url })
      } finally {
        await s.close()
        await hook.close()
      }
    })
  })

  describe('links are the public address, never the request\'s Host', () => {
    const PUBLIC = 'https://comments.example.com'
    let s: Running
    let wecom: Receiver
    beforeAll(async () => {
      wecom = await startReceiver('wecom')
      const json = await startReceiver('json', 'hook-secret')
      // Two webhooks, each in its own format: the json one by the default format, the robot by `FORMAT=URL`.
      s = await startNotifying(storeUrl(), { GPTNOTES_PUBLIC_URL: PUBLIC, GPTNOTES_WEBHOOK_URL: `${json.url},wecom=${wecom.url}` }, json)
    })
    afterAll(async () => {
      await s?.close()
      await s?.hook.close()
      await wecom?.close()
    })

    /** A post whose Host and forwarding headers are a stranger's (fetch cannot set Host). */
    const forged = (fields: Record<string, unknown>) =>
      new Promise<any>((resolve, reject) => {
        const body = JSON.stringify({ url: '/gpt/handbook/a.html', ua: 'test', link: '', ...fields })
        const req = request(`${s.server.url}/1.1/classes/Comment`, { method: 'POST', headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'content-type': 'application/json', 'x-forwarded-for': nextIp() } }, (res) => {
          let text = ''
          res.on('data', (d: Buffer) => (text += d.toString()))
          res.on('end', () => resolve({ status: res.statusCode, body: JSON.parse(text) }))
        })
        req.on('error', reject)
        req.end(body)
      })

    it('mail (owner and reply, with its List-Unsubscribe) and robots link to GPTNOTES_PUBLIC_URL', async () => {
      const parent = await forged({ nick: 'Uma', mail: 'uma@example.com', comment: '<p>宿主评论</p>' })
      expect(parent.status).toBe(201)
      const pid = parent.body.objectId as string
      const reply = await forged({ nick: 'Vic', mail: 'vic@example.com', comment: '<p>宿主回复</p>', rid: pid, pid })
      expect(reply.status).toBe(201)
      await until(() => s.smtp.mails.some((m) => m.to.includes('uma@example.com')) && s.smtp.mails.filter((m) => m.to.includes(OWNER)).length >= 2 && wecom.received.length >= 2, 5000, 'mail and robot messages')
      const owner = s.smtp.mails.find((m) => m.to.includes(OWNER) && m.text.includes('宿主评论'))!
      expect(owner.text).toContain(`${PUBLIC}/admin/`)
      expect(owner.html).toContain(`href="${PUBLIC}/admin/"`)
      const replyMail = s.smtp.mails.find((m) => m.to.includes('uma@example.com'))!
      expect(replyMail.text).toContain(`${PUBLIC}/unsubscribe?token=`)
      expect(replyMail.headers['list-unsubscribe']).toMatch(new RegExp(`^<${PUBLIC}/unsubscribe\\?token=`))
      for (const m of s.smtp.mails) expect(JSON.stringify(m)).not.toMatch(/evil\.example|127\.0\.0\.1/)
      for (const got of wecom.received) {
        const md = got.json.markdown.content as string
        expect(gfmLinks(md)).toContain(`${PUBLIC}/admin/`)
        expect(documentedLinks('wecom', md).links.filter((l) => !l.startsWith(`${PUBLIC}/`) && !l.startsWith('https://blog.example.com/'))).toEqual([])
        expect(md).not.toMatch(/evil\.example|127\.0\.0\.1/)
      }
      // The json webhook got its own format at the same time.
      await until(() => s.hook.received.some((h) => h.json?.comment?.objectId === pid), 5000, 'the json webhook')
    })
  })

  describe('a receiver that hangs beside one that answers', () => {
    it('the working receiver and the mail get each message at once; the hanging one holds only its own', async () => {
      const slow = await startReceiver('json', 'hook-secret')
      const fast = await startReceiver('feishu')
      slow.plan.push('hang', 'hang', 'hang', 'hang')
      // A send time-out far longer than "at once", so that waiting on the hanging receiver shows.
      const timing = { ...TIMING, timeoutMs: 4_000 }
      const s = await startNotifying(storeUrl(), { GPTNOTES_WEBHOOK_URL: `${slow.url},feishu=${fast.url}` }, slow, timing)
      try {
        for (const word of ['第一条', '第二条']) {
          const started = Date.now()
          const r = await s.post({ nick: 'Wes', mail: '', comment: `<p>${word}</p>` })
          expect(r.status).toBe(201)
          await until(() => fast.received.some((h) => (h.json?.content?.text as string)?.includes(word)) && s.smtp.mails.some((m) => m.text.includes(word)), 2_000, `the feishu message and the mail of ${word}`)
          // Well inside the hanging receiver's time-out: neither waited for it, nor for the message before.
          expect(Date.now() - started).toBeLessThan(2_000)
          await until(() => slow.received.filter((h) => h.json?.comment?.comment?.includes(word)).length >= 1, 2_000, 'the hanging receiver to be reached')
        }
        // The hanging receiver's own message times out and is retried until it answers.
        await until(async () => (await s.store.listOutbox()).filter((m) => m.target === slow.url).every((m) => m.state === 'sent'), 20_000, 'the slow messages sent after their retries')
      } finally {
        await s.close()
        await slow.close()
        await fast.close()
      }
    })
  })

  describe('group robots', () => {
    for (const format of ['wecom', 'dingtalk', 'feishu'] as const) {
      it(`${format}: the documented message (signed where the robot is), reader markup escaped`, async () => {
        const secret = format === 'wecom' ? undefined : 'SECrobot-secret-0123'
        const hook = await startReceiver(format, secret)
        const s = await startNotifying(storeUrl(), { GPTNOTES_NOTIFY_MAIL: '', GPTNOTES_SMTP_URL: '', GPTNOTES_MAIL_FROM: '', GPTNOTES_WEBHOOK_FORMAT: format, GPTNOTES_WEBHOOK_SECRET: secret ?? '' }, hook)
        try {
          await s.post({ nick: 'K*', mail: '', comment: '<p>&lt;font color="warning"&gt;x&lt;/font&gt; **bold** [x](javascript:alert(1)) &lt;at user_id="all"&gt;&lt;/at&gt; http://evil%2Eexample/ http://evil。example/ http://host:8080/ ftp://evil.example/ //evil.example http：／／evil.example</p>' })
          await until(() => hook.received.length === 1, 5000, 'the robot message')
          await until(async () => (await s.store.listOutbox()).filter((m) => m.target === hook.url).every((m) => m.state === 'sent'), 3000, 'sent')
          const got = hook.received[0]
          expect(got.signed).toBe(true)
          // No link but the service's and the site's own, by the robot's documented syntax and through GFM.
          const shown = format === 'feishu' ? (got.json.content.text as string) : ((format === 'wecom' ? got.json.markdown.content : got.json.markdown.text) as string)
          const foreign = (links: string[]) => links.filter((l) => !l.startsWith(`${s.server.url}/`) && !l.startsWith('https://blog.example.com/'))
          expect(foreign(documentedLinks(format, shown).links)).toEqual([])
          if (format !== 'feishu') expect(foreign(gfmLinks(shown))).toEqual([])
          expect(shown).toContain(format === 'feishu' ? 'host[:]8080' : 'host\\[:\\]8080')
          if (format === 'feishu') {
            expect(got.json.msg_type).toBe('text')
            const text = got.json.content.text as string
            expect(text).toContain('新评论')
            expect(text).not.toMatch(/<at|<font/)
          } else {
            expect(got.json.msgtype).toBe('markdown')
            const md = (format === 'wecom' ? got.json.markdown.content : got.json.markdown.text) as string
            if (format === 'dingtalk') expect(typeof got.json.markdown.title).toBe('string')
            expect(md).toContain('\\*\\*bold\\*\\*')
            // The reader's link syntax and scheme are broken (notify-robot-links.test.ts has every form).
            expect(md).toContain('［x］（javascript\\[:\\]alert（1））')
            expect(md).not.toContain('](javascript')
            expect(md).not.toMatch(/<font|<at|[^\\]\*\*bold/)
            expect(md).toContain('K\\*')
            expect(md).toContain(`(${s.server.url}/admin/)`)
            if (format === 'wecom') expect(Buffer.byteLength(md)).toBeLessThanOrEqual(4096)
          }
        } finally {
          await s.close()
          await hook.close()
        }
      })
    }
  })
}
