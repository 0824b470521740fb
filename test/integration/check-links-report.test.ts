import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gptnotes } from '../helpers/cli.js'
import { asLine, expectedProblems, type Problem } from '../helpers/check-links.js'
import { copyFixture, FIXTURES } from '../helpers/sites.js'

interface JsonReport {
  problems: Problem[]
  summary: { pages: number; internal: number; problems: number; buildFailed: boolean }
}

/** The nav link every page of check-links-deadlink reports at its own HTML line. */
const theme = (JSON.parse(readFileSync(join(FIXTURES, 'check-links-deadlink/expected.json'), 'utf8')) as { theme: { link: string; reason: string } }).theme

/** The built pages of a site, as check-links names them (`dist/…html`), from a build into `dir`. */
const htmlFiles = (dir: string, rel = ''): string[] =>
  readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const r = rel ? `${rel}/${e.name}` : e.name
    return e.isDirectory() ? htmlFiles(dir, r) : e.name.endsWith('.html') ? [r] : []
  })

describe('gptnotes check-links reports everything in one run, whether or not `build` accepts the site', () => {
  const sites: ReturnType<typeof copyFixture>[] = []
  const site = (fixture: string) => {
    const s = copyFixture(fixture)
    sites.push(s)
    return s
  }
  let deadlink: ReturnType<typeof copyFixture>
  let pages: string[]
  beforeAll(async () => {
    deadlink = site('check-links-deadlink')
    // The pages the site has: a build of it without the broken parts, in a folder of its own.
    const whole = site('check-links-deadlink')
    writeFileSync(join(whole.root, 'content/guide/start.md'), '---\ntitle: 入门\ndate: 2025-3-1\n---\n\n## 准备工作\n')
    writeFileSync(join(whole.root, 'gptnotes.config.ts'), "export default { title: 'x', base: '/gpt/' }\n")
    expect((await gptnotes('build', '--root', whole.root)).code).toBe(0)
    pages = htmlFiles(join(whole.root, 'dist')).map((f) => `dist/${f}`)
  })
  afterAll(() => sites.forEach((s) => s.cleanup()))

  it('the fixture really is refused by `build`', async () => {
    const { code, stderr } = await gptnotes('build', '--root', deadlink.root)
    expect(code).toBe(1)
    expect(stderr).toContain('[DeadLink]')
    expect(existsSync(join(deadlink.root, 'dist'))).toBe(false)
  })

  it('prints every dead link, broken anchor, missing image, raw-HTML, theme and sidebar problem with file:line:column, and exits 1', async () => {
    const { code, stdout, stderr } = await gptnotes('check-links', '--root', deadlink.root)
    expect(code, stderr).toBe(1)
    const lines = stdout.trimEnd().split('\n')
    const expected = expectedProblems('check-links-deadlink')
    const themeLines = lines.filter((l) => l.startsWith('dist/'))
    expect(lines.filter((l) => /^(content|gptnotes)/.test(l))).toEqual(expected.map(asLine))
    expect(themeLines.map((l) => l.replace(/:\d+ .*/, '')).sort()).toEqual([...pages].sort())
    for (const l of themeLines) expect(l).toMatch(new RegExp(`^dist/\\S+\\.html:\\d+  ${theme.link}  ${theme.reason}$`))
    expect(lines.at(-1)).toBe(`checked ${lines.at(-1)!.match(/\d+/)![0]} internal references on ${pages.length} pages: ${expected.length + pages.length} broken links`)
    // The check is of the sources: it never writes an output for a site `build` refuses.
    expect(existsSync(join(deadlink.root, 'dist'))).toBe(false)
  })

  it('--json prints exactly one JSON document with the same problems, and exits 1', async () => {
    const { code, stdout, stderr } = await gptnotes('check-links', '--root', deadlink.root, '--json')
    expect(code, stderr).toBe(1)
    const report = JSON.parse(stdout) as JsonReport
    const expected = expectedProblems('check-links-deadlink')
    expect(report.problems.filter((p) => !p.file.startsWith('dist/'))).toEqual(expected)
    const themed = report.problems.filter((p) => p.file.startsWith('dist/'))
    expect(themed.map((p) => p.file).sort()).toEqual([...pages].sort())
    for (const p of themed) expect(p).toEqual({ file: p.file, line: expect.any(Number) as number, link: theme.link, reason: theme.reason })
    expect(report.summary).toMatchObject({ pages: pages.length, problems: report.problems.length, buildFailed: false })
  })

  it('with --out naming a folder that does not exist, checks the same problems without writing a site `build` refuses', async () => {
    const { code, stdout, stderr } = await gptnotes('check-links', '--root', deadlink.root, '--out', 'site-out', '--json')
    expect(code, stderr).toBe(1)
    expect(stderr).toContain('not written')
    expect(existsSync(join(deadlink.root, 'site-out'))).toBe(false)
    const { problems } = JSON.parse(stdout) as JsonReport
    expect(problems.filter((p) => !p.file.startsWith('site-out/'))).toEqual(
      expectedProblems('check-links-deadlink').map((p) => ({ ...p, reason: p.reason.replace(/\bdist\//, 'site-out/') })),
    )
  })

  it('checks the sources as they are now, not an earlier output in dist/, which it leaves alone', async () => {
    const s = site('check-links-clean')
    expect((await gptnotes('build', '--root', s.root)).code).toBe(0)
    const index = join(s.root, 'dist/guide/links.html')
    const before = { text: readFileSync(index, 'utf8'), mtime: statSync(index).mtimeMs }
    const page = join(s.root, 'content/guide/README.md')
    writeFileSync(page, readFileSync(page, 'utf8') + '\n[新写的坏链接](./not-yet.md)\n')
    const { code, stdout, stderr } = await gptnotes('check-links', '--root', s.root, '--json')
    expect(code, stderr).toBe(1)
    expect((JSON.parse(stdout) as JsonReport).problems).toEqual([
      { file: 'content/guide/README.md', line: 10, column: 1, link: '/gpt/guide/not-yet.html', reason: 'file not found: dist/guide/not-yet.html' },
    ])
    expect(readFileSync(index, 'utf8')).toBe(before.text)
    expect(statSync(index).mtimeMs).toBe(before.mtime)
  })

  it('a build error that is not a broken reference (a bad frontmatter date) is the report: its file:line:column, exit 1', async () => {
    const s = site('check-links-clean')
    const page = join(s.root, 'content/guide/links.md')
    writeFileSync(page, readFileSync(page, 'utf8').replace('date: 2025-4-2', 'date: 2025-13-40'))
    const json = await gptnotes('check-links', '--root', s.root, '--json')
    expect(json.code).toBe(1)
    const report = JSON.parse(json.stdout) as JsonReport
    expect(report.problems).toEqual([
      { file: 'content/guide/links.md', line: 3, column: 7, link: '', reason: expect.stringContaining('date') as string, code: 'FrontmatterInvalid' },
    ])
    expect(report.summary).toMatchObject({ problems: 1, buildFailed: true })
    // The code frame and hint go to stderr, for a person.
    expect(json.stderr).toContain('> 3 | date: 2025-13-40')

    const text = await gptnotes('check-links', '--root', s.root)
    expect(text.code).toBe(1)
    expect(text.stdout.trimEnd().split('\n')[0]).toMatch(/^content\/guide\/links\.md:3:7  \[FrontmatterInvalid\] .*date/)
  })

  it('a broken config is reported the same way, as JSON with its location', async () => {
    const s = site('check-links-clean')
    const config = join(s.root, 'gptnotes.config.ts')
    writeFileSync(config, readFileSync(config, 'utf8').replace("base: '/gpt/',", "base: 42,"))
    const { code, stdout } = await gptnotes('check-links', '--root', s.root, '--json')
    expect(code).toBe(1)
    const report = JSON.parse(stdout) as JsonReport
    expect(report.problems).toHaveLength(1)
    expect(report.problems[0]).toMatchObject({ file: 'gptnotes.config.ts', line: 6, link: '', code: 'ConfigInvalid' })
    expect(report.summary.buildFailed).toBe(true)
  })

  it('a clean site: exit 0, `problems: []`, and no output folder written', async () => {
    const s = site('check-links-clean')
    const { code, stdout, stderr } = await gptnotes('check-links', '--root', s.root, '--json')
    expect(code, stderr).toBe(0)
    expect(JSON.parse(stdout)).toMatchObject({ problems: [], summary: { problems: 0, buildFailed: false } })
    expect(existsSync(join(s.root, 'dist'))).toBe(false)
  })

  it('bad usage exits 2 and prints no report', async () => {
    const s = site('check-links-clean')
    for (const args of [['--timeout', '0'], ['--json', '--no-such-flag'], ['extra-argument']]) {
      const { code, stdout } = await gptnotes('check-links', '--root', s.root, ...args)
      expect(code, args.join(' ')).toBe(2)
      expect(stdout).toBe('')
    }
  })
})
