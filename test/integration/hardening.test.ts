// Bad input never hangs, crashes or leaks: one case per kind of bad input, each with the exit
// code, the message (file:line where there is one) and the previous output left byte-identical.
// Inputs are made here, small; the large-page case compares two sizes in one run.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevServer, type DevServer } from '../../src/dev-server/dev-server.js'
import { buildSite } from '../../src/render/build-site.js'
import { CONFIG_TIMEOUT_MS } from '../../src/render/config/load-config.js'
import { GptnotesError } from '../../src/render/errors/index.js'
import { parsePage } from '../../src/render/content/parse-page.js'
import { removeLeftovers } from '../../src/render/emit/write-output.js'
import { gptnotes as cli, snapshot } from '../helpers/cli.js'
import { copyFixture } from '../helpers/sites.js'
import { thrownBy } from '../helpers/thrown.js'

/** A process id that no longer runs: a child that has ended. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!
}

describe('gptnotes build refuses bad input and keeps the previous output', () => {
  let site: ReturnType<typeof copyFixture>
  let dist: string
  let before: Record<string, string>
  beforeAll(async () => {
    site = copyFixture('minimal')
    dist = join(site.root, 'dist')
    expect((await cli('build', '--root', site.root)).code).toBe(0)
    before = snapshot(dist)
  }, 60_000)
  afterAll(() => site.cleanup())

  /** Add files to the site, build with the real CLI, take the files out again. */
  async function buildWith(files: Record<string, string | Buffer>, extra: () => void = () => {}) {
    const written = Object.keys(files).map((f) => join(site.root, f))
    for (const [f, text] of Object.entries(files)) {
      mkdirSync(join(site.root, f, '..'), { recursive: true })
      writeFileSync(join(site.root, f), text)
    }
    extra()
    try {
      return await cli('build', '--root', site.root)
    } finally {
      for (const f of written) rmSync(f, { force: true })
    }
  }

  const failsKeepingOutput = (r: { code: number; stderr: string }, code: string) => {
    expect(r.code, r.stderr).toBe(1)
    expect(r.stderr).toContain(`error [${code}]`)
    expect(r.stderr).not.toMatch(/\n\s+at .*\.js:\d+/)
    expect(snapshot(dist)).toEqual(before)
  }

  it('a symbolic link to a file outside the site is an error naming the link; nothing is read or copied', async () => {
    const link = join(site.root, 'content/passwd.txt')
    const r = await buildWith({}, () => symlinkSync('/etc/passwd', link))
    rmSync(link)
    failsKeepingOutput(r, 'SymlinkOutsideSite')
    expect(r.stderr).toContain('content/passwd.txt is a symbolic link to /etc/passwd, outside the site')
  })

  it('a symbolic link to a folder is an error naming the link', async () => {
    const link = join(site.root, 'content/more')
    const r = await buildWith({}, () => symlinkSync(join(site.root, 'content/guide'), link))
    rmSync(link)
    failsKeepingOutput(r, 'SymlinkToFolder')
    expect(r.stderr).toContain('content/more is a symbolic link to a folder')
  })

  it('10,000 nested > is refused at its line, never a stack overflow', async () => {
    const r = await buildWith({ 'content/deep.md': `# 深\n\n${'>'.repeat(10_000)} x\n` })
    failsKeepingOutput(r, 'NestingTooDeep')
    expect(r.stderr).toContain('at content/deep.md:3:1')
    expect(r.stderr).not.toContain('Maximum call stack')
  })

  it('a one-line list nested 10,000 deep is refused at once', async () => {
    const r = await buildWith({ 'content/deep.md': `# 深\n\n${'- '.repeat(10_000)}x\n` })
    failsKeepingOutput(r, 'NestingTooDeep')
    expect(r.stderr).toContain('at content/deep.md:3:1')
    expect(r.ms).toBeLessThan(20_000)
  })

  it('a YAML "billion laughs" frontmatter is refused at once, at its first alias', async () => {
    const levels = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for (let i = 1; i < 9; i++) {
      const [name, prev] = [String.fromCharCode(97 + i), String.fromCharCode(96 + i)]
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(', ')}]`)
    }
    const r = await buildWith({ 'content/bomb.md': `---\ntitle: 炸弹\n${levels.join('\n')}\n---\n\n正文\n` })
    failsKeepingOutput(r, 'FrontmatterTooLarge')
    expect(r.stderr).toContain('at content/bomb.md:4:8')
    expect(r.stderr).not.toContain('Invalid string length')
  })

  it('a raw a.html beside a.md is an error naming both files', async () => {
    const r = await buildWith({ 'content/guide/first.html': '<p>raw</p>\n' })
    failsKeepingOutput(r, 'OutputClash')
    expect(r.stderr).toContain('content/guide/first.md and content/guide/first.html both produce guide/first.html')
  })

  it('a content file in place of a page the build makes is an error too', async () => {
    const r = await buildWith({ 'content/404.html': '<p>mine</p>\n' })
    failsKeepingOutput(r, 'OutputClash')
    expect(r.stderr).toContain('content/404.html and a page or file the build makes both produce 404.html')
  })

  it('A.md beside a.md builds, with a warning that they clash on case-insensitive disks', async () => {
    const r = await buildWith({ 'content/guide/Extra.md': '# Extra\n', 'content/guide/extra.md': '# extra\n' })
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout + r.stderr).toContain('[OutputCaseClash]')
    expect(r.stdout + r.stderr).toContain('content/guide/Extra.md and content/guide/extra.md differ only in letter case')
    // This build succeeded: the next cases compare against its output.
    expect((await cli('build', '--root', site.root)).code).toBe(0)
    before = snapshot(dist)
  })

  it('javascript:, vbscript: and data: links are refused as an unsafe URL scheme, at their line', async () => {
    const r = await buildWith({ 'content/x.md': '# x\n\n正文\n\n[点我](javascript:alert(1))\n' })
    failsKeepingOutput(r, 'UnsafeUrl')
    expect(r.stderr).toContain('unsafe URL scheme "javascript:"')
    expect(r.stderr).toContain('at content/x.md:5:1')
    expect(r.stderr).not.toContain('does not exist')
    const variants = [
      '[a](JaVaScRiPt:alert(1))',
      '[a](&#106;avascript:alert(1))',
      '[a](<java\tscript:alert(1)>)',
      '<javascript:alert(1)>',
      '[a](vbscript:msgbox(1))',
      '[a](data:text/html;base64,PHNjcmlwdD4=)',
      '![a](javascript:alert(1))',
      '[a][r]\n\n[r]: javascript:alert(1)',
    ]
    for (const v of variants) {
      const err = thrownBy(() => parsePage({ relativePath: 'x.md', source: `# x\n\n${v}\n` }, { base: '/gpt/' }), GptnotesError)
      expect(err.code, v).toBe('UnsafeUrl')
      expect(err.loc?.line, v).toBe(v.includes('[r]:') ? 5 : 3)
    }
    // Pictures inline as data: are no code.
    expect(parsePage({ relativePath: 'x.md', source: '![a](data:image/png;base64,iVBORw0KGgo=)\n' }, { base: '/gpt/' }).html).toContain('src="data:image/png')
  })

  it("the author's raw HTML is held to the same rule, at the attribute's line and column", () => {
    const refused = (html: string) => {
      try {
        parsePage({ relativePath: 'x.md', source: `# x\n\n${html}\n` }, { base: '/gpt/' })
      } catch (e) {
        return e as GptnotesError
      }
      return undefined
    }
    const variants = [
      '<a href="javascript:alert(1)">点我</a>',
      "<a href='JaVaScRiPt:alert(1)'>点我</a>",
      '<a href=javascript:alert(1)>点我</a>',
      '<a href="&#106;avascript:alert(1)">点我</a>',
      '<a href="java&#x09;script:alert(1)">点我</a>',
      '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>',
      '<form action="vbscript:x"><button formaction="javascript:x">提交</button></form>',
      '<p>段落 <a href="javascript:void(0)">行内</a></p>',
    ]
    for (const v of variants) {
      const err = refused(v)
      expect(err, v).toBeInstanceOf(GptnotesError)
      expect(err!.code, v).toBe('UnsafeUrl')
      expect(err!.loc?.line, v).toBe(3)
    }
    expect(refused('<div>\n  <p>第二行</p>\n  <a class="x" href="javascript:alert(1)">第三行</a>\n</div>')!.loc).toMatchObject({ line: 5, column: 16 })
    // Safe addresses, data: pictures and text that only mentions a scheme pass.
    for (const ok of ['<a href="https://example.com/?q=javascript:">链接</a>', '<img src="data:image/png;base64,iVBORw0KGgo=" alt="">', '<p>写 javascript: 不是链接</p>', '<a href="#javascript">锚点</a>']) {
      expect(refused(ok), ok).toBeUndefined()
    }
  })

  it('invalid UTF-8 builds with a warning naming the file and the bad byte\'s line', async () => {
    const r = await buildWith({ 'content/guide/latin1.md': Buffer.concat([Buffer.from('# 标题\n\n第一行\ncaf'), Buffer.from([0xe9]), Buffer.from('\n')]) })
    expect(r.code, r.stderr).toBe(0)
    expect(r.stdout + r.stderr).toContain('[InvalidEncoding]')
    expect(r.stdout + r.stderr).toContain('content/guide/latin1.md:4:4')
    expect(r.stdout + r.stderr).toContain('byte 0xe9')
    expect((await cli('build', '--root', site.root)).code).toBe(0)
    before = snapshot(dist)
  })

  it('a config that never settles: an error that it did not finish loading, exit 1, at once', async () => {
    const r = await buildWith({ 'gptnotes.config.ts': "export default await new Promise(() => {})\n" })
    failsKeepingOutput(r, 'ConfigNeverSettles')
    expect(r.stderr).toContain('gptnotes.config.ts did not finish loading')
    // Before the time limit that stops a config still running (a fixed 8 s bound failed on a loaded machine).
    expect(r.ms).toBeLessThan(CONFIG_TIMEOUT_MS)
  })

  it('a config that loops forever is stopped after the time limit with a clear error', async () => {
    writeFileSync(join(site.root, 'gptnotes.config.ts'), 'for (;;) {}\nexport default {}\n')
    const start = performance.now()
    try {
      await expect(buildSite({ root: site.root, out: dist, configTimeoutMs: 1000 })).rejects.toMatchObject({ name: 'ConfigTimeout', message: 'gptnotes.config.ts did not finish loading within 1 s and was stopped' })
    } finally {
      rmSync(join(site.root, 'gptnotes.config.ts'))
    }
    // Stopped, not left running (the bound leaves room for a loaded machine).
    expect(performance.now() - start).toBeLessThan(20_000)
    expect(snapshot(dist)).toEqual(before)
  })

  it('a config that throws: the line of the throw with a code frame', async () => {
    const r = await buildWith({ 'gptnotes.config.ts': "const need = (name: string): string => {\n  throw new Error(`${name} is not set`)\n}\n\nexport default { title: need('SITE_TITLE') }\n" })
    failsKeepingOutput(r, 'ConfigRuntime')
    expect(r.stderr).toContain('at gptnotes.config.ts:2:9')
    expect(r.stderr).toContain('> 2 |   throw new Error(`${name} is not set`)')
  })

  it('leftovers of killed builds are removed by the next build; a running build\'s are not', async () => {
    const dead = deadPid()
    const tmp = join(site.root, `.dist.tmp-${dead}-1`)
    const old = join(site.root, `.dist.old-${dead}-2`)
    const live = join(site.root, `.dist.tmp-${process.pid}-3`)
    for (const d of [tmp, old, live]) {
      mkdirSync(join(d, 'assets'), { recursive: true })
      writeFileSync(join(d, 'assets/x.js'), 'x')
    }
    expect((await cli('build', '--root', site.root)).code).toBe(0)
    expect(existsSync(tmp)).toBe(false)
    expect(existsSync(old)).toBe(false)
    expect(existsSync(live)).toBe(true)
    rmSync(live, { recursive: true })
    expect(readdirSync(site.root).filter((f) => f.startsWith('.dist'))).toEqual([])
  })

  it('a build killed between the swap\'s two renames left its previous output aside: it is put back', () => {
    const dir = join(site.root, 'swap')
    const out = join(dir, 'dist')
    const old = join(dir, `.dist.old-${deadPid()}-5`)
    mkdirSync(old, { recursive: true })
    writeFileSync(join(old, 'index.html'), 'previous')
    mkdirSync(join(dir, `.dist.tmp-${deadPid()}-5`))
    removeLeftovers(out)
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('previous')
    expect(readdirSync(dir)).toEqual(['dist'])
    rmSync(dir, { recursive: true })
  })
})

