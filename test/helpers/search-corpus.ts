/**
 * The bench's synthetic Chinese corpus as a test site, and the search index the build would make
 * of it (title, path, headings, text of every page), for brute-force answers to compare with.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parsePage } from '../../src/render/content/parse-page.js'
import { buildSearchIndex } from '../../src/render/outputs/search-index.js'
import type { SearchEntry } from '../../src/search/format/rank.js'
import { afterAll, beforeAll } from 'vitest'
import { REPO_ROOT } from './sites.js'

/** A temporary site whose content is `bench/gen-corpus.mjs --n N` (deterministic). */
export function corpusSite(n: number): { root: string; cleanup: () => void } {
  const root = mkdtempSync(join(tmpdir(), `gptnotes-corpus-${n}-`))
  execFileSync(process.execPath, [join(REPO_ROOT, 'bench/gen-corpus.mjs'), '--n', String(n), '--out', join(root, 'content')], { stdio: 'ignore' })
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) }
}

/**
 * The index entries of the corpus at `n` pages for a describe block (as `withSite` gives a site):
 * the site is made and `set` called before its tests, and the site removed after them.
 */
export function withCorpusEntries(n: number, set: (entries: SearchEntry[]) => void): void {
  let cleanup: (() => void) | undefined
  beforeAll(() => {
    const site = corpusSite(n)
    cleanup = site.cleanup
    set(entriesOf(site.root, corpusPaths(site.root), 'GPT 中文教程'))
  })
  afterAll(() => cleanup?.())
}

/** Markdown file of a route path: `/` → README.md, `/a/b.html` → a/b.md. */
const sourceOf = (path: string) => (path === '/' ? 'README.md' : path.slice(1).replace(/\.html$/, '.md'))

/** The index entries of `paths` (in that order), made from the markdown as the build makes them. */
export function entriesOf(root: string, paths: string[], siteTitle: string): SearchEntry[] {
  const parsed = paths.map((p) => parsePage({ relativePath: sourceOf(p), source: readFileSync(join(root, 'content', sourceOf(p)), 'utf8') }, { base: '/gpt/' }))
  return buildSearchIndex(parsed, siteTitle).pages
}

/** Every article path of a corpus site, as its manifest lists them (plus the home page). */
export function corpusPaths(root: string): string[] {
  const manifest = JSON.parse(readFileSync(join(root, 'content/corpus.json'), 'utf8')) as { names: string[] }
  return ['/', ...manifest.names.map((name) => `/handbook/${name}.html`)]
}

/** Queries made from the entries themselves: characters, and substrings of titles, headings and text of many lengths. */
export function queriesFrom(entries: SearchEntry[], count: number, seed = 7): string[] {
  const out = new Set<string>()
  const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n)
  const texts = entries.flatMap((e) => [e.t, e.x, ...e.h.map(([h]) => h)]).filter(Boolean)
  for (const c of new Set(texts.join('').match(/[\u4e00-\u9fff]/g))) if (next(3) === 0) out.add(c)
  while (out.size < count) {
    const text = texts[next(texts.length)]
    const len = 1 + next(6)
    const at = next(Math.max(1, text.length - len))
    out.add(text.slice(at, at + len))
  }
  return [...out]
}
