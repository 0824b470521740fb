import { constants, deflateRawSync, inflateRawSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { storedDeflate } from '../../src/render/outputs/search-shards.js'
import { createRangeReader } from '../../src/client/search/read-range.js'
import { inflateRaw } from '../../src/shared/search-inflate.js'

describe('inflateRaw (the packed index items, in every targeted browser)', () => {
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

  it('reads the buckets the build writes as stored blocks, as zlib does, at and across the 65,535-byte block limit', () => {
    const long = Buffer.concat([noise, noise, noise]) // 210,000 bytes: four blocks
    for (const input of [Buffer.alloc(0), Buffer.from(texts[2]), noise.subarray(0, 65_535), noise.subarray(0, 65_536), long]) {
      const data = storedDeflate(input)
      expect(data.length).toBe(input.length + 5 * Math.max(1, Math.ceil(input.length / 65_535)))
      expect(Buffer.from(inflateRawSync(data)).equals(input)).toBe(true)
      expect(Buffer.from(inflateRaw(data)).equals(input)).toBe(true)
    }
    // Byte for byte what zlib writes at level 0 for one block.
    expect(Buffer.from(storedDeflate(Buffer.from(texts[2])))).toEqual(deflateRawSync(Buffer.from(texts[2]), { level: 0 }))
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
    expect(() => inflateRaw(data.subarray(0, data.length >> 1))).toThrow(/inflate/)
    expect(() => inflateRaw(Uint8Array.of(0xff, 0xff, 0xff))).toThrow(/inflate/)
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
