import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, sep } from 'node:path'
import { Worker } from 'node:worker_threads'
import { raise } from '../render/errors/index.js'
import { CONFIG_WORKER } from './config-worker.js'

/** The config files VuePress 1 reads, in its order. */
export const VUEPRESS_CONFIG_FILES = ['config.js', 'config.cjs', 'config.mjs', 'config.ts', 'config.yml', 'config.toml'].map((f) => `.vuepress/${f}`)

/** How long a VuePress config may take to load before it is stopped. */
export const VUEPRESS_CONFIG_TIMEOUT_MS = 10_000

/** A package the config required that could not be loaded: it got a stand-in. */
export interface StandIn {
  name: string
  /** The file that required it, relative to the source folder (`.vuepress/config.js`). */
  file: string
  line?: number
  /** Why an installed package could not be loaded; absent when it is not installed. */
  reason?: string
}

export interface LoadedVuePressConfig {
  /** The config file, relative to the source folder; undefined when there is none (VuePress's defaults). */
  file?: string
  /** The exported config as plain data (functions and stand-ins as markers). */
  config: Record<string, unknown>
  standIns: StandIn[]
  /** What the config printed while it loaded (console.log in a config is common). */
  printed: string
}

type Reply =
  | { kind: 'value'; value: unknown; standIns: { name: string; request: string; from: string; reason?: string }[] }
  | { kind: 'threw'; message: string; stack?: string }
  | { kind: 'unsettled' }
  | { kind: 'timeout' }

const shown = (root: string, file: string) => relative(root, file).split(sep).join('/')

/**
 * Read `SRC/.vuepress/config.*` as VuePress 1 does, in a worker thread with a time limit (see
 * config-worker.ts for what it may not do there). YAML and TOML configs are read as data.
 */
export async function loadVuePressConfig(sourceDir: string, { timeoutMs = VUEPRESS_CONFIG_TIMEOUT_MS }: { timeoutMs?: number } = {}): Promise<LoadedVuePressConfig> {
  const found = VUEPRESS_CONFIG_FILES.find((f) => existsSync(join(sourceDir, f)))
  if (!found) return { config: {}, standIns: [], printed: '' }
  if (/\.(yml|toml)$/.test(found)) raise('MigrateConfigRuntime', { file: found, reason: 'YAML and TOML configs are not read; convert it to .vuepress/config.js' })
  const file = join(sourceDir, found)
  const esbuild = createRequire(import.meta.url).resolve('esbuild')
  const printed: string[] = []
  const reply = await new Promise<Reply>((resolve) => {
    const worker = new Worker(CONFIG_WORKER, {
      eval: true,
      workerData: { file, sourceDir, esbuild },
      // VuePress builds with NODE_ENV=production; what the config prints is kept off our stdout.
      env: { ...process.env, NODE_ENV: 'production' },
      stdout: true,
      stderr: true,
    })
    worker.stdout.on('data', (d: Buffer) => printed.push(d.toString()))
    worker.stderr.on('data', (d: Buffer) => printed.push(d.toString()))
    let done = false
    const finish = (r: Reply) => {
      if (done) return
      done = true
      clearTimeout(timer)
      resolve(r)
      void worker.terminate()
    }
    const timer = setTimeout(() => finish({ kind: 'timeout' }), timeoutMs)
    worker.on('message', finish)
    worker.on('error', (err) => finish({ kind: 'threw', message: err.message, stack: err.stack }))
    worker.on('exit', () => finish({ kind: 'unsettled' }))
  })
  if (reply.kind === 'timeout') raise('MigrateConfigTimeout', { file: found, seconds: timeoutMs / 1000 })
  if (reply.kind === 'unsettled') raise('MigrateConfigRuntime', { file: found, reason: 'it ended (process.exit, or a promise that never settles) without exporting a config' })
  if (reply.kind === 'threw') {
    const at = placeOf(sourceDir, reply.stack)
    raise('MigrateConfigRuntime', { file: at?.file ?? found, reason: reply.message }, at, { source: at ? readFileSync(join(sourceDir, at.file), 'utf8') : undefined })
  }
  const value = reply.value
  if (value === null || typeof value !== 'object' || Array.isArray(value)) raise('MigrateConfigRuntime', { file: found, reason: `it exports ${Array.isArray(value) ? 'a list' : String(value)}, not a config object` })
  const standIns = reply.standIns.map(({ name, request, from, reason }) => {
    const rel = from.startsWith(sourceDir) ? shown(sourceDir, from) : found
    return { name, file: rel, line: lineOf(sourceDir, rel, request), ...(reason ? { reason } : {}) }
  })
  return { file: found, config: value as Record<string, unknown>, standIns, printed: printed.join('') }
}

/** The first line of `file` that names `request` in quotes. */
function lineOf(sourceDir: string, file: string, request: string): number | undefined {
  try {
    const i = readFileSync(join(sourceDir, file), 'utf8')
      .split('\n')
      .findIndex((l) => l.includes(`'${request}'`) || l.includes(`"${request}"`) || l.includes(`\`${request}\``))
    return i < 0 ? undefined : i + 1
  } catch {
    return undefined
  }
}

/** The first place of a stack inside the source folder (the config or a file it required). */
function placeOf(sourceDir: string, stack: string | undefined): { file: string; line: number; column: number } | undefined {
  for (const m of (stack ?? '').matchAll(/\(?((?:file:\/\/)?\/[^():\n]+):(\d+):(\d+)\)?/g)) {
    const path = m[1].replace(/^file:\/\//, '')
    if (!path.startsWith(sourceDir + sep) || path.split(sep).includes('node_modules')) continue
    return { file: shown(sourceDir, path), line: Number(m[2]), column: Number(m[3]) }
  }
  return undefined
}
