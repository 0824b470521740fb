import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openParseCache, parserInputs, parserKey } from '../../src/render/content/parse-cache.js'
import { parsePage, type ParsedPage } from '../../src/render/content/parse-page.js'
import { REPO_ROOT } from '../helpers/sites.js'

const installedVersion = (name: string) => (JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version

const PAGE = { relativePath: 'handbook/a.md', source: '# 标题\n\n## 第一节 Hello\n\n正文。\n' }

/** What a build does with the cache: take the page from it, or parse and remember it. */
function build(cacheDir: string, key: string): { parsed: ParsedPage; fromCache: boolean } {
  const cache = openParseCache(cacheDir, '/gpt/', key)
  const hit = cache.get(PAGE.relativePath, PAGE.source)
  if (hit) return { parsed: hit, fromCache: true }
  const parsed = parsePage(PAGE, { base: '/gpt/' })
  cache.set(PAGE.relativePath, PAGE.source, parsed)
  cache.save(new Set([PAGE.relativePath]))
  return { parsed, fromCache: false }
}

describe('parse cache key', () => {
  it('covers every project module the parse imports, found by following its imports', () => {
    const { files } = parserInputs()
    for (const file of ['parse-page.ts', 'frontmatter.ts', '../markdown/to-html.ts', '../markdown/visit.ts', '../../shared/slug.ts', '../../shared/paths.ts', '../../shared/escape.ts']) {
      expect(Object.keys(files)).toContain(file)
    }
    // Type-only imports do not run: the types module is not a dependency.
    expect(Object.keys(files)).not.toContain('../../shared/types.ts')
  })

  it('records the installed versions of the packages the parse uses, and of their own dependencies', () => {
    const { packages } = parserInputs()
    for (const name of ['gray-matter', 'highlight.js', 'image-size', 'hast-util-to-html', 'mdast-util-from-markdown', 'mdast-util-to-hast', 'micromark-extension-gfm-table']) {
      expect(packages[name], name).toBe(installedVersion(name))
    }
    // Reached only through mdast-util-from-markdown.
    expect(packages.micromark).toBe(installedVersion('micromark'))
    // Not imported by the parse.
    expect(packages).not.toHaveProperty('react')
    expect(packages).not.toHaveProperty('commander')
  })
})

describe('parse cache', () => {
  let dir: string
  let src: string
  let cacheDir: string
  const entry = () => join(src, 'render/content/parse-page.ts')
  const keyOfCopy = () => parserKey(parserInputs([entry()]))

  beforeEach(() => {
    // A copy of the sources and of the installed packages' manifests, to change them safely.
    dir = mkdtempSync(join(tmpdir(), 'gptnotes-parse-cache-'))
    src = join(dir, 'src')
    cacheDir = join(dir, 'cache')
    cpSync(join(REPO_ROOT, 'src'), src, { recursive: true })
    mkdirSync(join(dir, 'node_modules'))
    for (const name of readdirSync(join(REPO_ROOT, 'node_modules'))) {
      if (name !== 'highlight.js') symlinkSync(join(REPO_ROOT, 'node_modules', name), join(dir, 'node_modules', name))
    }
    mkdirSync(join(dir, 'node_modules/highlight.js'))
    cpSync(join(REPO_ROOT, 'node_modules/highlight.js/package.json'), join(dir, 'node_modules/highlight.js/package.json'))
  })
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it('serves an unchanged page from the cache', () => {
    expect(build(cacheDir, keyOfCopy()).fromCache).toBe(false)
    const again = build(cacheDir, keyOfCopy())
    expect(again.fromCache).toBe(true)
    expect(again.parsed.page.headers).toEqual([{ level: 2, title: '第一节 Hello', slug: '第一节-hello' }])
  })

  it('parses a page again when a slug rule changes', () => {
    build(cacheDir, keyOfCopy())
    const slugFile = join(src, 'shared/slug.ts')
    writeFileSync(slugFile, readFileSync(slugFile, 'utf8') + '\n// a changed rule\nexport const CHANGED_RULE = true\n')
    expect(build(cacheDir, keyOfCopy()).fromCache).toBe(false)
  })

  it('covers a module the parse starts to import', () => {
    const headings = join(src, 'render/markdown/headings.ts')
    writeFileSync(headings, `import '../../shared/new-rule.js'\n${readFileSync(headings, 'utf8')}`)
    writeFileSync(join(src, 'shared/new-rule.ts'), 'export const RULE = 1\n')
    const before = keyOfCopy()
    writeFileSync(join(src, 'shared/new-rule.ts'), 'export const RULE = 2\n')
    expect(keyOfCopy()).not.toBe(before)
  })

  it('parses a page again when an installed package changes version', () => {
    build(cacheDir, keyOfCopy())
    expect(parserInputs([entry()]).packages['highlight.js']).toBe(installedVersion('highlight.js'))
    const manifest = join(dir, 'node_modules/highlight.js/package.json')
    writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), version: '99.0.0' }))
    expect(parserInputs([entry()]).packages['highlight.js']).toBe('99.0.0')
    expect(build(cacheDir, keyOfCopy()).fromCache).toBe(false)
  })

  it('parses a page again when the recorded version of a dependency differs', () => {
    const inputs = parserInputs([entry()])
    build(cacheDir, parserKey(inputs))
    expect(build(cacheDir, parserKey(inputs)).fromCache).toBe(true)
    const newer = { ...inputs, packages: { ...inputs.packages, micromark: '5.0.0' } }
    expect(build(cacheDir, parserKey(newer)).fromCache).toBe(false)
  })
})

