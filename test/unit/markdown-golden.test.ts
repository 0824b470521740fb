import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parsePage } from '../../src/render/content/parse-page.js'
import { FIXTURES } from '../helpers/sites.js'

/**
 * Golden fixtures: test/fixtures/markdown/X.md renders to X.html (the body) and X.json (the
 * Page entity, the links, assets and anchors, the ids a `#hash` may target, the search text and
 * the islands). Set UPDATE_GOLDEN=1 to rewrite them after a deliberate change, then review the diff.
 */
const dir = join(FIXTURES, 'markdown')
const cases = readdirSync(dir).filter((f) => f.endsWith('.md'))

describe('markdown → content (golden fixtures)', () => {
  it.each(cases)('%s', (name) => {
    const source = readFileSync(join(dir, name), 'utf8')
    const parsed = parsePage({ relativePath: `handbook/${name}`, source }, { base: '/gpt/' })
    const html = parsed.html + '\n'
    const { page, links, assets, anchors, ids, text, islands } = parsed
    const json = JSON.stringify({ page, links, assets, anchors, ids, text, islands }, null, 2) + '\n'
    const htmlFile = join(dir, name.replace(/\.md$/, '.html'))
    const jsonFile = join(dir, name.replace(/\.md$/, '.json'))
    if (process.env.UPDATE_GOLDEN || !existsSync(htmlFile)) {
      writeFileSync(htmlFile, html)
      writeFileSync(jsonFile, json)
    }
    expect(html).toBe(readFileSync(htmlFile, 'utf8'))
    expect(json).toBe(readFileSync(jsonFile, 'utf8'))
  })
})
