import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import type { BuildOptions } from 'esbuild'
import { BROWSER_BUILD, BROWSER_PACKAGES } from './browser.js'
import { clientPlugins, pluginsSource } from './bundle-plugins.js'
import { PACKAGE_ROOT, packageDir } from '../package-root.js'

export interface OutputFile {
  /** Path inside the output folder (`assets/js/main.3f2a1b4c.js`). */
  path: string
  contents: Uint8Array
}

/** The bundle stage's result: hashed client files and what an HTML page must reference. */
export interface ClientBundle {
  files: OutputFile[]
  /** Output paths (relative to the out dir) of the entry module and its static imports. */
  entry: string
  preload: string[]
  /** The list layouts' chunk and the modules it imports beyond the first load: preloaded by the pages that use them. */
  listLayouts: string[]
  /** The theme's CSS: each page inlines the part its first paint needs (`critical-css.ts`). */
  styles: string
  /** The source modules bundled into the first-load files (`entry` and `preload`), package-relative (`src/client/main.tsx`). */
  firstLoadSources: string[]
  /** Output path of the theme's CSS as one hashed stylesheet (`assets/css/theme.<hash>.css`, among `files`), loaded after the first paint. */
  stylesheet: string
}

/** The theme's CSS as a hashed file beside the scripts (derived from `styles`, so cached bundles need no new field). */
function withStylesheet(bundle: Omit<ClientBundle, 'stylesheet'>): ClientBundle {
  const contents = Buffer.from(bundle.styles)
  const hash = createHash('sha256').update(contents).digest('base64url').slice(0, 8).replace(/[-_]/g, 'x')
  const stylesheet = `assets/css/theme.${hash}.css`
  return { ...bundle, stylesheet, files: [...bundle.files, { path: stylesheet, contents }] }
}

/**
 * V8's explicit compile hint (Chrome 136+): compile every function of the file eagerly, on the
 * thread that streams the download, instead of lazily on the main thread at first call. React
 * DOM's CommonJS body is one function that esbuild wraps; compiled lazily it cost about 19 ms of
 * main-thread work in one task (×4 under Lighthouse's mobile CPU), eagerly it costs none there.
 * Only the first-load files carry it (they all run on load), and of those the ones of at least
 * `COMPILE_HINT_MIN` bytes: compiling a few hundred bytes lazily costs nothing one could measure,
 * while the line is a tenth of such a file, downloaded with every first load.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'
export const COMPILE_HINT_MIN = 2048

const CLIENT_DIRS = ['src/client', 'src/shared', 'src/search/format', 'src/search/query']
/** Changes when the cached bundle's shape does. */
const CACHE_FORMAT = 'bundle-3'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name)
    return e.isDirectory() ? sourceFiles(p) : /\.(tsx?|css)$/.test(e.name) ? [p] : []
  })
}

/** The installed version of `pkg` as Node finds it from the package. */
function installedVersion(pkg: string): string | undefined {
  const dir = packageDir(PACKAGE_ROOT, pkg)
  if (!dir) return undefined
  try {
    return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string }).version ?? '?'
  } catch {
    return '?'
  }
}

/** A key that changes when the client sources, the build's plugins and options or the bundled packages' versions change. */
export function cacheKey(): string {
  const hash = createHash('sha256')
  for (const dir of CLIENT_DIRS) {
    for (const file of sourceFiles(join(PACKAGE_ROOT, dir)).sort()) {
      hash.update(relative(PACKAGE_ROOT, file)).update(readFileSync(file))
    }
  }
  hash.update(pluginsSource())
  hash.update(CACHE_FORMAT)
  hash.update(JSON.stringify(BROWSER_BUILD))
  for (const pkg of ['esbuild', ...BROWSER_PACKAGES]) hash.update(pkg + (installedVersion(pkg) ?? ''))
  return hash.digest('hex').slice(0, 16)
}

/**
 * The bundle made when the package was compiled (`scripts/compile.mjs`): a build whose client
 * sources and packages are those (the key says so) takes it instead of running esbuild, which
 * would otherwise take a core from the parse for about half a second of every cold build.
 */
export const PREBUILT_FILE = join(PACKAGE_ROOT, 'lib', 'client-bundle.json')

type StoredBundle = Omit<ClientBundle, 'files' | 'stylesheet'> & { files: { path: string; base64: string }[]; key?: string }

/** A stored bundle; with `key`, only one stored under that key. */
function readBundle(file: string, key?: string): Omit<ClientBundle, 'stylesheet'> | undefined {
  let stored: StoredBundle
  try {
    stored = JSON.parse(readFileSync(file, 'utf8')) as StoredBundle
  } catch {
    return undefined // none yet
  }
  if (key !== undefined && stored.key !== key) return undefined
  const { key: _key, ...bundle } = stored
  return { ...bundle, files: bundle.files.map((f) => ({ path: f.path, contents: Buffer.from(f.base64, 'base64') })) }
}

