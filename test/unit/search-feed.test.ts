// The search index's entries taken while the pages parse: pages come in any order (the parse's
// threads finish out of order, cached pages first), the index is made of them in page order.
import { describe, expect, it } from 'vitest'
import type { ParsedPage } from '../../src/render/content/parse-page.js'
import { SearchFeed } from '../../src/render/outputs/search-entries.js'
import { buildSearchShards } from '../../src/search/build/builder.js'
import { buildSearchIndex } from '../../src/render/outputs/search-index.js'
import type { SiteConfig } from '../../src/shared/types.js'

const config = { title: '我的GPT笔记', themeConfig: { search: true } } as SiteConfig
const page = (i: number, publish = true): ParsedPage =>
  ({
    page: { title: `第 ${i} 篇：配置文件`, path: `/guide/p${i}.html`, headers: [{ level: 2, title: `准备 ${i}`, slug: `zhun-bei-${i}` }], frontmatter: publish ? {} : { publish: false } },
    text: `第 ${i} 篇的正文，讲配置文件和模型参数。`.repeat(1 + (i % 5)),
  }) as unknown as ParsedPage

describe('the search feed', () => {
  const pages = Array.from({ length: 40 }, (_, i) => page(i, i % 13 !== 5))
  const order = [...pages.keys()].sort((a, b) => ((a * 17) % 40) - ((b * 17) % 40))

  it('packs the pages in page order whatever order they come in, drafts left out', async () => {
    const feed = SearchFeed.start(config, pages.length)!
    for (const i of order) feed.put(pages[i], i)
    expect(feed.complete(pages.length)).toBe(true)
    expect(feed.builder.key()).toMatch(/^[0-9a-f]{16}-[0-9a-f]{64}$/)
    const shards = await feed.builder.finish()
    const expected = buildSearchShards(buildSearchIndex(pages, config.title).pages, '')
    expect(shards.manifest).toEqual(expected.manifest)
    expect(shards.files).toEqual(expected.files)
  })

  it('gives the same key in any order, and is complete only once every page is in', () => {
    const inOrder = SearchFeed.start(config, pages.length)!
    pages.forEach((p, i) => inOrder.put(p, i))
    const shuffled = SearchFeed.start(config, pages.length)!
    order.slice(0, -1).forEach((i) => shuffled.put(pages[i], i))
    expect(shuffled.complete(pages.length)).toBe(false)
    shuffled.put(pages[order.at(-1)!], order.at(-1)!)
    expect(shuffled.complete(pages.length)).toBe(true)
    expect(shuffled.builder.key()).toBe(inOrder.builder.key())
  })

  it('tells its builder to pack once the last page is in, whatever order the pages come in', () => {
    const calls: string[] = []
    const builder = { add: () => calls.push('add'), pack: () => calls.push('pack'), key: () => '', finish: () => Promise.reject(new Error('not asked')), abandon: () => {} }
    const feed = new SearchFeed(config.title, builder, pages.length)
    order.slice(0, -1).forEach((i) => feed.put(pages[i], i))
    expect(calls).not.toContain('pack')
    feed.put(pages[order.at(-1)!], order.at(-1)!)
    expect(calls.filter((c) => c === 'pack')).toHaveLength(1)
    expect(calls.at(-1)).toBe('pack') // after every entry was added
    expect(calls.filter((c) => c === 'add')).toHaveLength(pages.filter((p) => p.page.frontmatter.publish !== false).length)
  })

  it('is not taken when search is off', () => {
    expect(SearchFeed.start({ ...config, themeConfig: { search: false } } as SiteConfig, pages.length)).toBeUndefined()
  })
})
