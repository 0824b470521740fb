// The ceiling of the ranking figure: how many of the ranking queries (`ranking-queries.mjs`) any
// ranking by term statistics can answer with their page in the top 10, counted over the markdown.
// Each query ranks the pages that hold all its words over their prose (`bodyText`: each word's
// count, the page's length in characters, the pages holding the word): by BM25 for every k1 and b
// of a grid (k1 = ∞ is the count over the page's normalised length; with b = 0, the count alone),
// and by how unlikely the counts are for the page's length if words fell at random (a Poisson
// tail at the word's rate in the corpus, which is how the generator draws them). The ceiling is
// the best of these rankings on all the queries, chosen after seeing where the pages landed, so a
// ranking fixed in advance lands a query or two below it by luck alone. It reads the text exactly
// (no cap on counts, lengths to the character); a ranking's other evidence (titles, headings)
// is as likely on any page of this corpus, so it cannot pass it but by luck.
//   node bench/ranking-ceiling.mjs CONTENT [--words 2]      (prints JSON)
// `bound` is looser: per query, the page is in the top 10 unless 10 pages hold every word at
// least as often in a text no longer (one of them strictly): no ranking that prefers more
// occurrences and shorter pages can place it higher; but each query may need another ranking.
import { fileURLToPath } from 'node:url'
import { readCorpus, rankingQueries, TWO } from './ranking-queries.mjs'

const K1 = [0.3, 0.6, 0.9, 1.2, 1.6, 2, 3, 5, 10, Infinity]
const B = Array.from({ length: 21 }, (_, i) => i / 20)

/** −log P(X ≥ k) for X Poisson with mean `mu`: how surprising k occurrences are. */
function surprise(k, mu) {
  if (k <= 0) return 0
  let term = Math.exp(-mu)
  for (let i = 1; i <= k; i++) term *= mu / i
  let tail = 0
  for (let i = k; term > tail * 1e-17; i++) {
    tail += term
    term *= mu / (i + 1)
  }
  return -Math.log(tail)
}

/**
 * `{ found, of, top, by, bound }`: the best ranking's figure over the markdown (`by` names it:
 * `bm25 k1=… b=…` or `poisson`), and the looser per-query bound.
 */
export function rankingCeiling(corpus, queries, top = 10) {
  const { names, lengths, counts } = corpus
  const n = names.length
  const totalLength = lengths.reduce((a, l) => a + l, 0)
  const pageOf = new Map(names.map((name, i) => [`handbook/${name}.html`, i]))
  const asked = queries.map(({ query, page }) => {
    const words = query.split(' ').map((w) => TWO.indexOf(w))
    if (words.some((j) => j < 0) || !pageOf.has(page)) throw new Error(`not a ranking query of this corpus: ${query} (${page})`)
    const holding = []
    for (let i = 0; i < n; i++) if (words.every((j) => counts[i][j])) holding.push(i)
    const idf = words.map((j) => {
      const df = counts.reduce((a, c) => a + (c[j] ? 1 : 0), 0)
      return Math.log(1 + (n - df + 0.5) / (df + 0.5))
    })
    // Occurrences per character of text, over the corpus.
    const rate = words.map((j) => counts.reduce((a, c) => a + c[j], 0) / totalLength)
    return { words, holding, idf, rate, target: pageOf.get(page) }
  })
  const bm25 = (k1, b) => (q, i) => {
    const norm = 1 - b + (b * lengths[i] * n) / totalLength
    return q.words.reduce((s, j, k) => {
      const tf = counts[i][j]
      return s + q.idf[k] * (k1 === Infinity ? tf / norm : (tf * (k1 + 1)) / (tf + k1 * norm))
    }, 0)
  }
  const rankings = [['poisson', (q, i) => q.words.reduce((s, j, k) => s + surprise(counts[i][j], q.rate[k] * lengths[i]), 0)]]
  for (const k1 of K1) for (const b of B) rankings.push([`bm25 k1=${k1} b=${b}`, bm25(k1, b)])
  let best = { found: -1, by: '' }
  for (const [by, score] of rankings) {
    // Ties fall in page order, as the engine's last key.
    let found = 0
    for (const q of asked) {
      const mine = score(q, q.target)
      let above = 0
      for (let x = 0; x < q.holding.length && above < top; x++) {
        const i = q.holding[x]
        const s = score(q, i)
        if (s > mine || (s === mine && i < q.target)) above++
      }
      if (above < top) found++
    }
    if (found > best.found) best = { found, by }
  }
  const bound = asked.filter((q) => {
    const t = q.target
    const dominating = q.holding.filter(
      (i) =>
        i !== t &&
        lengths[i] <= lengths[t] &&
        q.words.every((j) => counts[i][j] >= counts[t][j]) &&
        (lengths[i] < lengths[t] || q.words.some((j) => counts[i][j] > counts[t][j])),
    )
    return dominating.length < top
  }).length
  return { found: best.found, of: queries.length, top, by: best.by, bound }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const content = process.argv[2]
  if (!content) {
    console.error('usage: node bench/ranking-ceiling.mjs CONTENT [--words 2]')
    process.exit(2)
  }
  const at = process.argv.indexOf('--words')
  const corpus = readCorpus(content)
  console.log(JSON.stringify(rankingCeiling(corpus, rankingQueries(content, { corpus, words: at > 0 ? Number(process.argv[at + 1]) : 1 }))))
}
