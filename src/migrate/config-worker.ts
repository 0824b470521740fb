/**
 * The thread a VuePress config runs in, as text (an eval'd worker needs no compiled file of its
 * own). It loads the config the way VuePress 1 does, with Node's CommonJS `require`, so
 * `module.exports`, `require('./nav')`, `__dirname` and `process.env` work; ESM and TypeScript
 * files (the config and whatever local file it loads) go through esbuild's transform first.
 *
 * What the config may not do here, it gets a stand-in for:
 * - a package that is not installed (the usual case for plugins and themes): a stand-in that any
 *   property, call or `new` returns again, named so the report can say which one;
 * - the network (http, https, net, tls, dns, child_process, fetch …): modules whose every
 *   function throws, so a config never reaches a host while it is being migrated;
 * - writes through fs: they throw; the source folder stays as it was.
 *
 * The answer is plain data: functions and stand-ins become markers (FUNCTION_MARK, STAND_IN_MARK).
 */

/** In the answer: an object `{ [FUNCTION_MARK]: source }` stands for a function of the config. */
export const FUNCTION_MARK = '\u0000function'
/** In the answer: `{ [STAND_IN_MARK]: 'package-name' }` stands for a package that is not installed. */
export const STAND_IN_MARK = '\u0000standIn'

export const CONFIG_WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const Module = require('node:module')
const path = require('node:path')
const fs = require('node:fs')
const { transformSync } = require(workerData.esbuild)
process.setSourceMapsEnabled?.(true)

const FUNCTION_MARK = ${JSON.stringify(FUNCTION_MARK)}
const STAND_IN_MARK = ${JSON.stringify(STAND_IN_MARK)}
const STAND_IN = Symbol('standIn')
const standIns = []

const packageName = (request) => request.split('/').slice(0, request.startsWith('@') ? 2 : 1).join('/')

function standIn(name) {
  const target = function () {}
  const proxy = new Proxy(target, {
    get(_t, key) {
      if (key === STAND_IN) return name
      if (key === Symbol.toPrimitive) return () => ''
      if (key === 'then' || key === '__esModule') return undefined
      if (key === 'toString' || key === 'valueOf' || key === 'toJSON') return () => ''
      // vuepress/config's helpers (defineConfig, defineConfig4CustomTheme) hand the config back.
      if (typeof key === 'string' && /^define/.test(key)) return (config) => config
      return proxy
    },
    apply: () => proxy,
    construct: () => proxy,
    has: () => false,
    ownKeys: () => ['prototype'],
  })
  return proxy
}

const NETWORK = new Set(['http', 'https', 'http2', 'net', 'tls', 'dgram', 'dns', 'dns/promises', 'child_process', 'cluster', 'inspector', 'worker_threads', 'undici'])
function noNetwork(name) {
  const refuse = () => { throw new Error(name + ' is not available while a config is migrated (no network, no processes)') }
  return new Proxy({}, { get: (_t, key) => (key === '__esModule' || key === 'then' ? undefined : refuse) })
}
globalThis.fetch = () => Promise.reject(new Error('fetch is not available while a config is migrated (no network)'))
for (const name of ['WebSocket', 'EventSource', 'XMLHttpRequest']) delete globalThis[name]

const WRITES = /^(write|append|mkdir|mkdtemp|rm|rmdir|unlink|rename|copy|cp|chmod|chown|lchown|lchmod|symlink|link|truncate|ftruncate|utimes|lutimes|futimes|createWriteStream)/
function readOnly(real, name) {
  return new Proxy(real, {
    get(t, key) {
      if (typeof key === 'string' && WRITES.test(key)) return () => { throw new Error(name + '.' + key + ' is not available while a config is migrated (the source folder is read only)') }
      if (key === 'promises') return readOnly(t.promises, name + '.promises')
      return t[key]
    },
  })
}

