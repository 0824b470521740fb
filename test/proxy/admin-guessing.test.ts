import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import { Miniflare } from 'miniflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProxyLog } from '../../src/proxy/log.js'
import { startProxyServer, type ProxyServer } from '../../src/proxy/node.js'
import { resolveProxyOptions } from '../../src/proxy/options.js'
import { ADMIN_FAILURES_MAX } from '../../src/proxy/policy/limits.js'
import { REPO_ROOT } from '../helpers/sites.js'

/**
 * Guessing the admin token: wrong tokens from one address are answered 401 up to the limit,
 * then 429 with a reason and `Retry-After`, and the burst is logged once with the address's
 * hash; the right token still works from that address, and other addresses are not held back.
 * On Node the addresses are real loopback sources (127.0.0.1, 127.0.0.2, 127.0.0.3); in
 * workerd they are the platform's `CF-Connecting-IP`.
 */

const TOKEN = 'guessing-test-token-0123456789abcdef'
const SETTINGS = { GPTNOTES_ADMIN_TOKEN: TOKEN, GPTNOTES_ORIGINS: 'https://notes.example', GPTNOTES_SECRET: 'a-secret-for-the-hashes-0123456789' }

type Answer = { status: number; retryAfter: string | null; body: { code?: number; error?: string } }
/** GET /admin/counts with `token` from `source`. */
type Ask = (token: string | undefined, source: string) => Promise<Answer>

function guessingCases(name: string, open: () => Promise<{ ask: Ask; logged: () => string[]; close: () => Promise<void> }>) {
  describe(`admin token guessing: ${name}`, () => {
    let target: Awaited<ReturnType<typeof open>>
    beforeAll(async () => {
      target = await open()
    }, 60_000)
    afterAll(async () => {
      await target?.close()
    })

    it('wrong tokens from one address are refused with 429 past the limit; the right one still works; others are not held back', async () => {
      const guesser = '127.0.0.2'
      for (let i = 0; i < ADMIN_FAILURES_MAX; i++) expect((await target.ask(`guess-${i}`, guesser)).status).toBe(401)
      // No token at all is no guess: it neither counts nor is held back.
      expect((await target.ask(undefined, '127.0.0.3')).status).toBe(401)
      const started = Date.now()
      const refused = await Promise.all(Array.from({ length: 5 }, (_, i) => target.ask(`guess-more-${i}`, guesser)))
      for (const r of refused) {
        expect(r.status).toBe(429)
        expect(r.body.error).toMatch(/Too many wrong admin tokens from this address/)
        expect(Number(r.retryAfter)).toBeGreaterThan(800)
        expect(Number(r.retryAfter)).toBeLessThanOrEqual(900)
        expect(r.body).toMatchObject({ code: 429, retryAfter: Number(r.retryAfter) })
      }
      // A refused guess is held back before its answer.
      expect(Date.now() - started).toBeGreaterThanOrEqual(900)
      expect((await target.ask(TOKEN, guesser)).status).toBe(200)
      expect((await target.ask('another-guess', '127.0.0.3')).status).toBe(401)
      expect((await target.ask(TOKEN, '127.0.0.3')).status).toBe(200)

      // One line for the burst, with the address's hash, never the address.
      await expect.poll(() => target.logged().length).toBe(1)
      const [line] = target.logged()
      const entry = JSON.parse(line) as Record<string, unknown>
      expect(entry).toMatchObject({ level: 'warn', event: 'admin-token-limited', failures: ADMIN_FAILURES_MAX })
      expect(entry.client).toMatch(/^[0-9a-f]{16}$/)
      expect(line).not.toContain('127.0.0')
      for (const r of refused) expect(JSON.stringify(r)).not.toContain('127.0.0')
    })
  })
}

guessingCases('Node, SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gptnotes-guessing-'))
  const lines: string[] = []
  const log: ProxyLog = (entry) => void (entry.event === 'admin-token-limited' && lines.push(JSON.stringify(entry)))
  const options = resolveProxyOptions({ flags: { port: '0', host: '127.0.0.1', store: `sqlite:${join(dir, 'comments.db')}` }, env: SETTINGS })
  const server: ProxyServer = await startProxyServer({ options, signals: false, log })
  const { port } = new URL(server.url)
  const ask: Ask = (token, source) =>
    new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/admin/counts', localAddress: source, headers: token === undefined ? {} : { authorization: `Bearer ${token}` } }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: (res.headers['retry-after'] as string | undefined) ?? null, body: JSON.parse(text) as Answer['body'] }))
      })
      req.on('error', reject)
      req.end()
    })
  return { ask, logged: () => lines, close: async () => (await server.close(), rmSync(dir, { recursive: true, force: true })) }
})

guessingCases('workerd, D1', async () => {
  const script = (await build({ entryPoints: [join(REPO_ROOT, 'src/proxy/worker.ts')], bundle: true, format: 'esm', platform: 'browser', write: false, logLevel: 'silent' })).outputFiles[0].text
  const lines: string[] = []
  const mf = new Miniflare({
    host: '127.0.0.1',
    port: 0,
    modules: true,
    script,
    compatibilityDate: '2025-01-01',
    d1Databases: { DB: 'guessing-test' },
    bindings: SETTINGS,
    // The worker logs JSON lines with console.error; workerd hands them to this stream.
    handleRuntimeStdio: (stdout, stderr) => {
      for (const stream of [stdout, stderr]) stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter((l) => l.includes('admin-token-limited'))))
    },
  })
  const url = (await mf.ready).origin
  const ask: Ask = async (token, source) => {
    const res = await fetch(`${url}/admin/counts`, { headers: { 'cf-connecting-ip': source, ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) } })
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as Answer['body'] }
  }
  return { ask, logged: () => lines.map((l) => l.slice(l.indexOf('{'))), close: () => mf.dispose() }
})
