import { watch } from 'chokidar'
import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { join, sep } from 'node:path'
import { normalizePath, outputFileOf, resolvePath, safeDecode } from '../shared/paths.js'
import { CONFIG_FILES } from '../render/config/load-config.js'
import { BuildCaches } from '../render/build-caches.js'
import { cacheDirOf } from '../render/cache-dir.js'
import { wantsOwnCommentService } from '../render/site/client-site.js'
import { openEmbeddedCommentService, type EmbeddedCommentService } from '../proxy/node.js'
import { resolveProxyOptions } from '../proxy/options.js'
import { buildSite, type SiteOutput } from '../render/build-site.js'
import type { BuildWarning } from '../render/errors/index.js'
import { devClient, errorPage, warningsEvent } from './error-page.js'
import { PACKAGE_ROOT } from '../render/package-root.js'
import type { OutputContents } from '../render/emit/write-output.js'
import { headersFor } from '../render/headers/index.js'
import { errorPageHeaders } from './error-page.js'
import { byteRange } from './byte-range.js'

export interface DevServerOptions {
  root: string
  port: number
  host: string
  /** Build caches between runs; in memory when absent. */
  cacheDir?: string
  /**
   * Where the dev server's own comment service keeps its SQLite file, when the config turns
   * widget A on without naming a service. Default: `cacheDir`, else the site's cache folder.
   */
  commentsDir?: string
  /** Watch files and reload open pages (on by default). */
  watch?: boolean
  log?: (line: string) => void
  /** Turns errors and warnings into log lines; `gptnotes serve` passes the CLI's printer. */
  format?: ProblemFormat
  debug?: boolean
}

export interface ProblemFormat {
  error(err: unknown): string
  warning(w: BuildWarning): string
}

/** Log lines when no printer is given: code and message only. */
const PLAIN: ProblemFormat = {
  error: (err) => `error ${err instanceof Error ? `[${err.name}] ${err.message}` : String(err)}`,
  warning: (w) => `warning [${w.code}] ${w.loc ? `${w.loc.file}:${w.loc.line}:${w.loc.column}  ` : ''}${w.message}`,
}

export interface DevServer {
  server: Server
  url: string
  /** Resolves when the rebuild in progress (if any) has finished. */
  settled(): Promise<void>
  close(): Promise<void>
}

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

const RELOAD_PATH = '__gptnotes/reload'
/**
 * Where the dev server mounts the comment service (outside the base, so no page can take the
 * address); widget A's SDK gets `<origin>/__gptnotes/comments` and appends `/1.1/…`.
 */
export const COMMENTS_PATH = '/__gptnotes/comments'

