// Every link of the front door and the guides leads somewhere in this repository: a relative link
// to a file or folder that exists, an anchor to a heading of its page (as GitHub makes the ids),
// and nothing points at files that are not part of the repository.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'

const REPO_ROOT = join(import.meta.dirname, '../..')


const markdownUnder = (dir: string): string[] =>
  readdirSync(join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdownUnder(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  )

/** The pages checked: the README, every page of docs/, and the benchmark's pages. */
export const PAGES = ['README.md', ...markdownUnder('docs'), 'bench/README.md', ...markdownUnder('bench/results')]

/** The text without fenced code blocks and code spans (a link there is an example, not a link). */
function prose(text: string): string {
  return text.replace(/^ *(```+|~~~+)[^\n]*\n[\s\S]*?^ *\1 *$/gm, '').replace(/(`+)[\s\S]*?\1/g, '')
}

/** A heading's id as GitHub makes it: lower case, punctuation dropped (CJK kept), spaces to `-`; repeats get `-1`, `-2`. */
export function headingIds(text: string): Set<string> {
  const ids = new Set<string>()
  const counts = new Map<string, number>()
  const withoutFences = text.replace(/^ *(```+|~~~+)[^\n]*\n[\s\S]*?^ *\1 *$/gm, '')
  for (const m of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const plain = m[1].replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, '')
    const base = plain.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '').replace(/ /g, '-')
    const n = counts.get(base) ?? 0
    counts.set(base, n + 1)
    ids.add(n ? `${base}-${n}` : base)
  }
  return ids
}

/** Every link target of a page: markdown links and images, and `src`/`href` of raw HTML. */
export function linksOf(text: string): string[] {
  const body = prose(text)
  const md = [...body.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1])
  const html = [...body.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((m) => m[1])
  return [...md, ...html]
}

/** What is wrong with one link of `page`, or undefined. */
export function problemOf(page: string, link: string): string | undefined {
  if (/^(https?:|mailto:)/i.test(link)) return undefined
  if (/^[a-z][a-z0-9+.-]*:/i.test(link)) return `${link}: not a page of this repository`
  const [pathPart, hash] = link.split('#', 2) as [string, string | undefined]
  const target = pathPart ? relative(REPO_ROOT, join(REPO_ROOT, dirname(page), decodeURIComponent(pathPart))) : page
  if (target.startsWith('..')) return `${link}: leads outside the repository`
  if (!existsSync(join(REPO_ROOT, target))) return `${link}: ${target} does not exist`
  if (hash === undefined || hash === '') return undefined
  if (statSync(join(REPO_ROOT, target)).isDirectory() || !target.endsWith('.md')) return `${link}: an anchor into ${target}, which has no headings`
  const ids = headingIds(readFileSync(join(REPO_ROOT, target), 'utf8'))
  return ids.has(decodeURIComponent(hash).toLowerCase()) ? undefined : `${link}: ${target} has no heading #${hash}`
}

describe('links of README.md, docs/ and bench/', () => {
  it('covers the front door, the guides, the references and the results', () => {
    for (const page of ['README.md', 'docs/guide/cli.md', 'docs/comments/run.md', 'docs/reference/config.md', 'bench/README.md', 'bench/results/2026-11-27.md'])
      expect(PAGES).toContain(page)
  })

  for (const page of PAGES) {
    it(`${page}: every relative link reaches a file, every anchor a heading`, () => {
      const text = readFileSync(join(REPO_ROOT, page), 'utf8')
      expect(linksOf(text).flatMap((link) => problemOf(page, link) ?? [])).toEqual([])
    })
  }

  it('names no file that is not part of the repository', () => {
    const outside = /design\.md|seed-spec|anchors-perf|shared\/research|shared\/spec|\/work\//
    const found = PAGES.filter((page) => outside.test(readFileSync(join(REPO_ROOT, page), 'utf8')))
    expect(found).toEqual([])
  })

  it('catches what it exists to catch', () => {
    expect(headingIds('# Output (`dist/`, base `/gpt/`)\n## Mascot (看板娘)\n## At the edge (Cloudflare Workers + D1)\n## A\n## A')).toEqual(
      new Set(['output-dist-base-gpt', 'mascot-看板娘', 'at-the-edge-cloudflare-workers--d1', 'a', 'a-1']),
    )
    expect(problemOf('README.md', 'docs/guide/cli.md')).toBeUndefined()
    expect(problemOf('README.md', 'docs/guide/nothing.md')).toMatch(/does not exist/)
    expect(problemOf('README.md', 'docs/guide/cli.md#no-such-heading')).toMatch(/no heading/)
    expect(problemOf('docs/guide/cli.md', '#gptnotes-build')).toBeUndefined()
    expect(problemOf('README.md', '../design.md')).toMatch(/outside the repository/)
    expect(problemOf('README.md', 'file:///etc/passwd')).toMatch(/not a page/)
    expect(linksOf('a [b](c.md) `[d](e.md)` <img src="f.png">\n```\n[g](h.md)\n```\n')).toEqual(['c.md', 'f.png'])
  })
})
