import type { Plugin } from 'esbuild'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { PACKAGE_ROOT } from '../package-root.js'
import { UNDERSCORE_FUNCTIONS } from './valine-underscore.js'

/**
 * esbuild plugins of the client bundle.
 *
 * `leancloudSlim` lets widget A bundle the `leancloud-storage` SDK's own CommonJS modules
 * (`dist/node/*.js`, composed by `src/client/widgets/valine/sdk/leancloud-sdk.ts`) small:
 *
 * - babel's `@babel/runtime-corejs3` imports become the native built-ins: the site targets
 *   es2022 browsers, which have every one of them, and core-js would be half the SDK's bytes.
 *   A helper with no native stand-in fails the build by name rather than bring core-js back;
 * - the modules are the SDK's Node build, so its inlined platform test (`"NODE_JS"`) is made
 *   the browser's, as the SDK's own browser build does (the `X-LC-UA` header, not `User-Agent`,
 *   which a browser may not set and the service's CORS does not allow); and `global.AV` (the
 *   SDK's hook to extend an `AV` already on the page) starts from a fresh object, so an old
 *   page-provided `AV` that `load-sdk.ts` discarded is never modified;
 * - inside the SDK, some dependencies become stand-ins in `src/client/widgets/valine/sdk/`:
 *   `underscore` the functions the bundled modules use (`valine-underscore.ts` here, taken from
 *   underscore's own modules as the SDK resolves them), `debug` a logger that
 *   is always off (`debug-off.ts`), the app router, which would ask app-router.com for an app's
 *   domains, a no-op (`app-router-off.ts`), and `md5`, `eventemitter3` and `uuid/v4` small
 *   versions of the few calls made (`md5.ts`, `emitter.ts`, `uuid-v4.ts`).
 */
export function leancloudSlim(): Plugin {
  const sdkDir = join(PACKAGE_ROOT, 'src/client/widgets/valine/sdk')
  const fromSdk = (importer: string) => /[\\/]node_modules[\\/]leancloud-storage[\\/]/.test(importer)
  return {
    name: 'leancloud-slim',
    setup(build) {
      build.onResolve({ filter: /^@babel\/runtime-corejs3\// }, (args) => {
        const code = nativeHelper(args.path.slice('@babel/runtime-corejs3/'.length).replace(/\.js$/, ''))
        if (code === undefined) return { errors: [{ text: `no native stand-in for ${args.path} (imported by ${args.importer}); add one to src/render/widgets/valine-sdk-plugin.ts` }] }
        return { path: args.path, namespace: 'native-helper', pluginData: code }
      })
      build.onLoad({ filter: /.*/, namespace: 'native-helper' }, (args) => ({ contents: args.pluginData as string, loader: 'js' }))

      // The stand-ins are ES modules; `require()` of one gives its namespace, so a function the
      // SDK calls directly (`debug(…)`, `new AppRouter(…)`) is handed over as `module.exports`.
      const standIns: Record<string, string> = {
        debug: 'module.exports = require("./debug-off.ts").debugOff',
        './app-router': 'module.exports = require("./app-router-off.ts").AppRouterOff',
        md5: 'module.exports = require("./md5.ts").md5',
        eventemitter3: 'module.exports = require("./emitter.ts").Emitter',
        'uuid/v4': 'module.exports = require("./uuid-v4.ts").uuidV4',
      }
      build.onResolve({ filter: /^(debug|\.\/app-router|md5|eventemitter3|uuid\/v4)$/ }, (args) => {
        if (!fromSdk(args.importer) || !Object.hasOwn(standIns, args.path)) return undefined
        return { path: args.path, namespace: 'leancloud-stand-in' }
      })
      build.onLoad({ filter: /.*/, namespace: 'leancloud-stand-in' }, (args) => ({ contents: standIns[args.path], loader: 'js', resolveDir: sdkDir }))

      // `underscore`, as the SDK's own modules resolve it, cut to the functions they call.
      build.onResolve({ filter: /^underscore$/ }, (args) => {
        if (!fromSdk(args.importer)) return undefined
        return { path: 'underscore', namespace: 'leancloud-underscore', pluginData: args.resolveDir }
      })
      build.onLoad({ filter: /.*/, namespace: 'leancloud-underscore' }, (args) => ({
        contents: Object.entries(UNDERSCORE_FUNCTIONS)
          .map(([name, module]) => `export { default as ${name} } from 'underscore/modules/${module}.js'`)
          .join('\n'),
        loader: 'js',
        resolveDir: args.pluginData as string,
      }))

      build.onLoad({ filter: /[\\/]leancloud-storage[\\/]dist[\\/]node[\\/].*\.js$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8')
        const fresh = 'var AV = global.AV || {};'
        // `global` is Node's: left in, it would throw in the browser. An SDK that no longer reads
        // this way fails the build instead.
        if (/[\\/]av\.js$/.test(args.path) && !source.includes(fresh)) return { errors: [{ text: `${args.path} no longer starts from \`${fresh}\`; update src/render/widgets/valine-sdk-plugin.ts` }] }
        return { contents: source.replaceAll('"NODE_JS"', '"Browser"').replace(fresh, 'var AV = {};'), loader: 'js' }
      })
    },
  }
}

