/**
 * The service's settings, resolved once at start from the table: flags win over the config
 * file, the file over the environment (design.md §8). Pure: the inputs are plain records, so
 * the Node adapter passes `process.env` and the edge worker passes its bindings. A missing or
 * wrong setting is a `ProxyOptionError` that names it as the operator wrote it (`--store`,
 * `store` in the config file, `GPTNOTES_STORE`).
 */
import { fail } from './parse.js'
import { isSetting, SETTINGS, settingsOf, type FlagNames, type Resolved, type Setting, type TableNode } from './table.js'

export type ProxyOptions = Resolved<typeof SETTINGS>
export type ProxyLimits = ProxyOptions['limits']

/** Flags the CLI takes (strings as commander gives them). */
export type ProxyFlags = { [N in FlagNames<typeof SETTINGS>]?: string }

export interface ProxyOptionSources {
  flags?: ProxyFlags
  /** The config file's object (`--config` JSON, or the site config's `proxy` section). */
  file?: unknown
  /** The environment or the worker's bindings; values that are not strings (a database binding) are ignored. */
  env?: Record<string, unknown>
}

/** Each setting's value from `value` (given the setting and its key path), frozen, in the table's shape. */
function walk(node: { readonly [key: string]: TableNode }, value: (s: Setting<unknown>, path: string[]) => unknown, path: string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, child] of Object.entries(node)) {
    const v = isSetting(child) ? value(child, [...path, key]) : walk(child, value, [...path, key])
    out[key] = Array.isArray(v) ? Object.freeze(v) : v
  }
  return Object.freeze(out)
}

export const PROXY_DEFAULTS = walk(SETTINGS, (s) => s.default) as ProxyOptions

/** The config file's top-level keys (`github` for `github.clientId`). */
const FILE_KEYS = new Set(settingsOf(SETTINGS).map((s) => s.file.split('.')[0]))

function fileValue(file: Record<string, unknown>, key: string): unknown {
  const [head, tail] = key.split('.')
  if (tail === undefined) return file[head]
  const inner = file[head]
  if (inner === undefined) return undefined
  if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return fail(head, 'must be an object in the config file')
  return (inner as Record<string, unknown>)[tail]
}

/** The settings from their three sources; throws `ProxyOptionError` naming the first bad one. */
export function resolveProxyOptions(sources: ProxyOptionSources = {}): ProxyOptions {
  const flags = (sources.flags ?? {}) as Record<string, string | undefined>
  const env = sources.env ?? {}
  const file = sources.file ?? {}
  if (file === null || typeof file !== 'object' || Array.isArray(file)) return fail('--config', 'must hold a JSON object')
  const fileRecord = file as Record<string, unknown>
  for (const key of Object.keys(fileRecord)) {
    if (!FILE_KEYS.has(key)) return fail(key, `is not a setting of the comment service (known: ${[...FILE_KEYS].join(', ')})`)
  }

  const pick = (s: Setting<unknown>): unknown => {
    const flag = s.flag === undefined ? undefined : flags[s.flag.slice(2)]
    if (flag !== undefined) return s.parse(flag, s.flag!)
    const fromFile = fileValue(fileRecord, s.file)
    if (fromFile !== undefined) return s.parse(fromFile, s.file)
    const fromEnv = s.env === undefined ? undefined : env[s.env]
    // Bindings may hold objects (the database); only strings are settings there.
    if (typeof fromEnv === 'string') return s.parse(fromEnv, s.env!)
    return s.default
  }
  return walk(SETTINGS, pick) as ProxyOptions
}

type Overrides<T> = { [K in keyof T]?: T[K] extends readonly unknown[] ? T[K] : T[K] extends object ? Overrides<T[K]> : T[K] }

/** Options for tests and embedders: the defaults with some replaced (typed, not parsed). */
export function proxyOptions(overrides: Overrides<ProxyOptions> = {}): ProxyOptions {
  return walk(SETTINGS, (s, path) => {
    const parent = path.slice(0, -1).reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], overrides) as Record<string, unknown> | undefined
    const key = path[path.length - 1]
    return parent !== undefined && Object.hasOwn(parent, key) ? parent[key] : s.default
  }) as ProxyOptions
}
