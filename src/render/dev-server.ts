import { watch } from 'chokidar'
import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import { escapeHtml } from '../shared/escape.js'
import { normalizePath, resolvePath, safeDecode } from '../shared/paths.js'
import { CONFIG_FILES } from './config/load-config.js'
import { formatError } from './errors.js'
import { PACKAGE_ROOT } from './package-root.js'
import { SiteBuilder, type SiteOutput } from './site-builder.js'
import type { OutputContents } from './write-output.js'

export interface DevServerOptions {
  root: string
  port: number
  host: string
  cacheDir?: string
  /** Watch files and reload open pages (on by default). */
  watch?: boolean
  log?: (line: string) => void
  debug?: boolean
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
 * `gptnotes serve`: builds into memory, serves under the base with the same redirects and 404
 * as the static output, rebuilds on change (re-parsing only changed pages) and reloads pages.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const log = options.log ?? ((line: string) => console.log(line))
  const clients = new Set<ServerResponse>()
  let base = '/gpt/'
  let output: SiteOutput | undefined
  let failure: unknown
  const builder = new SiteBuilder(options.root, {
    cacheDir: options.cacheDir,
    get bodyEnd() {
      return `\n<script>new EventSource(${JSON.stringify(base + RELOAD_PATH)}).onmessage=function(e){if(e.data==='reload')location.reload()}</script>`
    },
  })

  let building: Promise<void> = Promise.resolve()
  const rebuild = (reason?: string): Promise<void> => {
    building = building.then(async () => {
      const start = performance.now()
      try {
        output = await builder.build()
        base = output.config.base
        failure = undefined
        for (const w of output.warnings) log(`warning ${w}`)
        log(`${reason ? `${reason}: ` : ''}built ${output.pages} pages in ${Math.round(performance.now() - start)} ms`)
      } catch (err) {
        failure = err
        log(formatError(err, { debug: options.debug }))
      }
      for (const c of clients) c.write('data: reload\n\n')
    })
    return building
  }
  await rebuild()

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      log(formatError(err, { debug: options.debug }))
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
      res.end('Internal Server Error')
    })
  })

  async function send(res: ServerResponse, status: number, file: string, contents: OutputContents, head = false) {
    const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase()
    const body = typeof contents === 'object' && 'copyFrom' in contents ? await readFile(contents.copyFrom) : contents
    res.writeHead(status, {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'cache-control': file.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    })
    res.end(head ? undefined : body)
  }

  function redirect(res: ServerResponse, location: string) {
    res.writeHead(301, { location })
    res.end()
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const path = url.pathname
    if (path === '/' || path === base.slice(0, -1)) return redirect(res, base + url.search)
    if (path === base + RELOAD_PATH) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
      res.write(': connected\n\n')
      clients.add(res)
      req.on('close', () => clients.delete(res))
      return
    }
    await building
    if (failure || !output) {
      res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' })
      return res.end(
        `<!DOCTYPE html><html lang="zh-CN"><meta charset="utf-8"><title>构建失败</title><body><h1>构建失败</h1><pre>${escapeHtml(formatError(failure))}</pre>` +
          `<script>new EventSource(${JSON.stringify(base + RELOAD_PATH)}).onmessage=function(){location.reload()}</script></body></html>`,
      )
    }
    const head = req.method === 'HEAD'
    const files = output.files
    if (!path.startsWith(base)) return send(res, 404, '404.html', files.get('404.html')!, head)
    // One spelling per address: a literal space or lower-case escapes go to the encoded form.
    const canonical = normalizePath(path)
    if (canonical !== path && files.has(safeDecode(path).slice(base.length))) return redirect(res, canonical + url.search)
    const rel = '/' + safeDecode(path).slice(base.length)
    const redirects = output.routes.redirects
    if (redirects[normalizePath(rel)]) return redirect(res, base.slice(0, -1) + redirects[normalizePath(rel)] + url.search)
    const file = (rel.endsWith('/') ? rel + 'index.html' : rel).slice(1)
    const hit = files.get(file)
    if (hit !== undefined) return send(res, 200, file, hit, head)
    const known = new Set(output.routes.routes.map((r) => base.slice(0, -1) + r.path))
    const resolved = resolvePath(path, (p) => known.has(p))
    if (resolved.kind === 'redirect') return redirect(res, resolved.path + url.search)
    return send(res, 404, '404.html', files.get('404.html')!, head)
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  const url = `http://${options.host}:${port}${base}`

  const watcher =
    options.watch === false
      ? undefined
      : watch([join(options.root, 'content'), ...CONFIG_FILES.map((f) => join(options.root, f)), join(PACKAGE_ROOT, 'src/client'), join(PACKAGE_ROOT, 'src/shared')], {
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
      if (files.some((f) => f.startsWith(join(PACKAGE_ROOT, 'src')))) builder.invalidateClient()
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
      await new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections?.()
    },
  }
}