describe('parse cache bodies', () => {
  let cacheDir: string
  beforeEach(() => (cacheDir = mkdtempSync(join(tmpdir(), 'gptnotes-parse-bodies-'))))
  afterEach(() => rmSync(cacheDir, { recursive: true, force: true }))

  const page = (n: number) => ({ relativePath: `p${n}.md`, source: `# 第 ${n} 页\n\n正文 ${n}，**重点**。\n` })
  const indexOf = () => readFileSync(join(cacheDir, readdirSync(cacheDir).find((f) => f.endsWith('.json'))!), 'utf8')
  const bodyFiles = () => readdirSync(cacheDir).filter((f) => f.endsWith('.bodies'))

  it('hands back the HTML and text the parse made, kept in body files beside an index that holds neither', () => {
    const cache = openParseCache(cacheDir, '/gpt/', 'k')
    const parsed = [1, 2, 3].map((n) => parsePage(page(n), { base: '/gpt/' }))
    parsed.forEach((p, i) => expect(cache.set(page(i + 1).relativePath, page(i + 1).source, p)).toEqual(p))
    cache.save(new Set(['p1.md', 'p2.md', 'p3.md']))
    expect(indexOf()).not.toContain('<strong>重点</strong>')
    expect(bodyFiles()).toHaveLength(1)

    const again = openParseCache(cacheDir, '/gpt/', 'k')
    for (const [i, p] of parsed.entries()) {
      const hit = again.get(page(i + 1).relativePath, page(i + 1).source)!
      expect(hit.html).toBe(p.html)
      expect(hit.html).toContain('<strong>重点</strong>')
      expect(hit.text).toBe(p.text)
      expect({ ...hit }).toEqual(p)
    }
  })

  it('does not grow with every edit: old bodies are dropped, and pages handed out before still read theirs', () => {
    // Long pages: what edits leave behind passes the slack allowed before compacting.
    const long = (n: number, round: number) => ({ relativePath: `p${n}.md`, source: `# 第 ${n} 页\n\n` + `第 ${round} 次修改的长段落，${n}。\n\n`.repeat(4000) })
    const cache = openParseCache(cacheDir, '/gpt/', 'k')
    const kept = cache.set('p2.md', long(2, 0).source, parsePage(long(2, 0), { base: '/gpt/' }))
    const expected = parsePage(long(2, 0), { base: '/gpt/' })
    let live = 0
    for (let round = 0; round < 12; round++) {
      const edited = cache.set('p1.md', long(1, round).source, parsePage(long(1, round), { base: '/gpt/' }))
      cache.save(new Set(['p1.md', 'p2.md']))
      expect(edited.html).toContain(`第 ${round} 次修改的长段落`)
      live = Buffer.byteLength(edited.html + edited.text) + Buffer.byteLength(expected.html + expected.text)
    }
    const total = bodyFiles().reduce((n, f) => n + readFileSync(join(cacheDir, f)).length, 0)
    expect(total).toBeLessThanOrEqual(2 * live + (1 << 20))
    expect(kept.html).toBe(expected.html)
    expect(kept.text).toBe(expected.text)
    const again = openParseCache(cacheDir, '/gpt/', 'k')
    expect(again.get('p1.md', long(1, 11).source)!.html).toContain('第 11 次修改的长段落')
    expect(again.get('p2.md', long(2, 0).source)!.html).toBe(expected.html)
  })

  it('misses a page whose body file is gone', () => {
    const cache = openParseCache(cacheDir, '/gpt/', 'k')
    cache.set(page(1).relativePath, page(1).source, parsePage(page(1), { base: '/gpt/' }))
    cache.save(new Set(['p1.md']))
    for (const f of bodyFiles()) rmSync(join(cacheDir, f))
    expect(openParseCache(cacheDir, '/gpt/', 'k').get(page(1).relativePath, page(1).source)).toBeUndefined()
  })
})


describe('the caches and the parse options', () => {
  it('parse a page again when the site\'s time zone changes (it is in the caches\' key), in memory and on disk', async () => {
    const { BuildCaches } = await import('../../src/render/build-caches.js')
    const { parseOptionsKey } = await import('../../src/render/content/parse-options.js')
    expect(parseOptionsKey({ base: '/gpt/', timeZone: 'UTC' })).not.toBe(parseOptionsKey({ base: '/gpt/', timeZone: 'Asia/Shanghai' }))
    const cacheDir = mkdtempSync(join(tmpdir(), 'gptnotes-zone-cache-'))
    try {
      const sources = [{ relativePath: 'a.md', source: '---\ntitle: 甲\ndate: 2022-03-11T19:00:00Z\n---\n\n正文。\n' }]
      const caches = new BuildCaches(cacheDir)
      const at = async (timeZone: string, builder = caches) => {
        const { pages, fresh } = await builder.parsePages(sources, { base: '/gpt/', contentDir: cacheDir, timeZone })
        return [pages[0].page.frontmatter.date, fresh]
      }
      expect(await at('Asia/Shanghai')).toEqual(['2022-3-12 03:00:00', 1])
      expect(await at('Asia/Shanghai')).toEqual(['2022-3-12 03:00:00', 0])
      expect(await at('UTC')).toEqual(['2022-3-11 19:00:00', 1])
      // A new builder over the same folder (the next CLI build) keeps each zone's pages apart.
      expect(await at('Asia/Shanghai', new BuildCaches(cacheDir))).toEqual(['2022-3-12 03:00:00', 0])
      expect(await at('UTC', new BuildCaches(cacheDir))).toEqual(['2022-3-11 19:00:00', 0])
    } finally {
      rmSync(cacheDir, { recursive: true, force: true })
    }
  })
})
