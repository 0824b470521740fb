import { Option, type Command } from 'commander'
import { join, relative, resolve } from 'node:path'
import { formatError } from '../render/errors.js'
import { SiteBuilder } from '../render/site-builder.js'
import { writeOutput } from '../render/write-output.js'

export interface BuildCommandOptions {
  root: string
  out: string
  debug: boolean
}

/** `gptnotes build`: run the stages, write atomically, print a summary. Returns the exit code. */
export async function buildCommand({ root, out, debug }: BuildCommandOptions): Promise<number> {
  const start = performance.now()
  const builder = new SiteBuilder(root, {
    cacheDir: join(root, 'node_modules', '.cache', 'gptnotes'),
    onStage: ({ stage, ms, count }) => console.log(`  ${stage.padEnd(12)} ${count !== undefined ? String(count).padStart(6) : '      '}  ${ms.toFixed(0).padStart(6)} ms`),
  })
  try {
    const output = await builder.build()
    const writeStart = performance.now()
    await writeOutput(out, output.files)
    console.log(`  ${'write'.padEnd(12)} ${String(output.files.size).padStart(6)}  ${(performance.now() - writeStart).toFixed(0).padStart(6)} ms`)
    for (const w of output.warnings) console.warn(`warning ${w}`)
    const bytes = [...output.files.values()].reduce((n, c) => n + (typeof c === 'string' ? Buffer.byteLength(c) : 'copyFrom' in c ? 0 : c.byteLength), 0)
    console.log(
      `built ${output.pages} pages (${output.files.size} files, ${(bytes / 1024).toFixed(0)} KiB) into ${relative(process.cwd(), out) || '.'} in ${((performance.now() - start) / 1000).toFixed(2)} s` +
        (output.warnings.length ? `, ${output.warnings.length} warning${output.warnings.length === 1 ? '' : 's'}` : ''),
    )
    return 0
  } catch (err) {
    console.error(formatError(err, { debug }))
    console.error('\nbuild failed; the previous output was left as it was.')
    return 1
  }
}

export function registerBuild(program: Command): void {
  program
    .command('build')
    .description('build the site into static files')
    .option('--root <dir>', 'site folder holding content/ and gptnotes.config.ts', '.')
    .option('--out <dir>', 'output folder (default: <root>/dist)')
    .addOption(new Option('--debug', 'print stack traces with errors'))
    .action(async (opts: { root: string; out?: string; debug?: boolean }) => {
      const root = resolve(opts.root)
      process.exitCode = await buildCommand({ root, out: resolve(root, opts.out ?? 'dist'), debug: !!opts.debug })
    })
}
