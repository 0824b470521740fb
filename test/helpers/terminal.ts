import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { CLI } from './sites.js'

// eslint-disable-next-line no-control-regex
export const stripAnsi = (s: string) => s.replace(/\x1b\[[0-9;?]*[ -/]*[@-~]/g, '').replace(/\x1b\][^\x07]*\x07/g, '').replace(/\r/g, '')

/** `gptnotes ARGS` in a terminal of 110 × 50 (util-linux `script` gives it a real pseudo-terminal: `lacks('script')` skips without it), as a person runs it (not in CI: ink then draws only the last frame). */
export function spawnInTerminal(args: string[]): ChildProcessWithoutNullStreams {
  const env: NodeJS.ProcessEnv = { ...process.env, TERM: 'xterm-256color' }
  delete env.CI
  const command = ['stty cols 110 rows 50;', 'exec', process.execPath, CLI, ...args].map((a) => (a.endsWith(';') || a === 'exec' ? a : `'${a}'`)).join(' ')
  return spawn('script', ['-qfec', command, '/dev/null'], { env })
}
