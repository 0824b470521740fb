import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { raise } from '../render/errors/index.js'
import type { PlannedFile } from './source-files.js'

/** The list of what a migration wrote, in the output folder: how a later run knows the folder is its own. */
export const MANIFEST = '.gptnotes-migrate.json'

const bytesOf = (f: PlannedFile): Buffer => (f.text !== undefined ? Buffer.from(f.text) : readFileSync(f.from!))

/**
 * Write the planned files into `out`. A folder that holds files and no manifest is refused unless
 * `force`. Files an earlier run wrote that are no longer planned are removed; files that already
 * hold the same bytes are not touched, so a second run changes nothing. Returns how many files
 * were written and removed.
 */
export function writeOut(out: string, planned: PlannedFile[], { force }: { force: boolean }): { written: number; removed: number } {
  const manifestFile = join(out, MANIFEST)
  let earlier: string[] = []
  if (existsSync(manifestFile)) earlier = (JSON.parse(readFileSync(manifestFile, 'utf8')) as { files?: string[] }).files ?? []
  else if (existsSync(out) && readdirSync(out).length > 0 && !force) raise('MigrateOutNotEmpty', { out })
  const now = new Set(planned.map((f) => f.path))
  let removed = 0
  for (const path of earlier) {
    if (now.has(path) || path.includes('..')) continue
    rmSync(join(out, path), { force: true })
    removed++
  }
  let written = 0
  for (const file of [...planned, { path: MANIFEST, text: JSON.stringify({ generator: 'gptnotes migrate vuepress', files: [...now].sort() }, null, 2) + '\n' }]) {
    const target = join(out, file.path)
    const bytes = bytesOf(file)
    if (existsSync(target) && readFileSync(target).equals(bytes)) continue
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, bytes)
    written++
  }
  return { written, removed }
}

/** The planned files in a folder of their own (the dry run's build check). */
export function writeAll(dir: string, planned: PlannedFile[]): void {
  for (const file of planned) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true })
    writeFileSync(join(dir, file.path), bytesOf(file))
  }
}
