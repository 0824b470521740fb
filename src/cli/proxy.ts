import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { checkServingRules, ProxyOptionError, resolveProxyOptions, startCommentService, type ProxyFlags, type ProxyOptions, type ProxyServer } from '../proxy/operator.js'
import { problem, warning } from '../render/errors/index.js'
import { formatError, formatWarning } from './format-problem.js'

export interface ProxyCommandOptions extends ProxyFlags {
  config?: string
  /** `--check`: settings checked, store reached, nothing changed; no server. */
  check?: boolean
  debug: boolean
}

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

/** The listen errors an operator can fix with --host or --port. */
const LISTEN_ERRORS = new Set(['EADDRINUSE', 'EACCES', 'EADDRNOTAVAIL'])

/** `gptnotes proxy`: the comment service on Node until SIGTERM or SIGINT. */
export async function proxyCommand(opts: ProxyCommandOptions): Promise<number> {
  const print = (err: unknown) => console.error(formatError(err, { debug: opts.debug }))
  let options: ProxyOptions
  try {
    const file = opts.config === undefined ? undefined : await readConfigFile(resolve(opts.config))
    options = resolveProxyOptions({ flags: { port: opts.port, host: opts.host, store: opts.store }, file, env: process.env })
    // A combination that must not serve (PostgreSQL without a secret) stops here as a wrong setting does; warnings are the server's, said once.
    checkServingRules(options)
  } catch (err) {
    if (!(err instanceof ProxyOptionError)) throw err
    print(problem('ProxySettingInvalid', { setting: err.setting, problem: err.problem }))
    return 1
  }

  if (opts.check) return (await import('./proxy-check.js')).proxyCheck(options, print)

  let server: ProxyServer
  try {
    server = await startCommentService({ options })
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    if (code !== undefined && LISTEN_ERRORS.has(code)) print(problem('ProxyCannotListen', { host: options.host, port: options.port, reason: code }, undefined, { cause: err }))
    else print((await import('./proxy-check.js')).storeProblem(err))
    return 1
  }
  console.log(`comment service at ${server.url}  (Ctrl+C to stop)`)
  if (options.origins.length === 0) console.warn(`warning ${formatWarning(warning('ProxyNoOrigins', {}))}`)
  await server.closed
  return 0
}
