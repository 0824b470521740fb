// Queries for the ranking figure: for 50 pages of the bench corpus (picked with a fixed seed), a
// two-character word of the generator's vocabulary taken from the page's body, and the page it
// came from. Every such word is in most pages of the corpus, so the word taken is the one the page
// stands out for: the most occurrences in the page over its mean count per page in the corpus.
// With `words: 2`, the same pages and their two standout words, space-separated (every term must
// match): what a reader types when one word finds too many pages.
//   node bench/ranking-queries.mjs CONTENT [--words 2]     (prints them as JSON)
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { rng, WORDS } from './gen-corpus.mjs'

export const TWO = [...new Set(WORDS.filter((w) => w.length === 2))]

/** A page's prose as the reader sees it: no frontmatter, code blocks, images or the related-pages list. */
export function bodyText(markdown) {
  return markdown
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/\n## 相关阅读[\s\S]*$/, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/[*`#>|]/g, '')
}

/**
 * A page's text as the search index holds it, near enough: the prose with its headings, tables
 * and the related-pages list (link texts), spaces collapsed; no frontmatter, code blocks, images
 * or table rules. The ceiling reads it: the index cannot tell the list from the prose.
 */
export function indexText(markdown) {
  return markdown
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/^\|?( *-{3,} *\|)+ *$/gm, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*`#>|]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

const countOf = (text, word) => text.split(word).length - 1

/**
 * The corpus's article pages as the ranking figures read them: names (sorted); each page's count
 * of each two-character word (`TWO`) in its prose (`prose`, `bodyText`: what the queries are
 * taken from) and in its indexed text (`counts`, `indexText`, with its length in characters,
 * `lengths`: what the ceiling ranks by).
 */
export function readCorpus(content) {
  const names = readdirSync(join(content, 'handbook'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.slice(0, -3))
    .sort()
  const prose = []
  const counts = []
  const lengths = []
  for (const name of names) {
    const markdown = readFileSync(join(content, 'handbook', name + '.md'), 'utf8')
    const body = bodyText(markdown)
    const text = indexText(markdown)
    prose.push(TWO.map((w) => countOf(body, w)))
    counts.push(TWO.map((w) => countOf(text, w)))
    lengths.push(text.length)
  }
  return { names, prose, counts, lengths }
}

/**
 * `[{ query, page }]`, `page` the path under the base (`handbook/NAME.html`); the same corpus
 * always gives the same list. `words`: how many of the page's standout words the query holds,
 * the most standing out first. `corpus`: `readCorpus(content)`, when read already.
 */
export function rankingQueries(content, { count = 50, seed = 20261128, words = 1, corpus = readCorpus(content) } = {}) {
  const { names, prose: counts } = corpus
  const mean = TWO.map((_, j) => counts.reduce((a, c) => a + c[j], 0) / names.length)
  const r = rng(seed)
  const picked = new Set()
  while (picked.size < Math.min(count, names.length)) picked.add(r.int(0, names.length - 1))
  return [...picked].map((i) => {
    // Standing out: count over the corpus mean, the first word of the vocabulary on a tie.
    const order = counts[i]
      .map((c, j) => j)
      .filter((j) => counts[i][j])
      .sort((a, b) => counts[i][b] / mean[b] - counts[i][a] / mean[a] || a - b)
    return { query: order.slice(0, words).map((j) => TWO[j]).join(' '), page: `handbook/${names[i]}.html` }
  })
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--words')
  console.log(JSON.stringify(rankingQueries(process.argv[2], { words: at > 0 ? Number(process.argv[at + 1]) : 1 }), null, 1))
}
