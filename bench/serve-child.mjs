// The dev server of bench/serve-edit.mjs in a process of its own, as `gptnotes serve` runs: the
// browser's driver then does not share the server's thread (a build there would delay what the
// driver hears, and the clock). Prints one JSON line when it serves and watches; answers each
// `settle` line on stdin with `settled` once its builds are done; exits on stdin's end.
//   node bench/serve-child.mjs SITE
import { createInterface } from 'node:readline'

process.env.NODE_ENV ??= 'production'
const site = process.argv[2]
const { startDevServer } = await import('../lib/dev-server/dev-server.js')
const { cacheDirOf } = await import('../lib/render/cache-dir.js')
const log = process.env.BENCH_SERVE_LOG ? (line) => console.error(`${(performance.timeOrigin + performance.now()) / 1000 % 1000} ${line}`) : () => {}
const t0 = performance.now()
const dev = await startDevServer({ root: site, port: 0, host: '127.0.0.1', cacheDir: cacheDirOf(site), log })
const firstBuild = (performance.now() - t0) / 1000
await dev.watching()
console.log(JSON.stringify({ url: dev.url, firstBuild }))
for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'settle') {
    await dev.settled()
    console.log('settled')
  }
}
await dev.close()
