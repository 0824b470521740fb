import { describe, expect, it } from 'vitest'
import { fold, matchInText, parseQuery, prepareIndex, search, type SearchEntry } from '../../src/search/format/rank.js'
import { Kind, bucketItem, hashKey, hashUnits, itemLocator, parseBucket, type ShardKey } from '../../src/search/format/shards.js'
import { TIER_CLASSES, TIER_GROUPS, termBounds, termPlan, tierSlot } from '../../src/search/format/tiers.js'
import { buildSearchShards } from '../../src/search/build/builder.js'
import { createSearchEngine } from '../../src/search/query/engine.js'
import { createRangeReader } from '../../src/search/query/read-range.js'
import { queriesFrom, withCorpusEntries } from '../helpers/search-corpus.js'
import { packed } from '../helpers/search-packs.js'

const DIR = '/gpt/assets/search/x/'
const page = (t: string, p: string, x = '', h: [string, string][] = []): SearchEntry => ({ t, p, h, x })

/** Two characters after 配置 that fall in the same tier group and class as 文件 without being 文件. */
function lookalike(): string {
  const cjk = Array.from({ length: 2000 }, (_, i) => String.fromCharCode(0x4e00 + i))
  const group = hashKey('文', TIER_GROUPS)
  const cls = hashKey('文件', TIER_CLASSES)
  for (const c of cjk) {
    if (hashKey(c, TIER_GROUPS) !== group) continue
    for (const d of cjk) if (c + d !== '文件' && hashKey(c + d, TIER_CLASSES) === cls) return c + d
  }
  throw new Error('no lookalike')
}

