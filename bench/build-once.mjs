// One cold build in this process, then report wall time and peak memory as JSON on stdout.
import { join } from 'node:path'

process.env.NODE_ENV ??= 'production' // as bin/gptnotes.js does
const root = process.argv[2]
const start = performance.now()
const { buildSite } = await import('../lib/render/build-site.js')
const output = await buildSite({ root, out: join(root, 'dist') })
const ms = performance.now() - start
process.stdout.write(JSON.stringify({ ms, pages: output.pages, maxRssKiB: process.resourceUsage().maxRSS }) + '\n')
