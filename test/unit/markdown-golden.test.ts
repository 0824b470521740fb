import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parsePage } from '../../src/render/content/parse-page.js'
import { FIXTURES } from '../helpers/sites.js'

/**
 * Golden fixtures: test/fixtures/markdown/X.md renders to X.html (the body) and X.json (the
 * Page entity, the links, assets and anchors, the ids a `#hash` may target, the search text and
 * the islands). A missing golden fails like a different one: only `UPDATE_GOLDEN=1` writes them
 * (after a deliberate change, or for a new X.md), and the diff is then reviewed.
 */
const dir = join(FIXTURES, 'markdown')
const files = readdirSync(dir)
const cases = files.filter((f) => f.endsWith('.md'))
const update = process.env.UPDATE_GOLDEN === '1'

/** The golden file's text; written first when updating. */
function golden(file: string, actual: string): string {
  const path = join(dir, file)
  if (update) writeFileSync(path, actual)
  if (!existsSync(path)) throw new Error(`${file} is missing: run UPDATE_GOLDEN=1 npx vitest run test/unit/markdown-golden.test.ts to write it, then review it`)
  return readFileSync(path, 'utf8')
}

describe('markdown → content (golden fixtures)', () => {
  it.each(cases)('%s', (name) => {
    const source = readFileSync(join(dir, name), 'utf8')
    const parsed = parsePage({ relativePath: `handbook/${name}`, source }, { base: '/gpt/' })
    const html = parsed.html + '\n'
    const { page, links, assets, anchors, ids, text, islands } = parsed
    const json = JSON.stringify({ page, links, assets, anchors, ids, text, islands }, null, 2) + '\n'
    expect(html).toBe(golden(name.replace(/\.md$/, '.html'), html))
    expect(json).toBe(golden(name.replace(/\.md$/, '.json'), json))
  })

  it('has a source for every golden file (a renamed or deleted X.md takes its goldens with it)', () => {
    const orphans = files.filter((f) => /\.(html|json)$/.test(f) && !cases.includes(f.replace(/\.(html|json)$/, '.md')))
    expect(orphans).toEqual([])
  })
})
