import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve, dirname } from 'node:path'
import { describe, expect, it } from 'vitest'
import { REPO_ROOT } from '../helpers/sites.js'

/** The import boundaries of design.md §5, checked on every source file. */
const SRC = join(REPO_ROOT, 'src')
const IMPORT_RE = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []))
}

function importsOf(file: string): { spec: string; area?: string }[] {
  const code = readFileSync(file, 'utf8')
  return [...code.matchAll(IMPORT_RE)].map((m) => {
    const spec = m[1] ?? m[2] ?? m[3]
    if (!spec.startsWith('.')) return { spec }
    const target = relative(SRC, resolve(dirname(file), spec))
    return { spec, area: target.split(/[\\/]/)[0] }
  })
}

const rules: Record<string, { areas: string[]; packages: (spec: string, file: string) => boolean }> = {
  shared: { areas: ['shared'], packages: () => false },
  client: { areas: ['client', 'shared'], packages: (s) => !s.startsWith('node:') },
  render: { areas: ['render', 'shared', 'client'], packages: () => true },
  // The proxy runs on edge runtimes: web standards only, except its Node adapter.
  proxy: { areas: ['proxy', 'shared'], packages: (s, f) => !s.startsWith('node:') || /node/.test(relative(join(SRC, 'proxy'), f)) },
  cli: { areas: ['cli', 'render', 'proxy', 'shared'], packages: () => true },
}

describe('import boundaries (design.md §5)', () => {
  for (const [area, rule] of Object.entries(rules)) {
    it(`src/${area} imports only what it may`, () => {
      const dir = join(SRC, area)
      const violations: string[] = []
      for (const file of readdirSync(dir).length ? files(dir) : []) {
        for (const imp of importsOf(file)) {
          const ok = imp.area ? rule.areas.includes(imp.area) : rule.packages(imp.spec, file)
          if (!ok) violations.push(`${relative(REPO_ROOT, file)} imports ${imp.spec}`)
        }
      }
      expect(violations).toEqual([])
    })
  }

  it('the checker sees imports (a violation would be caught)', () => {
    const found = importsOf(join(SRC, 'client/main.tsx')).map((i) => i.spec)
    expect(found).toContain('react-dom/client')
    expect(found).toContain('./router/router.js')
  })

  it('client code touches window/document only inside functions, never at module top level', () => {
    const offenders: string[] = []
    for (const file of files(join(SRC, 'client'))) {
      if (file.endsWith('main.tsx')) continue // the browser entry, never imported by SSR
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^(const|let|var|export const)\s.*\b(window|document|localStorage|location)\./.test(line)) offenders.push(`${relative(REPO_ROOT, file)}:${i + 1}`)
        })
    }
    expect(offenders).toEqual([])
  })
})
