import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { CLI } from './sites.js'

const run = promisify(execFile)

export interface CliResult {
  code: number
  stdout: string
  stderr: string
  /** How long the command ran, in milliseconds. */
  ms: number
}

/**
 * Run `node bin/gptnotes.js ...args` as a user would (no terminal, no colours); never throws on
 * a non-zero exit. A command still running after a minute is stopped, so a hang fails its test.
 */
export async function gptnotes(...args: string[]): Promise<CliResult> {
  const start = performance.now()
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], { env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024, timeout: 60_000 })
    return { code: 0, stdout, stderr, ms: performance.now() - start }
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string }
    return { code: e.code, stdout: e.stdout, stderr: e.stderr, ms: performance.now() - start }
  }
}

/** Every file below `dir` with its bytes (base64), to see that a command left it as it was. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  const walk = (d: string, rel: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name
      if (e.isDirectory()) walk(join(d, e.name), r)
      else out[r] = readFileSync(join(d, e.name)).toString('base64')
    }
  }
  walk(dir, '')
  return out
}
