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
