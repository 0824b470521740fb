// What each part of one built page weighs: `node bench/page-parts.mjs FILE.html` prints a
// markdown table of bytes and shares (UTF-8, as the file is served), the parts in page order.
// Parts are cut at the layout's landmarks; a part a page does not have is left out.
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const bytes = (s) => Buffer.byteLength(s)

/** [part, text] in page order; the texts together are the whole page. */
export function pageParts(html) {
  const parts = []
  let rest = html
  /** Cut `rest` before the first match of `re` (or at its end when `after`): the text before is `name`. */
  const cut = (name, re, after = false) => {
    const m = re.exec(rest)
    if (!m) return
    const at = after ? m.index + m[0].length : m.index
    parts.push([name, rest.slice(0, at)])
    rest = rest.slice(at)
  }
  cut('head: charset, viewport, theme script, title, description', /<style>/)
  cut('head: inline CSS (the rules of the first paint)', /<\/style>\n?/, true)
  cut('head: social and structured data (og:, twitter:, JSON-LD), icon', /<\/head>\n?/, true)
  cut('header (menu, title, search, theme toggle)', /<div class="drawer"/)
  cut('sidebar', /<main/)
  cut('article header (title, author, date, category, tags)', /<div class="content/)
  cut('article body', /<\/div><footer class="article-footer"/)
  cut('article footer (last updated, prev/next)', /<\/main>/)
  cut('site footer, back-to-top', /<script id="__GPTNOTES_DATA__"/)
  cut('inline route data (JSON)', /<\/script>\n?/, true)
  cut('client loader (entry, modulepreload list, stylesheet)', /<\/script>\n?/, true)
  parts.push(['closing tags', rest])
  return parts.filter(([, t]) => t.length)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const html = readFileSync(process.argv[2], 'utf8')
  const total = bytes(html)
  console.log(`| part of ${process.argv[2].split('/').slice(-2).join('/')} | bytes | share |`)
  console.log('|---|---:|---:|')
  for (const [name, text] of pageParts(html)) console.log(`| ${name} | ${bytes(text).toLocaleString('en')} | ${((100 * bytes(text)) / total).toFixed(1)} % |`)
  console.log(`| **whole page** | **${total.toLocaleString('en')}** | 100 % |`)
}
