import { describe, expect, it } from 'vitest'
import { prepareIndex, search, type SearchEntry } from '../../src/search/format/rank.js'
import { packed } from '../helpers/search-packs.js'

/**
 * The packed index ranks from postings alone (titles and headings included: where each term
 * first occurs, their length, whether one is exactly the query) and reads texts only for what it
 * shows. Hundreds of queries over generated pages whose titles and headings are often exactly a
 * query, with spaces, punctuation, mixed scripts and repeated words: the same suggestions, order,
 * highlights and excerpts as a scan of every page.
 */
const WORDS = ['配置', '文件', '参数', '注册', '模型', '接口', '部署', '缓存', '日志', '提示词', '令牌', '向量']
const LATIN = ['api', 'API', 'node', 'Node.js', 'gpt', 'ChatGPT', 'json', 'prompt', 'max_tokens', 'v2', '2024', 'ＧＰＴ']
const SEPARATORS = [' ', '', '，', ' - ', '  ', '：', '/']

function generate(pages: number, seed = 11): SearchEntry[] {
  const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), (seed >>> 8) % n)
  const pick = <T,>(list: T[]) => list[next(list.length)]
  const phrase = (words: number) => {
    let out = ''
    for (let i = 0; i < words; i++) out += (i ? pick(SEPARATORS) : '') + (next(3) ? pick(WORDS) : pick(LATIN))
    return out
  }
  const sentence = () => phrase(1 + next(8)) + pick(['。', '！', '？', '；', '. ', ' '])
  return Array.from({ length: pages }, (_, p) => {
    // Titles and headings: often a plain phrase a query can equal, sometimes padded or punctuated.
    const title = next(6) === 0 ? ` ${phrase(1 + next(3))} ` : phrase(1 + next(4))
    const headings = Array.from({ length: next(5) }, (_, n): [string, string] => [phrase(1 + next(3)) + (next(5) ? '' : '!'), `h-${n}`])
    const body = Array.from({ length: next(25) }, sentence).join('')
    return { t: title, p: `/p/${p}.html`, h: headings, x: body }
  })
}

function queries(entries: SearchEntry[], count: number, seed = 5): string[] {
  const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), (seed >>> 8) % n)
  const out = new Set<string>()
  const fields = entries.flatMap((e) => [e.t, ...e.h.map(([h]) => h)])
  const texts = entries.map((e) => e.x).filter(Boolean)
  while (out.size < count) {
    const kind = next(8)
    if (kind === 0) out.add(fields[next(fields.length)].trim()) // a whole title or heading
    else if (kind === 1) {
      const text = texts[next(texts.length)]
      const len = 1 + next(4)
      const at = next(Math.max(1, text.length - len))
      out.add(text.slice(at, at + len)) // 1–4 characters of a body
    } else if (kind === 2) out.add(LATIN[next(LATIN.length)].slice(0, 1 + next(4))) // a Latin prefix
    else if (kind === 3) out.add(`${WORDS[next(WORDS.length)]} ${LATIN[next(LATIN.length)]}`) // mixed terms
    else if (kind === 4) out.add(`${WORDS[next(WORDS.length)]}${WORDS[next(WORDS.length)]} ${WORDS[next(WORDS.length)].slice(0, 1)}`) // several terms
    else if (kind === 5) out.add(WORDS[next(WORDS.length)].slice(next(2), 2 + next(2)))
    else if (kind === 6) out.add(pick2(next, ['不存在', 'zzz', '配置参', 'json api', '向量 不存在', 'ＡＰＩ', 'node.js', '  ', 'max tok']))
    else {
      const field = fields[next(fields.length)]
      out.add(field.slice(0, Math.max(1, field.length - 1 - next(3)))) // most of a title or heading
    }
  }
  return [...out]
}
const pick2 = (next: (n: number) => number, list: string[]) => list[next(list.length)]

describe('packed search gives exactly the reference suggestions', () => {
  const entries = [
    ...generate(240),
    // Titles and headings only: words no body holds.
    { t: '独有标题词', p: '/only-title.html', h: [['独有小节词', 'x']], x: '' } as SearchEntry,
    { t: 'Uniqueword 独有', p: '/only-latin.html', h: [], x: '正文' },
  ]
  const reference = prepareIndex({ v: 1, pages: entries })
  const list = [...queries(entries, 360), '独有', '独有标题词', '独有小节', 'uniqueword', 'uniq 独有', 'uniqueword 独有', '独有 uniqueword']

  // Every bigram list in one tier (as on small sites), and every one in two (as its large lists are on big sites).
  it.each([
    ['one tier', undefined],
    ['every bigram list tiered', 0],
  ])(`on ${list.length} queries: titles, headings, bodies, Latin prefixes, mixed and absent terms (%s)`, async (_, tierBytes) => {
    const { run, fetched } = packed(entries, '/gpt/assets/search/x/', 600, undefined, tierBytes)
    let nonEmpty = 0
    let exactTitles = 0
    for (const q of list) {
      for (const max of [10, 30]) {
        const want = search(reference, q, max)
        expect(await run(q, max), `${q} (max ${max})`).toEqual(want)
        if (want.length) nonEmpty++
        if (want[0]?.kind === 'title' && entries.some((e) => e.t.trim().toLowerCase() === q.trim().toLowerCase())) exactTitles++
      }
    }
    // The queries found things, and many were exactly a title.
    expect(nonEmpty).toBeGreaterThan(list.length)
    expect(exactTitles).toBeGreaterThan(20)
    // Tiers were read when tiered, never otherwise.
    expect(fetched.some((f) => f.startsWith('x'))).toBe(tierBytes === 0)
  })
})
