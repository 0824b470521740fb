import { createServer, type Server } from 'node:http'
import { cacheDirOf } from '../render/cache-dir.js'
import { needsCommentService } from '../render/widgets/index.js'
import type { BuildWarning } from '../render/errors/index.js'
import { COMMENTS_PATH, DevCommentService } from './comment-service.js'
import { Rebuilder } from './rebuild.js'
import { ReloadChannel } from './reload.js'
import { serveOutput } from './serve-output.js'
import { isThemeSource, SiteWatcher } from './watch-site.js'

export { COMMENTS_PATH }

/** How long the build after an edit shown without one waits for open pages to load again. */
const PAGES_BACK_MS = 2000

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
  /** Resolves once the watcher sees changes (its first scan done); at once without watching. */
  watching(): Promise<void>
  close(): Promise<void>
}

/** Origins a browser may show for a server listening on `host`: loopback and any-address listeners answer to every loopback name. */
function originsOf(host: string, port: number): string[] {
  const loopback = ['localhost', '127.0.0.1', '::1', '0.0.0.0', '::'].includes(host)
  const hosts = loopback ? [host, 'localhost', '127.0.0.1', '::1'] : [host]
  return [...new Set(hosts.filter((h) => h !== '0.0.0.0' && h !== '::').map((h) => `http://${h.includes(':') ? `[${h}]` : h}:${port}`))]
}

/**
 * `gptnotes serve`, from its pieces: the HTTP side (`serve-output.ts`) answers from the last
 * build in memory; `rebuild.ts` builds one at a time through caches kept for the server's
 * lifetime; `watch-site.ts` starts a rebuild on change; `reload.ts` tells open pages to reload;
 * `comment-service.ts` mounts widget A's own service. It listens before the first build so
 * that the comment service's address holds the chosen port.
 */
export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const log = options.log ?? ((line: string) => console.log(line))
  const format = options.format ?? PLAIN
  const reload = new ReloadChannel()
  let comments: DevCommentService | undefined
  let watcher: SiteWatcher | undefined
  const builds = new Rebuilder({
    root: options.root,
    cacheDir: options.cacheDir,
    commentService: () => commentsUrl,
    log,
    formatError: format.error,
    formatWarning: format.warning,
    async built(output) {
      watcher?.watchImports(output)
      if (needsCommentService(output.config)) await comments?.open()
    },
    // Only an edit shown without a build waits for the pages: its pages refresh in place.
    done: (waitForPages) => reload.reload(waitForPages ? PAGES_BACK_MS : 0, waitForPages),
  })

  let started!: () => void
  const ready = new Promise<void>((resolve) => (started = resolve))
  const handle = serveOutput({
    ready,
    settled: () => builds.built(),
    output: () => builds.output,
    failure: () => builds.failure,
    reload,
    comments: () => (builds.output && needsCommentService(builds.output.config) ? comments?.current : undefined),
    debug: options.debug,
  })
  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      log(format.error(err))
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
      res.end('Internal Server Error')
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  const commentsUrl = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}${COMMENTS_PATH}`
  comments = new DevCommentService(options.commentsDir ?? options.cacheDir ?? cacheDirOf(options.root), commentsUrl, originsOf(options.host, port), log, format.error)
  await builds.rebuild()
  started()
  const url = `http://${options.host}:${port}${builds.output?.config.base ?? '/gpt/'}`

  if (options.watch !== false) {
    watcher = new SiteWatcher(options.root, (files) => {
      const theme = files.some(isThemeSource)
      if (theme) builds.themeChanged()
      void builds.rebuild(`changed ${files.length === 1 ? files[0].slice(options.root.length + 1) || files[0] : `${files.length} files`}`, theme ? undefined : files)
    })
    if (builds.output) watcher.watchImports(builds.output)
  }

  return {
    server,
    url,
    settled: () => builds.settled(),
    watching: () => watcher?.ready ?? Promise.resolve(),
    async close() {
      await watcher?.close()
      reload.close()
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections?.()
      await stopped
      await comments?.close()
    },
  }
}
