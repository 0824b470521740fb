// Queries for the ranking figure: for 50 pages of the bench corpus (picked with a fixed seed), a
// two-character word of the generator's vocabulary taken from the page's body, and the page it
// came from. Every such word is in most pages of the corpus, so the word taken is the one the page
// stands out for: the most occurrences in the page over its mean count per page in the corpus.
//   node bench/ranking-queries.mjs CONTENT      (prints them as JSON)
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { rng, WORDS } from './gen-corpus.mjs'

const TWO = [...new Set(WORDS.filter((w) => w.length === 2))]

/** A page's prose as the reader sees it: no frontmatter, code blocks, images or the related-pages list. */
export function bodyText(markdown) {
  return markdown
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/\n## 相关阅读[\s\S]*$/, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/[*`#>|]/g, '')
}

const countOf = (text, word) => text.split(word).length - 1

/** `[{ query, page }]`, `page` the path under the base (`handbook/NAME.html`); the same corpus always gives the same list. */
export function rankingQueries(content, { count = 50, seed = 20261128 } = {}) {
  const names = readdirSync(join(content, 'handbook'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.slice(0, -3))
    .sort()
  const texts = names.map((n) => bodyText(readFileSync(join(content, 'handbook', n + '.md'), 'utf8')))
  const counts = texts.map((t) => TWO.map((w) => countOf(t, w)))
  const mean = TWO.map((_, j) => counts.reduce((a, c) => a + c[j], 0) / names.length)
  const r = rng(seed)
  const picked = new Set()
  while (picked.size < Math.min(count, names.length)) picked.add(r.int(0, names.length - 1))
  return [...picked].map((i) => {
    let best = -1
    counts[i].forEach((c, j) => c && (best < 0 || c / mean[j] > counts[i][best] / mean[best]) && (best = j))
    return { query: TWO[best], page: `handbook/${names[i]}.html` }
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(JSON.stringify(rankingQueries(process.argv[2]), null, 1))
