// After an edit, a build that keeps its caches and its output renders only the documents whose
// inputs changed, and what it writes is byte for byte what a cold build of the same site writes:
// every file, the search index's included. Checked for each kind of edit an author makes.
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BuildCaches } from '../../src/render/build-caches.js'
import { buildSite, type SiteOutput, type StageEvent } from '../../src/render/build-site.js'
import { copyFixture } from '../helpers/sites.js'

/** Every file of an output folder, by path. */
function filesOf(dir: string): Map<string, Buffer> {
  const files = new Map<string, Buffer>()
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name)
      if (e.isDirectory()) walk(p)
      else files.set(relative(dir, p), readFileSync(p))
    }
  }
  walk(dir)
  return files
}

/** Every file of an in-memory output, by path. */
function memoryFiles(output: SiteOutput): Map<string, Buffer> {
  return new Map([...output.files].map(([path, c]) => [path, typeof c === 'string' ? Buffer.from(c) : 'copyFrom' in c ? readFileSync(c.copyFrom) : Buffer.from(c)]))
}

function expectSameFiles(incremental: Map<string, Buffer>, cold: Map<string, Buffer>): void {
  expect([...incremental.keys()].sort()).toEqual([...cold.keys()].sort())
  const differ = [...cold].filter(([path, bytes]) => !incremental.get(path)!.equals(bytes)).map(([path]) => path)
  expect(differ).toEqual([])
}

