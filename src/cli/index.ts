import { CommanderError } from 'commander'
import { createProgram } from './program.js'

const program = createProgram()

try {
  await program.parseAsync(process.argv)
} catch (err) {
  if (err instanceof CommanderError) {
    // --help and --version exit 0; bad usage exits 2 (commander already printed the message).
    process.exit(err.exitCode === 0 ? 0 : 2)
  }
  throw err
}
