import { Command, CommanderError } from 'commander'
import { readFileSync } from 'node:fs'
import { registerBuild, registerCheckLinks, registerComments, registerInit, registerMigrate, registerNewPost, registerProxy, registerServe } from './commands.js'

/** The package's own version (npm_package_version is the version of whatever package runs the script). */
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }

const program = new Command()
program
  .name('gptnotes')
  .description('Static documentation and blog sites from markdown: build, preview, check links, and run the comment service.')
  .version(version)
  .showHelpAfterError('(run with --help for usage)')
  .exitOverride()

// One module per command; each adds itself to the program.
for (const register of [registerInit, registerBuild, registerServe, registerCheckLinks, registerNewPost, registerProxy, registerComments, registerMigrate]) register(program)

try {
  await program.parseAsync(process.argv)
} catch (err) {
  if (err instanceof CommanderError) {
    // --help and --version exit 0; bad usage exits 2 (commander already printed the message).
    process.exit(err.exitCode === 0 ? 0 : 2)
  }
  throw err
}