/** Origins a browser may show for a server listening on `host`: loopback and any-address listeners answer to every loopback name. */
function originsOf(host: string, port: number): string[] {
  const loopback = ['localhost', '127.0.0.1', '::1', '0.0.0.0', '::'].includes(host)
  const hosts = loopback ? [host, 'localhost', '127.0.0.1', '::1'] : [host]
  return [...new Set(hosts.filter((h) => h !== '0.0.0.0' && h !== '::').map((h) => `http://${h.includes(':') ? `[${h}]` : h}:${port}`))]
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
 * `gptnotes serve`: builds into memory, serves under the base with the same redirects and 404
 * as the static output, rebuilds on change (re-parsing only changed pages) and reloads pages.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const log = options.log ?? ((line: string) => console.log(line))
  const format = options.format ?? PLAIN
  const clients = new Set<ServerResponse>()
  let base = '/gpt/'
  let output: SiteOutput | undefined
  let failure: unknown
  // Parsed pages and the client bundle live as long as the server: a rebuild parses only what changed.
  const caches = new BuildCaches(options.cacheDir)
  const reloadClient = (config: { base: string }) => '\n' + devClient(config.base + RELOAD_PATH)

  // The comment service of widget A when the config names none: opened with the first build that
  // needs it, kept until the server closes (the store is a file in the site's cache folder).
  let commentsUrl = ''
  let origins: string[] = []
  let comments: Promise<EmbeddedCommentService | undefined> | undefined
  let commentsOn = false
  const openComments = () =>
    (comments ??= (async () => {
      const dir = options.commentsDir ?? options.cacheDir ?? cacheDirOf(options.root)
      mkdirSync(dir, { recursive: true })
      // The GPTNOTES_* settings apply as for `gptnotes proxy`, but the store and the origins are the dev server's.
      const settings = resolveProxyOptions({ env: { ...process.env, GPTNOTES_STORE: `sqlite:${join(dir, 'comments.db')}`, GPTNOTES_ORIGINS: origins.join(',') } })
      const service = await openEmbeddedCommentService({ options: settings, log: (entry) => entry.level !== 'info' && log(`comments ${entry.level}: ${entry.event}`) })
      log(`comments: ${commentsUrl} (widget A's service, stored in ${join(dir, 'comments.db')})`)
      return service
    })().catch((err: unknown) => {
      log(format.error(err))
      return undefined
    }))

  /**
   * Code that pages import from outside content/ (`<<< examples/a.js`): watched too, as it is
   * imported, so an edit there rebuilds the pages as an edit under content/ does.
   */
  const imports = new Set<string>()
  let watcher: ReturnType<typeof watch> | undefined
  const contentDir = join(options.root, 'content') + sep
  const watchImports = (built: SiteOutput) => {
    const added = built.parsed.flatMap((p) => Object.keys(p.importStamps ?? {})).filter((f) => !f.startsWith(contentDir) && !imports.has(f))
    for (const f of added) imports.add(f)
    if (added.length) watcher?.add(added)
  }

  let building: Promise<void> = Promise.resolve()
  const rebuild = (reason?: string): Promise<void> => {
    building = building.then(async () => {
      const start = performance.now()
      try {
        output = await buildSite({ root: options.root, caches, bodyEnd: reloadClient, commentService: commentsUrl })
        watchImports(output)
        base = output.config.base
        commentsOn = wantsOwnCommentService(output.config)
        if (commentsOn) await openComments()
        failure = undefined
        for (const w of output.warnings) log(format.warning(w))
        log(`${reason ? `${reason}: ` : ''}built ${output.pages} pages in ${Math.round(performance.now() - start)} ms`)
      } catch (err) {
        failure = err
        log(format.error(err))
      }
      for (const c of clients) c.write('data: reload\n\n')
    })
    return building
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      log(format.error(err))
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
      res.end('Internal Server Error')
    })
  })

  async function send(res: ServerResponse, status: number, file: string, contents: OutputContents, head = false, range?: string) {
    const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase()
    let body = typeof contents === 'string' ? Buffer.from(contents) : 'copyFrom' in contents ? await readFile(contents.copyFrom) : Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength)
    // The headers `_headers` gives the file (the site's policy, caching of hashed folders), as a static host sends them.
    const headers: Record<string, string> = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': file.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(output ? headersFor(base + file, output.headers.rules) : {}),
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
      const notFound = output?.files.get('404.html')
      if (notFound !== undefined) return send(res, 404, '404.html', notFound, from.method === 'HEAD')
      res.writeHead(404)
      return res.end()
    }
    res.writeHead(301, { location })
    res.end()
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    // Until the first build the base and the pages are unknown.
    await ready
    const path0 = (req.url ?? '/').split('?')[0]
    if (path0 === COMMENTS_PATH || path0.startsWith(COMMENTS_PATH + '/')) {
      await building
      const service = commentsOn ? await comments : undefined
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
    // `/` leads to the base; a site at the root (base `/`) is served there itself.
    if (base !== '/' && (path === '/' || path === base.slice(0, -1))) return redirect(res, req, base + url.search)
    if (path === base + RELOAD_PATH) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
      res.write(': connected\n\n')
      if (output?.warnings.length) res.write(warningsEvent(output.warnings))
      clients.add(res)
      req.on('close', () => clients.delete(res))
      return
    }
    await building
    if (failure || !output) {
      res.writeHead(500, { 'content-type': 'text/html; charset=utf-8', ...errorPageHeaders(base + RELOAD_PATH) })
      return res.end(errorPage(failure, base + RELOAD_PATH, { debug: options.debug }))
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

  let started!: () => void
  const ready = new Promise<void>((resolve) => (started = resolve))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  origins = originsOf(options.host, port)
  commentsUrl = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}${COMMENTS_PATH}`
  await rebuild()
  started()
  const url = `http://${options.host}:${port}${base}`

  watcher =
    options.watch === false
      ? undefined
      : watch([join(options.root, 'content'), ...CONFIG_FILES.map((f) => join(options.root, f)), join(PACKAGE_ROOT, 'src/client'), join(PACKAGE_ROOT, 'src/shared'), ...imports], {
          ignoreInitial: true,
        })
  let timer: NodeJS.Timeout | undefined
  const changed = new Set<string>()
  watcher?.on('all', (_event, file) => {
    changed.add(file)
    clearTimeout(timer)
    timer = setTimeout(() => {
      const files = [...changed]
      changed.clear()
      if (files.some((f) => f.startsWith(join(PACKAGE_ROOT, 'src')))) caches.invalidateClient()
      void rebuild(`changed ${files.length === 1 ? files[0].slice(options.root.length + 1) || files[0] : `${files.length} files`}`)
    }, 80)
  })

  return {
    server,
    url,
    settled: () => building,
    async close() {
      clearTimeout(timer)
      await watcher?.close()
      for (const c of clients) c.end()
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections?.()
      await stopped
      await (await comments)?.close()
    },
  }
}
