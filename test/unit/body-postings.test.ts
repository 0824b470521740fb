import { describe, expect, it } from 'vitest'
import { BodyPostings } from '../../src/search/build/body-postings.js'
import { BODY_COUNT_CAP, fold } from '../../src/search/format/rank.js'
import { Kind, scanKeys, VarReader } from '../../src/search/format/shards.js'

/** An entry of a list as the index stores it: characters their capped count and first position, bigrams and words every position. */
type Entry = [page: number, count: number, ...positions: number[]]

/** What a list holds, read the plain way: every key `scanKeys` visits, page by page. */
function expected(pages: string[]): Map<string, Entry[]> {
  const lists = new Map<string, Entry[]>()
  pages.forEach((low, page) => {
    const seen = new Map<string, { kind: Kind; at: number[] }>()
    const note = (kind: Kind, name: string, at: number) => {
      const id = `${kind}:${name}`
      const s = seen.get(id) ?? seen.set(id, { kind, at: [] }).get(id)!
      s.at.push(at)
    }
    scanKeys(low, {
      char: (key, at) => note(Kind.BodyChar, key, at),
      gram: (key, at) => note(Kind.BodyGram, key, at),
      word: (word, _key, at) => note(Kind.BodyWord, word, at),
    })
    for (const [id, { kind, at }] of seen) {
      const entry: Entry = kind === Kind.BodyChar ? [page, Math.min(at.length, BODY_COUNT_CAP), at[0]] : [page, at.length, ...at]
      lists.set(id, [...(lists.get(id) ?? []), entry])
    }
  })
  return lists
}

/** What `BodyPostings` made, its varints read back. */
function actual(pages: string[]): Map<string, Entry[]> {
  const postings = new BodyPostings()
  pages.forEach((low, page) => postings.add(low, page))
  const lists = new Map<string, Entry[]>()
  for (const list of postings.take()) {
    const bytes = Buffer.concat(list.chunks)
    const r = new VarReader(bytes)
    const entries: Entry[] = []
    let page = 0
    for (let e = 0; e < list.entries; e++) {
      page += r.next()
      const count = r.next()
      if (list.kind === Kind.BodyChar) {
        entries.push([page, count, r.next()])
        continue
      }
      const at: number[] = []
      for (let k = 0, last = 0; k < count; k++) at.push((last += r.next()))
      entries.push([page, count, ...at])
    }
    expect(r.more, `${list.name}: bytes left after its ${list.entries} entries`).toBe(false)
    expect(list.key, list.name).toBe(list.kind === Kind.BodyWord ? [...list.name].slice(0, 2).join('') : list.name)
    lists.set(`${list.kind}:${list.name}`, entries)
  }
  return lists
}

/**
 * Text of `length` code units: mostly CJK characters of a few thousand (so a page touches many lists,
 * most bigrams its own), with Latin words, digits, punctuation and a character past U+FFFF.
 */
function text(seed: number, length: number): string {
  const pieces = [' api ', ' GPT-4o ', ' 2024 ', '，', '。', ' 𠀀 ', ' embeddings ', ' a ', '\n']
  let x = seed
  let out = ''
  while (out.length < length) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0
    const pick = x >>> 8
    out += pick % 20 ? String.fromCharCode(0x4e00 + ((pick >>> 5) % 3000)) : pieces[(pick >>> 5) % pieces.length]
  }
  return fold(out.slice(0, length)).slice(0, length)
}

describe('the bodies’ posting lists', () => {
  it('hold, for every key a page has, the entry the plain reading gives', () => {
    // Lengths that rise and fall: a page longer than any before it, one less than twice as long as
    // the longest before it (most of its characters and bigrams are lists of their own), shorter ones.
    const lengths = [0, 5, 40, 3, 100, 190, 10, 2000, 0, 1, 3900, 150, 20, 900]
    const pages = Array.from({ length: 120 }, (_, i) => text(i + 1, lengths[i % lengths.length] + (i % 7)))
    const want = expected(pages)
    const got = actual(pages)
    expect(got.size).toBe(want.size)
    for (const [id, entries] of want) expect(got.get(id), id).toEqual(entries)
  })

  it('keeps a list whose entries outgrow many chunks, and counts past the cap only up to it', () => {
    const page = fold('数据'.repeat(5000) + ' hello world hello')
    const pages = Array.from({ length: 30 }, () => page)
    const got = actual(pages)
    expect(got).toEqual(expected(pages))
    expect(got.get(`${Kind.BodyChar}:数`)![0]).toEqual([0, BODY_COUNT_CAP, 0])
    expect(got.get(`${Kind.BodyGram}:数据`)![29]).toHaveLength(2 + 5000)
    expect(got.get(`${Kind.BodyWord}:hello`)!.map((e) => e.slice(0, 2))).toEqual(pages.map((_, p) => [p, 2]))
  })

  it('has no list for a page with no key', () => {
    expect(actual(['', '   ', '，。！']).size).toBe(0)
  })
})
