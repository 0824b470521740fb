// Does the search find the page a word came from? For 50 pages of the bench corpus, the word
// each stands out for (`ranking-queries.mjs`, the rule `search-compare.mjs` uses too) is searched
// through the browser's own engine (reading the packs from dist/), and the page's place among the
// first 10 suggestions is noted; then the same pages' two standout words together (a reader adds a
// word when one finds too many pages). Beside each figure, its ceiling: the best a ranking by term
// statistics does on the same queries, over the markdown (`ranking-ceiling.mjs`).
//   node bench/search-ranking.mjs DIST [--content DIR] [--rows] [--queries N --seed S]   (after `npm run compile`)
// CONTENT defaults to the site's `content/` beside DIST; `--queries` and `--seed` pick other pages
// (50 and the bench's seed by default: more pages, and a seed the weights were not chosen on, give
// a steadier figure). Prints JSON: how many of the pages were
// in the top 10 (`found` of `of`; `ceiling`, with the ranking that reaches it in `ceilingBy`, and
// the looser per-query `bound`), how many of the ten places went to title and
// heading hits (`fieldPlaces`, summed over the words) and to a page whose title is exactly the
// word (`exactTitles`); `twoWords` the same for the two-word queries; `--rows` adds each query,
// its page and the page's place.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { rankingCeiling } from './ranking-ceiling.mjs'
import { rankingQueries, readCorpus } from './ranking-queries.mjs'

const TOP = 10

/** The figure for one list of queries, through `engine`. */
async function figure(engine, queries, corpus) {
  const rows = []
  for (const { query, page } of queries) {
    const shown = await engine.search(query, TOP)
    const place = shown.findIndex((s) => s.path.split('#')[0] === '/' + page)
    const fields = shown.filter((s) => s.kind !== 'body')
    rows.push({ query, page, place: place < 0 ? null : place + 1, fields: fields.length, exact: fields.filter((s) => s.title.map((p) => p.text).join('').trim() === query).length })
  }
  const ceiling = rankingCeiling(corpus, queries, TOP)
  return {
    found: rows.filter((r) => r.place !== null).length,
    of: rows.length,
    ceiling: ceiling.found,
    ceilingBy: ceiling.by,
    bound: ceiling.bound,
    fieldPlaces: rows.reduce((n, r) => n + r.fields, 0),
    exactTitles: rows.reduce((n, r) => n + r.exact, 0),
    rows,
  }
}

export async function searchRanking(dist, content = join(dirname(dist), 'content'), picks = {}) {
  const { createSearchEngine } = await import('../lib/search/query/engine.js')
  const manifest = JSON.parse(readFileSync(join(dist, 'search-index.json'), 'utf8'))
  const base = manifest.s.slice(0, manifest.s.indexOf('assets/search/'))
  const read = (url, start, end) => Promise.resolve(readFileSync(join(dist, url.slice(base.length))).subarray(start, end))
  const engine = createSearchEngine(manifest, read)
  const corpus = readCorpus(content)
  const one = await figure(engine, rankingQueries(content, { ...picks, corpus }), corpus)
  const two = await figure(engine, rankingQueries(content, { ...picks, corpus, words: 2 }), corpus)
  return { pages: manifest.p, top: TOP, ...one, twoWords: two }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dist, ...rest] = process.argv.slice(2)
  if (!dist) {
    console.error('usage: node bench/search-ranking.mjs DIST [--content DIR] [--rows] [--queries N --seed S]')
    process.exit(2)
  }
  const option = (name) => (rest.includes(name) ? rest[rest.indexOf(name) + 1] : undefined)
  const picks = {}
  if (option('--queries')) picks.count = Number(option('--queries'))
  if (option('--seed')) picks.seed = Number(option('--seed'))
  if (Object.values(picks).some((v) => !Number.isInteger(v) || v < 1)) {
    console.error('--queries and --seed take a whole number')
    process.exit(2)
  }
  const out = await searchRanking(dist, option('--content'), picks)
  console.log(JSON.stringify(out, (key, value) => (key === 'rows' && !rest.includes('--rows') ? undefined : value), 2))
  console.log(`one word: found ${out.found}/${out.of} (ceiling ${out.ceiling}/${out.of})`)
  console.log(`two words: found ${out.twoWords.found}/${out.twoWords.of} (ceiling ${out.twoWords.ceiling}/${out.twoWords.of})`)
}
