import type { Message } from 'esbuild'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { SourceMap } from 'node:module'
import { Worker } from 'node:worker_threads'
import { CALL_PARENT, type Finding, UNEVALUATED_FUNCTION } from '../../shared/config-schema.js'
import { checkSiteConfig, defaultSiteConfig, resolveSiteConfig, siteConfigCalls, siteConfigFindings, type SiteConfig, type UserConfig } from '../../shared/site-config.js'
import { CATALOGUE, configLocation, type ErrorCode, isProblemCode, type ParamsOf, raise, warning, type WarningCode, type BuildWarning } from '../errors/index.js'

export const CONFIG_FILES = ['gptnotes.config.ts', 'gptnotes.config.mts', 'gptnotes.config.js', 'gptnotes.config.mjs']

/** How long a config may take to load before it is stopped. */
export const CONFIG_TIMEOUT_MS = 10_000

export interface LoadedConfig {
  /** Every default filled in; frozen. */
  config: SiteConfig
  /** Absolute path of the config file, or undefined when the defaults were used. */
  file?: string
  /** What the widgets' rules warn about (options that cannot apply here, a missing service). */
  warnings?: BuildWarning[]
}

export function findConfigFile(root: string): string | undefined {
  return CONFIG_FILES.map((f) => join(root, f)).find((f) => existsSync(f))
}

/** Read `gptnotes.config.ts`, check it against the site config schema and fill every default. No file: the defaults. */
export async function loadConfig(root: string, { timeoutMs = CONFIG_TIMEOUT_MS }: { timeoutMs?: number } = {}): Promise<LoadedConfig> {
  const file = findConfigFile(root)
  if (!file) return { config: defaultSiteConfig }
  const user = await importConfigFile(root, file, timeoutMs)
  const problems = checkSiteConfig(user)
  const name = relative(root, file)
  if (problems.length) {
    const source = readFileSync(file, 'utf8')
    raise('ConfigInvalid', { file: name, problems }, locateKey(name, source, problems[0].path), { source })
  }
  const config = resolveSiteConfig(user as UserConfig)
  const { feeds } = config.themeConfig
  if ((feeds.rss || feeds.atom || feeds.json) && !config.hostname) {
    const source = readFileSync(file, 'utf8')
    raise('FeedsWithoutHostname', { file: name }, locateKey(name, source, 'themeConfig.feeds'), { source })
  }
  const findings = siteConfigFindings(user)
  if (!findings.length) return { config, file }
  const source = readFileSync(file, 'utf8')
  const at = (f: Finding) => (f.path === undefined ? undefined : locateKey(name, source, f.path))
  const error = findings.find((f) => severityOf(f) === 'error')
  if (error) raise(error.code as ErrorCode, error.params as ParamsOf<ErrorCode>, at(error), { source })
  return { config, file, warnings: findings.map((f) => warning(f.code as WarningCode, f.params as ParamsOf<WarningCode>, at(f))) }
}

/** A finding's severity, from the catalogue (a rule naming a code it does not hold is a bug here). */
function severityOf(finding: Finding): 'error' | 'warning' {
  if (!isProblemCode(finding.code)) throw new Error(`config rule gave an unknown code ${finding.code}`)
  return CATALOGUE[finding.code].severity
}

/**
 * Where a key path is written, so the error has a location: the config's object literal when
 * the scanner can follow it, else the first line naming the path's last key.
 */
