// Does the search find the page a word came from? For 50 pages of the bench corpus, the word
// each stands out for (`ranking-queries.mjs`, the rule `search-compare.mjs` uses too) is searched
// through the browser's own engine (reading the packs from dist/), and the page's place among the
// first 10 suggestions is noted.
//   node bench/search-ranking.mjs DIST [--content DIR] [--rows]      (after `npm run compile`)
// CONTENT defaults to the site's `content/` beside DIST. Prints JSON: how many of the pages were
// in the top 10 (`found` of `of`), how many of the ten places went to title and heading hits
// (`fieldPlaces`, summed over the words) and to a page whose title is exactly the word
// (`exactTitles`); `--rows` adds each word, its page and the page's place.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { rankingQueries } from './ranking-queries.mjs'

const TOP = 10

export async function searchRanking(dist, content = join(dirname(dist), 'content')) {
  const { createSearchEngine } = await import('../lib/search/query/engine.js')
  const manifest = JSON.parse(readFileSync(join(dist, 'search-index.json'), 'utf8'))
  const base = manifest.s.slice(0, manifest.s.indexOf('assets/search/'))
  const read = (url, start, end) => Promise.resolve(readFileSync(join(dist, url.slice(base.length))).subarray(start, end))
  const engine = createSearchEngine(manifest, read)
  const rows = []
  for (const { query, page } of rankingQueries(content)) {
    const shown = await engine.search(query, TOP)
    const place = shown.findIndex((s) => s.path.split('#')[0] === '/' + page)
    const fields = shown.filter((s) => s.kind !== 'body')
    rows.push({ query, page, place: place < 0 ? null : place + 1, fields: fields.length, exact: fields.filter((s) => s.title.map((p) => p.text).join('').trim() === query).length })
  }
  return {
    pages: manifest.p,
    top: TOP,
    found: rows.filter((r) => r.place !== null).length,
    of: rows.length,
    fieldPlaces: rows.reduce((n, r) => n + r.fields, 0),
    exactTitles: rows.reduce((n, r) => n + r.exact, 0),
    rows,
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dist, ...rest] = process.argv.slice(2)
  if (!dist) {
    console.error('usage: node bench/search-ranking.mjs DIST [--content DIR] [--rows]')
    process.exit(2)
  }
  const at = rest.indexOf('--content')
  const out = await searchRanking(dist, at >= 0 ? rest[at + 1] : undefined)
  console.log(JSON.stringify(out, (key, value) => (key === 'rows' && !rest.includes('--rows') ? undefined : value), 2))
  console.log(`found ${out.found}/${out.of}`)
}
