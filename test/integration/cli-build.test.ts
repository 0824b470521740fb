import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gptnotes as cli, snapshot } from '../helpers/cli.js'
import { copyFixture } from '../helpers/sites.js'

describe('gptnotes build (the real CLI)', () => {
  let site: ReturnType<typeof copyFixture>
  beforeAll(() => {
    site = copyFixture('minimal')
  })
  afterAll(() => site.cleanup())

  it('builds a root holding only content/ with the defaults, in the design.md layout', async () => {
    const { code, stdout } = await cli('build', '--root', site.root)
    expect(code).toBe(0)
    expect(stdout).toMatch(/built 3 pages/)
    const dist = join(site.root, 'dist')
    for (const f of ['index.html', 'guide/first.html', 'guide/second.html', 'tag/index.html', 'categories/index.html', 'timeline/index.html', '404.html', '_redirects']) {
      expect(existsSync(join(dist, f)), f).toBe(true)
    }
    const js = readdirSync(join(dist, 'assets/js'))
    expect(js.some((f) => /^main\.[\w]{8}\.js$/.test(f))).toBe(true)
    // A page's content is written once, in its HTML: no per-page chunk repeats it.
    expect(js.some((f) => /^guide_first\.[\w]{8}\.js$/.test(f))).toBe(false)
    const html = readFileSync(join(dist, 'guide/first.html'), 'utf8')
    expect(html).toContain('正文，链到')
    // The CSS the page's markup needs is inline; the whole theme is one hashed stylesheet, which
    // the loader adds after the first paint (no stylesheet link blocks it).
    expect(html).toMatch(/<style>:root\{[^<]+<\/style>/)
    const css = readdirSync(join(dist, 'assets/css'))
    expect(css).toEqual([expect.stringMatching(/^theme\.[\w]{8}\.css$/)])
    expect(html).toContain(`data-style="/gpt/assets/css/${css[0]}"`)
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/)
    expect(html).toContain('<html lang="zh-CN">')
    expect(html).toContain('<title>第一篇</title>')
    // No hostname configured: no canonical link (a path is not the absolute URL it must be).
    expect(html).not.toContain('rel="canonical"')
    expect(html).toContain('href="/gpt/guide/second.html#%E7%BB%86%E8%8A%82"')
    expect(readFileSync(join(dist, '_redirects'), 'utf8')).toContain('/gpt/index.html /gpt/ 301')
    expect(readFileSync(join(dist, '_redirects'), 'utf8')).toContain('/gpt/tag/index.html /gpt/tag/ 301')
  })

  it('fails on a bad frontmatter date with file:line:column, a frame and a hint, exit 1, no stack, previous dist intact', async () => {
    const before = snapshot(join(site.root, 'dist'))
    const file = join(site.root, 'content/guide/second.md')
    const good = readFileSync(file, 'utf8')
    writeFileSync(file, good.replace('date: 2025-4-2', 'date: 2025-4-31'))
    try {
      const { code, stderr } = await cli('build', '--root', site.root)
      expect(code).toBe(1)
      expect(stderr).toContain('error [FrontmatterInvalid]')
      expect(stderr).toContain('at content/guide/second.md:3:7')
      expect(stderr).toContain('> 3 | date: 2025-4-31')
      expect(stderr).toContain('hint:')
      expect(stderr).not.toMatch(/\n\s+at .*\.js:\d+/)
      expect(snapshot(join(site.root, 'dist'))).toEqual(before)
      const debug = await cli('build', '--root', site.root, '--debug')
      expect(debug.stderr).toMatch(/\n\s+at .*\.(js|ts):\d+/)
    } finally {
      writeFileSync(file, good)
    }
  })

  it('on a site large enough to pack its search index on a thread of its own, a failing build stops that thread and exits 1', async () => {
    // 200 pages: the search entries are packed as the pages parse (see SearchFeed); a build that
    // fails after (a broken link) or during (a bad date) the parse must not be held open by it.
    const big = copyFixture('minimal')
    try {
      const dir = join(big.root, 'content/many')
      mkdirSync(dir, { recursive: true })
      for (let i = 0; i < 200; i++) writeFileSync(join(dir, `p${i}.md`), `---\ntitle: 第 ${i} 篇\ndate: 2025-5-${(i % 28) + 1}\n---\n\n## 配置文件 ${i}\n\n第 ${i} 篇讲配置文件。\n`)
      writeFileSync(join(dir, 'p7.md'), '---\ntitle: 第 7 篇\n---\n\n[没有这一篇](./no-such-page.md)\n')
      const broken = await cli('build', '--root', big.root)
      expect(broken.code).toBe(1)
      expect(broken.stderr).toContain('content/many/p7.md')
      writeFileSync(join(dir, 'p7.md'), '---\ntitle: 第 7 篇\n---\n\n正文。\n')
      writeFileSync(join(dir, 'p199.md'), '---\ndate: 2025-4-31\n---\n\n正文。\n')
      const bad = await cli('build', '--root', big.root)
      expect(bad.code).toBe(1)
      expect(bad.stderr).toContain('error [FrontmatterInvalid]')
      writeFileSync(join(dir, 'p199.md'), '---\ndate: 2025-4-30\n---\n\n正文。\n')
      const good = await cli('build', '--root', big.root)
      expect(good.code).toBe(0)
      expect(good.stdout).toMatch(/built 203 pages/)
    } finally {
      big.cleanup()
    }
  })

  it('reports every link to a missing page with file:line', async () => {
    const file = join(site.root, 'content/guide/first.md')
    const good = readFileSync(file, 'utf8')
    writeFileSync(file, good + '\n[不存在](./missing.md) 和 [也不存在](/nowhere/)\n')
    try {
      const { code, stderr } = await cli('build', '--root', site.root)
      expect(code).toBe(1)
      expect(stderr).toContain('error [DeadLink] link to a page that does not exist: /guide/missing.html')
      expect(stderr).toContain('at content/guide/first.md:12:1')
      expect(stderr).toContain('/nowhere/')
      expect(stderr).toContain('2 problems found')
    } finally {
      writeFileSync(file, good)
    }
  })

  it('prints usage errors with exit 2 and help with exit 0', async () => {
    expect((await cli('build', '--nope')).code).toBe(2)
    expect((await cli('frobnicate')).code).toBe(2)
    const help = await cli('build', '--help')
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('--root <dir>')
    expect(help.stdout).toContain('--out <dir>')
  })

  it('writes to --out', async () => {
    const { code } = await cli('build', '--root', site.root, '--out', join(site.root, 'public-out'))
    expect(code).toBe(0)
    expect(existsSync(join(site.root, 'public-out/index.html'))).toBe(true)
  })
})