function locateKey(name: string, source: string, keyPath: string): { file: string; line: number; column: number } | undefined {
  const found = configLocation(name, source, keyPath)
  if (found) return found
  const key = keyPath.split(/[.[\]"]+/).filter((k) => k && !/^\d+$/.test(k)).pop()
  if (!key) return undefined
  const lines = source.split('\n')
  const re = new RegExp(`(^|[\\s{,])['"]?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]?\\s*:`)
  const i = lines.findIndex((l) => re.test(l))
  if (i < 0) return undefined
  return { file: name, line: i + 1, column: lines[i].indexOf(key) + 1 }
}

async function importConfigFile(root: string, file: string, timeoutMs: number): Promise<unknown> {
  let code: string
  try {
    // Loaded only for a config file to compile: a site without one never loads esbuild.
    const { build } = await import('esbuild')
    const result = await build({
      entryPoints: [file],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      packages: 'external',
      // Maps a throw's position back to the config source.
      sourcemap: 'inline',
      sourcesContent: false,
      plugins: [
        {
          // `import { defineConfig } from 'gptnotes'` works wherever the config lives.
          name: 'gptnotes-self',
          setup(b) {
            b.onResolve({ filter: /^gptnotes$/ }, () => ({ path: 'gptnotes', namespace: 'gptnotes-self' }))
            b.onLoad({ filter: /.*/, namespace: 'gptnotes-self' }, () => ({
              contents: 'export const defineConfig = (c) => c',
              loader: 'js',
            }))
          },
        },
      ],
    })
    code = result.outputFiles[0].text
  } catch (err) {
    const first: Message | undefined = (err as { errors?: Message[] }).errors?.[0]
    const loc = first?.location
    const name = relative(root, file)
    raise('ConfigSyntax', { file: name, reason: first?.text ?? String(err) }, loc ? { file: name, line: loc.line, column: loc.column + 1 } : undefined, {
      source: loc ? readFileSync(file, 'utf8') : undefined,
    })
  }
  const tmp = join(tmpdir(), `gptnotes-config-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.mjs`)
  writeFileSync(tmp, code)
  const name = relative(root, file)
  try {
    const reply = await runConfig(tmp, timeoutMs)
    if (reply.kind === 'value') {
      if (reply.value === undefined) raise('ConfigNoExport', { file: name })
      return reply.value
    }
    if (reply.kind === 'unsettled') raise('ConfigNeverSettles', { file: name })
    if (reply.kind === 'timeout') raise('ConfigTimeout', { file: name, seconds: timeoutMs / 1000 })
    const at = reply.line === undefined ? undefined : originalPosition(code, reply.line, reply.column ?? 1)
    const loc = at ? { file: name, line: at.line, column: at.column } : undefined
    const cause = Object.assign(new Error(reply.message), { stack: reply.stack })
    raise('ConfigRuntime', { file: name, reason: reply.message }, loc, { cause, source: loc ? readFileSync(file, 'utf8') : undefined })
  } finally {
    rmSync(tmp, { force: true })
  }
}

type ConfigReply =
  | { kind: 'value'; value: unknown }
  | { kind: 'threw'; message: string; stack?: string; line?: number; column?: number }
  | { kind: 'unsettled' }
  | { kind: 'timeout' }

/*
 * The config runs in a worker thread, so a config that loops forever can be stopped
 * (terminate) and one that awaits forever is noticed (its thread ends with nothing sent).
 * The worker is a script given as text: it needs no compiled file of its own.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
// Some options the original took as functions (the schema's \`called\` fields); a function cannot
// leave this thread, so those are called here with their declared arguments, and any other
// function beside them is marked for the checker, which names it.
async function evaluateCalls(config, calls) {
  const holders = new Set()
  const at = (value, keys) => {
    if (!value || typeof value !== 'object') return []
    if (!keys.length) return [value]
    const [key, ...rest] = keys
    return (key === '*' ? Object.values(value) : [value[key]]).flatMap((v) => at(v, rest))
  }
  const withParent = (arg, parent) => {
    if (arg === ${JSON.stringify(CALL_PARENT)}) return parent
    if (!arg || typeof arg !== 'object' || Array.isArray(arg)) return arg
    return Object.fromEntries(Object.entries(arg).map(([k, v]) => [k, v === ${JSON.stringify(CALL_PARENT)} ? parent : v]))
  }
  for (const { path, call } of calls) {
    const key = path[path.length - 1]
    for (const holder of at(config, path.slice(0, -1))) {
      holders.add(holder)
      if (typeof holder[key] === 'function') holder[key] = String(await holder[key](...call.args.map((a) => withParent(a, holder))))
    }
  }
  for (const holder of holders) for (const key of Object.keys(holder)) if (typeof holder[key] === 'function') holder[key] = ${JSON.stringify(UNEVALUATED_FUNCTION)}
  return config
}
import(workerData.url).then((mod) => evaluateCalls(mod.default, workerData.calls)).then(
  (value) => parentPort.postMessage({ kind: 'value', value }),
  (err) => {
    const stack = err instanceof Error ? String(err.stack) : undefined
    const at = stack && stack.split(workerData.url + ':')[1]
    const m = at && /^(\\d+):(\\d+)/.exec(at)
    parentPort.postMessage({ kind: 'threw', message: err instanceof Error ? err.message : String(err), stack, line: m ? Number(m[1]) : undefined, column: m ? Number(m[2]) : undefined })
  },
)
`

function runConfig(file: string, timeoutMs: number): Promise<ConfigReply> {
  return new Promise((resolve) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { url: pathToFileURL(file).href, calls: siteConfigCalls } })
    let done = false
    const finish = (reply: ConfigReply) => {
      if (done) return
      done = true
      clearTimeout(timer)
      resolve(reply)
      void worker.terminate()
    }
    const timer = setTimeout(() => finish({ kind: 'timeout' }), timeoutMs)
    worker.on('message', finish)
    worker.on('error', (err) => finish({ kind: 'threw', message: err.message, stack: err.stack }))
    // Ended with nothing sent: the module's top-level await never settled.
    worker.on('exit', () => finish({ kind: 'unsettled' }))
  })
}

/** The place in the config source of a 1-based line and column of the compiled module, by its inline source map. */
function originalPosition(code: string, line: number, column: number): { line: number; column: number } | undefined {
  const m = /\/\/# sourceMappingURL=data:application\/json;base64,([A-Za-z0-9+/=]+)\s*$/.exec(code)
  if (!m) return undefined
  const map = new SourceMap(JSON.parse(Buffer.from(m[1], 'base64').toString('utf8')))
  const entry = map.findEntry(line - 1, column - 1) as { originalLine?: number; originalColumn?: number }
  if (entry.originalLine === undefined) return undefined
  return { line: entry.originalLine + 1, column: (entry.originalColumn ?? 0) + 1 }
}
