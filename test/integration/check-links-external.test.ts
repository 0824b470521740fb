import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { Socket } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gptnotes } from '../helpers/cli.js'
import { type Problem } from '../helpers/check-links.js'
import { copyFixture, FIXTURES } from '../helpers/sites.js'

/**
 * A real HTTP server on 127.0.0.1 whose paths answer the ways sites do: fine, missing,
 * rate-limited once, always unavailable, refusing HEAD, too slow, redirecting. It counts every
 * request by method and path, so the test sees retries and what a second run asks again.
 */
function startServer(): Promise<{ server: Server; port: number; count: (key: string) => number; counts: () => Record<string, number>; close: () => Promise<void> }> {
  const counts = new Map<string, number>()
  const sockets = new Set<Socket>()
  const timers = new Set<NodeJS.Timeout>()
  let flakyLimited = false
  const server = createServer((req, res) => {
    const key = `${req.method} ${req.url}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
    const send = (status: number, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...headers })
      res.end(req.method === 'HEAD' ? undefined : `<p>${status}</p>`)
    }
    switch (req.url) {
      case '/ok':
      case '/landing':
        return send(200)
      case '/missing':
        return send(404)
      case '/flaky':
        // The first request is turned away with a Retry-After; the next one is served.
        if (!flakyLimited) {
          flakyLimited = true
          return send(429, { 'retry-after': '1' })
        }
        return send(200)
      case '/unavailable':
        return send(503)
      case '/head-405':
        return req.method === 'HEAD' ? send(405, { allow: 'GET' }) : send(200)
      case '/slow': {
        // Never answers in time: the checker's time-out (TIMEOUT_MS) ends the wait.
        const t = setTimeout(() => send(200), 60_000)
        timers.add(t)
        res.on('close', () => clearTimeout(t))
        return
      }
      case '/moved':
        return send(301, { location: '/landing' })
      default:
        return send(404)
    }
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port
      resolve({
        server,
        port,
        count: (key) => counts.get(key) ?? 0,
        counts: () => Object.fromEntries(counts),
        close: () => {
          timers.forEach(clearTimeout)
          sockets.forEach((s) => s.destroy())
          return new Promise((r) => server.close(() => r()))
        },
      })
    })
  })
}

/**
 * Long enough that a loaded CI machine still answers every other link in time (at 1 s, a
 * redirect once timed out there), short enough to keep the test quick.
 */
const TIMEOUT_MS = 4000

const total = (counts: Record<string, number>, path: string) => (counts[`HEAD ${path}`] ?? 0) + (counts[`GET ${path}`] ?? 0)

describe('gptnotes check-links --external (against a local HTTP server)', () => {
  let site: ReturnType<typeof copyFixture>
  let http: Awaited<ReturnType<typeof startServer>>
  let expected: string[]
  beforeAll(async () => {
    http = await startServer()
    site = copyFixture('check-links-external')
    const page = join(site.root, 'content/links.md')
    writeFileSync(page, readFileSync(page, 'utf8').replaceAll('PORT', String(http.port)))
    expected = readFileSync(join(FIXTURES, 'check-links-external/expected.txt'), 'utf8').replaceAll('PORT', String(http.port)).replace('TIMEOUT', String(TIMEOUT_MS)).trimEnd().split('\n')
  })
  afterAll(async () => {
    await http.close()
    site.cleanup()
  })

  it('leaves external links alone without --external', async () => {
    const { code, stdout, stderr } = await gptnotes('check-links', '--root', site.root)
    expect(code, stderr).toBe(0)
    expect(stdout).toContain('(8 external links not checked; add --external)')
    expect(http.counts()).toEqual({})
  })

  it('reports 404, 5xx after retries and time-outs; retries a 429 after its Retry-After; falls back to GET when HEAD is refused', async () => {
    const { code, stdout, stderr } = await gptnotes('check-links', '--root', site.root, '--external', '--timeout', String(TIMEOUT_MS))
    expect(code, stderr).toBe(1)
    const lines = stdout.trimEnd().split('\n')
    expect(lines.slice(0, expected.length)).toEqual(expected)
    expect(lines.at(-1)).toMatch(/ and 7 external URLs on \d+ pages: 3 broken links$/)

    expect(http.count('HEAD /ok')).toBe(1) // two links to /ok (one with a #hash): asked once
    expect(http.count('HEAD /flaky')).toBe(2) // 429, then 200 after waiting
    expect(http.count('GET /flaky')).toBe(0)
    expect(http.count('HEAD /unavailable')).toBe(3) // first try + 2 retries
    expect(http.count('GET /unavailable')).toBe(3) // each failing HEAD is tried again as GET
    expect(http.count('HEAD /head-405')).toBe(1)
    expect(http.count('GET /head-405')).toBe(1)
    expect(http.count('HEAD /missing')).toBe(1)
    expect(http.count('GET /missing')).toBe(1) // not retried: a 404 is an answer
    expect(http.count('HEAD /slow')).toBe(1) // a time-out is not retried
    expect(http.count('HEAD /landing')).toBe(1) // the redirect was followed
    expect(existsSync(join(site.root, 'node_modules/.cache/gptnotes/links.json'))).toBe(true)
  })

  it('a second run within the hour asks again only for the links that failed (--json)', async () => {
    const before = http.counts()
    const { code, stdout, stderr } = await gptnotes('check-links', '--root', site.root, '--external', '--timeout', String(TIMEOUT_MS), '--json')
    expect(code, stderr).toBe(1)
    const report = JSON.parse(stdout) as { problems: Problem[]; summary: { externalUrls: number; problems: number } }
    expect(report.problems.map((p) => `${p.file}:${p.line}  ${p.link}  ${p.reason}`)).toEqual(expected)
    expect(report.summary).toMatchObject({ externalUrls: 7, problems: 3 })

    const after = http.counts()
    for (const path of ['/ok', '/flaky', '/head-405', '/moved', '/landing']) expect(total(after, path), path).toBe(total(before, path))
    for (const path of ['/missing', '/unavailable', '/slow']) expect(total(after, path), path).toBeGreaterThan(total(before, path))
  })
})
