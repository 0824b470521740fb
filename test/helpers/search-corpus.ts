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
import type { SearchEntry } from '../../src/shared/search.js'
import { REPO_ROOT } from './sites.js'

/** A temporary site whose content is `bench/gen-corpus.mjs --n N` (deterministic). */
export function corpusSite(n: number): { root: string; cleanup: () => void } {
  const root = mkdtempSync(join(tmpdir(), `gptnotes-corpus-${n}-`))
  execFileSync(process.execPath, [join(REPO_ROOT, 'bench/gen-corpus.mjs'), '--n', String(n), '--out', join(root, 'content')], { stdio: 'ignore' })
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) }
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
