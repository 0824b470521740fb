// The guide "Run the comment service" (docs/comments/run.md), run as written where it can be here: the systemd unit
// parsed by `systemd-analyze verify` (when the machine has it), its start-up check run with the
// shipped environment file, the reverse-proxy examples checked with their own tools when present
// (`caddy adapt`, `nginx -t`) and otherwise against the unit's address, and the backup commands
// (sqlite3's online backup, pg_dump) run on a live store. A check whose program is missing skips,
// except in CI, where it fails (helpers/tools.ts). The compiled CLI runs (`npm run compile` first).
import { execFile, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveProxyOptions } from '../../src/proxy/options.js'
import { startProxyServer } from '../../src/proxy/node.js'
import { cliEnv } from '../helpers/cli-run.js'
import { freePort } from '../helpers/free-port.js'
import { postgresDatabase } from '../helpers/postgres.js'
import { lacks } from '../helpers/tools.js'
import { CLI, REPO_ROOT } from '../helpers/sites.js'

const run = promisify(execFile)
const TEMPLATES = join(REPO_ROOT, 'templates/node')
const unit = readFileSync(join(TEMPLATES, 'gptnotes-comments.service'), 'utf8')
const section = readFileSync(join(REPO_ROOT, 'docs/comments/run.md'), 'utf8')

/** `KEY=VALUE` lines of an environment file (comments and blanks skipped). */
function envFile(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split('\n')
      .filter((l) => l.trim() && !l.trim().startsWith('#'))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  )
}

/** The arguments after the program of a unit's `Key=` line. */
function argsOf(key: string): string[] {
  const line = unit.split('\n').find((l) => l.startsWith(`${key}=`))
  if (!line) throw new Error(`the unit has no ${key}`)
  return line.slice(key.length + 1).split(/\s+/).slice(1)
}

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gptnotes-run-docs-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the systemd unit', () => {
  it('has what the guide promises: its own user, Restart=on-failure, hardening, the store folder writable, an EnvironmentFile', () => {
    for (const line of ['User=gptnotes-comments', 'Restart=on-failure', 'NoNewPrivileges=yes', 'ProtectSystem=strict', 'ReadWritePaths=/var/lib/gptnotes-comments', 'StateDirectory=gptnotes-comments', 'EnvironmentFile=/etc/gptnotes/comments.env']) {
      expect(unit.split('\n'), line).toContain(line)
    }
    expect(argsOf('ExecStartPre')).toEqual(['proxy', '--check', ...argsOf('ExecStart').slice(1)])
    // The environment file's store lies in the one writable folder.
    expect(envFile(readFileSync(join(TEMPLATES, 'comments.env'), 'utf8')).GPTNOTES_STORE).toBe('sqlite:/var/lib/gptnotes-comments/comments.db')
  })

  it.skipIf(lacks('systemd-analyze'))('passes systemd-analyze verify with no complaint', async () => {
    // The unit as installed, with the program and environment file where this checkout has them.
    const env = join(dir, 'comments.env')
    copyFileSync(join(TEMPLATES, 'comments.env'), env)
    const file = join(dir, 'gptnotes-comments.service')
    writeFileSync(file, unit.replaceAll('/opt/gptnotes/node_modules/.bin/gptnotes', CLI).replace('/etc/gptnotes/comments.env', env))
    const result = spawnSync('systemd-analyze', ['verify', '--man=no', file], { encoding: 'utf8' })
    expect(result.stderr.split('\n').filter((l) => l.includes('gptnotes-comments.service'))).toEqual([])
    expect(result.status).toBe(0)
  })

  it('its start-up check refuses the shipped environment file until its secrets are replaced; filled in, it passes on a new store and creates nothing', async () => {
    const shipped = envFile(readFileSync(join(TEMPLATES, 'comments.env'), 'utf8'))
    const store = join(dir, 'state', 'comments.db')
    const refused = await run(process.execPath, [CLI, ...argsOf('ExecStartPre')], { env: cliEnv(['GPTNOTES_'], { ...shipped, GPTNOTES_STORE: `sqlite:${store}` }) }).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    )
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/GPTNOTES_(SECRET|ADMIN_TOKEN) is still a placeholder/)
    // As the file's comments say: each change-me value replaced by a long random string.
    const env = Object.fromEntries(Object.entries(shipped).map(([k, v]) => [k, v.startsWith('change-me') ? randomBytes(24).toString('base64url') : v]))
    const { stdout } = await run(process.execPath, [CLI, ...argsOf('ExecStartPre')], { env: cliEnv(['GPTNOTES_'], { ...env, GPTNOTES_STORE: `sqlite:${store}` }) })
    expect(stdout).toContain('settings: ok (listens on 127.0.0.1:8787; origins: https://example.com)')
    expect(stdout).toContain('ready to start')
    expect(existsSync(join(dir, 'state'))).toBe(false)
  })
})

