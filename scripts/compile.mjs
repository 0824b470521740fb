// Transpiles src/**/*.ts(x) to lib/ file by file (but for two modules bundled below), so Node
// runs the CLI and the renderer can import the client's React components for SSR. Type checking
// is `npm run typecheck`.
import { build } from 'esbuild'
import { readdirSync, renameSync, rmSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { writeAdminAssets } from './admin-page.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const src = join(root, 'src')

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name)
    if (e.isDirectory()) return walk(p)
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : []
  })
}

// Compile beside lib/ and swap it in, so a CLI run at the same moment never sees half a lib/.
const lib = join(root, 'lib')
const tmp = join(root, `.lib-${process.pid}`)
const old = join(root, `.lib-old-${process.pid}`)
// The owner's page is bundled first: the service serves it from a generated module of strings.
if (await writeAdminAssets()) console.log('wrote src/proxy/admin-page/assets.generated.ts')
// src/admin is the browser app inside that module, not a module of lib/.
const entryPoints = walk(src).filter((f) => !relative(src, f).startsWith(`admin${sep}`))
await build({
  entryPoints,
  outdir: tmp,
  outbase: src,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  jsx: 'automatic',
  sourcemap: 'linked',
  logLevel: 'warning',
})
// Two modules as one file each, in place of their transpiled selves, for how long they take to
// load (modules of a package that Node loads one by one, or CommonJS ones it must read twice):
// - the parse worker: each of a build's parse threads loads its code anew, some 380 modules
//   (micromark's, highlight.js …) that took a thread about 300 ms to start; as one file, 70 ms;
// - the server renderer (React and the theme's components): loading react-dom through Node's
//   ES module loader reads its client and development builds too, 1.8 MB, to find the names it
//   exports (140 ms, 220 ms of CPU); as one file with React's production build, 60 ms.
// Their CommonJS dependencies call `require`, which an ES module has not: the banner makes one.
const banner = { js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);" }
const single = { bundle: true, format: 'esm', platform: 'node', target: 'node20', jsx: 'automatic', sourcemap: 'linked', logLevel: 'warning', banner }
await build({ ...single, entryPoints: [join(src, 'render', 'content', 'parse-worker.ts')], outfile: join(tmp, 'render', 'content', 'parse-worker.js') })
await build({
  ...single,
  entryPoints: [join(src, 'render', 'emit', 'render-html.tsx')],
  outfile: join(tmp, 'render', 'emit', 'render-html.js'),
  define: { 'process.env.NODE_ENV': '"production"' },
})
try {
  renameSync(lib, old)
} catch {
  // first compile
}
renameSync(tmp, lib)
rmSync(old, { recursive: true, force: true })
console.log(`compiled ${entryPoints.length} modules to ${relative(process.cwd(), join(root, 'lib')) || 'lib'}/`)

// The client bundle of these sources, so that a build need not run esbuild for it (bundle.ts).
const { writePrebuiltBundle } = await import(new URL('../lib/render/bundle/bundle.js', import.meta.url).href)
await writePrebuiltBundle()
