import { dirname, join } from 'node:path'
import { init, parse } from 'es-module-lexer'
import { beforeAll, describe, expect, it } from 'vitest'
import { bundleClient, COMPILE_HINT_MIN, type ClientBundle } from '../../src/render/bundle/bundle.js'

/**
 * What the bundle stage leaves in a page's first load: the client that hydrates the page and
 * nothing a reader needs only later (the router, the list layouts, the search suggestions,
 * the widgets), each of which is a chunk the client imports lazily.
 */

let bundle: ClientBundle
const text = (path: string) => Buffer.from(bundle.files.find((f) => f.path === path)!.contents).toString('utf8')
/** The chunks a chunk imports, static (`import … from`) or dynamic (`import()`). */
const imports = (path: string, dynamic: boolean) =>
  parse(text(path))[0]
    .filter((i) => i.type === (dynamic ? 'dynamic' : 'static') && i.specifier)
    .map((i) => join(dirname(path), i.specifier!))

/** The entry, the given modules, and every module they import statically. */
function closure(roots: string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (path: string) => {
    if (seen.has(path)) return
    seen.add(path)
    for (const next of imports(path, false)) visit(next)
  }
  for (const r of roots) visit(r)
  return seen
}

const named = (name: string) => bundle.files.map((f) => f.path).find((p) => new RegExp(`^assets/js/${name}\\.[A-Za-z0-9]+\\.js$`).test(p))!

beforeAll(async () => {
  await init
  bundle = await bundleClient()
})

describe('the first load of a page', () => {
  it('is the entry and the modules the loader preloads, and they are all it imports statically', () => {
    expect(closure([bundle.entry])).toEqual(new Set([bundle.entry, ...bundle.preload]))
  })

  it.each(['router', 'list-layouts', 'suggestions', 'engine', 'valine', 'vssue', 'mascot', 'click-effect', 'demo'])('leaves out %s, which is imported only lazily', (name) => {
    const chunk = named(name)
    expect(chunk, name).toBeDefined()
    expect(closure([bundle.entry, ...bundle.preload]).has(chunk)).toBe(false)
    const js = bundle.files.map((f) => f.path).filter((p) => p.endsWith('.js'))
    expect(js.some((p) => imports(p, true).includes(chunk))).toBe(true)
  })

  it('names the list layouts and what they import beyond the first load, for the pages that hydrate with them', () => {
    const first = closure([bundle.entry, ...bundle.preload])
    expect(bundle.listLayouts[0]).toBe(named('list-layouts'))
    expect(new Set([...closure(bundle.listLayouts)].filter((p) => !first.has(p)))).toEqual(new Set(bundle.listLayouts))
  })

  it('asks V8 to compile the first-load modules eagerly, off the main thread, and no others (nor the smallest, where the hint would weigh more than it saves)', () => {
    const first = closure([bundle.entry, ...bundle.preload])
    const hinted = (f: { path: string }) => text(f.path).startsWith('//# allFunctionsCalledOnLoad\n')
    for (const f of bundle.files.filter((f) => f.path.endsWith('.js'))) {
      const size = f.contents.length - (hinted(f) ? '//# allFunctionsCalledOnLoad\n'.length : 0)
      expect(hinted(f), f.path).toBe(first.has(f.path) && size >= COMPILE_HINT_MIN)
    }
    // React DOM and the entry are among the hinted.
    expect(hinted({ path: bundle.entry })).toBe(true)
    expect(bundle.files.filter(hinted).length).toBeGreaterThanOrEqual(2)
  })

  it('leaves out the per-locale choice of comment settings, which the build makes for each route', () => {
    expect(bundle.firstLoadSources).toContain('src/client/main.tsx')
    expect(bundle.firstLoadSources).toContain('src/client/widgets/visitor-counter/visitor-count.tsx')
    expect(bundle.firstLoadSources).not.toContain('src/shared/locale-config.ts')
  })

  it('carries the theme as CSS for the pages to inline their share of, and whole as one hashed stylesheet', () => {
    expect(bundle.styles).toMatch(/^:root\{/)
    expect(bundle.styles).toContain('.search-box')
    const sheets = bundle.files.filter((f) => f.path.endsWith('.css'))
    expect(sheets.map((f) => f.path)).toEqual([bundle.stylesheet])
    expect(bundle.stylesheet).toMatch(/^assets\/css\/theme\.[A-Za-z0-9]{8}\.css$/)
    expect(Buffer.from(sheets[0].contents).toString('utf8')).toBe(bundle.styles)
  })
})