describe('tiers of large bigram lists', () => {
  const fake = lookalike()
  // Pages full of 配置 and 文件 (high bigram counts), some with 配置 followed by a pair of its class
  // (high class counts), few with the phrase: the top body page is the one with the phrase most often, late in page order.
  const entries: SearchEntry[] = [
    ...Array.from({ length: 30 }, (_, i) => page(`甲${i}`, `/a${i}.html`, '配置，文件。'.repeat(25))),
    ...Array.from({ length: 30 }, (_, i) => page(`乙${i}`, `/b${i}.html`, `配置${fake}。`.repeat(12) + '文件很多。'.repeat(12))),
    page('丙', '/c1.html', '说明配置文件的写法。'),
    page('丁', '/c2.html', '配置文件，配置文件，还有配置文件。' + `配置${fake}`.repeat(3)),
    page('戊', '/c3.html', '先看文件，再改配置文件。'),
    page('己', '/c4.html', '哈哈哈哈哈，哈。配置文'),
  ]
  const reference = prepareIndex({ v: 1, pages: entries })

  it('ranks exactly: a page whose bigram and class counts are high but whose phrase count is low does not win', async () => {
    const { run, fetched, manifest, byUrl } = packed(entries, DIR, undefined, undefined, 0)
    // 配置 and 文件 are tiered: their buckets hold stubs, not positions.
    expect(manifest.v).toBe(6)
    expect(byUrl.size).toBeGreaterThan(manifest.k.length)
    const got = await run('配置文件', 10)
    expect(got).toEqual(search(reference, '配置文件', 10))
    expect(got[0].path).toBe('/c2.html')
    expect(got.map((s) => s.path)).toEqual(['/c2.html', '/c1.html', '/c3.html'])
    // One group of 配置's tier was read. The pages full of 配置 and 文件 that no pair of 文件's class
    // follows were ranked out on their bounds (no text read); those full of the lookalike had to be read.
    expect(fetched.filter((f) => f.startsWith('x'))).toHaveLength(1)
    const texts = fetched.filter((f) => /^t\d+$/.test(f)).map((f) => Number(f.slice(1)))
    expect(texts.filter((p) => p < 30)).toEqual([])
    expect(texts.filter((p) => p >= 30 && p < 60).length).toBe(30)
    for (const q of ['配置', '文件', '配置文', '置文件', '哈哈', '哈哈哈', '配置 文件', `配置${fake}`, `配置${fake}。`, '文件很多', '配置文件的写法', '件，配置']) {
      for (const max of [1, 3, 10, 100]) expect(await run(q, max), `${q} (max ${max})`).toEqual(search(reference, q, max))
    }
  })

  it('from a host that ignores ranges: the same suggestions, tier packs read whole, each pack fetched once after the first answer', async () => {
    const { manifest, files } = buildSearchShards(entries, DIR, undefined, 1024, 0)
    const byUrl = new Map(files.map(([name, data]) => [DIR + name, data]))
    const calls: string[] = []
    const engine = createSearchEngine(
      manifest,
      createRangeReader(async (url) => {
        calls.push(url)
        return new Response(byUrl.get(url)!.slice(), { status: 200 })
      }),
    )
    expect(await engine.search('配置文件', 10)).toEqual(search(reference, '配置文件', 10))
    const first = calls.length
    for (const q of ['配置文', '置文件', '配置', `配置${fake}`, '文件很多']) expect(await engine.search(q, 10), q).toEqual(search(reference, q, 10))
    const later = calls.slice(first)
    expect(new Set(later).size).toBe(later.length)
    expect(later.filter((u) => calls.slice(0, first).includes(u))).toEqual([])
    // Tier packs lie after the packs of the first part's `k`.
    expect(calls.some((u) => Number(u.slice(DIR.length, -'.bin'.length)) >= manifest.k.length)).toBe(true)
  })

  it('bounds are sound: never fewer matches, never a later first match than the text has; exact when they say so', () => {
    const { manifest, files } = buildSearchShards(entries, DIR, undefined, undefined, 0)
    const byUrl = new Map(files.map(([name, data]) => [DIR + name, data]))
    const locate = itemLocator(manifest)
    const bytes = (item: string) => {
      const { url, start, end } = locate(item)
      return byUrl.get(url)!.subarray(start, end)
    }
    const bucketOf = (key: ShardKey) => parseBucket(bytes(bucketItem(manifest, key)))
    let loose = 0
    for (const q of ['配置文件', '配置文', '置文件', `配置${fake}`, '哈哈', '哈哈哈', '配置', '文件很多', '件，配置']) {
      const [term] = parseQuery(q)
      const bounds = termBounds(termPlan(term, bucketOf), bytes)
      entries.forEach((e, p) => {
        const exact = matchInText(fold(e.x), term)
        const bound = bounds.get(p)
        if (!exact) {
          if (bound) loose++
          expect(bound?.exact ?? false, `${q} on ${e.p}`).toBe(false)
          return
        }
        expect(bound, `${q} on ${e.p}`).toBeDefined()
        expect(bound!.count).toBeGreaterThanOrEqual(exact.count)
        expect(bound!.first).toBeLessThanOrEqual(exact.first)
        if (bound!.exact) expect({ count: bound!.count, first: bound!.first }).toEqual(exact)
        else if (bound!.count > exact.count || bound!.first < exact.first) loose++
      })
    }
    // The lookalike pages are bounded above what they hold: the engine had to read texts to rank them.
    expect(loose).toBeGreaterThan(30)
  })

  it('a slot is set by the two characters after a bigram, -1 before a character that is not CJK', () => {
    expect(tierSlot('配置文件', 0)).toBe(hashKey('文', TIER_GROUPS) * (TIER_CLASSES + 1) + hashKey('文件', TIER_CLASSES))
    expect(tierSlot('配置文。', 0)).toBe(hashKey('文', TIER_GROUPS) * (TIER_CLASSES + 1) + TIER_CLASSES)
    expect(tierSlot('配置文', 0)).toBe(hashKey('文', TIER_GROUPS) * (TIER_CLASSES + 1) + TIER_CLASSES)
    expect(tierSlot('配置。文件', 0)).toBe(-1)
    expect(tierSlot('配置', 0)).toBe(-1)
    // The build hashes units, queries strings: the same hashes.
    for (const text of ['配置文件', '𝐀文字', 'ab文', '文ｱ', '한국어']) {
      for (const n of [1, 7, 32, 64, 2048]) {
        expect(hashUnits(n, text.charCodeAt(0)), text).toBe(hashKey(text[0], n))
        expect(hashUnits(n, text.charCodeAt(0), text.charCodeAt(1)), text).toBe(hashKey(text.slice(0, 2), n))
      }
    }
  })

  it('small lists stay in one tier: a site whose lists are all under the threshold has no tier pack and no stub', () => {
    const { manifest, files } = buildSearchShards(entries, DIR)
    expect(files).toHaveLength(manifest.k.length)
    const locate = itemLocator(manifest)
    const byUrl = new Map(files.map(([name, data]) => [DIR + name, data]))
    for (let k = 0; k < manifest.n.g; k++) {
      const { url, start, end } = locate(`g${k}`)
      const bucket = parseBucket(byUrl.get(url)!.subarray(start, end))
      expect([...bucket.lists.keys()].some((name) => name.startsWith(String(Kind.BodyTier)))).toBe(false)
    }
  })
})

describe('tiered search on the synthetic corpus (150 pages)', () => {
  let entries: SearchEntry[]
  withCorpusEntries(150, (e) => (entries = e))

  it.each([0, 512])('suggests exactly what a scan suggests with bigram lists past %i bytes tiered', { timeout: 150_000 }, async (tierBytes) => {
    const reference = prepareIndex({ v: 1, pages: entries })
    const { run, fetched } = packed(entries, DIR, undefined, undefined, tierBytes)
    const queries = [...queriesFrom(entries, 300, 7), '配置文件', '配置参数', '配置 文件', '例如', '服务器', '提示词', '配置文', '请求参数', 'api 请求']
    for (const q of queries) {
      for (const max of [10, 40]) expect(await run(q, max), `${q} (max ${max})`).toEqual(search(reference, q, max))
    }
    expect(fetched.some((f) => f.startsWith('x'))).toBe(true)
  })
})
