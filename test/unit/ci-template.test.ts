import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import matter from 'gray-matter'
import { describe, expect, it } from 'vitest'
import { cacheDirOf } from '../../src/render/cache-dir.js'

/** The CI recipe keeps the folder the build's caches live in (the guide docs/guide/ci.md). */
const template = readFileSync(new URL('../../templates/ci/github-actions.yml', import.meta.url), 'utf8')

interface Step {
  uses?: string
  run?: string
  with?: Record<string, string>
}

describe('templates/ci/github-actions.yml', () => {
  // gray-matter's YAML parser (js-yaml), the one the frontmatter goes through.
  const workflow = matter(`---\n${template}\n---\n`).data as { jobs: Record<string, { steps: Step[] }> }
  const steps = Object.values(workflow.jobs)[0].steps

  it('is valid YAML with one job of steps', () => {
    expect(steps.length).toBeGreaterThan(3)
  })

  it('caches the folder the build keeps its caches in, restored after npm ci and before the build', () => {
    const cache = steps.findIndex((s) => s.uses?.startsWith('actions/cache@'))
    expect(steps[cache].with?.path).toBe(relative('site', cacheDirOf('site')).split('\\').join('/'))
    expect(steps[cache].with?.['restore-keys']).toBeTruthy()
    expect(cache).toBeGreaterThan(steps.findIndex((s) => s.run === 'npm ci'))
    expect(cache).toBeLessThan(steps.findIndex((s) => s.run?.includes('gptnotes build')))
  })

  it('is the recipe the CI guide shows', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../docs/guide/ci.md'), 'utf8')
    expect(readme).toContain('path: node_modules/.cache/gptnotes')
    expect(readme).toContain('templates/ci/github-actions.yml')
  })
})
