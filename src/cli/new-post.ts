import type { Command } from 'commander'

/** `gptnotes new-post`: placeholder until the post scaffolder lands. */
export function registerNewPost(program: Command): void {
  program
    .command('new-post')
    .description('scaffold a new post (not available yet)')
    .action(() => {
      console.error('error new-post is not available yet')
      process.exitCode = 1
    })
}
