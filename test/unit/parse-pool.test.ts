// The worker-thread path of the parsePage stage, run from the compiled lib/ (as the CLI runs it;
// `npm test` compiles first): same pages in the same order as parsing in one thread, errors that
// keep their file, line, column and code frame across the thread boundary.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { GptnotesError } from '../../src/render/errors/index.js'
import type { SourceFile } from '../../src/render/content/parse-page.js'

type Pool = typeof import('../../src/render/content/parse-pool.js')
const libPool = new URL('../../lib/render/content/parse-pool.js', import.meta.url).href
const { parseAll, ParseThreads, WORKER_THRESHOLD } = (await import(libPool)) as Pool

const options = { base: '/gpt/' }

function page(i: number): SourceFile {
  const source = `---
title: 第 ${i} 篇
date: 2025-5-${(i % 28) + 1}
tags:
  - 标签${i % 7}
---

# 第 ${i} 篇

[[toc]]

## 准备工作 ${i}

先读[上一篇](./p${Math.max(0, i - 1)}.md)，再看 https://example.com/${i} 。脚注[^n]。

::: tip 提示
第 ${i} 篇的提示。
:::

| 参数 | 说明 |
| --- | --- |
| \`max_tokens\` | ${i} |

- [x] 注册账号
- [ ] ~~绑定~~ 支付

\`\`\`js
const n = ${i}
\`\`\`

### 细节 ${i % 5}

${'正文'.repeat(i % 50)}

[^n]: 第 ${i} 个脚注。
`
  return { relativePath: `guide/p${i}.md`, source }
}

const files = Array.from({ length: WORKER_THRESHOLD + 50 }, (_, i) => page(i))

