// One large page (1 MiB by default): the corpus's articles, block quotes, footnotes and a long
// list in one file (the shapes that once made parsing grow with the square of the size).
// Writes the site to the folder given and prints { bytes, parseMs } as JSON: parsePage alone, in this process.
//   node large-page.mjs SITE_DIR CORPUS_CONTENT_DIR [BYTES]
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const [site, corpus, size = String(1 << 20)] = process.argv.slice(2)
const articles = readdirSync(join(corpus, 'handbook'))
  .filter((f) => f.endsWith('.md'))
  .map((f) => readFileSync(join(corpus, 'handbook', f), 'utf8').replace(/^---[\s\S]*?\n---\n/, '').replace(/\]\(\.\/[^)]*\)/g, '](#)'))
let body = ''
for (let i = 0; Buffer.byteLength(body) < Number(size); i++) {
  body += articles[i % articles.length] + '\n'
  body += `> 引用 ${i}\n\n> 另一段引用\n\n注释在此[^n${i}]。\n\n[^n${i}]: 第 ${i} 条脚注\n\n`
  body += '- 列表项\n'.repeat(20) + '\n'
}
const source = `---\ntitle: 大页面\n---\n\n${body}`
rmSync(site, { recursive: true, force: true })
mkdirSync(join(site, 'content'), { recursive: true })
writeFileSync(join(site, 'content/README.md'), source)

const { parsePage } = await import('../lib/render/content/parse-page.js')
const start = performance.now()
parsePage({ relativePath: 'README.md', source }, { base: '/gpt/' })
process.stdout.write(JSON.stringify({ bytes: Buffer.byteLength(source), parseMs: performance.now() - start }) + '\n')
