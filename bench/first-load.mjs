// The JavaScript and CSS a browser downloads on the first load of one built page: its module
// scripts and modulepreloads, and the entry and preloads the client's loader names
// (data-entry, data-preload), with their static imports followed (dynamic imports are not first
// load), inline scripts, stylesheets and inline styles, and the page itself; raw and gzip.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, posix } from 'node:path'
import { gzipSync } from 'node:zlib'
import { init, parse } from 'es-module-lexer'

const BASE = '/gpt/'
await init

const gz = (buf) => gzipSync(buf, { level: 6 }).length

/** Adds to `files` every module they import statically (`import()` is not followed); returns it. */
function staticClosure(files) {
  const queue = [...files]
  while (queue.length) {
    const file = queue.pop()
    const [imports] = parse(readFileSync(file, 'utf8'))
    for (const i of imports) {
      if (i.d !== -1 || !i.n) continue // dynamic import(): loaded later, on its own
      const dep = join(dirname(file), i.n)
      if (!files.has(dep)) files.add(dep) && queue.push(dep)
    }
  }
  return files
}

/** The script files of a page's first load (see firstLoad). */
export function firstLoadFiles(dist, page) {
  const html = readFileSync(join(dist, page), 'utf8')
  const local = (url) => join(dist, url.startsWith(BASE) ? url.slice(BASE.length) : posix.join(posix.dirname(page), url))
  const scripts = new Set()
  for (const m of html.matchAll(/<script[^>]*\stype="module"[^>]*\ssrc="([^"]+)"|<script[^>]*\ssrc="([^"]+)"[^>]*>|<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) {
    scripts.add(local(m[1] ?? m[2] ?? m[3]))
  }
  for (const m of html.matchAll(/<script[^>]*\sdata-entry="([^"]+)"[^>]*\sdata-preload="([^"]*)"/g)) {
    for (const url of [m[1], ...m[2].split(' ').filter(Boolean)]) scripts.add(local(url))
  }
  return staticClosure(scripts)
}

/**
 * What loading a lazy chunk (`assets/js/<name>.<hash>.js`) downloads once `loaded` is in the
 * browser: the chunk and the modules it imports statically that are not; gzip, each file on its
 * own. Returns the bytes and the files, so a later chunk can count from there.
 */
export function lazyLoad(dist, name, loaded) {
  const dir = join(dist, 'assets', 'js')
  const file = readdirSync(dir).find((f) => f.startsWith(name + '.') && f.endsWith('.js'))
  if (!file) return { gz: 0, files: loaded }
  const files = staticClosure(new Set([join(dir, file)]))
  const gz = [...files].filter((f) => !loaded.has(f)).reduce((n, f) => n + gzipSync(readFileSync(f), { level: 6 }).length, 0)
  return { gz, files: new Set([...loaded, ...files]) }
}

export function firstLoad(dist, page) {
  const html = readFileSync(join(dist, page), 'utf8')
  const local = (url) => join(dist, url.startsWith(BASE) ? url.slice(BASE.length) : posix.join(posix.dirname(page), url))
  const scripts = firstLoadFiles(dist, page)
  const inlineJs = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('')
  const inlineData = [...html.matchAll(/<script[^>]*application\/json[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('')
  const css = [
    ...[...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => readFileSync(local(m[1]))),
    ...[...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => Buffer.from(m[1])),
  ]
  const js = [...scripts].map((f) => readFileSync(f))
  const sum = (bufs, f) => bufs.reduce((n, b) => n + f(b), 0)
  return {
    jsRaw: sum(js, (b) => b.length) + Buffer.byteLength(inlineJs),
    jsGz: sum(js, gz) + (inlineJs ? gz(Buffer.from(inlineJs)) : 0),
    jsFiles: js.length,
    inlineData: Buffer.byteLength(inlineData),
    cssRaw: sum(css, (b) => b.length),
    cssGz: sum(css, gz),
    htmlRaw: Buffer.byteLength(html),
    htmlGz: gz(Buffer.from(html)),
  }
}
