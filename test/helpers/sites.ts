import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const FIXTURES = join(REPO_ROOT, 'test/fixtures')
export const CLI = join(REPO_ROOT, 'bin/gptnotes.js')

/** Copy a fixture site to a fresh temporary folder (tests may write into it). */
export function copyFixture(name: string): { root: string; cleanup: () => void } {
  const root = mkdtempSync(join(tmpdir(), `gptnotes-${name}-`))
  cpSync(join(FIXTURES, name), root, { recursive: true })
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true }) }
}
