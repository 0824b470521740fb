import { execFileSync } from 'node:child_process'
import { statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { localSiteDay } from '../../shared/dates.js'

/**
 * When each markdown file last changed: the last commit touching it (one `git log` for the
 * whole folder), else the file's modification time. Dates as `2025-5-13`.
 */
export function lastUpdatedDates(contentDir: string, files: string[]): Map<string, string> {
  const out = new Map<string, string>()
  try {
    const log = execFileSync('git', ['log', '--format=%x00%ct', '--name-only', '--no-renames', '--', '.'], {
      cwd: contentDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 64 * 1024 * 1024,
    })
    const top = execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: contentDir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim()
    const prefix = relative(top, contentDir).split('\\').join('/')
    for (const entry of log.split('\0')) {
      const [time, ...names] = entry.split('\n').filter(Boolean)
      if (!time) continue
      for (const name of names) {
        const rel = prefix ? name.slice(prefix.length + 1) : name
        if (!out.has(rel)) out.set(rel, localSiteDay(new Date(Number(time) * 1000)))
      }
    }
  } catch {
    // not a git work tree, or git is missing: file times below
  }
  for (const f of files) {
    if (!out.has(f)) {
      try {
        out.set(f, localSiteDay(statSync(join(contentDir, f)).mtime))
      } catch {
        // vanished meanwhile
      }
    }
  }
  return out
}
