// One cold build in this process, then report wall time and peak memory as JSON on stdout.
import { join } from 'node:path'

process.env.NODE_ENV ??= 'production' // as bin/gptnotes.js does
const root = process.argv[2]
const start = performance.now()
const { SiteBuilder } = await import('../lib/render/site-builder.js')
const { writeOutput } = await import('../lib/render/write-output.js')
const output = await new SiteBuilder(root).build()
await writeOutput(join(root, 'dist'), output.files)
const ms = performance.now() - start
process.stdout.write(JSON.stringify({ ms, pages: output.pages, maxRssKiB: process.resourceUsage().maxRSS }) + '\n')