describe('an incremental build writes what a cold build writes', () => {
  let site: ReturnType<typeof copyFixture>
  let scratch: string
  let memory: BuildCaches
  const out = () => join(site.root, 'dist')
  const cacheDir = () => join(scratch, 'cache')
  const page = (path: string) => join(site.root, 'content', path)
  const edit = (path: string, change: (text: string) => string) => writeFileSync(page(path), change(readFileSync(page(path), 'utf8')))

  /** The CLI's build (caches from disk, output kept) and the dev server's (caches in memory), each against a cold build. */
  async function rebuildAndCompare(): Promise<{ rendered: number; documents: number }> {
    const events: StageEvent[] = []
    // Every stamp trusted at once (no settling time): the files the tests edit are left unread when their stamps say so.
    await buildSite({ root: site.root, out: out(), caches: new BuildCaches(cacheDir(), { settleMs: 0 }), onStage: (e) => events.push(e) })
    const coldOut = join(scratch, `cold-${Date.now()}`)
    await buildSite({ root: site.root, out: coldOut, caches: new BuildCaches() })
    expectSameFiles(filesOf(out()), filesOf(coldOut))
    rmSync(coldOut, { recursive: true, force: true })

    const served = await buildSite({ root: site.root, caches: memory })
    const coldServed = await buildSite({ root: site.root, caches: new BuildCaches() })
    expectSameFiles(memoryFiles(served), memoryFiles(coldServed))

    const render = events.find((e) => e.stage === 'render')!
    return { rendered: render.fresh ?? render.count!, documents: render.count! }
  }

  beforeAll(async () => {
    site = copyFixture('e2e-site')
    scratch = mkdtempSync(join(tmpdir(), 'gptnotes-incremental-'))
    memory = new BuildCaches()
    await buildSite({ root: site.root, out: out(), caches: new BuildCaches(cacheDir(), { settleMs: 0 }) })
    await buildSite({ root: site.root, caches: memory })
  }, 120_000)
  afterAll(() => {
    site?.cleanup()
    rmSync(scratch, { recursive: true, force: true })
  })

  it('renders nothing again when nothing changed, and leaves the output files as they were', async () => {
    const before = statSync(join(out(), 'handbook/install.html')).ino
    const { rendered } = await rebuildAndCompare()
    expect(rendered).toBe(0)
    // The same file, linked into the new output: not written again.
    expect(statSync(join(out(), 'handbook/install.html')).ino).toBe(before)
  }, 120_000)

  it('a sentence added to one page renders that page alone', async () => {
    edit('handbook/install.md', (t) => t + '\n又加了一句话。\n')
    const { rendered } = await rebuildAndCompare()
    expect(rendered).toBe(1)
    expect(readFileSync(join(out(), 'handbook/install.html'), 'utf8')).toContain('又加了一句话。')
  }, 120_000)

  // The cache leaves a file unread when its size, times and inode are as recorded: an edit that
  // keeps the size and puts the modification time back still changes the change time.
  it('a same-size edit with the old modification time is still seen, and so is a touch', async () => {
    // A whole second: a time set back through a Date (milliseconds) is then exactly the old one.
    const then = new Date('2025-06-01T00:00:00Z')
    edit('handbook/install.md', (t) => t + '\n这一句会改一个字。\n')
    utimesSync(page('handbook/install.md'), then, then)
    await rebuildAndCompare()
    const before = statSync(page('handbook/install.md'))
    edit('handbook/install.md', (t) => t.replace('这一句会改一个字。', '这一句已改一个字。'))
    utimesSync(page('handbook/install.md'), then, then)
    expect(statSync(page('handbook/install.md')).mtimeMs).toBe(before.mtimeMs)
    expect(statSync(page('handbook/install.md')).size).toBe(before.size)
    const edited = await rebuildAndCompare()
    expect(edited.rendered).toBe(1)
    expect(readFileSync(join(out(), 'handbook/install.html'), 'utf8')).toContain('这一句已改一个字。')

    // A touch alone: the stamp differs, the text does not (what is rendered follows the page's last-updated date, from the file's time).
    utimesSync(page('handbook/install.md'), new Date(), new Date())
    await rebuildAndCompare()
  }, 120_000)

  it('a page added, renamed and deleted', async () => {
    writeFileSync(page('handbook/extra.md'), '---\ntitle: 附加页\ndate: 2025-7-1\ntags:\n  - 新标签\n---\n\n一页新的内容。\n')
    // A new route changes the route map, whose address every page names: every page is made again.
    await rebuildAndCompare()
    expect(readFileSync(join(out(), 'handbook/extra.html'), 'utf8')).toContain('一页新的内容。')

    renameSync(page('handbook/extra.md'), page('handbook/more.md'))
    await rebuildAndCompare()
    expect(readdirSync(join(out(), 'handbook'))).toContain('more.html')
    expect(readdirSync(join(out(), 'handbook'))).not.toContain('extra.html')

    rmSync(page('handbook/more.md'))
    await rebuildAndCompare()
    expect(readdirSync(join(out(), 'handbook'))).not.toContain('more.html')
  }, 240_000)

  it("a title change renders the pages that show it (the page, its sidebar's readers, its neighbours, the lists)", async () => {
    edit('handbook/install.md', (t) => t.replace('title: 安装指南', 'title: 安装与升级'))
    const { rendered, documents } = await rebuildAndCompare()
    expect(rendered).toBeGreaterThan(1)
    expect(rendered).toBeLessThan(documents)
    expect(readFileSync(join(out(), 'handbook/faq.html'), 'utf8')).toContain('安装与升级')
  }, 120_000)

  it('a tag added that another page has: the page and the lists that show it', async () => {
    edit('handbook/faq.md', (t) => t.replace('  - 排错', '  - 排错\n  - 入门'))
    const { rendered, documents } = await rebuildAndCompare()
    expect(rendered).toBeGreaterThan(1)
    expect(rendered).toBeLessThan(documents)
    expect(readFileSync(join(out(), 'tag/入门/index.html'), 'utf8')).toContain('常见问题')
  }, 120_000)

  it('a tag no other page has: a new list page', async () => {
    edit('handbook/faq.md', (t) => t.replace('  - 排错', '  - 故障排除'))
    await rebuildAndCompare()
    expect(readFileSync(join(out(), 'tag/故障排除/index.html'), 'utf8')).toContain('常见问题')
  }, 120_000)

  it('a config change renders every page', async () => {
    const config = join(site.root, 'gptnotes.config.ts')
    writeFileSync(config, readFileSync(config, 'utf8').replace('用于浏览器测试的小型站点。', '一个改过描述的站点。'))
    const { rendered, documents } = await rebuildAndCompare()
    expect(rendered).toBe(documents)
  }, 120_000)
})
