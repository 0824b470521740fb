import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { ProxyOptionError, resolveProxyOptions, type ProxyFlags, type ProxyOptions } from '../proxy/options.js'

export interface ProxyCommandOptions extends ProxyFlags {
  config?: string
  debug: boolean
}

const describe = (err: unknown, debug: boolean): string => (debug && err instanceof Error && err.stack ? err.stack : err instanceof Error ? err.message : String(err))

/** The `--config` file's object: JSON only (the site config's `proxy` section may follow). */
async function readConfigFile(path: string): Promise<unknown> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    throw new ProxyOptionError('--config', `cannot be read: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? `no file ${path}` : (err as Error).message}`)
  }
  try {
    return JSON.parse(text) as unknown
  } catch (err) {
    throw new ProxyOptionError('--config', `must be a JSON file (${path}: ${(err as Error).message})`)
  }
}

/** `gptnotes proxy`: the comment service on Node until SIGTERM or SIGINT. */
export async function proxyCommand(opts: ProxyCommandOptions): Promise<number> {
  let options: ProxyOptions
  try {
    const file = opts.config === undefined ? undefined : await readConfigFile(resolve(opts.config))
    options = resolveProxyOptions({ flags: { port: opts.port, host: opts.host, store: opts.store }, file, env: process.env })
  } catch (err) {
    if (!(err instanceof ProxyOptionError)) throw err
    console.error(`error ${err.message}`)
    return 1
  }

  const { startProxyServer } = await import('../proxy/node.js')
  let server: Awaited<ReturnType<typeof startProxyServer>>
  try {
    server = await startProxyServer({ options })
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') console.error(`error --port/--host: cannot listen on ${options.host}:${options.port} (${code})`)
    else console.error(`error --store: the comment store could not be opened: ${describe(err, opts.debug)}`)
    return 1
  }
  console.log(`comment service at ${server.url}  (Ctrl+C to stop)`)
  if (options.origins.length === 0) console.warn('warning GPTNOTES_ORIGINS is not set: browsers are refused until it lists the site origins')
  await server.closed
  return 0
}
