import { spawn, type ChildProcess } from 'node:child_process'
import { CLI } from './sites.js'

/** What a CLI run left: its exit code and everything it printed. */
export interface CliRun {
  code: number | null
  stdout: string
  stderr: string
}

/** The machine's environment without the variables named by `prefixes` (its own settings), uncoloured, plus `extra`. */
export const cliEnv = (prefixes: string[], extra: Record<string, string> = {}): NodeJS.ProcessEnv => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !prefixes.some((p) => k.startsWith(p)))),
  NO_COLOR: '1',
  ...extra,
})

/** `gptnotes ARGS` (the compiled CLI) with no input; `done` once it has exited. */
export function startCli(args: string[], { env, cwd }: { env: NodeJS.ProcessEnv; cwd: string }): { child: ChildProcess; done: Promise<CliRun> } {
  const child = spawn(process.execPath, [CLI, ...args], { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()))
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()))
  return { child, done: new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr }))) }
}
