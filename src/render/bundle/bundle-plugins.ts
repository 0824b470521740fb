import type { Plugin } from 'esbuild'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { HOOKS } from '../widgets/index.js'

/** The plugins `bundleClient` builds with: those of the widgets' build hooks (widget A's SDK, for one). */
export function clientPlugins(): Plugin[] {
  return HOOKS.flatMap(([, hooks]) => hooks.bundlePlugins?.() ?? [])
}

/**
 * This file's text and that of the widgets' build hooks (where the plugins live), for the client
 * cache key: a change to a plugin rebuilds the client.
 */
export function pluginsSource(): string {
  const here = fileURLToPath(import.meta.url)
  const hooks = join(dirname(here), '..', 'widgets')
  const files = readdirSync(hooks).filter((f) => /\.[jt]s$/.test(f)).sort()
  return [here, ...files.map((f) => join(hooks, f))].map((f) => readFileSync(f, 'utf8')).join('\0')
}
