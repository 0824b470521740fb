import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { gptnotes } from '../helpers/cli.js'
import { asLine, expectedProblems, type Problem } from '../helpers/check-links.js'
import { copyFixture } from '../helpers/sites.js'

interface JsonReport {
  problems: Problem[]
  summary: { pages: number; internal: number; external: number; problems: number }
}

const htmlFiles = (dir: string, rel = ''): string[] =>
  readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const r = rel ? `${rel}/${e.name}` : e.name
    return e.isDirectory() ? htmlFiles(dir, r) : e.name.endsWith('.html') ? [r] : []
  })

describe('gptnotes check-links (the real CLI)', () => {
  let broken: ReturnType<typeof copyFixture>
  let clean: ReturnType<typeof copyFixture>
  beforeAll(() => {
    broken = copyFixture('check-links-broken')
    clean = copyFixture('check-links-clean')
  })
  afterAll(() => {
    broken.cleanup()
    clean.cleanup()
  })

  it('builds the site first when there is no output, then reports every planted broken link, image and anchor (--json)', async () => {
    expect(existsSync(join(broken.root, 'dist'))).toBe(false)
    const { code, stdout, stderr } = await gptnotes('check-links', '--root', broken.root, '--out', 'dist', '--json')
    expect(code, stderr).toBe(1)
    expect(stderr).toContain('building first')
    expect(existsSync(join(broken.root, 'dist/guide/start.html'))).toBe(true)
    const report = JSON.parse(stdout) as JsonReport
    expect(report.problems).toEqual(expectedProblems('check-links-broken'))
    expect(report.summary.problems).toBe(report.problems.length)
    expect(report.summary.pages).toBe(htmlFiles(join(broken.root, 'dist')).length)
  })

  it('prints one line per problem as `file:line  link  reason`, then a summary, and exits 1', async () => {
    const { code, stdout, stderr } = await gptnotes('check-links', '--root', broken.root, '--out', 'dist')
    expect(code, stderr).toBe(1)
    expect(stderr).not.toContain('building') // the output exists now: checked as it is
    const lines = stdout.trimEnd().split('\n')
    const expected = expectedProblems('check-links-broken').map(asLine)
    expect(lines.slice(0, expected.length)).toEqual(expected)
    expect(lines.at(-1)).toMatch(new RegExp(`^checked \\d+ internal references on \\d+ pages: ${expected.length} broken links$`))
  })

  it('exits 0 and reports nothing on a site whose references all resolve', async () => {
    const json = await gptnotes('check-links', '--root', clean.root, '--json')
    expect(json.code).toBe(0)
    const report = JSON.parse(json.stdout) as JsonReport
    expect(report.problems).toEqual(expectedProblems('check-links-clean'))
    expect(report.summary.internal).toBeGreaterThan(50)
    const text = await gptnotes('check-links', '--root', clean.root)
    expect(text.code).toBe(0)
    expect(text.stdout.trim()).toMatch(/^checked \d+ internal references \(\d+ external links not checked; add --external\) on \d+ pages: no broken links$/)
  })

  it('names the output HTML file and its line for theme references (client entry, nav, sidebar) and the markdown line for content', async () => {
    expect((await gptnotes('build', '--root', clean.root)).code).toBe(0)
    const dist = join(clean.root, 'dist')
    const main = readdirSync(join(dist, 'assets/js')).find((f) => /^main\.\w+\.js$/.test(f))!
    rmSync(join(dist, 'assets/js', main))
    rmSync(join(dist, 'guide/a b.html'))
    const { code, stdout, stderr } = await gptnotes('check-links', '--root', clean.root, '--out', 'dist', '--json')
    expect(code, stderr).toBe(1)
    const { problems } = JSON.parse(stdout) as JsonReport

    // Every page loses its client entry: reported in each output file, at the line of its loader.
    const mainLink = `/gpt/assets/js/${main}`
    const pages = htmlFiles(dist).map((f) => `dist/${f}`)
    expect(problems.filter((p) => p.link === mainLink).map((p) => p.file).sort()).toEqual(pages.sort())
    expect(problems.find((p) => p.link === mainLink)!.reason).toBe(`file not found: dist/assets/js/${main}`)

    // The sidebar lists the deleted page on every page that has one.
    const sidebar = problems.filter((p) => p.link === '/gpt/guide/a%20b.html')
    expect(sidebar.map((p) => p.file)).toEqual(expect.arrayContaining(['dist/guide/index.html', 'dist/guide/links.html']))
    expect(sidebar.every((p) => p.reason === 'file not found: dist/guide/a b.html')).toBe(true)

    // Each output-file line really holds the link.
    for (const p of problems.filter((q) => q.file.startsWith('dist/'))) {
      const line = readFileSync(join(clean.root, p.file), 'utf8').split('\n')[p.line - 1]
      expect(line, `${p.file}:${p.line}`).toContain(`="${p.link}"`)
    }

    // Links written in markdown are placed at their markdown line, twice on a page when written twice.
    const content = problems.filter((p) => p.file.startsWith('content/'))
    expect(content).toEqual([
      { file: 'content/guide/links.md', line: 15, column: 8, link: '/gpt/guide/a%20b.html#%E9%99%84%E5%9B%BE', reason: 'file not found: dist/guide/a b.html' },
      { file: 'content/guide/links.md', line: 21, link: '/gpt/guide/a%20b.html#%E9%99%84%E5%9B%BE', reason: 'file not found: dist/guide/a b.html' },
      { file: 'content/guide/README.md', line: 8, column: 3, link: '/gpt/guide/a%20b.html#%E9%99%84%E5%9B%BE', reason: 'file not found: dist/guide/a b.html' },
    ])
  })

  it('checks (and first builds into) the folder --out names', async () => {
    const { code, stdout, stderr } = await gptnotes('check-links', '--root', broken.root, '--out', 'site-out', '--json')
    expect(code, stderr).toBe(1)
    expect(existsSync(join(broken.root, 'site-out/index.html'))).toBe(true)
    const { problems } = JSON.parse(stdout) as JsonReport
    expect(problems).toEqual(expectedProblems('check-links-broken').map((p) => ({ ...p, reason: p.reason.replace(/\bdist\//, 'site-out/') })))
  })

  it('exits 2 on bad usage', async () => {
    expect((await gptnotes('check-links', '--root', clean.root, '--timeout', 'soon')).code).toBe(2)
    expect((await gptnotes('check-links', '--no-such-flag')).code).toBe(2)
  })
})
