// A static host for the bench, as a CDN or nginx would serve the built output: files under the
// base from `dir` (a folder gets its index.html, else 404.html with status 404), gzip for text
// when the browser accepts it, long caching for the hashed assets. With `ranges`, it answers one
// byte range (`Range: bytes=a-b`) of a file it sends uncompressed with 206, as CDNs do; without,
// it ignores `Range` and sends the whole file, as some hosts do.
import { readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join, normalize } from 'node:path'
import { gzipSync } from 'node:zlib'

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
}
const isFile = (p) => statSync(p, { throwIfNoEntry: false })?.isFile() ?? false

export async function serveDist(dir, base = '/gpt/', { ranges = false } = {}) {
  const gzipped = new Map()
  // What the host has sent, as a network counts it (status lines, headers and bodies), and the requests it answered.
  const sent = { bytes: 0, requests: 0 }
  const server = createServer((req, res) => {
    sent.requests++
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    let file = join(dir, '404.html')
    let status = 404
    if (path.startsWith(base)) {
      let wanted = normalize(join(dir, path.slice(base.length)))
      if (!isFile(wanted)) wanted = join(wanted, 'index.html')
      if (wanted.startsWith(dir) && isFile(wanted)) [file, status] = [wanted, 200]
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream'
    const headers = { 'content-type': type, 'cache-control': file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache' }
    let body = readFileSync(file)
    if (/text|json|xml|svg/.test(type) && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      if (!gzipped.has(file)) gzipped.set(file, gzipSync(body))
      body = gzipped.get(file)
      headers['content-encoding'] = 'gzip'
    } else if (ranges && status === 200) {
      headers['accept-ranges'] = 'bytes'
      const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '')
      if (range && (range[1] || range[2])) {
        const size = body.length
        const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]))
        const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1
        if (start > end || start >= size) {
          res.writeHead(416, { 'content-range': `bytes */${size}` })
          return res.end()
        }
        ;[status, body] = [206, body.subarray(start, end + 1)]
        headers['content-range'] = `bytes ${start}-${end}/${size}`
      }
    }
    res.writeHead(status, { ...headers, 'content-length': body.length })
    res.end(req.method === 'HEAD' ? undefined : body)
  })
  const sockets = new Set()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => {
      sent.bytes += socket.bytesWritten
      sockets.delete(socket)
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${server.address().port}${base}`,
    /** Bytes and requests sent so far. */
    sent: () => ({ bytes: [...sockets].reduce((n, s) => n + s.bytesWritten, sent.bytes), requests: sent.requests }),
    close: () => new Promise((r) => (server.close(r), server.closeAllConnections())),
  }
}
