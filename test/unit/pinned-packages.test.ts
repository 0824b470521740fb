import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../helpers/sites.js'

/** The packages whose internals src/render/markdown depends on (its README says which and why). */
const isPinned = (name: string): boolean => name === 'highlight.js' || name.startsWith('micromark')

type Manifest = { dependencies?: Record<string, string>; devDependencies?: Record<string, string> }
const json = <T>(path: string): T => JSON.parse(readFileSync(join(REPO_ROOT, path), 'utf8')) as T
const pkg = json<Manifest>('package.json')
const lock = json<{ packages: Record<string, Manifest & { version?: string }> }>('package-lock.json')
const ranges = (m: Manifest): Record<string, string> => ({ ...m.dependencies, ...m.devDependencies })
const pinned = Object.keys(ranges(pkg)).filter(isPinned).sort()

describe('highlight.js and the micromark packages: pinned while our code depends on their internals', () => {
  it('covers highlight.js, micromark and the micromark packages the ports use', () => {
    for (const name of ['highlight.js', 'micromark', 'micromark-util-types', 'micromark-util-classify-character', 'micromark-util-resolve-all', 'micromark-extension-gfm-strikethrough']) expect(pinned).toContain(name)
  })

  it('each is an exact version in package.json, the version installed and the one its lock records', () => {
    const wrong = pinned.flatMap((name) => {
      const range = ranges(pkg)[name]
      const installed = json<{ version: string }>(`node_modules/${name}/package.json`).version
      const locked = lock.packages[`node_modules/${name}`]?.version
      return range === installed && locked === installed ? [] : [`${name}: package.json ${range}, installed ${installed}, lock ${locked}`]
    })
    expect(wrong).toEqual([])
  })

  it("the lock's root entry says the same as package.json", () => {
    const root = ranges(lock.packages[''])
    expect(Object.fromEntries(pinned.map((name) => [name, root[name]]))).toEqual(Object.fromEntries(pinned.map((name) => [name, ranges(pkg)[name]])))
  })

  it('the markdown README names each one, with what of it we use', () => {
    const readme = readFileSync(join(REPO_ROOT, 'src/render/markdown/README.md'), 'utf8')
    expect(pinned.filter((name) => !readme.includes(`\`${name}\``))).toEqual([])
  })
})
