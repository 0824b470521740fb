import { statSync } from 'node:fs'
import { relative } from 'node:path'
import { cacheDirOf } from '../render/cache-dir.js'
import { BuildCaches } from '../render/build-caches.js'
import { buildSite } from '../render/build-site.js'
import { BuildProgress, formatStage, formatSummary } from './build-progress.js'
import { formatError, formatWarning } from './format-problem.js'

export interface BuildCommandOptions {
  root: string
  out: string
  debug: boolean
}

/** `gptnotes build`: run the stages, write atomically, report progress and a summary. Returns the exit code. */
export async function buildCommand({ root, out, debug }: BuildCommandOptions): Promise<number> {
  const start = performance.now()
  const progress = new BuildProgress()
  const stop = showProgress(progress)
  try {
    const output = await buildSite({ root, out, caches: new BuildCaches(cacheDirOf(root)), onStage: (e) => progress.stage(e) })
    const bytes = [...output.files.values()].reduce((n, c) => n + (typeof c === 'string' ? Buffer.byteLength(c) : 'copyFrom' in c ? statSync(c.copyFrom).size : c.byteLength), 0)
    progress.done({
      pages: output.pages,
      files: output.files.size,
      bytes,
      seconds: (performance.now() - start) / 1000,
      out: relative(process.cwd(), out) || '.',
      warnings: output.warnings.map(formatWarning),
    })
    await stop()
    return 0
  } catch (err) {
    progress.fail()
    await stop()
    console.error(formatError(err, { debug }))
    console.error('\nbuild failed; the previous output was left as it was.')
    return 1
  }
}

/** Show progress: ink in a terminal, plain lines otherwise (CI, pipes). Returns a stopper. */
export function showProgress(progress: BuildProgress, { tty = !!process.stdout.isTTY && !process.env.CI } = {}): () => Promise<void> {
  if (tty) {
    // ink and React load only when there is a terminal to draw in: they took 0.4 s (0.6 s of CPU)
    // before a build in CI or a pipe could start. The view shows what happened meanwhile.
    const view = import('./build-progress-view.js').then(({ renderBuildProgress }) => renderBuildProgress(progress))
    return async () => (await view)()
  }
  const off = progress.subscribe((s) => {
    const last = s.stages.at(-1)
    if (last && s.stages.length > printed) {
      printed = s.stages.length
      console.log(formatStage(last))
    }
    if (s.summary && !summaryPrinted) {
      summaryPrinted = true
      for (const w of s.summary.warnings) console.warn(`warning ${w}`)
      console.log(formatSummary(s.summary))
    }
  })
  let printed = 0
  let summaryPrinted = false
  return async () => void off()
}
