import { execFile } from 'node:child_process'
import { statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { localSiteDay, siteDay } from '../../shared/dates.js'

const run = promisify(execFile)

/**
 * When each markdown file last changed: the last commit touching it (one `git log` for the
 * whole folder), else the file's modification time. Dates as `2025-5-13`, the day in the site's
 * `timeZone` (the machine's own when none is given). Asynchronous, so the build starts it
 * before the parse and git runs beside it.
 */
export async function lastUpdatedDates(contentDir: string, files: string[], timeZone?: string): Promise<Map<string, string>> {
  const out = new Map<string, string>()
  const dayOf = (moment: Date) => (timeZone ? siteDay(moment, timeZone) : localSiteDay(moment))
  try {
    const git = (args: string[]) => run('git', args, { cwd: contentDir, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    const [{ stdout: log }, { stdout: topLine }] = await Promise.all([git(['log', '--format=%x00%ct', '--name-only', '--no-renames', '--', '.']), git(['rev-parse', '--show-toplevel'])])
    const top = topLine.trim()
    const prefix = relative(top, contentDir).split('\\').join('/')
    for (const entry of log.split('\0')) {
      const [time, ...names] = entry.split('\n').filter(Boolean)
      if (!time) continue
      for (const name of names) {
        const rel = prefix ? name.slice(prefix.length + 1) : name
        if (!out.has(rel)) out.set(rel, dayOf(new Date(Number(time) * 1000)))
      }
    }
  } catch {
    // not a git work tree, or git is missing: file times below
  }
  for (const f of files) {
    if (!out.has(f)) {
      try {
        out.set(f, dayOf(statSync(join(contentDir, f)).mtime))
      } catch {
        // vanished meanwhile
      }
    }
  }
  return out
}
