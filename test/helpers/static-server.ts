import { createReadStream, existsSync, readFileSync, statSync, type Stats } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { extname, join, normalize } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json; charset=utf-8',
}

/** One block of a `_headers` file: a path pattern and the headers below it. */
interface HeadersRule {
  pattern: RegExp
  headers: [string, string][]
}

/**
 * Reads `_headers` as Netlify and Cloudflare Pages do: a line with a path (`*` matches any rest,
 * even none), then indented `Name: value` lines; `#` starts a comment. Written here rather than
 * taken from the build, so the tests check the file a host reads, not the build's own rules.
 */
export function parseHeadersFile(text: string): HeadersRule[] {
  const rules: HeadersRule[] = []
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue
    if (!/^\s/.test(line)) {
      const source = line.trim().split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')
      rules.push({ pattern: new RegExp(`^${source}$`), headers: [] })
      continue
    }
    const at = line.indexOf(':')
    if (!rules.length || at < 0) throw new Error(`_headers: a header line outside a rule or without a colon: ${line}`)
    rules.at(-1)!.headers.push([line.slice(0, at).trim(), line.slice(at + 1).trim()])
  }
  return rules
}

/** Every matching rule's headers; a name two rules give is joined with ", " (as both hosts do). */
function headersOf(rules: readonly HeadersRule[], path: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const rule of rules) {
    if (!rule.pattern.test(path)) continue
    for (const [name, value] of rule.headers) out[name.toLowerCase()] = out[name.toLowerCase()] ? `${out[name.toLowerCase()]}, ${value}` : value
  }
  return out
}

/** The file's stat, or undefined for a path that names nothing (missing, or under a file). */
function statOf(file: string): Stats | undefined {
  try {
    return statSync(file)
  } catch {
    return undefined
  }
}

/**
 * A plain static host for the built output, as nginx or GitHub Pages serve it: files under
 * `base` from `dir` (a folder gets its index.html), `404.html` with status 404 otherwise. It
 * applies none of gptnotes' redirects, so tests see what the static output alone does. It does
 * send the headers of the output's `_headers` (the site's Content-Security-Policy among them), as
 * Netlify and Cloudflare Pages do, so every page a browser test opens here runs under them. It
 * answers a single byte range (`Range: bytes=a-b`) with 206, as those hosts do; `ranges: false`
 * makes it a host that ignores ranges and sends the whole file.
 */
export async function serveStatic(dir: string, base = '/gpt/', { ranges = true } = {}): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const headersFile = join(dir, '_headers')
  const rules = existsSync(headersFile) ? parseHeadersFile(readFileSync(headersFile, 'utf8')) : []
  const server = createServer((req, res) => {
    const raw = new URL(req.url ?? '/', 'http://x').pathname
    const path = decodeURIComponent(raw)
    // A browser may still ask for a file while a test removes the site after its last case: the
    // request then fails as a host's would, not as an uncaught error in the test run.
    const stream = (file: string, options?: { start: number; end: number }) =>
      createReadStream(file, options)
        .on('error', () => res.destroy())
        .pipe(res)
    const send = (status: number, file: string) => {
      const stat = statOf(file)
      if (!stat) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' })
        return res.end('not found')
      }
      const type = { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...headersOf(rules, raw) }
      const range = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '')
      const size = stat.size
      if (ranges && status === 200 && range && Number(range[1]) <= Number(range[2]) && Number(range[2]) < size) {
        const [start, end] = [Number(range[1]), Number(range[2])]
        res.writeHead(206, { ...type, 'content-range': `bytes ${start}-${end}/${size}`, 'content-length': String(end - start + 1) })
        if (req.method === 'HEAD') return res.end()
        return stream(file, { start, end })
      }
      res.writeHead(status, type)
      if (req.method === 'HEAD') return res.end()
      stream(file)
    }
    if (path.startsWith(base)) {
      let file = normalize(join(dir, path.slice(base.length)))
      if (file.startsWith(dir)) {
        if (statOf(file)?.isDirectory()) file = join(file, 'index.html')
        if (statOf(file)?.isFile()) return send(200, file)
      }
    }
    send(404, join(dir, '404.html'))
  })
  // Node closes an idle keep-alive connection after 5 s, the moment a client may be sending its
  // next request on it (Playwright's route.fetch then sees ECONNRESET); static hosts keep
  // connections open far longer.
  server.keepAliveTimeout = 60_000
  server.headersTimeout = 65_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return { url: `http://127.0.0.1:${port}${base}`, server, close: () => new Promise((r) => server.close(() => r())) }
}