describe('parseAll on worker threads', () => {
  it('gives the pages one thread gives, in the input order, while the main thread stays free', async () => {
    const inThread = await parseAll(files, options, { threads: 1 })
    let ticks = 0
    const timer = setInterval(() => ticks++, 1)
    const onWorkers = await parseAll(files, options, { threads: 2 })
    clearInterval(timer)

    expect(ticks).toBeGreaterThan(0) // one thread would block the event loop until the end
    expect(onWorkers.map((p) => p.page.relativePath)).toEqual(files.map((f) => f.relativePath))
    expect(onWorkers).toEqual(inThread)
    const p170 = onWorkers[170]
    expect(p170.page.title).toBe('第 170 篇')
    expect(p170.page.headers.map((h) => h.title)).toEqual(['准备工作 170', '细节 0'])
    expect(p170.html).toContain('<table>')
    expect(p170.links).toContainEqual(expect.objectContaining({ target: '/guide/p169.html', line: 14, column: 3 }))
    expect(p170.html).toContain('href="/gpt/guide/p169.html"')
  })

  it('takes over threads started before the pages were read, and lets go of those started for other options', async () => {
    const inThread = await parseAll(files, options, { threads: 1 })
    const started = ParseThreads.start(files.length, options)!
    expect(started).toBeDefined()
    expect(await parseAll(files, options, { started })).toEqual(inThread)
    expect(started.take()).toEqual([]) // parseAll took them over (and ended them)

    // Started for another base: its pages would link to the wrong place, so fresh threads parse.
    const other = ParseThreads.start(files.length, { base: '/other/' })!
    const pages = await parseAll(files, options, { started: other })
    expect(pages).toEqual(inThread)
    expect(pages[170].html).toContain('href="/gpt/guide/p169.html"')
    expect(other.take()).toEqual([])

    // Too few pages for threads: none start.
    expect(ParseThreads.start(WORKER_THRESHOLD - 1, options)).toBeUndefined()
  })

  it('starts the threads ahead for a cold build only (BuildCaches.prepareParse), and parses with them', async () => {
    const { BuildCaches } = (await import(new URL('../../lib/render/build-caches.js', import.meta.url).href)) as typeof import('../../src/render/build-caches.js')
    const inThread = await parseAll(files, options, { threads: 1 })
    const cacheDir = mkdtempSync(join(tmpdir(), 'gptnotes-cache-'))
    const cold = new BuildCaches(cacheDir)
    cold.prepareParse({ base: '/gpt/', contentDir: 'content' }, files.length)
    expect(cold.parseThreadsWaiting).toBe(true)
    const parsed = await cold.parsePages(files, { base: '/gpt/', contentDir: 'content' })
    expect(cold.parseThreadsWaiting).toBe(false)
    expect(parsed.fresh).toBe(files.length)
    expect(parsed.pages.map((p) => ({ ...p }))).toEqual(inThread)

    // The same builder (a dev server's next build) and a new one over the cache on disk parse nothing: no threads.
    cold.prepareParse({ base: '/gpt/', contentDir: 'content' }, files.length)
    expect(cold.parseThreadsWaiting).toBe(false)
    const warm = new BuildCaches(cacheDir)
    warm.prepareParse({ base: '/gpt/', contentDir: 'content' }, files.length)
    expect(warm.parseThreadsWaiting).toBe(false)
    expect((await warm.parsePages(files, { base: '/gpt/', contentDir: 'content' })).fresh).toBe(0)
    // Another base is a cold cache.
    warm.prepareParse({ base: '/docs/', contentDir: 'content' }, files.length)
    expect(warm.parseThreadsWaiting).toBe(true)
    warm.dropPrepared()
    // So is another language of the pages (their containers' titles).
    warm.prepareParse({ base: '/gpt/', contentDir: 'content', lang: 'en-US', localeLangs: { '/': 'en-US' } }, files.length)
    expect(warm.parseThreadsWaiting).toBe(true)
    warm.dropPrepared()
    expect(warm.parseThreadsWaiting).toBe(false)
  })

  it('does not keep the process alive with threads started and never used (a build that failed before its parse)', () => {
    // The threads boot and wait for pages that never come; the process must end all the same.
    const script = join(mkdtempSync(join(tmpdir(), 'gptnotes-pool-')), 'unused.mjs')
    writeFileSync(script, `const { ParseThreads } = await import(${JSON.stringify(libPool)})\nconsole.log(ParseThreads.start(500, { base: '/gpt/' }) ? 'started' : 'none')\nsetTimeout(() => {}, 500)\n`)
    const child = spawnSync(process.execPath, [script], { encoding: 'utf8', timeout: 30_000 })
    expect(child.stdout.trim()).toBe('started')
    expect(child.signal).toBeNull() // not killed at the timeout: it ended by itself
    expect(child.status).toBe(0)
  })

  it('reports a bad page with its file, line, column and code frame', async () => {
    const broken = files.map((f, i) => (i === 170 ? { ...f, source: f.source.replace(/^date: .*$/m, 'date: 2025-13-45') } : f))
    const error = (await parseAll(broken, options, { threads: 2 }).catch((e: unknown) => e)) as GptnotesError
    expect(error.name).toBe('FrontmatterInvalid')
    expect(error.loc).toMatchObject({ file: 'content/guide/p170.md', line: 3 })
    expect(error.frame).toContain('> 3 | date: 2025-13-45')
    expect(error.message).toMatch(/date/)
  })

  it('keeps the stack of an unexpected error (a bug) from the worker, which --debug prints', async () => {
    // A path that is not text makes parsePage fail as a bug would: a TypeError inside the worker.
    const broken = files.map((f, i) => (i === 170 ? { ...f, relativePath: 170 as unknown as string } : f))
    const error = (await parseAll(broken, options, { threads: 2 }).catch((e: unknown) => e)) as Error
    expect(error.name).toBe('TypeError')
    expect(error.stack).toMatch(/\n\s+at .*parse-worker\.js:\d+/)
    const { formatError } = (await import(new URL('../../lib/cli/format-problem.js', import.meta.url).href)) as typeof import('../../src/cli/format-problem.js')
    expect(formatError(error, { debug: true })).toMatch(/parse-worker\.js:\d+/)
    expect(formatError(error)).not.toMatch(/parse-worker/)
  })
})
