import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { SearchEntry, Suggestion } from '../../src/search/format/rank.js'
import { queriesFrom, withCorpusEntries } from '../helpers/search-corpus.js'
import { packed } from '../helpers/search-packs.js'
import { REPO_ROOT } from '../helpers/sites.js'

/**
 * The packed index against stored answers: what the index before packing (one file per bucket and
 * per page text) suggested for 400 queries on 300 generated pages, page by page and in order.
 * `SEARCH_EXPECTED_WRITE=1` writes the answers again (only from an index known to be right).
 */
const PAGES = 300
const EXPECTED = join(REPO_ROOT, 'test/fixtures/search-packed/expected-300.json')
const DIR = '/gpt/assets/search/x/'

const brief = (s: Suggestion[]) => s.map((x) => `${x.kind[0]} ${x.path}`).join('\n')

describe(`packed search on ${PAGES} generated pages`, () => {
  let entries: SearchEntry[]
  withCorpusEntries(PAGES, (e) => (entries = e))

  it('finds the same pages, in the same order, as the index before packing', async () => {
    const { engine, files } = packed(entries, DIR)
    // Packs small enough that a host ignoring ranges sends a query little, yet not a file per bucket or page.
    expect(files.length).toBeLessThan(PAGES / 2)
    const queries = [...queriesFrom(entries, 400, 11), 'api', 'node', 'gpt', 'prompt', '配置文件', '配置参数', '注册', 'api 请求', 'node 安装 版本']
    const got: Record<string, string> = {}
    for (const q of queries) got[q] = brief(await engine.search(q, 10))
    if (process.env.SEARCH_EXPECTED_WRITE === '1' || !existsSync(EXPECTED)) writeFileSync(EXPECTED, JSON.stringify(got, null, 0) + '\n')
    const expected = JSON.parse(readFileSync(EXPECTED, 'utf8')) as Record<string, string>
    expect(Object.keys(expected).length).toBeGreaterThan(300)
    expect(Object.values(expected).filter(Boolean).length).toBeGreaterThan(300)
    for (const q of Object.keys(expected)) expect(got[q], q).toBe(expected[q])
  })
})
