import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildSite } from '../../src/render/build-site.js'
import { copyFixture } from '../helpers/sites.js'

/**
 * A page's content is written once: in its HTML. The client reads a route's data back from the
 * HTML (hydration from the DOM, navigation from the fetched page), so no chunk repeats it. The
 * search index keeps its own text (its size has its own budget) and is left out here.
 */
const PARAGRAPH = '独一无二的段落：青蛙在月光下数着七十三颗露珠，然后把它们排成一行。'

describe("a page's content in the output", () => {
  const { root, cleanup } = copyFixture('minimal')
  afterAll(cleanup)
  mkdirSync(join(root, 'content/notes'), { recursive: true })
  writeFileSync(join(root, 'content/notes/once.md'), `---\ntitle: 一次\ndate: 2025-3-1\ntags: [独]\n---\n\n开头一句。\n\n## 小节\n\n${PARAGRAPH}\n`)

  it('is held once, by the page itself: its HTML carries it once, no chunk or other file does (the search index aside)', async () => {
    const { files } = await buildSite({ root })
    const text = (contents: unknown) => (typeof contents === 'string' ? contents : contents instanceof Uint8Array ? Buffer.from(contents).toString('utf8') : '')
    const count = (s: string, needle: string) => s.split(needle).length - 1
    const holders = [...files].filter(([, contents]) => text(contents).includes(PARAGRAPH)).map(([path]) => path)
    const isSearch = (path: string) => /(^|\/)search[./]/.test(path)
    expect(holders.filter((p) => !isSearch(p))).toEqual(['notes/once.html'])
    const page = text(files.get('notes/once.html'))
    expect(count(page, PARAGRAPH)).toBe(1)
    // No script under assets/js names the page's text at all (the page chunks are gone, lists hold titles only).
    for (const [path, contents] of files) if (path.startsWith('assets/js/') && !isSearch(path)) expect(text(contents), path).not.toContain(PARAGRAPH)
  })
})
