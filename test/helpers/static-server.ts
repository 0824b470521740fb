import { createReadStream, existsSync, statSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { extname, join, normalize } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
}

/**
 * A plain static host for the built output, as nginx or GitHub Pages serve it: files under
 * `base` from `dir` (a folder gets its index.html), `404.html` with status 404 otherwise. It
 * applies none of gptnotes' redirects, so tests see what the static output alone does.
 */
export async function serveStatic(dir: string, base = '/gpt/'): Promise<{ url: string; server: Server; close: () => Promise<void> }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    const send = (status: number, file: string) => {
      res.writeHead(status, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
      if (req.method === 'HEAD') return res.end()
      createReadStream(file).pipe(res)
    }
    if (path.startsWith(base)) {
      let file = normalize(join(dir, path.slice(base.length)))
      if (file.startsWith(dir)) {
        if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html')
        if (existsSync(file) && statSync(file).isFile()) return send(200, file)
      }
    }
    send(404, join(dir, '404.html'))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as { port: number }).port
  return { url: `http://127.0.0.1:${port}${base}`, server, close: () => new Promise((r) => server.close(() => r())) }
}
