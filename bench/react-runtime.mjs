// React's client runtime alone, gzip: what the first-load budget is measured against (the
// article's first-load JavaScript may be React's runtime + 12 KB). The same React packages and
// esbuild settings as the client bundle (`BROWSER_BUILD`, from lib/: run after compiling), everything the client imports from them.
import { build } from 'esbuild'
import { gzipSync } from 'node:zlib'
import { BROWSER_BUILD } from '../lib/render/bundle/browser.js'

const ENTRY = `export { hydrateRoot } from 'react-dom/client'
export { flushSync, createPortal } from 'react-dom'
export * from 'react'
export { jsx, jsxs, Fragment } from 'react/jsx-runtime'`

export async function reactRuntimeGz(root) {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: root, loader: 'js' },
    ...BROWSER_BUILD,
    bundle: true,
    minify: true,
    write: false,
    logLevel: 'silent',
  })
  return gzipSync(result.outputFiles[0].contents, { level: 6 }).length
}
