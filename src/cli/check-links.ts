import { Option, type Command } from 'commander'
import { existsSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
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
  const cacheDir = join(opts.root, 'node_modules', '.cache', 'gptnotes')
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

export function registerCheckLinks(program: Command): void {
  program
    .command('check-links')
    .description('check every link, anchor, image, script and stylesheet of the built site (builds it first if needed)')
    .option('--root <dir>', 'site folder holding content/ and gptnotes.config.ts', '.')
    .option('--out <dir>', 'built site to check (default: <root>/dist; built when missing)')
    .option('--external', 'also check http(s) links (results cached for an hour in node_modules/.cache/gptnotes/links.json)')
    .option('--json', 'print {problems: [{file, line, link, reason}], summary} as JSON')
    .option('--timeout <ms>', 'time-out of each external request in milliseconds', '10000')
    .addOption(new Option('--debug', 'print stack traces with errors'))
    .action(async (o: { root: string; out?: string; external?: boolean; json?: boolean; timeout: string; debug?: boolean }) => {
      if (!/^\d+$/.test(o.timeout) || Number(o.timeout) < 1) {
        console.error(`error --timeout must be a positive whole number of milliseconds, got "${o.timeout}"`)
        process.exit(2)
      }
      const root = resolve(o.root)
      process.exitCode = await checkLinksCommand({
        root,
        out: resolve(root, o.out ?? 'dist'),
        external: !!o.external,
        json: !!o.json,
        timeoutMs: Number(o.timeout),
        debug: !!o.debug,
      })
    })
}