describe('the reverse-proxy examples', () => {
  const caddy = readFileSync(join(TEMPLATES, 'Caddyfile'), 'utf8')
  const nginx = readFileSync(join(TEMPLATES, 'nginx.conf'), 'utf8')
  const [host, port] = [argsOf('ExecStart')[argsOf('ExecStart').indexOf('--host') + 1], argsOf('ExecStart')[argsOf('ExecStart').indexOf('--port') + 1]]

  it('send requests to the address the unit listens on, and nginx appends the client to X-Forwarded-For', () => {
    expect(caddy).toMatch(new RegExp(`^\\s*reverse_proxy ${host}:${port}(?: \\{)?$`, 'm'))
    expect(nginx).toMatch(new RegExp(`^\\s*proxy_pass http://${host}:${port};$`, 'm'))
    expect(nginx).toMatch(/^\s*proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;$/m)
    expect(envFile(readFileSync(join(TEMPLATES, 'comments.env'), 'utf8')).GPTNOTES_TRUST_PROXY).toBe('1')
  })

  it.skipIf(lacks('caddy'))('the Caddyfile adapts, and sends the site\'s own name as Host', async () => {
    const { stdout } = await run('caddy', ['adapt', '--config', join(TEMPLATES, 'Caddyfile'), '--adapter', 'caddyfile'])
    // The adapted config: the site's route, and the Host its reverse_proxy sets upstream.
    const route = JSON.parse(stdout).apps.http.servers.srv0.routes[0]
    const proxy = JSON.stringify(route).match(/\{"handler":"reverse_proxy".*?"upstreams"/)![0]
    expect(JSON.parse(`${proxy}:[]}`).headers.request.set.Host).toEqual(route.match[0].host)
  })

  it.skipIf(lacks('nginx', 'openssl'))('nginx.conf passes nginx -t (inside an http block, with a certificate of its own)', async () => {
    // A throwaway self-signed pair stands in for certbot's: nginx reads both files when it checks a `listen … ssl`.
    const [cert, key] = [join(dir, 'fullchain.pem'), join(dir, 'privkey.pem')]
    await run('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=comments.example.com', '-keyout', key, '-out', cert])
    const withCert = nginx.replace(/^(\s*ssl_certificate)\s+\S+;$/m, `$1 ${cert};`).replace(/^(\s*ssl_certificate_key)\s+\S+;$/m, `$1 ${key};`)
    expect(withCert).toContain(cert)
    expect(withCert).toContain(key)
    const conf = join(dir, 'nginx-test.conf')
    writeFileSync(conf, `events {}\nhttp {\n${withCert}\n}\n`)
    await run('nginx', ['-t', '-c', conf])
  })

  it.skipIf(lacks('nginx'))('nginx sends the server\'s own name as Host, whatever Host the client sent', async () => {
    // The template's HTTPS server block, served as plain HTTP on a loopback port, in front of a
    // receiver that records the Host it is sent.
    const seen: (string | undefined)[] = []
    const upstream = createServer((req, res) => {
      seen.push(req.headers.host)
      res.end('ok')
    })
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
    const front = await freePort()
    const block = nginx.slice(nginx.lastIndexOf('server {'))
    const served = block
      .replace(/^\s*listen .*$/gm, '')
      .replace(/^\s*(ssl_certificate|ssl_certificate_key|http2) .*$/gm, '')
      .replace('server {', `server {\n    listen 127.0.0.1:${front};`)
      .replace(/proxy_pass http:\/\/[^;]+;/, `proxy_pass http://127.0.0.1:${(upstream.address() as AddressInfo).port};`)
    const prefix = mkdtempSync(join(dir, 'nginx-'))
    const conf = join(prefix, 'nginx.conf')
    writeFileSync(conf, `daemon off;\npid ${join(prefix, 'nginx.pid')};\nerror_log ${join(prefix, 'error.log')};\nevents {}\nhttp {\naccess_log off;\nclient_body_temp_path ${prefix};\nproxy_temp_path ${prefix};\n${served}\n}\n`)
    const child = spawn('nginx', ['-c', conf, '-p', prefix], { stdio: 'ignore' })
    try {
      const ask = (host: string) =>
        new Promise<void>((resolve, reject) => {
          const req = httpRequest({ host: '127.0.0.1', port: front, path: '/healthz', headers: { host } }, (res) => {
            res.resume()
            res.on('end', () => resolve())
          })
          req.on('error', reject)
          req.end()
        })
      const deadline = Date.now() + 10_000
      for (;;) {
        try {
          await ask('evil.example')
          break
        } catch (err) {
          if (Date.now() > deadline) throw err
          await new Promise((r) => setTimeout(r, 100))
        }
      }
      await ask('comments.example.com')
      expect(seen).toEqual(['comments.example.com', 'comments.example.com'])
    } finally {
      child.kill('SIGTERM')
      await new Promise<void>((resolve) => upstream.close(() => resolve()))
    }
  })
})

