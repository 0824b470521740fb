import { build, type Message } from 'esbuild'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { SiteConfig } from '../../shared/types.js'
import { GptnotesError } from '../errors.js'
import { defaultConfig } from './defaults.js'
import { validateConfig } from './validate-config.js'

export const CONFIG_FILES = ['gptnotes.config.ts', 'gptnotes.config.mts', 'gptnotes.config.js', 'gptnotes.config.mjs']

export interface LoadedConfig {
  config: SiteConfig
  /** Absolute path of the config file, or undefined when the defaults were used. */
  file?: string
}

export function findConfigFile(root: string): string | undefined {
  return CONFIG_FILES.map((f) => join(root, f)).find((f) => existsSync(f))
}

/** Read `gptnotes.config.ts`, validate it and fill every default. No file: the defaults. */
export async function loadConfig(root: string): Promise<LoadedConfig> {
  const file = findConfigFile(root)
  if (!file) return { config: defaultConfig() }
  const user = await importConfigFile(root, file)
  const problems = validateConfig(user)
  if (problems.length) {
    const shown = problems.slice(0, 10).map((p) => `  ${p.path} ${p.message}`)
    throw new GptnotesError({
      name: 'ConfigInvalid',
      message: `${relative(root, file)} has ${problems.length} invalid field${problems.length === 1 ? '' : 's'}:\n${shown.join('\n')}`,
      hint: 'Fix the fields named above; the README lists every field with its type and default.',
      loc: locateKey(root, file, problems[0].path),
      source: readFileSync(file, 'utf8'),
    })
  }
  const config = mergeConfig(defaultConfig(), user as Partial<SiteConfig>)
  const { feeds } = config.themeConfig
  if ((feeds.rss || feeds.atom || feeds.json) && !config.hostname) {
    throw new GptnotesError({
      name: 'ConfigInvalid',
      message: `${relative(root, file)}: themeConfig.feeds is on but hostname is empty; feeds need absolute links`,
      hint: "Set hostname to the site's origin, e.g. hostname: 'https://example.com'.",
      loc: locateKey(root, file, 'themeConfig.feeds'),
      source: readFileSync(file, 'utf8'),
    })
  }
  return { config, file }
}

/** Deep-merge plain objects; arrays and scalars from the user replace the default. */
export function mergeConfig<T>(defaults: T, user: Partial<T>): T {
  const out = { ...defaults } as Record<string, unknown>
  for (const [k, v] of Object.entries(user as Record<string, unknown>)) {
    const d = out[k]
    const plain = (x: unknown) => typeof x === 'object' && x !== null && !Array.isArray(x)
    out[k] = plain(d) && plain(v) && k !== 'locales' ? mergeConfig(d, v as Partial<typeof d>) : v
  }
  return out as T
}

/** The line of the last key of a key path, found in the source, so the error has a location. */
function locateKey(root: string, file: string, keyPath: string): { file: string; line: number; column: number } | undefined {
  const key = keyPath.split(/[.[\]"]+/).filter((k) => k && !/^\d+$/.test(k)).pop()
  if (!key) return undefined
  const lines = readFileSync(file, 'utf8').split('\n')
  const re = new RegExp(`(^|[\\s{,])['"]?${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}['"]?\\s*:`)
  const i = lines.findIndex((l) => re.test(l))
  if (i < 0) return undefined
  return { file: relative(root, file), line: i + 1, column: lines[i].indexOf(key) + 1 }
}

async function importConfigFile(root: string, file: string): Promise<unknown> {
  let code: string
  try {
    const result = await build({
      entryPoints: [file],
      bundle: true,
      write: false,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      logLevel: 'silent',
      packages: 'external',
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
    throw new GptnotesError({
      name: 'ConfigSyntax',
      message: `cannot compile ${relative(root, file)}: ${first?.text ?? String(err)}`,
      hint: 'The config is TypeScript; fix the syntax error shown.',
      loc: loc ? { file: relative(root, file), line: loc.line, column: loc.column + 1 } : undefined,
      source: loc ? readFileSync(file, 'utf8') : undefined,
    })
  }
  const tmp = join(tmpdir(), `gptnotes-config-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.mjs`)
  writeFileSync(tmp, code)
  try {
    const mod = (await import(pathToFileURL(tmp).href)) as { default?: unknown }
    if (mod.default === undefined) {
      throw new GptnotesError({
        name: 'ConfigNoExport',
        message: `${relative(root, file)} has no default export`,
        hint: "Write `export default defineConfig({ ... })` with `import { defineConfig } from 'gptnotes'`.",
      })
    }
    return mod.default
  } catch (err) {
    if (err instanceof GptnotesError) throw err
    throw new GptnotesError({
      name: 'ConfigRuntime',
      message: `${relative(root, file)} threw while loading: ${(err as Error).message}`,
      hint: 'The config runs when it is loaded; fix the error it raised.',
      cause: err,
    })
  } finally {
    rmSync(tmp, { force: true })
  }
}
