import { runCheck } from '../tools/check-links/run-check.js'
import { formatJson, formatText } from '../tools/check-links/report.js'
import { formatError } from './format-problem.js'

export interface CheckLinksCommandOptions {
  root: string
  /** An output folder to check as built; the current sources are checked (built in memory) without it. */
  out?: string
  external: boolean
  json: boolean
  timeoutMs: number
  debug: boolean
}

/**
 * `gptnotes check-links`: every broken reference of the site in one report. With `--json`,
 * stdout holds exactly one JSON document whatever happens; progress and code frames go to
 * stderr. Returns the exit code: 1 when anything is broken (or the build stopped), else 0.
 */
export async function checkLinksCommand(opts: CheckLinksCommandOptions): Promise<number> {
  const { report, errors } = await runCheck({
    root: opts.root,
    out: opts.out,
    external: opts.external,
    timeoutMs: opts.timeoutMs,
    progress: (message) => console.error(message),
  })
  for (const err of errors) console.error(formatError(err, { debug: opts.debug }) + '\n')
  console.log(opts.json ? formatJson(report) : formatText(report))
  return report.problems.length ? 1 : 0
}