describe("the guide's steps", () => {
  it('name the files that are there and commands the CLI has', async () => {
    for (const file of section.matchAll(/templates\/node\/([\w.-]+)/g)) expect(existsSync(join(TEMPLATES, file[1])), file[1]).toBe(true)
    const { stdout } = await run(process.execPath, [CLI, 'proxy', '--help'])
    expect(stdout).toContain('--check')
    expect(section).toContain('GPTNOTES_TRUST_PROXY')
  })

  it.skipIf(lacks('sqlite3'))("step 3's SQLite backup line, run as cron runs it, copies a live store", async () => {
    const store = join(dir, 'live.db')
    const options = resolveProxyOptions({ flags: { port: '0', store: `sqlite:${store}` }, env: { GPTNOTES_ORIGINS: 'https://site.example', GPTNOTES_RATE_SECONDS: '0', GPTNOTES_MODERATION: 'none' } })
    const server = await startProxyServer({ options, signals: false, log: () => undefined })
    try {
      const posted = await fetch(`${server.url}/1.1/classes/Comment`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ comment: '<p>备份前的评论</p>', nick: '读者', url: '/gpt/a.html' }) })
      expect(posted.status).toBe(201)
      const cron = /^\s*15 3 \* \* \* (.*)$/m.exec(section)![1]
      const backups = join(dir, 'backups')
      // cron turns `\%` into `%`; the paths are this test's.
      const line = cron.replaceAll('\\%', '%').replaceAll('/var/lib/gptnotes-comments/comments.db', store).replaceAll('/var/backups/gptnotes', backups)
      await run('sh', ['-c', line])
      const copy = new Database(join(backups, `comments-${new Date().toISOString().slice(0, 10)}.db`), { readonly: true })
      try {
        expect(copy.prepare('select nick from comments').all()).toEqual([{ nick: '读者' }])
      } finally {
        copy.close()
      }
    } finally {
      await server.close()
    }
  })

  describe.skipIf(lacks('pg_dump', 'pg_restore'))('on PostgreSQL', () => {
    const url = postgresDatabase('gptnotes_docs')
    it("step 3's pg_dump line writes a dump of the store", async () => {
      const options = resolveProxyOptions({ flags: { port: '0', store: url }, env: { GPTNOTES_SECRET: 'a-long-random-secret-0123456789' } })
      const server = await startProxyServer({ options, signals: false, log: () => undefined })
      await server.close()
      const command = /`(pg_dump [^`]+)`/.exec(section)![1]
      const out = join(dir, 'pg')
      const line = `mkdir -p ${out} && ${command.replaceAll('/var/backups/gptnotes', out).replace('postgres://gptnotes@db.internal/comments', url)}`
      await run('sh', ['-c', line])
      const dump = readFileSync(join(out, `comments-${new Date().toISOString().slice(0, 10)}.dump`))
      expect(dump.subarray(0, 5).toString()).toBe('PGDMP')
      const { stdout } = await run('pg_restore', ['--list', join(out, `comments-${new Date().toISOString().slice(0, 10)}.dump`)])
      expect(stdout).toContain('gptnotes_migrations')
    })
  })
})
