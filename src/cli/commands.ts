import type { Command } from 'commander'
import { resolve } from 'node:path'
import type { NewPostOptions } from './new-post/command.js'

/*
 * Every command's arguments. Each action imports its implementation only when it runs, so
 * `--help` and one command never load the others (the build chain is the heaviest).
 */

/** Options every command takes. */
const ROOT_OPTION = ['--root <dir>', 'site folder holding content/ and gptnotes.config.ts', '.'] as const
const DEBUG_OPTION = ['--debug', 'print stack traces with errors'] as const

export function registerBuild(program: Command): void {
  program
    .command('build')
    .description('build the site into static files (stages and a summary; --debug adds stack traces)')
    .option(...ROOT_OPTION)
    .option('--out <dir>', 'output folder (default: <root>/dist)')
    .option(...DEBUG_OPTION)
    .action(async (opts: { root: string; out?: string; debug?: boolean }) => {
      const root = resolve(opts.root)
      process.exitCode = await (await import('./build.js')).buildCommand({ root, out: resolve(root, opts.out ?? 'dist'), debug: !!opts.debug })
    })
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('serve the site locally, rebuild on change and reload open pages')
    .option(...ROOT_OPTION)
    .option('--port <port>', 'port to listen on', '4173')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--open', 'open the site in a browser')
    .option(...DEBUG_OPTION)
    .action(async (opts: { root: string; port: string; host: string; open?: boolean; debug?: boolean }) => {
      const port = Number(opts.port)
      if (!/^\d+$/.test(opts.port) || port > 65535) {
        console.error(`error --port must be a whole number from 0 to 65535, got "${opts.port}"`)
        process.exit(2)
      }
      process.exitCode = await (await import('./serve.js')).serveCommand({ root: resolve(opts.root), port, host: opts.host, open: !!opts.open, debug: !!opts.debug })
    })
}

export function registerCheckLinks(program: Command): void {
  program
    .command('check-links')
    .description('check every link, anchor, image, script and stylesheet of the built site (builds it first if needed)')
    .option(...ROOT_OPTION)
    .option('--out <dir>', 'built site to check (default: <root>/dist; built when missing)')
    .option('--external', 'also check http(s) links (results cached for an hour in node_modules/.cache/gptnotes/links.json)')
    .option('--json', 'print {problems: [{file, line, link, reason}], summary} as JSON')
    .option('--timeout <ms>', 'time-out of each external request in milliseconds', '10000')
    .option(...DEBUG_OPTION)
    .action(async (o: { root: string; out?: string; external?: boolean; json?: boolean; timeout: string; debug?: boolean }) => {
      if (!/^\d+$/.test(o.timeout) || Number(o.timeout) < 1) {
        console.error(`error --timeout must be a positive whole number of milliseconds, got "${o.timeout}"`)
        process.exit(2)
      }
      const root = resolve(o.root)
      process.exitCode = await (await import('./check-links.js')).checkLinksCommand({
        root,
        out: resolve(root, o.out ?? 'dist'),
        external: !!o.external,
        json: !!o.json,
        timeoutMs: Number(o.timeout),
        debug: !!o.debug,
      })
    })
}

export function registerNewPost(program: Command): void {
  program
    .command('new-post')
    .description('create a page in content/handbook/ from a template (asks in a terminal; flags and --yes for scripts)')
    .option(...ROOT_OPTION)
    .option('--title <title>', 'page title (required without a terminal)')
    .option('--slug <slug>', 'file and address name: a-z, 0-9, "-", "_" (default: the title in pinyin)')
    .option('--tags <list>', 'comma-separated tags, e.g. ChatGPT,教程')
    .option('--categories <list>', 'comma-separated categories')
    .option('--date <YYYY-MM-DD>', 'page date (default: today)')
    .option('--template <name>', 'template from templates/ (default: tutorial)')
    .option('--group <title>', 'sidebar group to add the page to (default: none)')
    .option('-y, --yes', 'take the defaults for everything not given; never ask')
    .option('--force', 'overwrite an existing page')
    .option(...DEBUG_OPTION)
    .action(async (opts: NewPostOptions) => {
      process.exitCode = await (await import('./new-post/command.js')).newPostCommand(opts)
    })
}
