import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { buildSite, STAGES, type StageEvent } from '../../src/render/build-site.js'
import { GptnotesError } from '../../src/render/errors/index.js'
import { copyFixture } from '../helpers/sites.js'

describe('buildSite: the build as its stage list', () => {
  let site: ReturnType<typeof copyFixture>
  afterEach(() => site?.cleanup())

  it('runs every stage once, in order, timing each; write only when there is an output folder', async () => {
    site = copyFixture('minimal')
    const events: StageEvent[] = []
    const memory = await buildSite({ root: site.root, onStage: (e) => events.push(e) })
    expect(events.map((e) => e.stage)).toEqual(STAGES.filter((s) => s !== 'write'))
    for (const e of events) expect(e.ms).toBeGreaterThanOrEqual(0)
    expect(events.find((e) => e.stage === 'parsePage')).toMatchObject({ count: 3, fresh: 3 })
    expect(memory.files.has('index.html')).toBe(true)
    expect(existsSync(join(site.root, 'dist'))).toBe(false)

    events.length = 0
    const out = join(site.root, 'dist')
    const written = await buildSite({ root: site.root, out, onStage: (e) => events.push(e) })
    expect(events.map((e) => e.stage)).toEqual([...STAGES])
    expect(events.at(-1)).toMatchObject({ stage: 'write', count: written.files.size })
    expect(readFileSync(join(out, 'guide/first.html'), 'utf8')).toContain('第一篇')
  })

  it('names the stage in the error it fails with', async () => {
    site = copyFixture('minimal')
    const first = join(site.root, 'content/guide/first.md')
    writeFileSync(first, readFileSync(first, 'utf8').replace('date: 2025-3-1', 'date: 2025-13-1'))
    const err = await buildSite({ root: site.root }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(GptnotesError)
    expect(err).toMatchObject({ name: 'FrontmatterInvalid', stage: 'parsePage', loc: { file: 'content/guide/first.md', line: 3 } })
  })

  it('fails on a dead link in checkReferences, or with keepGoing reports it and finishes the build', async () => {
    site = copyFixture('minimal')
    const second = join(site.root, 'content/guide/second.md')
    writeFileSync(second, readFileSync(second, 'utf8') + '\n[不存在](./missing.md)\n')
    const err = await buildSite({ root: site.root }).catch((e: unknown) => e)
    expect(err).toMatchObject({ name: 'DeadLink', stage: 'checkReferences' })
    const out = await buildSite({ root: site.root, keepGoing: true })
    expect(out.problems.map((p) => [p.name, p.loc?.file])).toEqual([['DeadLink', 'content/guide/second.md']])
    expect(out.files.has('guide/second.html')).toBe(true)
  })

  it('reports a #hash that matches no heading as a warning with its location', async () => {
    site = copyFixture('minimal')
    const second = join(site.root, 'content/guide/second.md')
    const lines = readFileSync(second, 'utf8').split('\n').length
    writeFileSync(second, readFileSync(second, 'utf8') + '\n[到第一篇](./first.md#没有这一节)\n')
    const out = await buildSite({ root: site.root })
    expect(out.warnings).toEqual([
      { code: 'HashNotFound', message: '#没有这一节 matches no heading of /guide/first.html', loc: { file: 'content/guide/second.md', line: lines + 1, column: 1 } },
    ])
  })
})
