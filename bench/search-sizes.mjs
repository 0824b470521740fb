// Sizes of a built site's search index: the first part, the shards, and what sample queries
// download (run through the browser's own search engine, reading the files from dist/).
//   node bench/search-sizes.mjs DIST [QUERY…]      (after `npm run compile`)
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const BASE = '/gpt/'
/** A first query, and a follow-up that shares a bigram with it. */
export const SAMPLE_QUERIES = ['配置文件', '配置参数']

const gz = (buf) => gzipSync(buf, { level: 6 }).length

export async function searchSizes(dist, queries = SAMPLE_QUERIES) {
  const { createSearchEngine } = await import('../lib/client/search/engine.js')
  const first = readdirSync(join(dist, 'assets/js')).find((f) => /^search\.[^.]+\.json$/.test(f))
  const firstBuf = readFileSync(join(dist, 'assets/js', first))
  const manifest = JSON.parse(firstBuf.toString('utf8'))
  const dir = join(dist, manifest.s.slice(BASE.length))
  const names = readdirSync(dir)
  const shardGz = names.filter((f) => /^[cg]\d+\.json$/.test(f)).map((f) => gz(readFileSync(join(dir, f))))
  const texts = names.filter((f) => /^t\d+\.json$/.test(f)).length
  const fetched = []
  const engine = createSearchEngine(manifest, async (url) => {
    const buf = readFileSync(join(dist, url.slice(BASE.length)))
    fetched.push(gz(buf))
    return JSON.parse(buf.toString('utf8'))
  })
  const downloads = []
  for (const q of queries) {
    const before = fetched.length
    const results = await engine.search(q, 10)
    const files = fetched.slice(before)
    downloads.push({ query: q, results: results.length, files: files.length, gz: files.reduce((a, b) => a + b, 0) })
  }
  const firstGz = gz(firstBuf)
  // The first query also downloads the first part.
  downloads[0].files++
  downloads[0].gz += firstGz
  return { firstGz, firstRaw: firstBuf.length, shards: shardGz.length, texts, largestShardGz: Math.max(...shardGz), medianShardGz: shardGz.sort((a, b) => a - b)[shardGz.length >> 1], downloads }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dist, ...queries] = process.argv.slice(2)
  console.log(JSON.stringify(await searchSizes(dist, queries.length ? queries : undefined), null, 2))
}
