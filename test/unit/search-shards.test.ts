import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createSearchEngine } from '../../src/search/query/engine.js'
import { prepareIndex, search, type SearchEntry } from '../../src/search/format/rank.js'
import { queriesFrom, withCorpusEntries } from '../helpers/search-corpus.js'
import { memoryReader, packed, recordsOf } from '../helpers/search-packs.js'

const DIR = '/gpt/assets/search/x/'

/** The packed index of `entries` in memory, with a search engine that records the items it reads. */
const sharded = (entries: SearchEntry[], target?: number, packTarget?: number) => packed(entries, DIR, target, packTarget)

describe('sharded search on the synthetic corpus (150 pages)', () => {
  let entries: SearchEntry[]
  withCorpusEntries(150, (e) => (entries = e))

  it('suggests exactly what a scan of every page text suggests: same pages, order, headings and excerpts', async () => {
    const reference = prepareIndex({ v: 1, pages: entries })
    const { run } = sharded(entries)
    const queries = [
      ...queriesFrom(entries, 400),
      // Latin words by prefix, one letter, digits, full width, several terms, nothing.
      ...['api', 'a', 'p', 'js', 'json', 'node', 'node.js', 'gpt', 'http', 'prompt', 'pro', 'max', 'x', '2', 'ＡＰＩ', 'Python'],
      ...['配置 文件', 'api 请求', '请求api', 'node 安装 版本', '注册', '不存在的内容', '例如', '服务 prompt', '？！', ''],
    ]
    let compared = 0
    for (const q of queries) {
      for (const max of [10, 40]) {
        expect(await run(q, max), `${q} (max ${max})`).toEqual(search(reference, q, max))
        compared++
      }
    }
    expect(compared).toBeGreaterThan(800)
  })

  it('a query fetches only the buckets of its own keys and the texts of the pages it shows an excerpt of', async () => {
    const { run, fetched, manifest } = sharded(entries)
    expect(manifest.n.g).toBeGreaterThan(1)
    const results = await run('配置文件')
    const buckets = fetched.filter((u) => /^f?[cg]\d+$/.test(u))
    const texts = fetched.filter((u) => /^t\d+$/.test(u))
    const records = fetched.filter((u) => /^r\d+$/.test(u))
    // The records of the pages shown, no more.
    expect(records.length).toBeGreaterThan(0)
    expect(records.length).toBeLessThanOrEqual(results.length)
    // And the dictionary, and the page lengths the bodies' ranking reads (配置文件 reads bodies here).
    expect(buckets.length + texts.length + records.length + 2).toBe(fetched.length)
    expect(fetched).toContain('d')
    expect(fetched).toContain('l')
    // 配置文件: the gram buckets of its bigrams 配置 and 文件 (the fields', then the bodies'), no character bucket.
    const fieldBuckets = buckets.filter((u) => u.startsWith('fg'))
    const bodyBuckets = buckets.filter((u) => u.startsWith('g'))
    expect(fieldBuckets.length).toBeGreaterThanOrEqual(1)
    expect(fieldBuckets.length).toBeLessThanOrEqual(2)
    expect(bodyBuckets.length).toBeLessThanOrEqual(2)
    expect(fieldBuckets.length + bodyBuckets.length).toBe(buckets.length)
    expect(fetched.indexOf(fieldBuckets[0])).toBeLessThan(fetched.indexOf(bodyBuckets[0]))
    expect(texts).toHaveLength(results.filter((s) => s.kind === 'body').length)
    expect(new Set(fetched).size).toBe(fetched.length)
  })

  it('a repeated query answers at once; a follow-up query fetches only what it does not have yet', async () => {
    const { run, engine, fetched } = sharded(entries)
    await run('配置')
    const first = fetched.length
    // Everything is here: the answer is synchronous and nothing is fetched.
    expect(Array.isArray(engine.search('配置', 10))).toBe(true)
    expect(fetched).toHaveLength(first)
    await run('配置文件')
    const followUp = fetched.slice(first)
    expect(new Set(followUp).size).toBe(followUp.length)
    expect(followUp.every((u) => !fetched.slice(0, first).includes(u))).toBe(true)
  })

  it('a failed fetch is forgotten and tried again by the next search', async () => {
    const { manifest, byUrl } = sharded(entries)
    let fail = true
    const read = memoryReader(manifest, byUrl)
    const engine = createSearchEngine(manifest, async (url, start, end) => {
      if (fail) throw new Error('offline')
      return read(url, start, end)
    })
    await expect(Promise.resolve(engine.search('配置', 10))).rejects.toThrow('offline')
    fail = false
    expect((await engine.search('配置', 10)).length).toBeGreaterThan(0)
  })
})

