import type { Command } from 'commander'

/** `gptnotes check-links`: placeholder until the link checker lands. */
export function registerCheckLinks(program: Command): void {
  program
    .command('check-links')
    .description('check every link of the built site (not available yet)')
    .action(() => {
      console.error('error check-links is not available yet')
      process.exitCode = 1
    })
}