describe('rebuilds after an image changes', () => {
  const svg = (w: number, h: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"></svg>\n`
  let site: ReturnType<typeof copyFixture>
  beforeAll(() => {
    site = copyFixture('minimal')
    mkdirSync(join(site.root, 'content/figs'), { recursive: true })
    writeFileSync(join(site.root, 'content/figs/flow.svg'), svg(10, 20))
    writeFileSync(join(site.root, 'content/figure.md'), '---\ntitle: 图\n---\n\n![流程图](./figs/flow.svg)\n')
  })
  afterAll(() => site.cleanup())

  const imgTag = (html: string) => /<img[^>]*alt="流程图"[^>]*>/.exec(html)?.[0] ?? ''

  it('gives the page the new width and height though its markdown is unchanged (disk cache)', async () => {
    expect((await cli('build', '--root', site.root)).code).toBe(0)
    expect(imgTag(readFileSync(join(site.root, 'dist/figure.html'), 'utf8'))).toMatch(/width="10" height="20"/)
    writeFileSync(join(site.root, 'content/figs/flow.svg'), svg(300, 40))
    expect((await cli('build', '--root', site.root)).code).toBe(0)
    expect(imgTag(readFileSync(join(site.root, 'dist/figure.html'), 'utf8'))).toMatch(/width="300" height="40"/)
  })

  it('does the same in a long-lived builder (the dev server)', async () => {
    const { buildSite } = await import('../../src/render/build-site.js')
    const { BuildCaches } = await import('../../src/render/build-caches.js')
    const caches = new BuildCaches()
    const html = async () => String((await buildSite({ root: site.root, caches })).files.get('figure.html'))
    expect(imgTag(await html())).toMatch(/width="300" height="40"/)
    writeFileSync(join(site.root, 'content/figs/flow.svg'), svg(64, 48))
    expect(imgTag(await html())).toMatch(/width="64" height="48"/)
  })
})

describe('rebuilds parse again only the pages that changed', () => {
  let site: ReturnType<typeof copyFixture>
  beforeAll(() => {
    site = copyFixture('minimal')
  })
  afterAll(() => site.cleanup())

  const parseLine = (stdout: string) => stdout.split('\n').find((l) => l.trim().startsWith('parsePage')) ?? ''

  it('the CLI reuses parsed pages from its disk cache and says how many it parsed', async () => {
    const cold = await cli('build', '--root', site.root)
    expect(cold.code).toBe(0)
    const pages = Number(/parsePage\s+(\d+)/.exec(parseLine(cold.stdout))?.[1])
    expect(pages).toBeGreaterThan(1)
    expect(parseLine(cold.stdout)).not.toContain('cached')
    expect(parseLine((await cli('build', '--root', site.root)).stdout)).toContain(`(0 parsed, ${pages} cached)`)
    writeFileSync(join(site.root, 'content/README.md'), readFileSync(join(site.root, 'content/README.md'), 'utf8') + '\n新增的一段。\n')
    const warm = await cli('build', '--root', site.root)
    expect(parseLine(warm.stdout)).toContain(`(1 parsed, ${pages - 1} cached)`)
    expect(readFileSync(join(site.root, 'dist/index.html'), 'utf8')).toContain('新增的一段。')
  })

  it('a long-lived builder (the dev server) parses only the edited page', async () => {
    const { buildSite } = await import('../../src/render/build-site.js')
    const { BuildCaches } = await import('../../src/render/build-caches.js')
    const fresh: number[] = []
    const caches = new BuildCaches()
    const build = () => buildSite({ root: site.root, caches, onStage: (e) => void (e.stage === 'parsePage' && fresh.push(e.fresh!)) })
    await build()
    writeFileSync(join(site.root, 'content/README.md'), readFileSync(join(site.root, 'content/README.md'), 'utf8') + '\n又一段。\n')
    const out = await build()
    expect(String(out.files.get('index.html'))).toContain('又一段。')
    expect(fresh[0]).toBe(out.pages)
    expect(fresh[1]).toBe(1)
  })
})
