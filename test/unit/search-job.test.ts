// The search index packed on a worker thread, run from the compiled lib/ (as the CLI runs it;
// `npm test` compiles first): the same packs, byte for byte, as packing in one thread, and an
// error in the worker reaches the build instead of leaving it waiting.
import { describe, expect, it } from 'vitest'
import type { SearchEntry } from '../../src/search/format/rank.js'

type Job = typeof import('../../src/search/build/job.js')
type Shards = typeof import('../../src/search/build/builder.js')
const lib = (path: string) => new URL(`../../lib/search/build/${path}`, import.meta.url).href
const { startSearchJob, WORKER_THRESHOLD } = (await import(lib('job.js'))) as Job
const { buildSearchShards } = (await import(lib('builder.js'))) as Shards

const WORDS = ['配置文件', '模型参数', '提示词', 'ChatGPT', 'API 密钥', '上下文窗口', '温度', 'token 用量']
const entry = (i: number): SearchEntry => ({
  t: `第 ${i} 篇：${WORDS[i % WORDS.length]}`,
  p: `/guide/p${i}.html`,
  h: [[`准备 ${WORDS[(i + 3) % WORDS.length]}`, `zhun-bei-${i}`]],
  x: Array.from({ length: 1 + (i % 9) }, (_, k) => `${WORDS[(i * k) % WORDS.length]}是第 ${i} 篇的第 ${k} 句。`).join(''),
})

describe('the search index packed on a worker thread', () => {
  it('gives the packs one thread gives, byte for byte, while the main thread stays free', async () => {
    const entries = Array.from({ length: WORKER_THRESHOLD + 80 }, (_, i) => entry(i))
    const inThread = buildSearchShards(entries, '')
    const job = startSearchJob(entries.length)
    entries.forEach((e) => job.add(e))
    let ticks = 0
    const timer = setInterval(() => ticks++, 1)
    const onWorker = await job.finish()
    clearInterval(timer)
    expect(onWorker.manifest).toEqual(inThread.manifest)
    expect(onWorker.files.map(([name, data]) => [name, Buffer.from(data).toString('base64')])).toEqual(inThread.files.map(([name, data]) => [name, Buffer.from(data).toString('base64')]))
    expect(ticks).toBeGreaterThan(0)
  })

  it('starts packing when told every entry is in (the end of the parse), and gives finish those packs', async () => {
    const entries = Array.from({ length: WORKER_THRESHOLD + 80 }, (_, i) => entry(i))
    const inThread = buildSearchShards(entries, '')
    const job = startSearchJob(entries.length)
    entries.forEach((e) => job.add(e))
    job.pack()
    job.pack() // once is enough
    const packed = await job.finish()
    expect(packed.manifest).toEqual(inThread.manifest)
    expect(packed.files.map(([name, data]) => [name, Buffer.from(data).toString('base64')])).toEqual(inThread.files.map(([name, data]) => [name, Buffer.from(data).toString('base64')]))
  })

  it('stops packing when the build fails after the parse (abandoned before anyone asked for the packs)', async () => {
    const job = startSearchJob(WORKER_THRESHOLD)
    for (let i = 0; i < WORKER_THRESHOLD; i++) job.add(entry(i))
    job.pack()
    job.abandon()
    const error = (await job.finish().catch((e: unknown) => e)) as Error
    expect(error).toBeInstanceOf(Error)
    expect(error.message).toMatch(/worker stopped/)
  })

  it('rejects with the worker’s error instead of hanging when an entry cannot be packed', async () => {
    const job = startSearchJob(WORKER_THRESHOLD)
    for (let i = 0; i < WORKER_THRESHOLD; i++) job.add(i === 7 ? ({ ...entry(i), x: 42 } as unknown as SearchEntry) : entry(i))
    const error = (await job.finish().catch((e: unknown) => e)) as Error
    expect(error).toBeInstanceOf(Error)
    expect(error.stack).toMatch(/builder\.js:\d+/)
  })
})
