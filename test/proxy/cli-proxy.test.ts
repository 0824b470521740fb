import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLI, REPO_ROOT } from '../helpers/sites.js'

/** `gptnotes proxy` as an operator runs it (the compiled CLI: `npm run compile` first). */
let dir: string

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'gptnotes-cli-proxy-'))
})

afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** The environment without any GPTNOTES_ setting of the machine running the tests. */
const cleanEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('GPTNOTES_'))),
  NO_COLOR: '1',
  ...extra,
})

interface Run {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
}

function start(args: string[], env = cleanEnv()) {
  const child = spawn(process.execPath, [CLI, 'proxy', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
  const done = new Promise<Run>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })))
  const address = new Promise<string>((resolve, reject) => {
    const check = () => {
      const m = /comment service at (http:\/\/\S+)/.exec(stdout)
      if (m) resolve(m[1])
    }
    child.stdout.on('data', check)
    void done.then((r) => reject(new Error(`exited ${r.code} before listening: ${r.stderr}`)))
  })
  // Runs that are expected to fail never read the address.
  address.catch(() => undefined)
  return { child, done, address }
}

const run = (args: string[], env?: NodeJS.ProcessEnv) => start(args, env).done

describe('gptnotes proxy', () => {
  it('starts, prints its address, answers /healthz and stops cleanly on SIGTERM', async () => {
    const { child, done, address } = start(['--port', '0', '--store', `sqlite:${join(dir, 'a', 'comments.db')}`])
    const url = await address
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const res = await fetch(`${url}/healthz`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true })
    // Without origins it says browsers are refused.
    const count = await fetch(`${url}/1.1/classes/Comment?count=1&limit=0`)
    expect(await count.json()).toEqual({ results: [], count: 0 })
    child.kill('SIGTERM')
    const result = await done
    expect(result.code).toBe(0)
    expect(result.stderr).toContain('GPTNOTES_ORIGINS')
    expect(result.stderr).not.toMatch(/at .+\.js:\d+/)
  })

  it('takes its settings from a --config file, with flags winning', async () => {
    const config = join(dir, 'proxy.json')
    writeFileSync(config, JSON.stringify({ port: 1, store: 'sqlite:ignored.db', origins: ['https://site.example'], moderation: 'all' }))
    const { child, done, address } = start(['--config', config, '--port', '0', '--store', `sqlite:${join(dir, 'b.db')}`])
    const url = await address
    const pre = await fetch(`${url}/1.1/classes/Comment`, { method: 'OPTIONS', headers: { Origin: 'https://site.example', 'Access-Control-Request-Method': 'POST' } })
    expect(pre.headers.get('access-control-allow-origin')).toBe('https://site.example')
    child.kill('SIGINT')
    expect((await done).code).toBe(0)
  })

  it('a bad --store exits 1 naming the setting', async () => {
    const result = await run(['--port', '0', '--store', 'mysql://db.example/comments'])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^error \[ProxySettingInvalid\] --store /m)
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })

  it('a store that cannot be opened exits 1 naming --store', async () => {
    const file = join(dir, 'not-a-folder')
    writeFileSync(file, 'x')
    const result = await run(['--port', '0', '--store', `sqlite:${join(file, 'comments.db')}`])
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^error \[CommentStoreUnavailable\] --store/m)
  })

  it('a wrong environment or config setting exits 1 naming it', async () => {
    const env = await run(['--port', '0', '--store', `sqlite:${join(dir, 'c.db')}`], cleanEnv({ GPTNOTES_MODERATION: 'sometimes' }))
    expect(env.code).toBe(1)
    expect(env.stderr).toContain('GPTNOTES_MODERATION')
    const badJson = join(dir, 'bad.json')
    writeFileSync(badJson, '{ "port": ')
    const file = await run(['--config', badJson])
    expect(file.code).toBe(1)
    expect(file.stderr).toMatch(/^error \[ProxySettingInvalid\] --config /m)
    const unknown = join(dir, 'unknown.json')
    writeFileSync(unknown, JSON.stringify({ prot: 8787 }))
    const key = await run(['--config', unknown])
    expect(key.code).toBe(1)
    expect(key.stderr).toMatch(/^error \[ProxySettingInvalid\] prot /m)
  })

  it('a PostgreSQL store without GPTNOTES_SECRET exits 1 naming it, before reaching the database; SQLite starts and warns once', async () => {
    // Nothing listens on port 1: the refusal comes before any connection.
    const pg = await run(['--port', '0', '--store', 'postgres://nobody@127.0.0.1:1/comments'])
    expect(pg.code).toBe(1)
    expect(pg.stderr).toMatch(/^error \[ProxySettingInvalid\] GPTNOTES_SECRET must be set with a PostgreSQL store/m)
    const { child, done, address } = start(['--port', '0', '--store', `sqlite:${join(dir, 'd.db')}`])
    await fetch(`${await address}/healthz`)
    child.kill('SIGTERM')
    const sqlite = await done
    expect(sqlite.code).toBe(0)
    expect(sqlite.stderr.match(/GPTNOTES_SECRET/g)).toHaveLength(1)
  })

  it('bad usage exits 2', async () => {
    expect((await run(['--port', 'eighty'])).code).toBe(2)
    expect((await run(['--no-such-flag'])).code).toBe(2)
  })
})

/**
 * A process that holds the service, as `gptnotes proxy` does (signals handled), or one that
 * embeds it (signals left to its host): short-lived garbage with a set that survives a while,
 * as requests in flight make, then the largest young generation V8 kept (MiB).
 */
const YOUNG_GENERATION_PROBE = `
import v8 from 'node:v8'
const { startProxyServer } = await import(process.argv[1])
const { proxyOptions } = await import(process.argv[2])
const server = await startProxyServer({ options: proxyOptions({ port: 0, store: 'sqlite::memory:' }), signals: process.argv[3] === 'serving', log: () => {} })
const young = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size
let most = young()
const inFlight = new Array(50_000)
for (let i = 0; i < 3_000_000; i++) {
  inFlight[i % inFlight.length] = { i, text: 'comment ' + i, list: [i, i + 1] }
  if (i % 10_000 === 0) most = Math.max(most, young())
}
await server.close()
console.log(most / 1048576)
`

async function mostYoungGeneration(mode: 'serving' | 'embedded'): Promise<number> {
  const lib = (file: string) => pathToFileURL(join(REPO_ROOT, 'lib/proxy', file)).href
  const child = spawn(process.execPath, ['--input-type=module', '-e', YOUNG_GENERATION_PROBE, lib('node.js'), lib('options.js'), mode], { env: cleanEnv(), stdio: ['ignore', 'pipe', 'inherit'] })
  let stdout = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
  const code = await new Promise((resolve) => child.on('close', resolve))
  expect(code).toBe(0)
  return Number(stdout.trim().split('\n').pop())
}

describe('gptnotes proxy’s heap', () => {
  it('the young generation does not grow while serving (V8 would double it to 2 × 16 MiB)', async () => {
    // The same garbage grows it in a process that only embeds the service: the probe is enough to show it.
    expect(await mostYoungGeneration('embedded')).toBeGreaterThan(16)
    expect(await mostYoungGeneration('serving')).toBeLessThanOrEqual(16)
  })
})