describe('parse time grows linearly with the size of a page', () => {
  /** A page of everything that made parsing quadratic before: block quotes, footnotes, long lists, containers. */
  const page = (bytes: number) => {
    const unit = [
      '## 小节\n\n一段文字，[链接](./a.md)，**加粗**，`代码`。脚注[^n]。\n\n',
      '> 引用一行\n\n> 另一段引用\n\n',
      '- 列表项\n- 列表项\n- 列表项\n\n',
      '::: tip 提示\n内容\n:::\n\n',
      '| a | b |\n|---|---|\n| 1 | 2 |\n\n',
      '```js\nconst a = 1\n```\n\n',
    ].join('')
    return '---\ntitle: 大页面\n---\n\n' + unit.repeat(Math.ceil(bytes / Buffer.byteLength(unit))) + '[^n]: 注释\n'
  }
  /** CPU time of this process (ms): other processes on a busy machine do not inflate it, as they do wall time. */
  const cpu = () => {
    const { user, system } = process.cpuUsage()
    return (user + system) / 1000
  }
  const once = (source: string) => {
    const start = cpu()
    parsePage({ relativePath: 'big.md', source }, { base: '/gpt/' })
    return cpu() - start
  }
  /** The ratio of the best times, the two sizes measured in turns so a slow moment hits both. */
  const ratio = (small: string, large: string) => {
    let a = Infinity
    let b = Infinity
    for (let i = 0; i < 3; i++) {
      a = Math.min(a, once(small))
      b = Math.min(b, once(large))
    }
    return b / a
  }

  it('400 KB takes about 4× the time of 100 KB (the square would be 16×)', () => {
    once(page(20_000)) // warm up
    expect(ratio(page(100_000), page(400_000))).toBeLessThan(8)
  }, 120_000)

  it('a page of one long list is linear too (the HTML step asked every item about the whole list)', () => {
    const list = (n: number) => '- 列表项\n'.repeat(n)
    once(list(2_000))
    expect(ratio(list(5_000), list(20_000))).toBeLessThan(8)
  }, 120_000)
})

