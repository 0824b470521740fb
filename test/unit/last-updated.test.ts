import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { lastUpdatedDates } from '../../src/render/content/last-updated.js'
import { localSiteDay } from '../../src/shared/dates.js'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

function site(): { root: string; content: string } {
  const root = mkdtempSync(join(tmpdir(), 'gptnotes-updated-'))
  dirs.push(root)
  const content = join(root, 'content')
  mkdirSync(join(content, 'handbook'), { recursive: true })
  return { root, content }
}

/** A commit made at `iso` (author and committer date), as git records it. */
function commitAt(root: string, iso: string, message: string): void {
  const env = { ...process.env, GIT_AUTHOR_DATE: iso, GIT_COMMITTER_DATE: iso, GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@example.com', GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@example.com' }
  execFileSync('git', ['add', '-A'], { cwd: root, env })
  execFileSync('git', ['commit', '-q', '-m', message], { cwd: root, env })
}

describe('lastUpdatedDates', () => {
  it("takes each file's last commit in the site's repository, and the file's time for one git does not know", async () => {
    const { root, content } = site()
    execFileSync('git', ['init', '-q'], { cwd: root })
    writeFileSync(join(content, 'index.md'), '# 首页\n')
    writeFileSync(join(content, 'handbook', 'a.md'), '# A\n')
    commitAt(root, '2025-05-13T12:00:00', '第一次')
    writeFileSync(join(content, 'handbook', 'a.md'), '# A 改过\n')
    commitAt(root, '2025-06-01T12:00:00', '第二次')
    // Not committed: its modification time.
    writeFileSync(join(content, 'handbook', 'new.md'), '# 新\n')
    const mtime = new Date('2025-07-04T12:00:00')
    utimesSync(join(content, 'handbook', 'new.md'), mtime, mtime)

    const dates = await lastUpdatedDates(content, ['index.md', 'handbook/a.md', 'handbook/new.md', 'handbook/gone.md'])
    expect(Object.fromEntries(dates)).toEqual({ 'index.md': '2025-5-13', 'handbook/a.md': '2025-6-1', 'handbook/new.md': localSiteDay(mtime) })
  })

  it('outside a repository, every file has its modification time', async () => {
    const { content } = site()
    writeFileSync(join(content, 'index.md'), '# 首页\n')
    const mtime = new Date('2024-02-29T08:00:00')
    utimesSync(join(content, 'index.md'), mtime, mtime)
    expect(await lastUpdatedDates(content, ['index.md'])).toEqual(new Map([['index.md', '2024-2-29']]))
  })
})
