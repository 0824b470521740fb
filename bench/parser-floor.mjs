// The least a build of this corpus can cost: only the markdown → mdast step (micromark and
// mdast-util-from-markdown with the extensions a page needs), on as many worker threads as the
// build uses, with nothing else (no highlighting, HTML, SSR or writing). Prints JSON on stdout.
//   node bench/parser-floor.mjs SITE_ROOT
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads'

const lib = new URL('../lib/render/', import.meta.url)

if (isMainThread) {
  const content = join(process.argv[2], 'content')
  const files = readdirSync(content, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md'))
  const sources = files.map((f) => readFileSync(join(content, f), 'utf8'))
  const { threadsFor } = await import(new URL('content/parse-pool.js', lib).href)
  const threads = threadsFor(sources.length)
  const start = performance.now()
  if (threads === 1) await parseSources(sources)
  else await Promise.all(
    Array.from(
      { length: threads },
      (_, t) =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: sources.filter((_, i) => i % threads === t) })
          worker.once('message', resolve)
          worker.once('error', reject)
        }),
    ),
  )
  const ms = performance.now() - start
  const usage = process.resourceUsage()
  process.stdout.write(JSON.stringify({ ms, pages: sources.length, threads, cpuMs: (usage.userCPUTime + usage.systemCPUTime) / 1000 }) + '\n')
} else {
  await parseSources(workerData)
  parentPort.postMessage(null)
}

async function parseSources(sources) {
  const { parseFrontmatter } = await import(new URL('content/frontmatter.js', lib).href)
  const { parseMarkdown } = await import(new URL('markdown/parse-markdown.js', lib).href)
  for (const source of sources) parseMarkdown(parseFrontmatter(source, 'bench').body)
}
