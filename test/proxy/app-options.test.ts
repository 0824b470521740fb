import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { checkNotificationRules, PROXY_DEFAULTS, ProxyOptionError, resolveProxyOptions } from '../../src/proxy/options.js'
import { README_TABLE_END, README_TABLE_START, settingsMarkdown, withSettingsTable } from '../../src/proxy/settings/readme.js'
import { thrownBy } from '../helpers/thrown.js'

describe('the comment service’s settings', () => {
  it('has the documented defaults', () => {
    const o = resolveProxyOptions()
    expect(o).toEqual(PROXY_DEFAULTS)
    expect(o).toMatchObject({ origins: [], store: 'sqlite:./comments.db', host: '127.0.0.1', port: 8787, adminToken: undefined, moderation: 'auto', rateSeconds: 20, trustProxy: false })
    expect(Object.isFrozen(o)).toBe(true)
  })

  it('reads the environment names of design.md §8', () => {
    const o = resolveProxyOptions({
      env: {
        GPTNOTES_ORIGINS: 'https://a.example, http://localhost:4173',
        GPTNOTES_STORE: 'postgres://u@127.0.0.1:5432/comments',
        GPTNOTES_ADMIN_TOKEN: 'a-long-admin-token-123',
        GPTNOTES_MODERATION: 'all',
        GPTNOTES_RATE_SECONDS: '5',
        GPTNOTES_TRUST_PROXY: 'true',
        GPTNOTES_FORBIDDEN_WORDS: 'spam, scam',
      },
    })
    expect(o).toMatchObject({ origins: ['https://a.example', 'http://localhost:4173'], store: 'postgres://u@127.0.0.1:5432/comments', adminToken: 'a-long-admin-token-123', moderation: 'all', rateSeconds: 5, trustProxy: true, forbiddenWords: ['spam', 'scam'] })
  })

  it('flags win over the file, the file over the environment', () => {
    const env = { GPTNOTES_STORE: 'sqlite:env.db', GPTNOTES_MODERATION: 'none', GPTNOTES_RATE_SECONDS: '7' }
    const file = { store: 'sqlite:file.db', moderation: 'all', port: 9000 }
    const o = resolveProxyOptions({ flags: { store: 'sqlite:flag.db' }, file, env })
    expect(o).toMatchObject({ store: 'sqlite:flag.db', moderation: 'all', rateSeconds: 7, port: 9000 })
  })

  it('booleans are 1/true or 0/false', () => {
    for (const v of ['1', 'true', 'TRUE']) expect(resolveProxyOptions({ env: { GPTNOTES_TRUST_PROXY: v } }).trustProxy).toBe(true)
    for (const v of ['0', 'false', '']) expect(resolveProxyOptions({ env: { GPTNOTES_TRUST_PROXY: v } }).trustProxy).toBe(false)
    expect(thrownBy(() => resolveProxyOptions({ env: { GPTNOTES_TRUST_PROXY: 'yes' } }), ProxyOptionError).setting).toBe('GPTNOTES_TRUST_PROXY')
    expect(resolveProxyOptions({ file: { trustProxy: true } }).trustProxy).toBe(true)
  })

  it('a worker’s bindings may hold objects: only strings are settings', () => {
    const o = resolveProxyOptions({ env: { DB: { prepare() {} }, GPTNOTES_MODERATION: 'none' } })
    expect(o.moderation).toBe('none')
  })

  it('a wrong setting is an error that names it as its source does', () => {
    const cases: [() => unknown, string][] = [
      [() => resolveProxyOptions({ flags: { store: 'mysql://x' } }), '--store'],
      [() => resolveProxyOptions({ file: { store: 'redis://x' } }), 'store'],
      [() => resolveProxyOptions({ env: { GPTNOTES_STORE: 'comments.db' } }), 'GPTNOTES_STORE'],
      [() => resolveProxyOptions({ flags: { port: '70000' } }), '--port'],
      [() => resolveProxyOptions({ env: { GPTNOTES_MODERATION: 'some' } }), 'GPTNOTES_MODERATION'],
      [() => resolveProxyOptions({ env: { GPTNOTES_RATE_SECONDS: '-1' } }), 'GPTNOTES_RATE_SECONDS'],
      [() => resolveProxyOptions({ env: { GPTNOTES_RATE_SECONDS: '2.5' } }), 'GPTNOTES_RATE_SECONDS'],
      [() => resolveProxyOptions({ env: { GPTNOTES_ORIGINS: 'https://a.example/' } }), 'GPTNOTES_ORIGINS'],
      [() => resolveProxyOptions({ env: { GPTNOTES_ORIGINS: 'a.example' } }), 'GPTNOTES_ORIGINS'],
      [() => resolveProxyOptions({ env: { GPTNOTES_ORIGINS: 'https://a.example/blog' } }), 'GPTNOTES_ORIGINS'],
      [() => resolveProxyOptions({ env: { GPTNOTES_ADMIN_TOKEN: 'short' } }), 'GPTNOTES_ADMIN_TOKEN'],
      [() => resolveProxyOptions({ file: { origins: 'https://a.example', moderations: 'all' } }), 'moderations'],
      [() => resolveProxyOptions({ file: { limits: { bodyBytes: 10 } } }), 'limits.bodyBytes'],
      [() => resolveProxyOptions({ file: { limits: 5 } }), 'limits'],
      [() => resolveProxyOptions({ file: [] }), '--config'],
    ]
    for (const [fn, setting] of cases) {
      const err = thrownBy(fn, ProxyOptionError)
      expect(err.setting).toBe(setting)
      expect(err.message.startsWith(`${setting} `)).toBe(true)
    }
  })

  it('a store URL in an error never shows more than it must', () => {
    expect(thrownBy(() => resolveProxyOptions({ env: { GPTNOTES_STORE: 'nope' } }), ProxyOptionError).message).toContain('sqlite:PATH or postgres://')
    const err = thrownBy(() => resolveProxyOptions({ env: { GPTNOTES_STORE: 'mysql://admin:hunter2@db.example/comments' } }), ProxyOptionError)
    expect(err.message).toContain('"mysql:"')
    expect(err.message).not.toContain('hunter2')
  })

  it('webhooks each with its own format (FORMAT=URL); the public address is required when notifications are on', () => {
    const env = { GPTNOTES_WEBHOOK_URL: 'https://hooks.example/a?x=1, wecom=https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k,FEISHU=https://open.feishu.cn/open-apis/bot/v2/hook/h', GPTNOTES_WEBHOOK_FORMAT: 'dingtalk', GPTNOTES_PUBLIC_URL: 'https://comments.example.com/' }
    const o = resolveProxyOptions({ env })
    expect(o.webhookUrls).toEqual([{ url: 'https://hooks.example/a?x=1' }, { url: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k', format: 'wecom' }, { url: 'https://open.feishu.cn/open-apis/bot/v2/hook/h', format: 'feishu' }])
    expect(o.publicUrl).toBe('https://comments.example.com')
    expect(resolveProxyOptions({ file: { webhookUrls: ['dingtalk=https://oapi.dingtalk.com/robot/send?access_token=t'] } }).webhookUrls).toEqual([{ url: 'https://oapi.dingtalk.com/robot/send?access_token=t', format: 'dingtalk' }])
    expect(thrownBy(() => resolveProxyOptions({ env: { GPTNOTES_WEBHOOK_URL: 'slack=https://hooks.slack.com/x' } }), ProxyOptionError).problem).toContain('unknown format "slack"')
    expect(thrownBy(() => resolveProxyOptions({ env: { GPTNOTES_WEBHOOK_URL: 'wecom=ftp://x.example/' } }), ProxyOptionError).setting).toBe('GPTNOTES_WEBHOOK_URL')
    expect(thrownBy(() => resolveProxyOptions({ env: { GPTNOTES_PUBLIC_URL: 'comments.example.com' } }), ProxyOptionError).setting).toBe('GPTNOTES_PUBLIC_URL')
    expect(thrownBy(() => resolveProxyOptions({ env: { GPTNOTES_PUBLIC_URL: 'https://comments.example.com/?x=1' } }), ProxyOptionError).setting).toBe('GPTNOTES_PUBLIC_URL')
    expect(() => checkNotificationRules(o, 'edge')).not.toThrow()
    for (const on of [{ GPTNOTES_WEBHOOK_URL: 'https://hooks.example/a' }, { GPTNOTES_SMTP_URL: 'smtp://mail.example.com:587', GPTNOTES_MAIL_FROM: 'x@example.com', GPTNOTES_SECRET: 'rules-secret-0123456789abcdef' }]) {
      const err = thrownBy(() => checkNotificationRules(resolveProxyOptions({ env: on }), 'node'), ProxyOptionError)
      expect(err.setting).toBe('GPTNOTES_PUBLIC_URL')
      expect(err.problem).toMatch(/^must be set when notifications are on/)
    }
    // Notifications off: nothing links anywhere, nothing is required.
    expect(() => checkNotificationRules(resolveProxyOptions(), 'node')).not.toThrow()
  })

  it('the README\'s settings table is the settings table (node scripts/settings-table.mjs rewrites it)', () => {
    const readme = readFileSync(new URL('../../src/proxy/README.md', import.meta.url), 'utf8')
    const table = settingsMarkdown()
    expect(readme).toContain(`${README_TABLE_START}\n${table}\n${README_TABLE_END}`)
    expect(withSettingsTable(readme)).toBe(readme)
    // Every environment name of the resolver is in it, with its config key and its default.
    expect(table).toContain('| `GPTNOTES_RATE_SECONDS` | — | `rateSeconds` | seconds between two comments from one IP | `20` |')
    expect(table).toContain('| — | `--port` | `port` |')
    // One row a setting: 25, and the 8 of notifications (design.md §8.1).
    expect(table.split('\n')).toHaveLength(2 + 33)
  })
})
