import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { BROWSER_BUILD, BROWSER_PACKAGES } from '../../src/render/bundle/browser.js'
import { clientBuildOptions } from '../../src/render/bundle/bundle.js'
import { REPO_ROOT } from '../helpers/sites.js'

/** The one list of browser packages (src/render/bundle/browser.ts) against what the code, package.json and the bundle say. */
const BROWSER_DIRS = ['src/client', 'src/search/query', 'src/search/format', 'src/admin']
const PACKAGE_IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"./][^'"]*)['"]|import\(\s*['"]([^'"./][^'"]*)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"./][^'"]*)['"]/g
const packageOf = (spec: string): string => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []))
}

/** The packages browser code imports, by name. */
function importedByBrowserCode(): string[] {
  const found = new Set<string>()
  for (const dir of BROWSER_DIRS)
    for (const file of sources(join(REPO_ROOT, dir)))
      for (const m of readFileSync(file, 'utf8').matchAll(PACKAGE_IMPORT)) found.add(packageOf(m[1] ?? m[2] ?? m[3]))
  return [...found].sort()
}

/** A package with every package it depends on, as installed. */
function withDependencies(names: readonly string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (name: string) => {
    if (seen.has(name)) return
    seen.add(name)
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> }
    for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep)
  }
  names.forEach(visit)
  return seen
}

describe('the browser packages: one list, and nothing drifts from it', () => {
  it('is exactly what the browser code imports: none missing, none left over', () => {
    expect(importedByBrowserCode()).toEqual([...BROWSER_PACKAGES].sort())
  })

  it('is made of runtime dependencies, at the ranges package.json and its lock agree on', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
    const lock = JSON.parse(readFileSync(join(REPO_ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dependencies?: Record<string, string> }> }
    for (const name of BROWSER_PACKAGES) {
      expect(pkg.dependencies[name], name).toBeDefined()
      expect(lock.packages[''].dependencies?.[name], name).toBe(pkg.dependencies[name])
    }
  })

  it('is what the client bundle carries, each built for the browser', async () => {
    const result = await build(clientBuildOptions())
    // A file's package is the folder after its last node_modules/ (wherever node_modules is linked from).
    const inputs = Object.keys(result.metafile.inputs).flatMap((p) => {
      const at = p.lastIndexOf('node_modules/')
      return at < 0 ? [] : [p.slice(at + 'node_modules/'.length)]
    })
    const bundled = new Set(inputs.map(packageOf))
    // Every listed package is bundled, and anything else bundled is one of theirs.
    for (const name of BROWSER_PACKAGES) expect(bundled, name).toContain(name)
    const allowed = withDependencies(BROWSER_PACKAGES)
    expect([...bundled].filter((name) => !allowed.has(name))).toEqual([])
    // The platform is the browser's: fflate's browser build, not the one that starts Node workers.
    expect(BROWSER_BUILD.platform).toBe('browser')
    expect(inputs.filter((p) => p.startsWith('fflate/'))).toEqual(['fflate/esm/browser.js'])
  })
})