const originalResolve = Module._resolveFilename
const bare = (request) => !/^[./]/.test(request) && !path.isAbsolute(request) && !Module.isBuiltin(request)
const missing = (request, parent) => {
  try { originalResolve.call(Module, request, parent, false); return false } catch { return true }
}
const where = (parent) => (parent && parent.filename) || workerData.file
// require.resolve of a package or path that is not there answers the request itself
// (theme: require.resolve('vuepress-theme-reco'), or a path into a monorepo not copied along).
Module._resolveFilename = function (request, parent, isMain, options) {
  if (!Module.isBuiltin(request) && missing(request, parent)) return request
  return originalResolve.call(this, request, parent, isMain, options)
}
const originalLoad = Module._load
Module._load = function (request, parent, isMain) {
  const name = request.replace(/^node:/, '')
  if (NETWORK.has(name)) return noNetwork(name)
  if (name === 'fs' || name === 'fs/promises') return readOnly(originalLoad.call(this, request, parent, isMain), name)
  if (bare(request)) {
    if (missing(request, parent)) {
      standIns.push({ name: packageName(request), request, from: where(parent) })
      return standIn(packageName(request))
    }
    try {
      return originalLoad.call(this, request, parent, isMain)
    } catch (err) {
      standIns.push({ name: packageName(request), request, from: where(parent), reason: String(err && err.message) })
      return standIn(packageName(request))
    }
  }
  // A local file that is not there stays an error, as in VuePress (resolved again to throw it).
  if (!Module.isBuiltin(request) && missing(request, parent)) originalResolve.call(Module, request, parent, isMain)
  return originalLoad.call(this, request, parent, isMain)
}

// The site's own files (not installed packages) may be ESM or TypeScript: transformed to CommonJS.
const LOADERS = { '.js': 'js', '.cjs': 'js', '.mjs': 'js', '.ts': 'ts', '.cts': 'ts', '.mts': 'ts' }
const originalJs = Module._extensions['.js']
for (const [ext, loader] of Object.entries(LOADERS)) {
  Module._extensions[ext] = function (module, filename) {
    if (ext === '.js' && filename.split(path.sep).includes('node_modules')) return originalJs(module, filename)
    const source = fs.readFileSync(filename, 'utf8')
    const out = transformSync(source, {
      loader,
      format: 'cjs',
      platform: 'node',
      target: 'node20',
      sourcefile: filename,
      sourcemap: 'inline',
      logLevel: 'silent',
      define: { 'import.meta.url': '__gptnotesImportMetaUrl', 'import.meta.dirname': '__dirname', 'import.meta.filename': '__filename' },
      banner: 'var __gptnotesImportMetaUrl = require("node:url").pathToFileURL(__filename).href;',
    })
    module._compile(out.code, filename)
  }
}

// Plain data for the parent: functions and stand-ins as markers, cycles cut.
function plain(value, seen) {
  if (typeof value === 'function') {
    if (value[STAND_IN]) return { [STAND_IN_MARK]: value[STAND_IN] }
    return { [FUNCTION_MARK]: String(value).slice(0, 200) }
  }
  if (value === null || typeof value !== 'object') return typeof value === 'symbol' || typeof value === 'bigint' ? String(value) : value
  if (value instanceof Date) return value.toISOString()
  if (value instanceof RegExp) return String(value)
  if (seen.has(value)) return undefined
  seen.add(value)
  const out = Array.isArray(value) ? value.map((v) => plain(v, seen)) : Object.fromEntries(Object.keys(value).map((k) => [k, plain(value[k], seen)]))
  seen.delete(value)
  return out
}

async function main() {
  let config = require(workerData.file)
  if (config && config.__esModule && 'default' in config) config = config.default
  if (typeof config === 'function' && !config[STAND_IN]) config = await config({ sourceDir: workerData.sourceDir, isProd: true })
  if (config && typeof config.then === 'function') config = await config
  return plain(config, new Set())
}

main().then(
  (value) => parentPort.postMessage({ kind: 'value', value, standIns }),
  (err) => parentPort.postMessage({ kind: 'threw', message: err instanceof Error ? err.message : String(err), stack: err instanceof Error ? String(err.stack) : undefined }),
)
`
