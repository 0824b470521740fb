import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { normalizePath, outputFileOf, resolvePath, safeDecode } from '../shared/paths.js'
import type { SiteOutput } from '../render/build-site.js'
import type { OutputContents } from '../render/emit/write-output.js'
import { headersFor } from '../render/headers/index.js'
import type { EmbeddedCommentService } from '../proxy/node.js'
import { byteRange } from './byte-range.js'
import { COMMENTS_PATH } from './comment-service.js'
import { errorPage, errorPageHeaders } from './error-page.js'
import { RELOAD_PATH, type ReloadChannel } from './reload.js'

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  woff2: 'font/woff2',
}

/** What the HTTP side reads of the rest of the dev server, each time it answers. */
export interface ServedSite {
  /** Resolves once the first build is done (until then the base and the pages are unknown). */
  ready: Promise<void>
  /** Resolves when the build in progress, if any, is done. */
  settled(): Promise<void>
  output(): SiteOutput | undefined
  failure(): unknown
  reload: ReloadChannel
  /** The embedded comment service, when the config wants one. */
  comments(): Promise<EmbeddedCommentService | undefined> | undefined
  debug?: boolean
}

/** Whether a request path, fully decoded, is free of NUL, backslashes and `..` segments. */
function plainPath(path: string): boolean {
  let decoded: string
  try {
    decoded = decodeURIComponent(path)
  } catch {
    return false
  }
  return !/[\0\\]/.test(decoded) && !decoded.split('/').includes('..')
}

/**
 * The dev server's answers: the built output under the base, with the same redirects and 404
 * as the static output and the headers `_headers` gives each file; the reload stream; the
 * comment service; the failure page while the site does not build.
 */
export function serveOutput(site: ServedSite): (req: IncomingMessage, res: ServerResponse) => Promise<unknown> {
  const baseOf = () => site.output()?.config.base ?? '/gpt/'

  async function send(res: ServerResponse, status: number, file: string, contents: OutputContents, head = false, range?: string) {
    const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase()
    let body = typeof contents === 'string' ? Buffer.from(contents) : 'copyFrom' in contents ? await readFile(contents.copyFrom) : Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength)
    const output = site.output()
    // The headers `_headers` gives the file (the site's policy, caching of hashed folders), as a static host sends them.
    const headers: Record<string, string> = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': file.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(output ? headersFor(baseOf() + file, output.headers.rules) : {}),
    }
    if (status === 200) {
      headers['accept-ranges'] = 'bytes'
      const wanted = byteRange(range, body.length)
      if (wanted === 'unsatisfiable') {
        res.writeHead(416, { ...headers, 'content-range': `bytes */${body.length}` })
        return res.end()
      }
      if (wanted) {
        headers['content-range'] = `bytes ${wanted.start}-${wanted.end}/${body.length}`
        body = body.subarray(wanted.start, wanted.end + 1)
        status = 206
      }
    }
    res.writeHead(status, { ...headers, 'content-length': String(body.length) })
    res.end(head ? undefined : body)
  }

  async function redirect(res: ServerResponse, from: IncomingMessage, location: string) {
    // A redirect to the address asked for would loop: such an address has no page.
    if (new URL(location, 'http://localhost').pathname === new URL(from.url ?? '/', 'http://localhost').pathname) {
      const notFound = site.output()?.files.get('404.html')
      if (notFound !== undefined) return send(res, 404, '404.html', notFound, from.method === 'HEAD')
      res.writeHead(404)
      return res.end()
    }
    res.writeHead(301, { location })
    res.end()
  }

  return async function handle(req: IncomingMessage, res: ServerResponse) {
    await site.ready
    const path0 = (req.url ?? '/').split('?')[0]
    if (path0 === COMMENTS_PATH || path0.startsWith(COMMENTS_PATH + '/')) {
      await site.settled()
      const service = await site.comments()
      if (!service) {
        res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' })
        return res.end(JSON.stringify({ code: 101, error: 'The dev server runs no comment service: the config does not turn widget A on without a service address.' }))
      }
      req.url = (req.url ?? '/').slice(COMMENTS_PATH.length) || '/'
      return service.handle(req, res)
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' })
      return res.end('Method Not Allowed')
    }
    const url = new URL(req.url ?? '/', 'http://localhost')
    const path = url.pathname
    // NUL, backslashes and `..` (however escaped) name no file of the site.
    if (!plainPath(path)) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' })
      return res.end('Bad Request')
    }
    const base = baseOf()
    // `/` leads to the base; a site at the root (base `/`) is served there itself.
    if (base !== '/' && (path === '/' || path === base.slice(0, -1))) return redirect(res, req, base + url.search)
    if (path === base + RELOAD_PATH) return site.reload.connect(req, res, site.output()?.warnings ?? [])
    await site.settled()
    const output = site.output()
    const failure = site.failure()
    if (failure || !output) {
      res.writeHead(500, { 'content-type': 'text/html; charset=utf-8', ...errorPageHeaders(base + RELOAD_PATH) })
      return res.end(errorPage(failure, base + RELOAD_PATH, { debug: site.debug }))
    }
    const head = req.method === 'HEAD'
    const files = output.files
    if (!path.startsWith(base)) return send(res, 404, '404.html', files.get('404.html')!, head)
    // One spelling per address: a literal space or lower-case escapes go to the encoded form.
    const canonical = normalizePath(path)
    if (canonical !== path && files.has(safeDecode(path).slice(base.length))) return redirect(res, req, canonical + url.search)
    const rel = '/' + safeDecode(path).slice(base.length)
    const redirects = output.routes.redirects
    if (redirects[normalizePath(rel)]) return redirect(res, req, base.slice(0, -1) + redirects[normalizePath(rel)] + url.search)
    const file = outputFileOf(path.slice(base.length - 1))
    const hit = files.get(file)
    if (hit !== undefined) return send(res, 200, file, hit, head, req.headers.range)
    const known = new Set(output.routes.routes.map((r) => base.slice(0, -1) + r.path))
    const resolved = resolvePath(path, (p) => known.has(p))
    if (resolved.kind === 'redirect') return redirect(res, req, resolved.path + url.search)
    return send(res, 404, '404.html', files.get('404.html')!, head)
  }
}
