// One cold build in this process, then report wall time, CPU time (every thread of the process:
// user + system), peak memory and each stage's milliseconds as JSON on stdout.
//   node bench/build-once.mjs SITE [--cache]   (--cache: with the caches in SITE/node_modules/.cache/gptnotes, as `gptnotes build`)
import { join } from 'node:path'

process.env.NODE_ENV ??= 'production' // as bin/gptnotes.js does
const root = process.argv[2]
const start = performance.now()
const { buildSite } = await import('../lib/render/build-site.js')
const caches = process.argv.includes('--cache') ? new (await import('../lib/render/build-caches.js')).BuildCaches((await import('../lib/render/cache-dir.js')).cacheDirOf(root)) : undefined
const stages = {}
const output = await buildSite({ root, out: join(root, 'dist'), caches, onStage: (e) => (stages[e.stage] = Math.round(e.ms)) })
const ms = performance.now() - start
const usage = process.resourceUsage()
process.stdout.write(JSON.stringify({ ms, pages: output.pages, maxRssKiB: usage.maxRSS, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000, stages }) + '\n')
