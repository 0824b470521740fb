import { migrateVuePress } from '../migrate/migrate-vuepress.js'
import { formatReport } from '../migrate/report.js'
import { formatError } from './format-problem.js'

export interface MigrateCommandOptions {
  source: string
  out?: string
  dryRun: boolean
  json: boolean
  force: boolean
  debug: boolean
}

/**
 * `gptnotes migrate vuepress SRC`: the report on stdout (with `--json`, exactly one JSON
 * document); errors that stop it on stderr. Exit 0 when the result builds, else 1.
 */
export async function migrateCommand(opts: MigrateCommandOptions): Promise<number> {
  try {
    const report = await migrateVuePress({ source: opts.source, out: opts.out, dryRun: opts.dryRun, force: opts.force })
    // What the config printed goes to stderr, so stdout stays the report alone.
    if (report.printed) console.error(`the VuePress config printed:\n${report.printed.trimEnd()}`)
    console.log(opts.json ? JSON.stringify(report, null, 2) : formatReport(report))
    return report.ok ? 0 : 1
  } catch (err) {
    console.error(formatError(err, { debug: opts.debug }))
    if (opts.json) console.log(JSON.stringify({ ok: false, error: { code: (err as Error).name, message: (err as Error).message } }))
    return 1
  }
}
