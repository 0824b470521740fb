import { inflateSync } from 'fflate'
import { constants, deflateRawSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { buildSearchShards } from '../../src/search/build/builder.js'
import { itemLocator, parseBucket, RAW_ITEMS } from '../../src/search/format/shards.js'
import { createSearchEngine } from '../../src/search/query/engine.js'
import { createRangeReader } from '../../src/search/query/read-range.js'

// The engine inflates with fflate's `inflateSync` (raw DEFLATE, with a preset dictionary): it
// must read what the build's zlib writes.
const inflateRaw = (data: Uint8Array, dictionary?: Uint8Array) => inflateSync(data, dictionary ? { dictionary } : undefined)

describe('inflating the packed index items, in every targeted browser', () => {
  const texts = [
    '',
    'a',
    JSON.stringify({ g: { 配置: [1, 2, 30, 4, 400], 文件: [3, 1, 7] }, h: [[1, 0, '配置文件说明']] }),
    '配置文件与环境变量。'.repeat(500) + 'ChatGPT API 🚀 𝐀'.repeat(40),
  ]
  let seed = 3
  const noise = Buffer.alloc(70_000)
  for (let i = 0; i < noise.length; i++) noise[i] = (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff

  it('reads what zlib writes: stored, fixed and dynamic blocks, every level', () => {
    for (const input of [...texts.map((t) => Buffer.from(t)), noise]) {
      for (const options of [{ level: 0 }, { level: 1 }, { level: 9 }, { strategy: constants.Z_FIXED }, { strategy: constants.Z_HUFFMAN_ONLY }, { strategy: constants.Z_RLE }]) {
        expect(Buffer.from(inflateRaw(deflateRawSync(input, options))).equals(input)).toBe(true)
      }
    }
  })

  it('stores buckets and tier parts raw, not wrapped, and says so in the manifest', () => {
    const entries = Array.from({ length: 30 }, (_, i) => ({ t: `第 ${i} 篇`, p: `/p${i}.html`, h: [] as [string, string][], x: `配置文件与环境变量 ${i}。`.repeat(20) }))
    const { manifest, files } = buildSearchShards(entries, '/s/')
    expect(manifest.raw).toEqual(RAW_ITEMS)
    expect(manifest.raw).toEqual(expect.arrayContaining(['c', 'g', 'fc', 'fg', 'x']))
    const { url, start, end } = itemLocator(manifest)('g0')
    const bytes = files.find(([name]) => '/s/' + name === url)![1].subarray(start, end)
    // A raw bucket parses as it is: no stored-block header before its first entry.
    expect(parseBucket(bytes).lists.size).toBeGreaterThan(0)
  })

  it('refuses an index of another format version instead of misreading it', () => {
    const entries = [{ t: '配置文件', p: '/a.html', h: [] as [string, string][], x: '配置文件说明。' }]
    const { manifest } = buildSearchShards(entries, '/s/')
    const read = () => Promise.reject(new Error('not read'))
    expect(() => createSearchEngine({ ...manifest, v: 5 } as unknown as typeof manifest, read)).toThrow('搜索索引格式不符（v5，应为 v6）')
    expect(() => createSearchEngine(manifest, read)).not.toThrow()
  })

  it('reads data deflated with a preset dictionary, back references reaching into it', () => {
    const dictionary = Buffer.from('配置文件与环境变量。ChatGPT API 的请求参数')
    for (const text of ['配置文件与环境变量', 'API 的请求参数与配置文件。'.repeat(30), '']) {
      const data = deflateRawSync(Buffer.from(text), { level: 9, dictionary })
      expect(Buffer.from(inflateRaw(data, dictionary)).toString('utf8')).toBe(text)
    }
    // The dictionary made it shorter: matches were found in it.
    expect(deflateRawSync(Buffer.from('配置文件与环境变量'), { dictionary }).length).toBeLessThan(deflateRawSync(Buffer.from('配置文件与环境变量')).length)
  })

  it('throws on data that is cut short or corrupt, never returns garbage silently', () => {
    const data = deflateRawSync(Buffer.from(texts[3]), { level: 9 })
    expect(() => inflateRaw(data.subarray(0, data.length >> 1))).toThrow()
    expect(() => inflateRaw(Uint8Array.of(0xff, 0xff, 0xff))).toThrow()
  })
})

describe('the range reader of the packs', () => {
  const pack = Uint8Array.from({ length: 1000 }, (_, i) => i & 0xff)
  /** A host serving `pack` at /p.bin; `ranges: false` sends the whole file for every request. */
  function host({ ranges = true, status = 200 } = {}) {
    const calls: (string | undefined)[] = []
    const fetchFile = async (url: string, init?: { headers?: Record<string, string> }) => {
      const range = init?.headers?.Range
      calls.push(range)
      if (status !== 200) return new Response('no', { status })
      const m = /^bytes=(\d+)-(\d+)$/.exec(range ?? '')
      if (ranges && m) {
        const [a, b] = [Number(m[1]), Number(m[2])]
        return new Response(pack.slice(a, b + 1), { status: 206, headers: { 'Content-Range': `bytes ${a}-${b}/${pack.length}` } })
      }
      return new Response(pack.slice(), { status: 200 })
    }
    return { calls, read: createRangeReader(fetchFile) }
  }

  it('asks for the byte range of each item', async () => {
    const { calls, read } = host()
    expect([...(await read('/p.bin', 10, 20))]).toEqual([...pack.slice(10, 20)])
    expect([...(await read('/p.bin', 990, 1000))]).toEqual([...pack.slice(990, 1000)])
    expect(calls).toEqual(['bytes=10-19', 'bytes=990-999'])
  })

  it('from a host that ignores ranges, fetches each pack once and slices it', async () => {
    const { calls, read } = host({ ranges: false })
    expect([...(await read('/p.bin', 10, 20))]).toEqual([...pack.slice(10, 20)])
    expect([...(await read('/p.bin', 500, 600))]).toEqual([...pack.slice(500, 600)])
    expect(calls).toEqual(['bytes=10-19'])
  })

  it('a failed request fails the read with the status, and is not kept', async () => {
    const { read } = host({ status: 404 })
    await expect(read('/p.bin', 0, 10)).rejects.toThrow('HTTP 404')
  })
})
