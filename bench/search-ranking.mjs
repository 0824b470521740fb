// Does the search find the page a word came from? For pages spread evenly over a built site, a
// two-character word taken from the page's own body is searched through the browser's own engine
// (reading the packs from dist/), and the page's place among the first 10 suggestions is noted.
//   node bench/search-ranking.mjs DIST [--words 50]      (after `npm run compile`)
// Prints JSON: for each way of taking a word (`frequent`: the page's most frequent two-character
// CJK word; `middle`: the one in the middle of its text), how many of the pages were in the top 10
// (`found` of `of`), and for how many words titles and headings took all ten places (`titlesFill`);
// `--rows` adds each word, its page and the page's place.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { inflateRawSync } from 'node:zlib'

const CJK2 = /^[\u4e00-\u9fff]{2}$/
const TOP = 10

/** The two-character CJK words of a text, with their counts, in order of first appearance. */
function bigrams(text) {
  const counts = new Map()
  for (let i = 0; i + 2 <= text.length; i++) {
    const w = text.slice(i, i + 2)
    if (CJK2.test(w)) counts.set(w, (counts.get(w) ?? 0) + 1)
  }
  return counts
}

/** The page's most frequent two-character word (the first of the most frequent). */
function frequentWord(text) {
  let best
  for (const [w, n] of bigrams(text)) if (!best || n > best[1]) best = [w, n]
  return best?.[0]
}

/** The two-character word nearest the middle of the text. */
function middleWord(text) {
  for (let d = 0; d < text.length; d++) {
    for (const at of [(text.length >> 1) + d, (text.length >> 1) - d]) {
      const w = text.slice(at, at + 2)
      if (at >= 0 && CJK2.test(w)) return w
    }
  }
  return undefined
}

export async function searchRanking(dist, words = 50) {
  const { createSearchEngine } = await import('../lib/search/query/engine.js')
  const { itemLocator, recordItem, textItem, DICTIONARY_ITEM } = await import('../lib/search/format/shards.js')
  const manifest = JSON.parse(readFileSync(join(dist, 'search-index.json'), 'utf8'))
  const base = manifest.s.slice(0, manifest.s.indexOf('assets/search/'))
  const file = (url) => readFileSync(join(dist, url.slice(base.length)))
  const read = (url, start, end) => Promise.resolve(file(url).subarray(start, end))
  // The pages' texts and paths, read from the packs as the engine reads them.
  const records = new Map()
  const record = (page) => records.get(Math.floor(page / manifest.r))
  const locate = itemLocator(manifest, record)
  const bytes = (item) => {
    const { url, start, end } = locate(item)
    return file(url).subarray(start, end)
  }
  const dictionary = inflateRawSync(bytes(DICTIONARY_ITEM))
  const pageOf = (page) => {
    const r = Math.floor(page / manifest.r)
    if (!records.has(r)) records.set(r, JSON.parse(inflateRawSync(bytes(recordItem(manifest, page)), { dictionary }).toString('utf8')))
    return { path: record(page)[page % manifest.r][1], text: inflateRawSync(bytes(textItem(page)), { dictionary }).toString('utf8') }
  }
  const engine = createSearchEngine(manifest, read)
  const result = { pages: manifest.p, words, top: TOP }
  for (const [how, pick] of [
    ['frequent', frequentWord],
    ['middle', middleWord],
  ]) {
    const rows = []
    for (let k = 0; k < words; k++) {
      const page = Math.floor(((k + 0.5) * manifest.p) / words)
      const { path, text } = pageOf(page)
      const word = pick(text)
      if (!word) continue
      const shown = await engine.search(word, TOP)
      const place = shown.findIndex((s) => s.path.split('#')[0] === path)
      rows.push({ word, path, place: place < 0 ? null : place + 1, bodies: shown.filter((s) => s.kind === 'body').length })
    }
    // `titlesFill`: words whose ten places all went to title and heading hits (ranked before any body).
    result[how] = { found: rows.filter((r) => r.place !== null).length, of: rows.length, titlesFill: rows.filter((r) => !r.bodies).length, rows }
  }
  return result
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dist, ...rest] = process.argv.slice(2)
  if (!dist) {
    console.error('usage: node bench/search-ranking.mjs DIST [--words 50]')
    process.exit(2)
  }
  const at = rest.indexOf('--words')
  const words = at >= 0 ? Number(rest[at + 1]) : 50
  const out = await searchRanking(dist, words)
  console.log(JSON.stringify(out, (key, value) => (key === 'rows' && !process.argv.includes('--rows') ? undefined : value), 2))
}
