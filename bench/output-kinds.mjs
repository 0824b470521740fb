// Files and bytes of a built output by kind: HTML, page chunks, the search index, the rest.
import { closeSync, openSync, readdirSync, readSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** Does the file start with `prefix`? (Page chunks are data modules: `export default JSON.parse(…)`.) */
function startsWith(file, prefix) {
  const fd = openSync(file, 'r')
  const buf = Buffer.alloc(prefix.length)
  readSync(fd, buf, 0, buf.length, 0)
  closeSync(fd)
  return buf.toString('utf8') === prefix
}

/** Files and bytes of the output by kind: HTML, page chunks (route and list data modules), search index, other. */
export function outputKinds(dist) {
  const kinds = { html: { bytes: 0, files: 0 }, chunks: { bytes: 0, files: 0 }, search: { bytes: 0, files: 0 }, other: { bytes: 0, files: 0 } }
  const walk = (dir, rel) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name)
      const r = rel + e.name
      if (e.isDirectory()) {
        walk(p, r + '/')
        continue
      }
      const kind = r.endsWith('.html')
        ? 'html'
        : r.startsWith('assets/search/') || r === 'search-index.json'
          ? 'search'
          : /^assets\/js\/[^/]+\.js$/.test(r) && startsWith(p, 'export default JSON.parse(')
            ? 'chunks'
            : 'other'
      kinds[kind].bytes += statSync(p).size
      kinds[kind].files++
    }
  }
  walk(dist, '')
  return kinds
}