describe('gptnotes new-post', () => {
  it('refuses a 10,000-character slug with a length limit, never ENAMETOOLONG', async () => {
    const site = copyFixture('minimal')
    try {
      const r = await cli('new-post', '--root', site.root, '--title', '长', '--slug', 'a'.repeat(10_000), '--yes')
      expect(r.code).toBe(1)
      expect(r.stderr).toContain('the slug is 10000 characters long; at most 100 are allowed')
      expect(r.stderr).not.toContain('ENAMETOOLONG')
      expect(r.stderr.length).toBeLessThan(500)
    } finally {
      site.cleanup()
    }
  })
})

describe('gptnotes serve refuses odd requests', () => {
  let server: DevServer
  let site: ReturnType<typeof copyFixture>
  let port: number
  beforeAll(async () => {
    site = copyFixture('minimal')
    server = await startDevServer({ root: site.root, port: 0, host: '127.0.0.1', watch: false, log: () => {}, cacheDir: join(tmpdir(), `gptnotes-serve-${process.pid}`) })
    port = (server.server.address() as { port: number }).port
  }, 60_000)
  afterAll(async () => {
    await server.close()
    site.cleanup()
  })

  /** A raw request: the path is sent exactly as written. */
  const ask = (method: string, path: string) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path }, (res) => {
        let body = ''
        res.on('data', (c) => (body += c))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
      })
      req.on('error', reject)
      req.end()
    })

  it('never redirects a request to itself: NUL, backslash and dot-dot paths are 400 or 404', async () => {
    for (const path of ['/gpt/%00', '/gpt/%5c', '/gpt/%5C', '/gpt/%2e%2e%2f', '/gpt/%2e%2e%2fetc%2fpasswd', '/gpt/guide/%2e%2e/%2e%2e/x', '/gpt/a%5cb', '/gpt/%E4']) {
      const r = await ask('GET', path)
      expect([400, 404], `${path} → ${r.status} ${r.headers.location ?? ''}`).toContain(r.status)
    }
    // The redirects that remain go to the page's one address, never back to the path asked for.
    const answers = []
    for (const path of ['/', '/gpt', '/gpt/index.html', '/gpt/guide/first', '/gpt/%E6%A0%87%E7%AD%BE']) {
      const r = await ask('GET', path)
      answers.push([path, r.status, r.headers.location])
    }
    expect(answers).toEqual([
      ['/', 301, '/gpt/'],
      ['/gpt', 301, '/gpt/'],
      ['/gpt/index.html', 301, '/gpt/'],
      ['/gpt/guide/first', 301, '/gpt/guide/first.html'],
      // No page by that name: not found, not sent around.
      ['/gpt/%E6%A0%87%E7%AD%BE', 404, undefined],
    ])
  })

  it('answers POST, PUT, DELETE, PATCH and TRACE with 405 and Allow: GET, HEAD', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'TRACE']) {
      const r = await ask(method, '/gpt/')
      expect(r.status, method).toBe(405)
      expect(r.headers.allow, method).toBe('GET, HEAD')
    }
    expect((await ask('GET', '/gpt/')).status).toBe(200)
    expect((await ask('HEAD', '/gpt/')).status).toBe(200)
  })
})
