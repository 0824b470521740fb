// Sizes of a built site's search index: the first part, the packs, and what sample queries
// download (run through the browser's own search engine, reading the packs from dist/).
//   node bench/search-sizes.mjs DIST [QUERY…]      (after `npm run compile`)
// A query reads byte ranges of the packs (the items, stored deflated: their bytes are what
// travels); `wholeGz`/`wholeFiles` are what it downloads from a host that ignores ranges;
// `rounds` how many round trips it waits for (reads sent together count once).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const BASE = '/gpt/'
/** A first query, and a follow-up that shares a bigram with it. */
export const SAMPLE_QUERIES = ['配置文件', '配置参数']

const gz = (buf) => gzipSync(buf, { level: 6 }).length

export async function searchSizes(dist, queries = SAMPLE_QUERIES) {
  const { createSearchEngine } = await import('../lib/search/query/engine.js')
  const firstBuf = readFileSync(join(dist, 'search-index.json'))
  const manifest = JSON.parse(firstBuf.toString('utf8'))
  const dir = join(dist, manifest.s.slice(BASE.length))
  const packs = readdirSync(dir).filter((f) => /^\d+\.bin$/.test(f))
  const packBytes = packs.reduce((n, f) => n + statSync(join(dir, f)).size, 0)
  const { decodeSizes } = await import('../lib/search/format/shards.js')
  const sizes = decodeSizes(manifest.z)
  const buckets = Object.values(manifest.n).reduce((a, b) => a + b, 0)
  const bucketSizes = sizes.slice(0, buckets)
  // Then the dictionary, the page lengths, and per record its size and its texts' size.
  const recordSizes = sizes.slice(buckets + 2).filter((_, i) => i % 2 === 0)
  const fetched = []
  const whole = new Set()
  // Round trips: a read begun while none is in flight starts one (reads answer on the next turn, as from a network).
  let inflight = 0
  let rounds = 0
  const engine = createSearchEngine(manifest, (url, start, end) => {
    const buf = readFileSync(join(dist, url.slice(BASE.length)))
    fetched.push({ url, bytes: end - start })
    if (!inflight++) rounds++
    return new Promise((resolve) => setImmediate(() => (inflight--, resolve(buf.subarray(start, end)))))
  })
  const downloads = []
  for (const q of queries) {
    const before = fetched.length
    rounds = 0
    const results = await engine.search(q, 10)
    const reads = fetched.slice(before)
    const newPacks = [...new Set(reads.map((r) => r.url))].filter((u) => !whole.has(u))
    newPacks.forEach((u) => whole.add(u))
    downloads.push({
      query: q,
      results: results.length,
      files: reads.length,
      rounds,
      gz: reads.reduce((a, r) => a + r.bytes, 0),
      wholeFiles: newPacks.length,
      wholeGz: newPacks.reduce((a, u) => a + statSync(join(dist, u.slice(BASE.length))).size, 0),
    })
  }
  const firstGz = gz(firstBuf)
  // The first query also downloads the first part (fetched when the box is focused: a round of its own, not counted in `rounds`).
  downloads[0].files++
  downloads[0].gz += firstGz
  downloads[0].wholeFiles++
  downloads[0].wholeGz += firstGz
  const sorted = [...bucketSizes].sort((a, b) => a - b)
  return {
    firstGz,
    firstRaw: firstBuf.length,
    shards: bucketSizes.length,
    texts: manifest.p,
    records: recordSizes.length,
    recordBytes: recordSizes.reduce((a, b) => a + b, 0),
    dictionaryGz: sizes[buckets],
    bucketBytes: bucketSizes.reduce((a, b) => a + b, 0),
    packs: packs.length,
    bytes: packBytes + firstBuf.length,
    largestShardGz: Math.max(...bucketSizes),
    medianShardGz: sorted[sorted.length >> 1],
    downloads,
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dist, ...queries] = process.argv.slice(2)
  console.log(JSON.stringify(await searchSizes(dist, queries.length ? queries : undefined), null, 2))
}
