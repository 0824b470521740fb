import type { SiteConfig } from '../shared/types.js'
import { BuildCaches } from './build-caches.js'
import { buildStages, type BuildState } from './build-stages.js'
import type { ParsedPage } from './content/parse-page.js'
import { lockNotice } from './content/lock-page.js'
import { OutputHandOver } from './emit/hand-over.js'
import type { OutputContents } from './emit/write-output.js'
import type { GptnotesError } from './errors/index.js'
import type { SiteHeaders } from './headers/index.js'
import { runPipeline } from './pipeline/run-pipeline.js'
import { PIPELINE } from './pipeline/stages.js'
import type { BuildValues } from './pipeline/values.js'
import type { BuildWarning } from './site/check-references.js'
import type { RouteTable } from './site/routes.js'

export { STAGES, type StageName } from './pipeline/stages.js'
export type { StageEvent } from './pipeline/run-pipeline.js'

import type { BuildOptions } from './build-options.js'

export type { BuildOptions } from './build-options.js'

export interface SiteOutput {
  config: SiteConfig
  /**
   * Every output file, by path inside the output folder. With `out`, the files were written as
   * they were made and are not held: each is `{ copyFrom }` the file it was written to.
   */
  files: Map<string, OutputContents>
  routes: RouteTable
  parsed: ParsedPage[]
  warnings: BuildWarning[]
  /** The response headers (`_headers`): `serve` sends them, the static host reads the file. */
  headers: SiteHeaders
  /** Broken references found with `keepGoing` (otherwise they fail the build). */
  problems: GptnotesError[]
  pages: number
  /** With `laterInBackground`: resolves with the paths of the later files once they are in `files`. */
  later?: Promise<string[]>
}

/**
 * `gptnotes build` as its stage list (design.md §4, declared in `pipeline/stages.ts`) and the
 * hand-over: `build-stages.ts` gives each stage its function, the stages put their files into the
 * output as they make them (`emit/hand-over.ts`), and `runPipeline` runs them in order, hands each
 * the values it needs, times each and names it in any error.
 */
export async function buildSite(options: BuildOptions): Promise<SiteOutput> {
  const caches = options.caches ?? new BuildCaches()
  const output = new OutputHandOver(options.out)
  const state: BuildState = { renderedNow: 0 }
  // Without an output folder there is nothing to write: the stage list ends before `write`.
  const pipeline = (options.out ? PIPELINE : PIPELINE.filter((s) => s.name !== 'write')) as typeof PIPELINE
  const traceMemory = process.env.GPTNOTES_TRACE_MEMORY ? memoryTracer() : undefined
  let v: Partial<BuildValues>
  try {
    v = await runPipeline<BuildValues, typeof PIPELINE>(pipeline, buildStages(options, caches, output, state), { onStage: options.onStage, after: traceMemory })
  } catch (err) {
    await output.abort()
    throw err
  }
  // In memory, the documents' records hold their bytes; with an output folder, the write stage keeps them.
  if (!options.out && state.rendered) caches.keepRenderRecords(state.rendered, undefined)
  const { config, routes, parsed, headers, references, configWarnings, contentWarnings } = v as BuildValues
  const warnings = [...configWarnings, ...contentWarnings, ...parsed.flatMap((p) => p.warnings ?? []), ...references.warnings, ...lockNotice(parsed)]
  return { config, files: output.files, routes, parsed, headers, warnings, problems: references.errors, pages: parsed.length, ...(state.later ? { later: state.later } : {}) }
}

/**
 * With `GPTNOTES_TRACE_MEMORY` set, each stage's end prints the process's memory to stderr
 * (resident now and at most so far, JavaScript heap, buffers outside it): where a large build's memory goes.
 */
function memoryTracer(): (stage: string) => void {
  const mib = (n: number) => `${Math.round(n / 1048576)}`.padStart(5)
  return (stage) => {
    const m = process.memoryUsage()
    process.stderr.write(`memory ${stage.padEnd(16)} rss ${mib(m.rss)} MiB  peak ${mib(process.resourceUsage().maxRSS * 1024)} MiB  heap ${mib(m.heapUsed)} MiB  external ${mib(m.external + m.arrayBuffers)} MiB\n`)
  }
}
