/**
 * Programs some tests run (caddy, nginx, sqlite3, pg_dump, systemd-analyze, script). On a
 * developer's machine a test whose program is missing is skipped; in CI (`CI` set, as `.ci/run`
 * does after installing them all) a missing program fails the file instead, so a check that never
 * ran cannot pass as one that did.
 */
import { spawnSync } from 'node:child_process'

export const hasTool = (name: string): boolean => spawnSync('sh', ['-c', `command -v ${name}`]).status === 0

/** For `it.skipIf` / `describe.skipIf`: whether these programs are missing here; throws in CI. */
export function lacks(...tools: string[]): boolean {
  const missing = tools.filter((t) => !hasTool(t))
  if (missing.length === 0) return false
  if (process.env.CI && process.env.CI !== 'false') throw new Error(`${missing.join(', ')} not installed: in CI the tests that need it must run, not skip (.ci/run installs it)`)
  return true
}
