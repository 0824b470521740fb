import { spawn } from 'node:child_process'
import { cacheDirOf } from '../render/cache-dir.js'
import { startDevServer } from '../dev-server/dev-server.js'
import { requireSiteFolders } from '../render/content/scan-content.js'
import { problem } from '../render/errors/index.js'
import { formatError, formatWarning } from './format-problem.js'

export interface ServeCommandOptions {
  root: string
  port: number
  host: string
  open: boolean
  debug: boolean
}

/** `gptnotes serve`: start the dev server and keep it running until interrupted. */
export async function serveCommand(opts: ServeCommandOptions): Promise<number> {
  try {
    // A missing site is no build to wait for: say so and stop, before anything is written.
    requireSiteFolders(opts.root)
    const dev = await startDevServer({ ...opts, cacheDir: cacheDirOf(opts.root), format: { error: (err) => formatError(err, { debug: opts.debug }), warning: (w) => `warning ${formatWarning(w)}` } })
    console.log(`serving ${dev.url}  (Ctrl+C to stop)`)
    if (opts.open) {
      const cmd = process.platform === 'darwin' ? 'open' : process.platform === 'win32' ? 'explorer' : 'xdg-open'
      spawn(cmd, [dev.url], { stdio: 'ignore', detached: true }).on('error', () => console.warn(`could not open a browser; visit ${dev.url}`)).unref()
    }
    const stop = () => void dev.close().then(() => process.exit(0))
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
    await new Promise(() => undefined)
    return 0
  } catch (err) {
    const inUse = (err as NodeJS.ErrnoException).code === 'EADDRINUSE'
    console.error(formatError(inUse ? problem('PortInUse', { port: opts.port, host: opts.host }, undefined, { cause: err }) : err, { debug: opts.debug }))
    return 1
  }
}
