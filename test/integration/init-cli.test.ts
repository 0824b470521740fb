import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { COMMENTS_PATH, startDevServer, type DevServer } from '../../src/dev-server/dev-server.js'
import { gptnotes } from '../helpers/cli.js'

/** `gptnotes init` as a script runs it (no terminal), and the site it writes, built, checked and served. */
let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gptnotes-init-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const FILES = ['gptnotes.config.ts', 'content/README.md', 'content/handbook/getting-started.md', 'package.json', '.gitignore', '.github/workflows/build.yml']

describe('gptnotes init', () => {
  it('writes a docs site with comments that builds and passes check-links', async () => {
    const site = join(dir, 'docs-site')
    const made = await gptnotes('init', site, '--yes', '--title', '工具笔记')
    expect(made.stderr).toBe('')
    expect(made.code).toBe(0)
    for (const f of FILES) expect(existsSync(join(site, f)), f).toBe(true)
    expect(made.stdout).toContain('npm run dev')

    const pkg = JSON.parse(readFileSync(join(site, 'package.json'), 'utf8')) as { scripts: Record<string, string>; devDependencies: Record<string, string>; allowScripts: Record<string, boolean> }
    expect(pkg.scripts).toMatchObject({ dev: 'gptnotes serve', build: 'gptnotes build', check: 'gptnotes check-links' })
    expect(pkg.devDependencies.gptnotes).toMatch(/^\^\d+\.\d+\.\d+$/)
    expect(pkg.allowScripts).toMatchObject({ 'better-sqlite3': true, esbuild: true })
    // The CI workflow keeps the parse cache between runs.
    expect(readFileSync(join(site, '.github/workflows/build.yml'), 'utf8')).toContain('node_modules/.cache/gptnotes')

    const built = await gptnotes('build', '--root', site)
    expect(built.code, built.stderr).toBe(0)
    const home = readFileSync(join(site, 'dist/index.html'), 'utf8')
    expect(home).toContain('<html lang="zh-CN"')
    expect(home).toContain('工具笔记')
    const post = readFileSync(join(site, 'dist/handbook/getting-started.html'), 'utf8')
    expect(post).toContain('从这里开始')
    // The docs site's sidebar leads to the first guide.
    expect(home).toContain('href="/handbook/getting-started.html"')
    const checked = await gptnotes('check-links', '--root', site)
    expect(checked.code, checked.stdout + checked.stderr).toBe(0)
  })

  it('writes an English blog without comments, with the mascot', async () => {
    const site = join(dir, 'blog')
    const made = await gptnotes('init', site, '--yes', '--lang', 'en', '--kind', 'blog', '--no-comments', '--mascot')
    expect(made.code, made.stderr).toBe(0)
    const config = readFileSync(join(site, 'gptnotes.config.ts'), 'utf8')
    expect(config).toContain("title: 'My site'")
    expect(config).toContain("sidebar: 'auto'")
    expect(config).not.toContain('comments:')
    expect(config).toContain("mascot: { theme: ['builtin'] }")
    const built = await gptnotes('build', '--root', site)
    expect(built.code, built.stderr).toBe(0)
    expect(built.stderr).not.toContain('CommentsNoService')
    const home = readFileSync(join(site, 'dist/index.html'), 'utf8')
    expect(home).toContain('<html lang="en-US"')
    expect(home).toContain('Getting started') // the blog's home lists the first post
  })

  it('refuses a folder with files in it, naming them, and changes nothing; --force writes', async () => {
    mkdirSync(join(dir, 'content'))
    writeFileSync(join(dir, 'notes.md'), '# mine\n')
    const refused = await gptnotes('init', dir, '--yes')
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('is not empty: content, notes.md')
    expect(refused.stderr).toContain('--force')
    expect(existsSync(join(dir, 'gptnotes.config.ts'))).toBe(false)
    const forced = await gptnotes('init', dir, '--yes', '--force')
    expect(forced.code).toBe(0)
    expect(existsSync(join(dir, 'gptnotes.config.ts'))).toBe(true)
    expect(readFileSync(join(dir, 'notes.md'), 'utf8')).toBe('# mine\n')
  })

  it('completes the package.json that installing gptnotes left, keeping its dependency', async () => {
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'mine', devDependencies: { gptnotes: 'file:../gptnotes-0.1.0.tgz' }, scripts: { dev: 'my own dev' } }))
    mkdirSync(join(dir, 'node_modules'))
    const made = await gptnotes('init', dir, '--yes')
    expect(made.code, made.stderr).toBe(0)
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; scripts: Record<string, string>; devDependencies: Record<string, string> }
    expect(pkg.name).toBe('mine')
    expect(pkg.devDependencies.gptnotes).toBe('file:../gptnotes-0.1.0.tgz')
    expect(pkg.scripts).toMatchObject({ dev: 'my own dev', build: 'gptnotes build' })
  })

  it('says what is wrong with a flag (exit 2), writing nothing', async () => {
    const bad = await gptnotes('init', join(dir, 'x'), '--yes', '--lang', 'fr')
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--lang must be one of zh-CN, en-US')
    const kind = await gptnotes('init', join(dir, 'x'), '--yes', '--kind', 'wiki')
    expect(kind.code).toBe(2)
    expect(existsSync(join(dir, 'x'))).toBe(false)
  })
})

describe('the site init wrote, served', () => {
  let dev: DevServer | undefined
  const commentsDir = mkdtempSync(join(tmpdir(), 'gptnotes-init-comments-'))
  afterAll(async () => {
    await dev?.close()
    rmSync(commentsDir, { recursive: true, force: true })
  })

  it('serves at its root with working comments', async () => {
    const made = await gptnotes('init', dir, '--yes')
    expect(made.code).toBe(0)
    dev = await startDevServer({ root: dir, port: 0, host: '127.0.0.1', watch: false, log: () => {}, commentsDir })
    const origin = new URL(dev.url).origin
    const home = await fetch(`${origin}/`)
    expect(home.status).toBe(200)
    expect(await home.text()).toContain('我的网站')
    const service = `${origin}${COMMENTS_PATH}`
    const headers = { 'X-LC-Id': 'dev-app-id', 'X-LC-Key': 'dev-app-key', Origin: origin }
    const created = await fetch(`${service}/1.1/classes/Comment`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ comment: '<p>第一条评论</p>', nick: '读者', mail: '', link: '', url: '/handbook/getting-started.html', ua: 'vitest' }),
    })
    expect(created.status).toBe(201)
    const where = encodeURIComponent(JSON.stringify({ url: '/handbook/getting-started.html' }))
    const listed = await fetch(`${service}/1.1/classes/Comment?where=${where}&limit=10`, { headers })
    const { results } = (await listed.json()) as { results: { nick: string }[] }
    expect(results.map((r) => r.nick)).toEqual(['读者'])
  })
})