function writeBundle(file: string, bundle: Omit<ClientBundle, 'stylesheet'>, key?: string): void {
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, JSON.stringify({ ...(key ? { key } : {}), ...bundle, files: bundle.files.map((f) => ({ path: f.path, base64: Buffer.from(f.contents).toString('base64') })) }))
}

/** Bundle the client now and keep it as the package's prebuilt bundle (run by `scripts/compile.mjs`). */
export async function writePrebuiltBundle(): Promise<void> {
  writeBundle(PREBUILT_FILE, await bundleWithEsbuild(), cacheKey())
}

/**
 * The bundle stage: esbuild builds the client (React, router, theme) into hashed ES modules.
 * The result does not depend on the site's content, so it is cached on disk by source hash,
 * and the package carries the one its own sources make (`prebuilt: false` bundles anew).
 */
export async function bundleClient({ cacheDir, prebuilt = true }: { cacheDir?: string; prebuilt?: boolean } = {}): Promise<ClientBundle> {
  const key = cacheKey()
  const cacheFile = cacheDir ? join(cacheDir, `client-${key}.json`) : undefined
  const stored = (cacheFile && readBundle(cacheFile)) || (prebuilt ? readBundle(PREBUILT_FILE, key) : undefined)
  if (stored) return withStylesheet(stored)
  const bundle = await bundleWithEsbuild()
  if (cacheFile) writeBundle(cacheFile, bundle)
  return withStylesheet(bundle)
}

/** esbuild's options for the client bundle: exported so a test can bundle exactly as the stage does. */
export function clientBuildOptions() {
  return {
    absWorkingDir: PACKAGE_ROOT,
    entryPoints: { main: join(PACKAGE_ROOT, 'src/client/main.tsx') },
    ...BROWSER_BUILD,
    bundle: true,
    splitting: true,
    minify: true,
    write: false,
    metafile: true,
    outdir: join(PACKAGE_ROOT, '.gptnotes-out', 'assets', 'js'),
    entryNames: '[name].[hash]',
    chunkNames: '[name].[hash]',
    assetNames: '[name].[hash]',
    legalComments: 'linked',
    logLevel: 'silent',
    plugins: clientPlugins(),
  } satisfies BuildOptions
}

async function bundleWithEsbuild(): Promise<Omit<ClientBundle, 'stylesheet'>> {
  // Loaded only when it runs: most builds take the prebuilt or cached bundle.
  const { build } = await import('esbuild')
  const result = await build(clientBuildOptions())
  const outRoot = join(PACKAGE_ROOT, '.gptnotes-out')
  const toOut = (abs: string) => relative(outRoot, abs).split('\\').join('/')
  const outputs = result.metafile.outputs
  // Lazily imported modules are entry points too in the metafile (and may come first): pick main.
  const [entryAbs, entryMeta] = Object.entries(outputs).find(([, o]) => o.entryPoint === 'src/client/main.tsx')!
  const entry = toOut(join(PACKAGE_ROOT, entryAbs))
  const preload = entryMeta.imports.filter((i) => i.kind === 'import-statement').map((i) => toOut(join(PACKAGE_ROOT, i.path)))
  const firstLoad = new Set([entry, ...preload])
  const [listAbs, listMeta] = Object.entries(outputs).find(([, o]) => o.entryPoint === 'src/client/layouts/list-layouts.ts')!
  const listLayouts = [listAbs, ...listMeta.imports.filter((i) => i.kind === 'import-statement').map((i) => i.path)].map((p) => toOut(join(PACKAGE_ROOT, p))).filter((p) => !firstLoad.has(p))
  const all = result.outputFiles.map((f) => ({ path: toOut(f.path), contents: f.contents }))
  const styles = all
    .filter((f) => f.path.endsWith('.css'))
    .map((f) => Buffer.from(f.contents).toString('utf8'))
    .join('\n')
  const files = all
    .filter((f) => !f.path.endsWith('.css'))
    .map((f) => (firstLoad.has(f.path) && f.contents.length >= COMPILE_HINT_MIN ? { path: f.path, contents: Buffer.concat([Buffer.from(COMPILE_HINT), f.contents]) } : f))
  const firstLoadSources = [...new Set(Object.entries(outputs).flatMap(([abs, o]) => (firstLoad.has(toOut(join(PACKAGE_ROOT, abs))) ? Object.keys(o.inputs) : [])))].sort()
  return { files, entry, preload, listLayouts, styles, firstLoadSources }
}