describe('sharded search: edge cases of matching', () => {
  const page = (t: string, p: string, x = '', h: [string, string][] = []): SearchEntry => ({ t, p, h, x })
  const entries = [
    page('哈哈', '/ha.html', '哈哈哈哈哈，哈。哈哈', [['哈哈哈', '哈哈哈']]),
    page('ChatGPT 与 Claude', '/chat.html', 'chatgpt ChatGPT chat-gpt 的 GPT-4，ＧＰＴ 全角。chat注册chatbot', [['Chat 注册', 'chat-注册'], ['Chat 注册', 'chat-注册-1'], ['!!!', 'section']]),
    page('数学字母', '/math.html', '𝐀𝐀𝐀 与 a𝐀b，İstanbul ıstanbul ΑΣ 终', [['𝐀 标题', '𝐀-标题']]),
    page('代码', '/code.html', 'max_tokens 与 max-tokens，x86 和 2024 年，' + 'a'.repeat(90) + ' 尾'),
    page('日本語とかな', '/jp.html', 'ひらがなとカタカナ、한국어 텍스트도。ー長音'),
    page('长文', '/long.html', '前言。'.repeat(30) + '这里讲注册的步骤。' + '注册'.repeat(30)),
    // Words at the very start and right after CJK characters, an emoji (two code units), a letter last.
    page('边界', '/edge.html', 'abc模型def😀x 尾g'),
    // A bigram's positions close together, then one far off: its Rice code takes many more bytes than its varints.
    page('远隔', '/far.html', '步骤'.repeat(40) + '。'.repeat(60000) + '步骤在此'),
  ]
  const queries = [
    '哈', '哈哈', '哈哈哈', '哈哈哈哈', '哈哈哈哈哈哈', 'chat', 'c', 'ch', 'chatgpt', 'gpt', 'g', 'ＧＰＴ', 'gpt 4', '4', 'chat 注册', '注册 chat',
    '𝐀', '𝐀𝐀', 'a𝐀', 'a', 'b', 'istanbul', 'ıstanbul', 'İstanbul', 'ας', 'σ', '终', 'max', 'tokens', 'max_tokens', 'x86', 'x8', '2024', 'a'.repeat(70),
    'ひらがな', 'か', 'カタカナ', '한국어', '텍', 'ー', 'ー長', '注册', '注册的步骤', '步骤 注册', '标题', '!!!', 'section',
    'abc', 'abc模型', '模型def', 'def', 'de', 'x', '😀', '尾g', '尾', 'g', '步骤在此', '骤在',
  ]

  for (const target of [1, 200, 1 << 20]) {
    for (const packTarget of [1, 1 << 20]) {
      it(`gives the reference results for tricky text (${target === 1 ? 'one key a bucket' : target === 200 ? 'a few buckets' : 'one bucket'}, ${packTarget === 1 ? 'one item a pack' : 'one pack'})`, async () => {
        const reference = prepareIndex({ v: 1, pages: entries })
        const { run } = sharded(entries, target, packTarget)
        for (const q of queries) expect(await run(q, 10), q).toEqual(search(reference, q, 10))
      })
    }
  }

  it('ranks titles, headings and bodies in one score, as a scan does: the exact title first, then a page dense with the word above titles that mention it', async () => {
    const filler = '这里写一些与主题无关的文字，用来把页面拉长。'.repeat(8)
    const pages = [
      ...Array.from({ length: 14 }, (_, i) => page(`退款指南 ${i}`, `/r${i}.html`, filler + '退款', [['如何退款', `h${i}`]])),
      page('账号', '/dense.html', '退款流程，退款时间，退款到账。'.repeat(4)),
      page('退款', '/exact.html', filler),
    ]
    const { run, fetched } = sharded([...entries, ...pages], 200)
    const reference = prepareIndex({ v: 1, pages: [...entries, ...pages] })
    for (const max of [5, 10, 40]) expect(await run('退款', max)).toEqual(search(reference, '退款', max))
    expect((await run('退款', 3)).map((s) => s.path)).toEqual(['/exact.html', '/dense.html', expect.stringMatching(/^\/r\d+\.html$/)])
    // The bodies are read with the fields: every page's score needs them.
    expect(fetched.filter((u) => /^[cg]\d+$/.test(u)).length).toBeGreaterThan(0)
  })

  it('stores each heading once, in its page record, with its slug only when it is not the slug of its text', async () => {
    const { manifest, byUrl } = sharded(entries, 1 << 20)
    const [record] = recordsOf(manifest, (url) => byUrl.get(url)!)
    expect(record[1][2]).toEqual([['Chat 注册'], ['Chat 注册', 'chat-注册-1'], ['!!!', 'section']])
  })
})

describe('index sizes at scale (500 pages of the synthetic corpus)', () => {
  let entries: SearchEntry[]
  withCorpusEntries(500, (e) => (entries = e))

  it('the first query downloads a small part of what one full index would be', async () => {
    const full = gzipSync(JSON.stringify({ v: 1, pages: entries })).length
    const { manifest, fetched, run, size } = sharded(entries)
    const gz = (s: string) => gzipSync(s).length
    const first = gz(JSON.stringify(manifest))
    await run('配置文件')
    // Items travel deflated: their bytes are what a query downloads.
    const downloaded = first + size(fetched)
    expect(downloaded).toBeLessThan(full / 5)
    expect(downloaded).toBeLessThan(100 * 1024)
  })
})