/** Globals that babel's `core-js-stable/<name>` and `core-js-stable/<namespace>/<name>` stand for. */
const GLOBALS: Record<string, string> = {
  promise: 'Promise',
  symbol: 'Symbol',
  map: 'Map',
  set: 'Set',
  'weak-map': 'WeakMap',
  'weak-set': 'WeakSet',
  'parse-int': 'parseInt',
  'parse-float': 'parseFloat',
  'set-timeout': 'setTimeout',
  'set-interval': 'setInterval',
  object: 'Object',
  array: 'Array',
  json: 'JSON',
  reflect: 'Reflect',
  number: 'Number',
  date: 'Date',
  math: 'Math',
  string: 'String',
}

/** The babel helpers (`helpers/<name>`) the SDK's modules use, as code for es2022 browsers. */
const HELPERS: Record<string, string> = {
  interopRequireDefault: 'module.exports = (obj) => (obj && obj.__esModule ? obj : { default: obj })',
  typeof: 'module.exports = (value) => typeof value',
  // Destructuring `[a, b] = value`: an array as it is; any other iterable spread (a
  // non-iterable throws a TypeError, as babel's helper does).
  slicedToArray: 'module.exports = (value) => (Array.isArray(value) ? value : [...value])',
  toConsumableArray: 'module.exports = (value) => [...value]',
  defineProperty:
    'module.exports = (obj, key, value) => { if (key in obj) Object.defineProperty(obj, key, { value, enumerable: true, configurable: true, writable: true }); else obj[key] = value; return obj }',
}

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())

/**
 * The CommonJS source standing in for `@babel/runtime-corejs3/<path>`, or undefined. Instance
 * methods (`instance/concat`) become `(it) => it.concat`: what core-js returns for a built-in
 * receiver, and the receiver's own property otherwise (`_.map`, an options object's `keys`).
 */
export function nativeHelper(path: string): string | undefined {
  const parts = path.split('/')
  if (parts[0] === 'helpers' && parts.length === 2) return HELPERS[parts[1]]
  if (parts[0] !== 'core-js-stable') return undefined
  const [, first, second, ...rest] = parts
  if (rest.length > 0 || !first) return undefined
  if (first === 'instance' && second) return `module.exports = (it) => it.${camel(second)}`
  const global = GLOBALS[first]
  // Only what exists in this runtime (Node has every es2022 built-in the site targets).
  if (!global || !(global in globalThis) || (second && !(camel(second) in (globalThis as unknown as Record<string, object>)[global]))) return undefined
  return `module.exports = ${second ? `${global}.${camel(second)}` : global}`
}
