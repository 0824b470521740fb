import { Command, CommanderError } from 'commander'
import { registerBuild, registerCheckLinks, registerComments, registerNewPost, registerProxy, registerServe } from './commands.js'

const program = new Command()
program
  .name('gptnotes')
  .description('Build and preview the 我的GPT笔记 site: markdown → static HTML with React SSR.')
  .version(process.env.npm_package_version ?? '0.1.0')
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride()

// One module per command; each adds itself to the program.
for (const register of [registerBuild, registerServe, registerCheckLinks, registerNewPost, registerProxy, registerComments]) register(program)

try {
  await program.parseAsync(process.argv)
} catch (err) {
  if (err instanceof CommanderError) {
    // --help and --version exit 0; bad usage exits 2 (commander already printed the message).
    process.exit(err.exitCode === 0 ? 0 : 2)
  }
  throw err
}
