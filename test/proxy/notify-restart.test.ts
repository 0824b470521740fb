import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { freePort } from '../helpers/free-port.js'
import { CLI } from '../helpers/sites.js'
import { startSmtp, until } from './notify-fakes.js'

/**
 * The outbox across a `kill -9`: `gptnotes proxy` (the compiled CLI) runs as a child with its
 * SMTP server down, takes a comment and is killed before it could send; restarted with the
 * server up, it sends the owner's mail once, and a further restart sends nothing again.
 */
const dir = mkdtempSync(join(tmpdir(), 'gptnotes-notify-restart-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function startService(env: Record<string, string>) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GPTNOTES_')))
  const child = spawn(process.execPath, [CLI, 'proxy', '--port', '0', '--store', `sqlite:${join(dir, 'comments.db')}`], { env: { ...clean, NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr.resume()
  const exited = new Promise<void>((resolve) => child.on('close', () => resolve()))
  const address = (async () => {
    await until(() => /comment service at (http:\/\/\S+)/.test(stdout), 15_000, 'the service to listen')
    return /comment service at (http:\/\/\S+)/.exec(stdout)![1]
  })()
  return { child, address, exited }
}

describe('the outbox after kill -9', () => {
  it('sends after a restart what a killed service had committed, once', { timeout: 90_000 }, async () => {
    const port = await freePort()
    const env = {
      GPTNOTES_ORIGINS: 'https://blog.example.com',
      GPTNOTES_SECRET: 'restart-secret-0123456789abcdef',
      GPTNOTES_RATE_SECONDS: '0',
      GPTNOTES_PUBLIC_URL: 'https://comments.example.com',
      GPTNOTES_NOTIFY_MAIL: 'owner@example.com',
      GPTNOTES_SMTP_URL: `smtp://127.0.0.1:${port}`,
      GPTNOTES_MAIL_FROM: 'gptnotes <noreply@example.com>',
    }
    // The SMTP server is down: the first try fails (or never runs), the row stays pending.
    const first = startService(env)
    const url = await first.address
    const res = await fetch(`${url}/1.1/classes/Comment`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: '/gpt/a.html', nick: 'Alice', mail: '', comment: '<p>杀掉之前提交的评论</p>', ua: 'test', link: '' }) })
    expect(res.status).toBe(201)
    first.child.kill('SIGKILL')
    await first.exited

    const smtp = await startSmtp(port)
    try {
      const second = startService(env)
      await second.address
      // Retried after the first back-off (5 s) and a poll (5 s); or, when the killed service had
      // claimed the row mid-send, once its hold lapses (30 s) and a poll finds it.
      await until(() => smtp.mails.length > 0, 45_000, 'the mail after the restart')
      await new Promise((r) => setTimeout(r, 6_000))
      expect(smtp.mails).toHaveLength(1)
      expect(smtp.mails[0].text).toContain('杀掉之前提交的评论')
      second.child.kill('SIGKILL')
      await second.exited

      // Sent and recorded: a third start sends nothing again.
      const third = startService(env)
      await third.address
      await new Promise((r) => setTimeout(r, 6_000))
      third.child.kill('SIGTERM')
      await third.exited
      expect(smtp.mails).toHaveLength(1)
    } finally {
      await smtp.close()
    }
  })
})
