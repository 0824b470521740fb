import { Command, CommanderError, Option } from 'commander'
import { resolve } from 'node:path'
import { buildCommand } from './build.js'
import { serveCommand } from './serve.js'

const program = new Command()
program
  .name('gptnotes')
  .description('Build and preview the 我的GPT笔记 site: markdown → static HTML with React SSR.')
  .version(process.env.npm_package_version ?? '0.1.0')
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride()

const debug = new Option('--debug', 'print stack traces with errors')

program
  .command('build')
  .description('build the site into static files')
  .option('--root <dir>', 'site folder holding content/ and gptnotes.config.ts', '.')
  .option('--out <dir>', 'output folder (default: <root>/dist)')
  .addOption(debug)
  .action(async (opts: { root: string; out?: string; debug?: boolean }) => {
    const root = resolve(opts.root)
    process.exitCode = await buildCommand({ root, out: resolve(root, opts.out ?? 'dist'), debug: !!opts.debug })
  })

program
  .command('serve')
  .description('serve the site locally, rebuild on change and reload open pages')
  .option('--root <dir>', 'site folder holding content/ and gptnotes.config.ts', '.')
  .option('--port <port>', 'port to listen on', '4173')
  .option('--host <host>', 'address to listen on', '127.0.0.1')
  .option('--open', 'open the site in a browser')
  .addOption(debug)
  .action(async (opts: { root: string; port: string; host: string; open?: boolean; debug?: boolean }) => {
    const port = Number(opts.port)
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      console.error(`error --port must be a whole number from 0 to 65535, got "${opts.port}"`)
      process.exit(2)
    }
    process.exitCode = await serveCommand({ root: resolve(opts.root), port, host: opts.host, open: !!opts.open, debug: !!opts.debug })
  })

try {
  await program.parseAsync(process.argv)
} catch (err) {
  if (err instanceof CommanderError) {
    // --help and --version exit 0; bad usage exits 2 (commander already printed the message).
    process.exit(err.exitCode === 0 ? 0 : 2)
  }
  throw err
}
