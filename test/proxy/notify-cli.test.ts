import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { CLI } from '../helpers/sites.js'
import { startReceiver, startSmtp } from './notify-fakes.js'

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
        GPTNOTES_SECRET: 'cli-secret-0123456789abcdef',
        GPTNOTES_NOTIFY_MAIL: 'owner@example.com',
        GPTNOTES_SMTP_URL: `smtp://user:pass@127.0.0.1:${smtp.port}`,
        GPTNOTES_MAIL_FROM: 'gptnotes <noreply@example.com>',
        GPTNOTES_WEBHOOK_URL: hook.url,
        GPTNOTES_WEBHOOK_FORMAT: 'dingtalk',
        GPTNOTES_WEBHOOK_SECRET: 'SECcli-secret',
      }
      const { stdout } = await cli(['comments', 'notify-test', '--service', 'https://comments.example.com'], env)
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
})
