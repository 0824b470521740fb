import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import { Miniflare } from 'miniflare'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../helpers/free-port.js'
import { REPO_ROOT } from '../helpers/sites.js'

/**
 * gptnotes as an owner gets it: `npm pack` of this checkout, then, in an empty folder with no
 * repository around it, `npx --package <tarball> gptnotes init`, `npm install` of the site it
 * wrote, and the site's own `gptnotes` for everything else. The npm cache serves the packages
 * (`--prefer-offline`); the tarball is the one thing that comes from here.
 */
interface Run {
  code: number | null
  output: string
}

let dir: string
let site: string
let tarball: string
let packed: string[]
const env = { ...process.env, NO_COLOR: '1', npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' }
for (const k of Object.keys(env)) if (k.startsWith('GPTNOTES_') || k.startsWith('npm_package_') || k === 'npm_lifecycle_event') delete env[k as keyof typeof env]

function run(command: string, args: string[], cwd: string, extraEnv: Record<string, string> = {}, timeoutMs = 300_000): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...env, ...extraEnv }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr.on('data', (d: Buffer) => (output += d.toString()))
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${command} ${args.join(' ')} took over ${timeoutMs} ms:\n${output}`))
    }, timeoutMs)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

/** The site's own CLI, as `npx gptnotes` finds it after `npm install`. */
const gptnotes = (args: string[], extraEnv: Record<string, string> = {}) => run(join(site, 'node_modules/.bin/gptnotes'), args, site, extraEnv)

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gptnotes-package-'))
  const pack = await run('npm', ['pack', '--json', '--pack-destination', dir], REPO_ROOT)
  expect(pack.code, pack.output).toBe(0)
  const report = JSON.parse(pack.output.slice(pack.output.indexOf('\n[') + 1)) as [{ filename: string; files: { path: string }[] }]
  tarball = join(dir, report[0].filename)
  packed = report[0].files.map((f) => f.path)

  // The first command of a new site, from the tarball alone.
  const init = await run('npx', ['--yes', '--package', tarball, '--', 'gptnotes', 'init', 'site', '--yes', '--title', '新站', '--package', `file:../${report[0].filename}`], dir)
  expect(init.code, init.output).toBe(0)
  site = join(dir, 'site')
  const install = await run('npm', ['install'], site, {}, 600_000)
  expect(install.code, install.output).toBe(0)
}, 900_000)

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('the packed tarball', () => {
  it('holds what runs and nothing that does not', () => {
    for (const file of ['bin/gptnotes.js', 'lib/cli/index.js', 'lib/client-bundle.json', 'lib/proxy/worker.js', 'src/index.ts', 'templates/ci/github-actions.yml', 'templates/edge/wrangler.toml', 'LICENSE', 'README.md']) {
      expect(packed, file).toContain(file)
    }
    const stray = packed.filter((f) => /^(test|bench|content|scripts|docs|\.ci)\//.test(f) || f.endsWith('.map') || f.startsWith('src/admin/'))
    expect(stray).toEqual([])
  })

  it('installs into an empty folder, and the site init wrote builds and passes check-links', async () => {
    expect(existsSync(join(site, 'node_modules/gptnotes/lib/cli/index.js'))).toBe(true)
    const built = await gptnotes(['build'])
    expect(built.code, built.output).toBe(0)
    const home = readFileSync(join(site, 'dist/index.html'), 'utf8')
    expect(home).toContain('新站')
    expect(readFileSync(join(site, 'dist/handbook/getting-started.html'), 'utf8')).toContain('从这里开始')
    const checked = await gptnotes(['check-links'])
    expect(checked.code, checked.output).toBe(0)
    expect(checked.output).toContain('no broken links')
  }, 180_000)

  it('serves the site with its comment service on the embedded store', async () => {
    const port = await freePort()
    const child: ChildProcess = spawn(join(site, 'node_modules/.bin/gptnotes'), ['serve', '--port', String(port)], { cwd: site, env, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()))
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()))
    try {
      let page: Response | undefined
      for (let i = 0; i < 240 && !page?.ok; i++) {
        page = await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined)
        if (!page?.ok) await new Promise((r) => setTimeout(r, 250))
      }
      expect(page?.ok, output).toBe(true)
      expect(await page!.text()).toContain('新站')
      const health = await fetch(`http://127.0.0.1:${port}/__gptnotes/comments/healthz`)
      expect(health.status, output).toBe(200)
      expect(await health.json()).toMatchObject({ ok: true })
    } finally {
      child.kill('SIGTERM')
    }
  }, 120_000)

  it('checks a comment service configuration with proxy --check', async () => {
    const checked = await gptnotes(['proxy', '--check', '--port', String(await freePort())], {
      GPTNOTES_ORIGINS: 'https://example.com',
      GPTNOTES_STORE: `sqlite:${join(site, 'comments.db')}`,
      GPTNOTES_ADMIN_TOKEN: randomBytes(24).toString('base64url'),
    })
    expect(checked.code, checked.output).toBe(0)
  }, 60_000)

  it("bundles the edge starter's worker from the installed package and serves it in workerd", async () => {
    const edge = join(site, 'comments-worker')
    const init = await gptnotes(['proxy', 'init', '--edge', edge])
    expect(init.code, init.output).toBe(0)
    const bundle = await build({ entryPoints: [join(edge, 'src/index.js')], absWorkingDir: edge, bundle: true, format: 'esm', platform: 'browser', write: false, logLevel: 'silent' })
    const mf = new Miniflare({
      modules: true,
      script: bundle.outputFiles[0].text,
      compatibilityDate: '2025-01-01',
      d1Databases: { DB: 'package-install-test' },
      bindings: { GPTNOTES_ORIGINS: 'https://example.com' },
    })
    try {
      const health = await mf.dispatchFetch('http://localhost/healthz')
      expect(health.status).toBe(200)
      expect(await health.json()).toMatchObject({ ok: true })
    } finally {
      await mf.dispose()
    }
  }, 120_000)
})
