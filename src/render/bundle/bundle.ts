import { build } from 'esbuild'
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { clientPlugins, pluginsSource } from './bundle-plugins.js'
import { PACKAGE_ROOT } from '../package-root.js'

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

const CLIENT_DIRS = ['src/client', 'src/shared']
/** Changes when the cached bundle's shape does. */
const CACHE_FORMAT = 'bundle-3'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name)
    return e.isDirectory() ? sourceFiles(p) : /\.(tsx?|css)$/.test(e.name) ? [p] : []
  })
}

/** A key that changes when the client sources, the build's plugins or the bundled packages' versions change. */
function cacheKey(): string {
  const hash = createHash('sha256')
  for (const dir of CLIENT_DIRS) {
    for (const file of sourceFiles(join(PACKAGE_ROOT, dir)).sort()) {
      hash.update(relative(PACKAGE_ROOT, file)).update(readFileSync(file))
    }
  }
  hash.update(pluginsSource())
  hash.update(CACHE_FORMAT)
  for (const pkg of ['esbuild', 'react', 'react-dom', 'leancloud-storage', 'marked', 'marked-smartypants', 'dompurify']) {
    try {
      hash.update(pkg + JSON.parse(readFileSync(join(PACKAGE_ROOT, 'node_modules', pkg, 'package.json'), 'utf8')).version)
    } catch {
      hash.update(pkg)
    }
  }
  return hash.digest('hex').slice(0, 16)
}

/**
 * The bundle stage: esbuild builds the client (React, router, theme) into hashed ES modules.
 * The result does not depend on the site's content, so it is cached on disk by source hash.
 */
export async function bundleClient({ cacheDir }: { cacheDir?: string } = {}): Promise<ClientBundle> {
  const key = cacheKey()
  const cacheFile = cacheDir ? join(cacheDir, `client-${key}.json`) : undefined
  if (cacheFile) {
    try {
      const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as Omit<ClientBundle, 'files' | 'stylesheet'> & { files: { path: string; base64: string }[] }
      return withStylesheet({ ...cached, files: cached.files.map((f) => ({ path: f.path, contents: Buffer.from(f.base64, 'base64') })) })
    } catch {
      // no cache yet
    }
  }
  const outdir = join(PACKAGE_ROOT, '.gptnotes-out', 'assets', 'js')
  const result = await build({
    absWorkingDir: PACKAGE_ROOT,
    entryPoints: { main: join(PACKAGE_ROOT, 'src/client/main.tsx') },
    bundle: true,
    splitting: true,
    format: 'esm',
    minify: true,
    write: false,
    metafile: true,
    outdir,
    entryNames: '[name].[hash]',
    chunkNames: '[name].[hash]',
    assetNames: '[name].[hash]',
    jsx: 'automatic',
    target: ['es2022', 'chrome93', 'safari15'],
    define: { 'process.env.NODE_ENV': '"production"' },
    legalComments: 'linked',
    logLevel: 'silent',
    plugins: clientPlugins(),
  })
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
  const bundle: Omit<ClientBundle, 'stylesheet'> = { files, entry, preload, listLayouts, styles, firstLoadSources }
  if (cacheFile && cacheDir) {
    mkdirSync(cacheDir, { recursive: true })
    writeFileSync(cacheFile, JSON.stringify({ ...bundle, files: files.map((f) => ({ path: f.path, base64: Buffer.from(f.contents).toString('base64') })) }))
  }
  return withStylesheet(bundle)
}
