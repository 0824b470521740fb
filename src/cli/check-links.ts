import { existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import { cacheDirOf } from '../render/cache-dir.js'
import { checkLinks } from '../render/check-links/check-site.js'
import { formatJson, formatText } from '../render/check-links/report.js'
import { loadConfig } from '../render/config/load-config.js'
import { formatError } from '../render/errors.js'
import { SiteBuilder } from '../render/site-builder.js'
import { writeOutput } from '../render/write-output.js'

export interface CheckLinksCommandOptions {
  root: string
  out: string
  external: boolean
  json: boolean
  timeoutMs: number
  debug: boolean
}

/** `gptnotes check-links`: build when there is no output yet, check it, print. Returns the exit code. */
export async function checkLinksCommand(opts: CheckLinksCommandOptions): Promise<number> {
  const cacheDir = cacheDirOf(opts.root)
  let base: string
  try {
    if (!existsSync(opts.out)) {
      // Progress goes to stderr so that --json output stays machine-readable.
      console.error(`no build at ${relative(process.cwd(), opts.out) || '.'}; building first…`)
      const output = await new SiteBuilder(opts.root, { cacheDir }).build()
      await writeOutput(opts.out, output.files)
      console.error(`built ${output.pages} pages`)
      base = output.config.base
    } else base = (await loadConfig(opts.root)).config.base
  } catch (err) {
    console.error(formatError(err, { debug: opts.debug }))
    return 1
  }
  try {
    const report = await checkLinks({
      root: opts.root,
      outDir: opts.out,
      base,
      external: opts.external,
      externalOptions: { timeoutMs: opts.timeoutMs },
      cacheFile: join(cacheDir, 'links.json'),
    })
    console.log(opts.json ? formatJson(report) : formatText(report))
    return report.problems.length ? 1 : 0
  } catch (err) {
    console.error(formatError(err, { debug: opts.debug }))
    return 1
  }
}
