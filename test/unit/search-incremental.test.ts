import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SearchIndexBuilder, type SearchShards } from '../../src/search/build/builder.js'
import { createSearchBuilder } from '../../src/search/build/index.js'
import { ItemCache } from '../../src/search/build/item-cache.js'
import type { SearchEntry } from '../../src/search/format/rank.js'
import { withCorpusEntries } from '../helpers/search-corpus.js'

// Small tiers, so that the common bigram lists of a few hundred pages (配置 among them) are tiered, as at 10,000 pages.
const TIER_BYTES = 1024

/** The index of `entries`, packed with the items and lists kept in `file` (none: a cold build). */
function pack(entries: SearchEntry[], file?: string): SearchShards {
  const builder = new SearchIndexBuilder(undefined, undefined, TIER_BYTES, new ItemCache(file, 'test'), file ? { file: `${file}.state`, code: 'test' } : undefined)
  for (const entry of entries) builder.add(entry)
  return builder.finish('/s/')
}

const edited = (entries: SearchEntry[], page: number, edit: (e: SearchEntry) => SearchEntry) => entries.map((e, i) => (i === page ? edit(e) : e))

describe('the search index packed again after a change of pages', () => {
  let entries: SearchEntry[] = []
  withCorpusEntries(300, (e) => (entries = e))
  const dir = mkdtempSync(join(tmpdir(), 'gptnotes-search-items-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('is byte for byte a cold build, and encodes again only the items a change touches', () => {
    const file = join(dir, 'items.bin')
    const first = pack(entries, file)
    expect(first.stats!.reused).toBe(0)
    const all = first.stats!.encoded
    const newPage: SearchEntry = { t: '新加的页面', p: '/handbook/new-page.html', h: [['琥珀色的灯塔', 'deng-ta']], x: '这一页是新加的：琥珀色的灯塔照着配置文件的目录。' }
    // Whether pages after the change shift (every list and record holding one of them is encoded again).
    const changes: [string, (e: SearchEntry[]) => SearchEntry[], shifts: boolean][] = [
      // 配置 is tiered: its position stays, its tier group (by the character after it) changes.
      ['the word after a common one changed', (e) => edited(e, e.findIndex((p) => p.x.includes('配置文件')), (p) => ({ ...p, x: p.x.replaceAll('配置文', '配置参') })), false],
      ['a body edit', (e) => edited(e, 150, (p) => ({ ...p, x: p.x.replace(/。/, '，以及琥珀色的灯塔。') })), false],
      ['a page added', (e) => [...e.slice(0, 100), newPage, ...e.slice(100)], true],
      ['a page deleted', (e) => e.filter((_, i) => i !== 200), true],
      ['a title changed', (e) => edited(e, 250, (p) => ({ ...p, t: `${p.t}（修订版）` })), false],
      // Keys only it held leave the index (琥珀 stays: page 151 has it), new ones come in.
      ['the added page rewritten', (e) => edited(e, 100, (p) => ({ ...p, t: '改写过的一页', h: [], x: '全部改写：只剩下 zebra 斑马和一句话。' })), false],
      ['two pages edited, the last too', (e) => edited(edited(e, 30, (p) => ({ ...p, x: `${p.x}配置文件放在别处。` })), e.length - 1, (p) => ({ ...p, h: [...p.h, ['新的小节', 'xin-de-xiao-jie']] })), false],
      ['a body edit again', (e) => edited(e, 151, (p) => ({ ...p, x: p.x.replace('琥珀色的灯塔', '灯塔') })), false],
    ]
    let now = entries
    for (const [what, change, shifts] of changes) {
      now = change(now)
      const cold = pack(now)
      const warm = pack(now, file)
      expect({ what, manifest: warm.manifest }).toEqual({ what, manifest: cold.manifest })
      expect(warm.files.length, what).toBe(cold.files.length)
      warm.files.forEach(([name, data], i) => {
        expect(name).toBe(cold.files[i][0])
        expect(Buffer.compare(Buffer.from(data), Buffer.from(cold.files[i][1])), `${what}: ${name}`).toBe(0)
      })
      // An edit touches its page's keys' lists, its text and record: far fewer than the index's
      // items. A page added or deleted shifts the pages after it: their texts are still reused.
      expect(warm.stats!.encoded, what).toBeGreaterThan(0)
      if (shifts) expect(warm.stats!.reused, what).toBeGreaterThanOrEqual(now.length - 1)
      else expect(warm.stats!.encoded, what).toBeLessThan(all / 4)
    }
  }, 600_000)

  it('is still a cold build when the dictionary changes (an edit of the first page)', () => {
    const file = join(dir, 'first.bin')
    pack(entries, file)
    const now = edited(entries, 0, (p) => ({ ...p, x: `开头改了：${p.x}` }))
    const warm = pack(now, file)
    const cold = pack(now)
    expect(warm.manifest).toEqual(cold.manifest)
    expect(warm.files.map(([n, d]) => [n, Buffer.from(d).toString('base64')])).toEqual(cold.files.map(([n, d]) => [n, Buffer.from(d).toString('base64')]))
  })

  it('keeps the items in the build cache: the render’s builder reuses them', async () => {
    const cacheDir = join(dir, 'cache')
    const build = async (pages: SearchEntry[]) => {
      const builder = createSearchBuilder({ pages: pages.length, cacheDir })
      for (const entry of pages) builder.add(entry)
      builder.pack()
      builder.key()
      return builder.finish(() => pages)
    }
    const first = await build(entries)
    const now = edited(entries, 120, (p) => ({ ...p, x: `${p.x}又加了一句。` }))
    const again = await build(now)
    expect(again.stats!.encoded).toBeGreaterThan(0)
    expect(again.stats!.encoded).toBeLessThan(first.stats!.encoded / 4)
    const cold = await createSearchBuilder({ pages: now.length })
    now.forEach((e) => cold.add(e))
    const plain = await cold.finish()
    expect(again.files.map(([n, d]) => [n, Buffer.from(d).toString('base64')])).toEqual(plain.files.map(([n, d]) => [n, Buffer.from(d).toString('base64')]))
  })
})
