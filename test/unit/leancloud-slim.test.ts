import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { md5 } from '../../src/client/widgets/valine/sdk/md5.js'
import { UNDERSCORE_FUNCTIONS } from '../../src/render/widgets/valine-underscore.js'
import { uuidV4 } from '../../src/client/widgets/valine/sdk/uuid-v4.js'
import { BROWSER_BUILD } from '../../src/render/bundle/browser.js'
import { clientPlugins } from '../../src/render/bundle/bundle-plugins.js'
import { nativeHelper } from '../../src/render/widgets/valine-sdk-plugin.js'
import { PACKAGE_ROOT } from '../../src/render/package-root.js'

/** The build's plugin for widget A's SDK (src/render/widgets/valine-sdk-plugin.ts), seen from its output. */
const ENTRY = join(PACKAGE_ROOT, 'src/client/widgets/valine/sdk/leancloud-sdk.ts')

async function bundle(entry: { path: string } | { contents: string }) {
  return build({
    ...('path' in entry ? { entryPoints: [entry.path] } : { stdin: { contents: entry.contents, resolveDir: PACKAGE_ROOT, loader: 'js' } }),
    absWorkingDir: PACKAGE_ROOT,
    ...BROWSER_BUILD,
    bundle: true,
    write: false,
    metafile: true,
    plugins: clientPlugins(),
    logLevel: 'silent',
  })
}

describe('leancloudSlim', () => {
  it('bundles the SDK’s modules with none of the dependencies it has stand-ins for', async () => {
    const inputs = Object.keys((await bundle({ path: ENTRY })).metafile.inputs)
    // Files only: the stand-ins the plugin writes have a namespace (`native-helper:…`).
    const files = inputs.filter((p) => !p.includes(':'))
    expect(files.filter((p) => /node_modules\/(core-js|@babel|superagent|debug|underscore\/underscore|@leancloud|md5|crypt|charenc|is-buffer|eventemitter3|uuid)\//.test(p))).toEqual([])
    expect(inputs).toContain('node_modules/leancloud-storage/dist/node/object.js')
    expect(inputs).toContain('node_modules/leancloud-storage/dist/node/query.js')
  })

  it('gives the SDK every underscore function its bundled modules call', async () => {
    const modules = Object.keys((await bundle({ path: ENTRY })).metafile.inputs).filter((p) => p.startsWith('node_modules/leancloud-storage/'))
    const used = new Set<string>()
    for (const file of modules) {
      const code = readFileSync(join(PACKAGE_ROOT, file), 'utf8')
      for (const m of code.matchAll(/\b_\.(\w+)/g)) used.add(m[1])
      // babel's instance helpers called on `_`: `(0, _map.default)(_).call(_, …)`.
      for (const m of code.matchAll(/var (\w+) = _interopRequireDefault\(require\("@babel\/runtime-corejs3\/core-js-stable\/instance\/([\w-]+)"\)\)/g)) {
        if (code.includes(`(0, ${m[1]}.default)(_).call(_`)) used.add(m[2].replace(/-(\w)/g, (_, c: string) => c.toUpperCase()))
      }
      // `var _require = require('underscore'), extend = _require.extend`
      for (const m of code.matchAll(/var (\w+) = require\('underscore'\),([^;]+);/g)) {
        for (const d of m[2].matchAll(new RegExp(`${m[1]}\\.(\\w+)`, 'g'))) used.add(d[1])
      }
    }
    expect(used.size).toBeGreaterThan(30)
    expect([...used].filter((name) => !Object.hasOwn(UNDERSCORE_FUNCTIONS, name))).toEqual([])
  })

  it('maps babel’s core-js imports to the built-ins', () => {
    expect(nativeHelper('core-js-stable/promise')).toBe('module.exports = Promise')
    expect(nativeHelper('core-js-stable/json/stringify')).toBe('module.exports = JSON.stringify')
    expect(nativeHelper('core-js-stable/object/get-prototype-of')).toBe('module.exports = Object.getPrototypeOf')
    expect(nativeHelper('core-js-stable/instance/index-of')).toBe('module.exports = (it) => it.indexOf')
    expect(nativeHelper('core-js-stable/object/no-such-thing')).toBeUndefined()
  })

  it('fails the build, naming it, on a core-js import it has no stand-in for', async () => {
    const failed = await bundle({ contents: 'require("@babel/runtime-corejs3/core-js/instance/at")' }).then(
      () => undefined,
      (err: { errors: { text: string }[] }) => err.errors.map((e) => e.text).join('\n'),
    )
    expect(failed).toContain('no native stand-in for @babel/runtime-corejs3/core-js/instance/at')
  })
})

describe('the SDK’s small stand-ins', () => {
  it('md5 signs as the md5 package does: MD5 of the UTF-8 bytes, as hex', () => {
    const texts = ['', 'a', '1777622400000public-app-key', '评论 💬 ünïcödé', 'x'.repeat(55), 'x'.repeat(56), 'y'.repeat(64), 'z'.repeat(1000)]
    for (const text of texts) expect(md5(text), text).toBe(createHash('md5').update(text, 'utf8').digest('hex'))
  })

  it('uuidV4 gives distinct version 4 UUIDs', () => {
    const ids = Array.from({ length: 50 }, uuidV4)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(new Set(ids).size).toBe(50)
  })
})
