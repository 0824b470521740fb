import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copyFixture } from '../helpers/sites.js'
import { spawnInTerminal, stripAnsi } from '../helpers/terminal.js'
import { lacks } from '../helpers/tools.js'

/**
 * `gptnotes build` in a real pseudo-terminal, where it draws its progress with ink: the view is
 * loaded only there, after the build has started.
 */
function inTerminal(args: string[]): Promise<{ code: number; text: string }> {
  const child = spawnInTerminal(args)
  let out = ''
  child.stdout.on('data', (d: Buffer) => (out += d.toString()))
  child.stderr.on('data', (d: Buffer) => (out += d.toString()))
  // `close`, not `exit`: the last frame may still be in the pipe when the process ends.
  return new Promise((resolve) => child.on('close', (code) => resolve({ code: code ?? -1, text: stripAnsi(out) })))
}

describe.skipIf(lacks('script'))('gptnotes build in a terminal (ink progress)', () => {
  let site: ReturnType<typeof copyFixture>
  beforeAll(() => {
    site = copyFixture('minimal')
  })
  afterAll(() => site.cleanup())

  it('draws every stage as done, with its count, and the summary', async () => {
    const { code, text } = await inTerminal(['build', '--root', site.root])
    expect(code).toBe(0)
    expect(text).toMatch(/✓ scanContent\s+3\s+\d+ ms/)
    expect(text).toMatch(/✓ write\s+\d+\s+\d+ ms/)
    expect(text).toMatch(/built 3 pages \(\d+ files, \d+ KiB\) into \S*dist in [\d.]+ s/)
    // Not the plain lines a pipe gets.
    expect(text).not.toMatch(/^ {2}scanContent/m)
  })

  it('marks the stage that failed, and prints the error under the view', async () => {
    writeFileSync(join(site.root, 'content', 'broken.md'), '---\ntitle: [unclosed\n---\n\n正文\n')
    const { code, text } = await inTerminal(['build', '--root', site.root])
    expect(code).toBe(1)
    expect(text).toMatch(/✓ scanContent\s+4/)
    expect(text).toContain('✗ parsePage')
    expect(text).toContain('· write')
    expect(text).toContain('content/broken.md')
    expect(text).toContain('build failed; the previous output was left as it was.')
  })
})
