import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { CLI } from '../helpers/sites.js'
import { startNotifying } from './notify-cases.js'
import { startReceiver, startSmtp, until } from './notify-fakes.js'

/** `gptnotes comments notify-test` and `gptnotes proxy --check`'s SMTP login, through the compiled CLI. */
const run = promisify(execFile)
const dir = mkdtempSync(join(tmpdir(), 'gptnotes-notify-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const cli = (args: string[], env: Record<string, string>) => {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GPTNOTES_')))
  return run(process.execPath, [CLI, ...args], { env: { ...clean, NO_COLOR: '1', ...env } })
}

describe('notification commands', () => {
  it('notify-test sends one test message per channel; proxy --check tries the SMTP login', async () => {
    const smtp = await startSmtp()
    const hook = await startReceiver('dingtalk', 'SECcli-secret')
    try {
      const env = {
        GPTNOTES_PUBLIC_URL: 'https://comments.example.com',
        GPTNOTES_SECRET: 'cli-secret-0123456789abcdef',
        GPTNOTES_NOTIFY_MAIL: 'owner@example.com',
        GPTNOTES_SMTP_URL: `smtp://user:pass@127.0.0.1:${smtp.port}`,
        GPTNOTES_MAIL_FROM: 'gptnotes <noreply@example.com>',
        GPTNOTES_WEBHOOK_URL: hook.url,
        GPTNOTES_WEBHOOK_FORMAT: 'dingtalk',
        GPTNOTES_WEBHOOK_SECRET: 'SECcli-secret',
      }
      const { stdout } = await cli(['comments', 'notify-test'], env)
      expect(stdout).toContain(`mail: sent to GPTNOTES_NOTIFY_MAIL through smtp://127.0.0.1:${smtp.port}`)
      expect(stdout).toMatch(/webhook \(dingtalk\): http:\/\/127\.0\.0\.1:\d+\/robot\/send\?… accepted the test message/)
      // Neither the password nor the robot's token is printed.
      expect(stdout).not.toMatch(/pass@|test-token/)
      expect(smtp.mails).toHaveLength(1)
      expect(smtp.mails[0].subject).toBe('[测试] gptnotes 评论通知')
      expect(smtp.mails[0].text).toContain('https://comments.example.com/admin/')
      expect(hook.received).toHaveLength(1)
      expect(hook.received[0].signed).toBe(true)

      const check = await cli(['proxy', '--check', '--store', `sqlite:${join(dir, 'c.db')}`], env)
      expect(check.stdout).toContain(`smtp: smtp://127.0.0.1:${smtp.port} answered and accepted the login`)
      expect(check.stdout).toContain('ready to start')
      expect(smtp.mails).toHaveLength(1)
    } finally {
      await smtp.close()
      await hook.close()
    }
  })

  it('proxy --check and notify-test refuse notifications without GPTNOTES_PUBLIC_URL, naming it', async () => {
    const env = { GPTNOTES_WEBHOOK_URL: 'wecom=https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k' }
    for (const args of [['proxy', '--check', '--store', `sqlite:${join(dir, 'no-public.db')}`], ['comments', 'notify-test']]) {
      const failed = await cli(args, env).then(
        () => undefined,
        (err: { code: number; stdout: string; stderr: string }) => err,
      )
      expect(failed?.code, args.join(' ')).toBe(1)
      expect(failed?.stderr).toContain('GPTNOTES_PUBLIC_URL must be set when notifications are on')
      expect(failed?.stdout).not.toContain('ready to start')
    }
  })

  it('comments approve on the store queues the reply mail of a held reply; the running service sends it', async () => {
    const store = `sqlite:${join(dir, 'approve.db')}`
    const s = await startNotifying(store)
    try {
      const parent = await s.post({ nick: 'Pam', mail: 'pam@example.com', comment: '<p>帕姆的评论</p>' })
      const pid = parent.body.objectId as string
      const reply = await s.post({ nick: 'Quinn', mail: 'quinn@example.com', comment: '<p>看 <a href="https://q.example/">这</a></p>', rid: pid, pid })
      expect(reply.body.status).toBe('waiting')
      await until(() => s.smtp.mails.some((m) => m.subject.includes('Quinn')), 5000, 'the owner mail')
      const env = {
        GPTNOTES_PUBLIC_URL: s.server.url,
        GPTNOTES_SECRET: 'notify-secret-0123456789abcdef',
        GPTNOTES_NOTIFY_MAIL: 'owner@example.com',
        GPTNOTES_SMTP_URL: s.smtp.url,
        GPTNOTES_MAIL_FROM: 'gptnotes <noreply@example.com>',
        GPTNOTES_SITE_URL: 'https://blog.example.com/gpt/',
      }
      const { stdout } = await cli(['comments', 'approve', reply.body.objectId, '--store', store], env)
      expect(stdout).toContain('approved')
      await until(() => s.smtp.mails.some((m) => m.to.includes('pam@example.com')), 5000, 'the reply mail')
      const mail = s.smtp.mails.find((m) => m.to.includes('pam@example.com'))!
      // The links are the service's public address.
      expect(mail.headers['list-unsubscribe']).toContain(`${s.server.url}/unsubscribe?token=`)
    } finally {
      await s.close()
    }
  })
})
