import { Command } from 'commander'
import { readFileSync } from 'node:fs'
import { registerBuild, registerCheckLinks, registerComments, registerInit, registerMigrate, registerNewPost, registerProxy, registerServe } from './commands.js'

/** The package's own version (npm_package_version is the version of whatever package runs the script). */
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }

/**
 * The `gptnotes` program with every command, unparsed: the CLI runs it, and docs/reference/cli.md
 * is written from it (`npm run docs`), so a command added here is documented by one regeneration.
 */
export function createProgram(): Command {
  const program = new Command()
  program
    .name('gptnotes')
    .description('Static documentation and blog sites from markdown: build, preview, check links, and run the comment service.')
    .version(version)
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride()
  // One module per command; each adds itself to the program.
  for (const register of [registerInit, registerBuild, registerServe, registerCheckLinks, registerNewPost, registerProxy, registerComments, registerMigrate]) register(program)
  return program
}
