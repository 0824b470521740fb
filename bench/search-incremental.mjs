// The search index's packing CPU after a one-page body edit, with the lists and items of the build before
// (see src/search/build/state.ts, patch.ts), against a cold packing of the same entries; checks that
// both give the same bytes. Needs lib/ (node scripts/compile.mjs) and a corpus:
//   node bench/gen-corpus.mjs --n 2000 --out /tmp/c2000 && node bench/search-incremental.mjs /tmp/c2000
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const { parsePage } = await import('../lib/render/content/parse-page.js')
const { buildSearchIndex } = await import('../lib/render/outputs/search-index.js')
const { SearchIndexBuilder } = await import('../lib/search/build/builder.js')
const { ItemCache } = await import('../lib/search/build/item-cache.js')

const corpus = process.argv[2]
const { names } = JSON.parse(readFileSync(join(corpus, 'corpus.json'), 'utf8'))
const sources = ['README.md', ...names.map((n) => `handbook/${n}.md`)]
const parsed = sources.map((relativePath) => parsePage({ relativePath, source: readFileSync(join(corpus, relativePath), 'utf8') }, { base: '/gpt/' }))
const entries = buildSearchIndex(parsed, 'GPT 中文教程').pages

const cpu = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1e6
}
/** Packs `pages` with the items in `file` (none: cold); CPU seconds of adding and of finishing. */
function pack(pages, file) {
  const t0 = cpu()
  const builder = new SearchIndexBuilder(undefined, undefined, undefined, new ItemCache(file, 'bench'), file && { file: `${file}.state`, code: 'bench' })
  for (const e of pages) builder.add(e)
  const t1 = cpu()
  const shards = builder.finish('')
  const t2 = cpu()
  return { shards, add: t1 - t0, finish: t2 - t1 }
}

const dir = mkdtempSync(join(tmpdir(), 'search-incremental-'))
const file = join(dir, 'items.bin')
const mid = Math.floor(entries.length / 2)
const edited = entries.map((e, i) => (i === mid ? { ...e, x: e.x.replace('。', '，再加一句话。') } : e))
const first = pack(entries, file)
const cold = pack(edited)
const warm = pack(edited, file)
const same = cold.shards.files.length === warm.shards.files.length && cold.shards.files.every(([n, d], i) => n === warm.shards.files[i][0] && Buffer.compare(Buffer.from(d), Buffer.from(warm.shards.files[i][1])) === 0) && JSON.stringify(cold.shards.manifest) === JSON.stringify(warm.shards.manifest)
const s = (x) => Number(x.toFixed(2))
console.log(JSON.stringify({ pages: entries.length, firstWithStore: { add: s(first.add), finish: s(first.finish) }, coldEdit: { add: s(cold.add), finish: s(cold.finish) }, incrementalEdit: { add: s(warm.add), finish: s(warm.finish), ...warm.shards.stats }, identical: same }))
rmSync(dir, { recursive: true, force: true })
