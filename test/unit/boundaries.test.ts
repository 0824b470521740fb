import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve, dirname } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { BROWSER_PACKAGES } from '../../src/render/bundle/browser.js'
import { REPO_ROOT } from '../helpers/sites.js'

/** The import boundaries of design.md §5, checked on every source file. */
const SRC = join(REPO_ROOT, 'src')
const IMPORT_RE = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g

type Import = { spec: string; area?: string; target?: string }
type Rule = { areas: string[]; packages: (spec: string, file: string) => boolean; forbidden?: (target: string, file: string) => boolean }

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []))
}

function importsIn(file: string, code: string): Import[] {
  return [...code.matchAll(IMPORT_RE)].map((m) => {
    const spec = m[1] ?? m[2] ?? m[3]
    if (!spec.startsWith('.')) return { spec }
    const target = relative(SRC, resolve(dirname(file), spec)).split(/[\\/]/).join('/')
    return { spec, area: target.split('/')[0], target }
  })
}

const importsOf = (file: string): Import[] => importsIn(file, readFileSync(file, 'utf8'))

/** 'react-dom/client' → 'react-dom', '@hono/node-server/x' → '@hono/node-server'. */
const packageOf = (spec: string): string => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/')

const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
/** Every other runtime dependency serves the build, the tools or the CLI: Node only. */
const NODE_ONLY_PACKAGES = Object.keys(pkg.dependencies).filter((p) => !BROWSER_PACKAGES.includes(p))
/** Packages that use web-standard APIs only, so the proxy can run them on edge runtimes. */
const PROXY_WEB_PACKAGES = ['hono', 'kysely']
/** The proxy's Node-only files (design.md §5): its Node adapter, the stores that need Node, the store opener, the SMTP mailer, the operator API. */
const PROXY_NODE_FILES = ['node.ts', 'stores/sqlite.ts', 'stores/postgres.ts', 'stores/open-store.ts', 'notify/smtp.ts', 'operator.ts']
/** What those files may add to the web packages: Node built-ins and these. */
const PROXY_NODE_PACKAGES = ['@hono/node-server', 'better-sqlite3', 'pg', 'nodemailer']
const isProxyNodeFile = (file: string): boolean => PROXY_NODE_FILES.includes(relative(join(SRC, 'proxy'), file).split(/[\\/]/).join('/'))
const isProxyNodeImport = (spec: string): boolean => spec.startsWith('node:') || PROXY_NODE_PACKAGES.includes(packageOf(spec))
/** The browser entry: it hydrates the page, so nothing that runs on Node may import it. */
const isBrowserEntry = (target: string): boolean => /^client\/main(\.[jt]sx?)?$/.test(target)
/** The site search's two doors: the render reaches `build/index.ts` only, the client `query/index.ts` only. */
const searchDoor = (side: 'build' | 'query') => (target: string): boolean => target.startsWith('search/') && !new RegExp(`^search/${side}/index(\\.[jt]s)?$`).test(target)
/** Which part of src/search a file is in (`format`, `query`, `build`). */
const searchPart = (file: string): string => relative(join(SRC, 'search'), file).split(/[\\/]/)[0]
/**
 * Inside src/search: `format/` is pure (no package, no other part), `query/` runs in the browser
 * (browser packages, format), `build/` on Node (Node, its packages, format). Neither side imports the other.
 */
function searchImport(spec: string, file: string): boolean {
  const part = searchPart(file)
  if (part === 'query') return BROWSER_PACKAGES.includes(packageOf(spec))
  return part === 'build'
}
const searchForbidden = (file: string, target: string): boolean => {
  const part = searchPart(file)
  const to = target.startsWith('search/') ? target.split('/')[1] : undefined
  return to !== undefined && to !== part && to !== 'format'
}
/** The CLI drives the comment service through its operator API only (`gptnotes/proxy/operator`), as any operator's script would. */
const isProxyInternal = (target: string): boolean => target.startsWith('proxy/') && !/^proxy\/operator(\.[jt]s)?$/.test(target)

const rules: Record<string, Rule> = {
  shared: { areas: ['shared'], packages: () => false },
  client: { areas: ['client', 'shared', 'search'], packages: (s) => BROWSER_PACKAGES.includes(packageOf(s)), forbidden: searchDoor('query') },
  render: { areas: ['render', 'shared', 'client', 'search'], packages: () => true, forbidden: (t) => isBrowserEntry(t) || searchDoor('build')(t) },
  // The site search: its format shared by its build (Node) and its query (the browser).
  search: { areas: ['search', 'shared'], packages: searchImport, forbidden: (t, f) => searchForbidden(f, t) },
  // The proxy runs on edge runtimes: web standards only, except its named Node files.
  proxy: { areas: ['proxy', 'shared'], packages: (s, f) => PROXY_WEB_PACKAGES.includes(packageOf(s)) || (isProxyNodeFile(f) && isProxyNodeImport(s)) },
  // Author tools that are not build stages (check-links, new-post's pieces): they run the stages.
  tools: { areas: ['tools', 'render', 'shared'], packages: () => true, forbidden: isBrowserEntry },
  // The dev server mounts the comment service on its own origin (widget A out of the box).
  'dev-server': { areas: ['dev-server', 'render', 'proxy', 'shared'], packages: () => true, forbidden: isBrowserEntry },
  // `gptnotes migrate`: reads another generator's site and runs the build on the result.
  migrate: { areas: ['migrate', 'render', 'tools', 'shared'], packages: () => true, forbidden: isBrowserEntry },
  cli: { areas: ['cli', 'render', 'tools', 'dev-server', 'proxy', 'migrate', 'shared'], packages: () => true, forbidden: isProxyInternal },
  // The owner's page: a browser app bundled into the service (scripts/admin-page.mjs); it reuses
  // the widgets' DOMPurify policy, so it may import the client, never its entry.
  admin: { areas: ['admin', 'client', 'shared'], packages: (s) => BROWSER_PACKAGES.includes(packageOf(s)) || /\.css$/.test(s), forbidden: isBrowserEntry },
}

function violations(area: string, file: string, imports: Import[]): string[] {
  const rule = rules[area]
  return imports
    .filter((imp) => (imp.area ? !rule.areas.includes(imp.area) || rule.forbidden?.(imp.target!, file) : !rule.packages(imp.spec, file)))
    .map((imp) => `${relative(REPO_ROOT, file)} imports ${imp.spec}`)
}

describe('import boundaries (design.md §5)', () => {
  for (const area of Object.keys(rules)) {
    it(`src/${area} imports only what it may`, () => {
      const found = files(join(SRC, area)).flatMap((file) => violations(area, file, importsOf(file)))
      expect(found).toEqual([])
    })
  }

  it('every src/* folder has a rule', () => {
    const areas = readdirSync(SRC, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name)
    expect(areas.sort()).toEqual(Object.keys(rules).sort())
  })

  it('the checker sees imports (a violation would be caught)', () => {
    const found = importsOf(join(SRC, 'client/main.tsx')).map((i) => i.spec)
    expect(found).toContain('react-dom/client')
    expect(found).toContain('./router/router.js')
  })

  // The rules run on synthetic files, so each one is shown to catch what it exists to catch.
  const check = (area: string, path: string, code: string) => violations(area, join(SRC, area, path), importsIn(join(SRC, area, path), code)).length
  const lines = (...specs: string[]) => specs.map((s) => `import x from '${s}'`).join('\n')

  it('the Node-only list is the dependencies the browser does not use', () => {
    for (const p of ['esbuild', 'chokidar', 'gray-matter', 'highlight.js', 'image-size', 'ink', 'commander', 'undici', 'pinyin-pro']) expect(NODE_ONLY_PACKAGES).toContain(p)
    for (const prefix of ['mdast-util-', 'micromark', 'hast-util-']) expect(NODE_ONLY_PACKAGES.some((p) => p.startsWith(prefix))).toBe(true)
    expect(NODE_ONLY_PACKAGES).not.toContain('react')
    expect(NODE_ONLY_PACKAGES).not.toContain('react-dom')
  })

  it('the client rule rejects Node built-ins, every Node-only package and the build', () => {
    for (const p of NODE_ONLY_PACKAGES) expect(check('client', 'x.ts', lines(p)), p).toBe(1)
    expect(check('client', 'x.ts', lines('node:fs', 'fs/promises', 'mdast-util-gfm/lib/x.js', '../render/routes.js'))).toBe(4)
    expect(check('client', 'x.ts', lines('react', 'react-dom/server', '../shared/paths.js', './app.js'))).toBe(0)
    expect(check('client', 'w/x.ts', `const m = await import('esbuild')`)).toBe(1)
  })

  it('render, tools and the dev server may not import the browser entry', () => {
    expect(check('render', 'render-html.tsx', lines('../client/main.js', '../client/app.js'))).toBe(1)
    expect(check('render', 'x/y.ts', `import '../../client/main.tsx'`)).toBe(1)
    expect(check('tools', 'check-links/x.ts', lines('../../client/main.js', '../../client/app.js'))).toBe(2)
    expect(check('dev-server', 'x.ts', lines('../client/main.js'))).toBe(1)
  })

  it('the CLI imports the comment service through its operator API only; the dev server may mount the service', () => {
    expect(check('cli', 'comments.ts', lines('../proxy/operator.js', '../render/errors/index.js', './format-problem.js'))).toBe(0)
    expect(check('cli', 'comments.ts', lines('../proxy/migrate/import.js', '../proxy/options.js', '../proxy/stores/store.js', '../proxy/node.js', '../proxy/index.js'))).toBe(5)
    expect(check('cli', 'proxy.ts', `const { startProxyServer } = await import('../proxy/node.js')`)).toBe(1)
    expect(check('cli', 'init/command.ts', lines('../../proxy/operator.js'))).toBe(0)
    expect(check('dev-server', 'dev-server.ts', lines('../proxy/node.js', '../proxy/options.js'))).toBe(0)
  })

  it('the admin page imports the browser packages, the client (not its entry) and shared; the proxy never imports it', () => {
    expect(check('admin', 'app.tsx', lines('react', 'dompurify', '../client/widgets/kit/comment-html.js', '../shared/escape.js', './styles.css'))).toBe(0)
    expect(check('admin', 'app.tsx', lines('hono', 'node:fs', '../client/main.js', '../proxy/app.js', '../render/routes.js'))).toBe(5)
    expect(check('proxy', 'admin-page/page.ts', lines('../../admin/app.js'))).toBe(1)
  })

  it('the render reaches the search through its builder only, the client through its searcher only', () => {
    expect(check('render', 'outputs/search-index.ts', lines('../../search/build/index.js'))).toBe(0)
    expect(check('render', 'outputs/search-index.ts', lines('../../search/build/builder.js', '../../search/format/shards.js', '../../search/query/index.js'))).toBe(3)
    expect(check('client', 'search/suggestions.tsx', lines('../../search/query/index.js', 'fflate'))).toBe(0)
    expect(check('client', 'search/suggestions.tsx', lines('../../search/query/engine.js', '../../search/format/rank.js', '../../search/build/index.js'))).toBe(3)
  })

  it('in the search, the format is pure, the query sees no Node, the build no browser code', () => {
    expect(check('search', 'format/shards.ts', lines('./rank.js', '../../shared/slug.js'))).toBe(0)
    expect(check('search', 'format/shards.ts', lines('node:zlib', 'fflate', '../query/engine.js', '../build/builder.js'))).toBe(4)
    expect(check('search', 'query/engine.ts', lines('fflate', '../format/shards.js', './file-cache.js'))).toBe(0)
    expect(check('search', 'query/engine.ts', lines('node:zlib', 'esbuild', '../build/builder.js', '../../render/routes.js'))).toBe(4)
    expect(check('search', 'build/builder.ts', lines('node:zlib', '../format/shards.js', './cache.js'))).toBe(0)
    expect(check('search', 'build/builder.ts', lines('../query/engine.js', '../../render/routes.js', '../../client/app.js'))).toBe(3)
  })

  it('shared imports no package at all', () => {
    expect(check('shared', 'x.ts', lines('react', 'node:path', 'pinyin-pro', '../client/app.js'))).toBe(4)
    expect(check('shared', 'x.ts', lines('./paths.js'))).toBe(0)
  })

  it('the proxy imports hono, web-standard packages and src/shared; only its named Node files reach Node', () => {
    expect(check('proxy', 'app.ts', lines('hono', 'hono/cors', '../shared/paths.js', './store.js'))).toBe(0)
    expect(check('proxy', 'app.ts', lines('node:crypto', '@hono/node-server', 'react', '../render/routes.js', '../client/app.js', '../cli/index.js'))).toBe(6)
    expect(check('proxy', 'stores/memory.ts', lines('node:fs'))).toBe(1)
    for (const f of PROXY_NODE_FILES) expect(check('proxy', f, lines('node:http', '@hono/node-server', './app.js')), f).toBe(0)
  })

  it('the stores share kysely everywhere; only the named Node files load the SQLite and PostgreSQL drivers', () => {
    expect(check('proxy', 'stores/sql-store.ts', lines('kysely', './store.js'))).toBe(0)
    expect(check('proxy', 'stores/d1.ts', lines('better-sqlite3', 'pg', 'node:fs', 'pg-pool'))).toBe(4)
    for (const f of PROXY_NODE_FILES) expect(check('proxy', f, lines('kysely', 'better-sqlite3', 'pg', 'node:fs', './sql-store.js')), f).toBe(0)
    // Node files reach Node's built-ins and the listed drivers, not any package.
    expect(check('proxy', 'stores/sqlite.ts', lines('fs', 'react', 'esbuild'))).toBe(3)
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

/** The file an import names: `./x.js` is `x.ts`, `x.tsx` or `x/index.ts`. */
function moduleFile(target: string): string | undefined {
  const base = join(SRC, target.replace(/\.js$/, ''))
  return ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find((f) => existsSync(f))
}

/** The import circles of a graph (file → files it imports), each as the files around it. */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const walk = (file: string) => {
    state.set(file, 'open')
    path.push(file)
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push(path.slice(path.indexOf(next)))
      else if (!state.has(next)) walk(next)
    }
    path.pop()
    state.set(file, 'done')
  }
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) walk(file)
  return found
}

/**
 * No module imports itself back, not even for a type: a circle of types still ties the modules
 * into one knot to read and to move. Shared types go to a module of their own (a `types.ts`).
 */
describe('import circles', () => {
  const graphOf = (sources: [file: string, code: string][]) =>
    new Map(sources.map(([file, code]) => [relative(SRC, file), importsIn(file, code).flatMap((i) => (i.target && moduleFile(i.target) ? [relative(SRC, moduleFile(i.target)!)] : []))]))

  it('src has none, type-only imports included', () => {
    const graph = graphOf(files(SRC).map((f) => [f, readFileSync(f, 'utf8')]))
    expect(circles(graph).map((c) => c.join(' → '))).toEqual([])
  })

  it('the check finds a circle made of a type import', () => {
    const a = join(SRC, 'render/outputs/index.ts')
    const b = join(SRC, 'render/outputs/feeds.ts')
    const graph = graphOf([
      [a, `import { feedsOutput } from './feeds.js'`],
      [b, `import type { ExtraOutput } from './index.js'`],
    ])
    expect(circles(graph)).toEqual([['render/outputs/feeds.ts', 'render/outputs/index.ts']])
  })
})

/** Each area is type-checked with its runtime's globals only (tsconfig.json → src/<area>/tsconfig.json). */
describe('per-area compiler settings', () => {
  const parse = (path: string) => {
    const full = join(REPO_ROOT, path)
    const read = ts.readConfigFile(full, ts.sys.readFile)
    return ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(full), undefined, full)
  }
  const libs = (path: string) => (parse(path).options.lib ?? []).map((l) => l.replace(/^lib\.|\.d\.ts$/g, ''))
  const types = (path: string) => parse(path).options.types

  it('the root config references every area', () => {
    const refs = (parse('tsconfig.json').projectReferences ?? []).map((r) => relative(REPO_ROOT, r.path).split(/[\\/]/).join('/'))
    for (const area of Object.keys(rules)) expect(refs).toContain(`src/${area}`)
    expect(refs).toContain('src/proxy/tsconfig.node.json')
    expect(refs).toContain('test')
  })

  it('shared sees neither Node nor the DOM; the client sees the DOM but not Node; the proxy sees fetch but neither', () => {
    expect(types('src/shared/tsconfig.json')).toEqual([])
    expect(libs('src/shared/tsconfig.json')).toEqual(['es2022'])
    expect(types('src/client/tsconfig.json')).toEqual([])
    expect(libs('src/client/tsconfig.json')).toContain('dom')
    expect(types('src/proxy/tsconfig.json')).toEqual([])
    expect(libs('src/proxy/tsconfig.json')).toEqual(['es2022', 'webworker'])
  })

  it('the search: its format sees neither Node nor the DOM, its query the DOM only, its build Node only', () => {
    expect(types('src/search/format/tsconfig.json')).toEqual([])
    expect(libs('src/search/format/tsconfig.json')).toEqual(['es2022'])
    expect(types('src/search/query/tsconfig.json')).toEqual([])
    expect(libs('src/search/query/tsconfig.json')).toContain('dom')
    expect(types('src/search/build/tsconfig.json')).toEqual(['node'])
    expect(libs('src/search/build/tsconfig.json')).not.toContain('dom')
  })

  it('the admin page sees the DOM and not Node', () => {
    expect(types('src/admin/tsconfig.json')).toEqual([])
    expect(libs('src/admin/tsconfig.json')).toContain('dom')
  })

  it('the Node areas see Node and no DOM lib of their own', () => {
    for (const area of ['render', 'tools', 'dev-server', 'cli', 'migrate']) {
      expect(types(`src/${area}/tsconfig.json`), area).toEqual(['node'])
      expect(libs(`src/${area}/tsconfig.json`), area).not.toContain('dom')
    }
  })

  it("the proxy's Node files are exactly the ones its web config leaves out", () => {
    const web = parse('src/proxy/tsconfig.json').raw as { exclude: string[] }
    const node = parse('src/proxy/tsconfig.node.json').raw as { include: string[] }
    expect(web.exclude).toEqual(PROXY_NODE_FILES)
    expect(node.include).toEqual(PROXY_NODE_FILES)
  })
})

/**
 * Layers inside the comment service: the stores and what they stand on import nothing above
 * them (policy, routes, the use cases), so an arrow never runs back up; the admin API's shapes
 * are one module both its ends import.
 */
describe('layers inside the comment service', () => {
  const PROXY = join(SRC, 'proxy')
  /** What a folder of the proxy may import from the proxy (itself always). */
  const BELOW: Record<string, string[]> = { stores: ['stores', 'markup'], markup: ['markup'] }
  const proxyImports = (file: string, code: string) =>
    importsIn(file, code).flatMap((i) => (i.target?.startsWith('proxy/') ? [i.target.split('/')[1]] : []))
  const reachesUp = (folder: string, file: string, code: string) => proxyImports(file, code).filter((f) => !BELOW[folder].includes(f))

  for (const folder of Object.keys(BELOW)) {
    it(`src/proxy/${folder} imports only ${BELOW[folder].join(' and ')} from the service`, () => {
      const found = files(join(PROXY, folder)).flatMap((f) => reachesUp(folder, f, readFileSync(f, 'utf8')).map((up) => `${relative(REPO_ROOT, f)} imports proxy/${up}`))
      expect(found).toEqual([])
    })
  }

  it('the check sees a store reaching up', () => {
    const file = join(PROXY, 'stores/sql-store.ts')
    expect(reachesUp('stores', file, `import { duplicateDigest } from '../policy/moderation.js'`)).toEqual(['policy'])
    expect(reachesUp('stores', file, `import { duplicateDigest } from '../markup/duplicate-key.js'\nimport type { X } from './store.js'`)).toEqual([])
  })

  it("the admin API's shapes are declared once, in src/shared/admin-api.ts, and both ends import them", () => {
    for (const file of ['admin/api.ts', 'proxy/moderate/moderator.ts', 'proxy/routes/admin.ts']) {
      expect(importsOf(join(SRC, file)).map((i) => i.target), file).toContain('shared/admin-api.js')
    }
    // Only types and constants: the page's bundle and the service take nothing else from it.
    const code = readFileSync(join(SRC, 'shared/admin-api.ts'), 'utf8')
    expect(code).not.toMatch(/\bfunction\b|=>|\bclass\b/)
    for (const file of ['admin/api.ts', 'proxy/moderate/moderator.ts']) {
      expect(readFileSync(join(SRC, file), 'utf8'), file).not.toMatch(/interface (AdminComment|OwnerComment|ListPage|ModerationPage|Parent)\b|type (Status|CommentStatus) = '/)
    }
  })
})

/**
 * A widget is named only in its own places (src/client/widgets/README.md, "Adding a widget"): its
 * declaration and the pure modules beside it (`shared/widgets/<name>.ts`, `<name>-*.ts`), its
 * build hooks (`render/widgets/<name>.ts`, `<name>-*.ts`), its client folder and the three lists.
 * The rest of the pipeline loops over the list. Islands are left out: a markdown container's
 * table names its island (src/render/markdown/containers.ts). Two files name the site owner's
 * config keys and so the widgets: the config's schema and the error catalogue's messages.
 */
describe('widgets are named only in their own places', () => {
  const SCOPE = ['shared', 'render', 'client', 'admin', 'dev-server']
  const LISTS = ['shared/widgets/index.ts', 'render/widgets/index.ts', 'client/widgets/registry.ts']
  const CONFIG_KEYS = ['shared/site-config.ts', 'render/errors/catalogue.ts']
  const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())
  /** The name as code and prose write it (`click-effect`, `clickEffect`), not inside a longer word. */
  const nameRe = (name: string) => new RegExp(`(?<![A-Za-z0-9])(?:${[...new Set([name, camel(name)])].join('|')})(?![a-z])`)
  const ownPlace = (name: string, file: string): boolean =>
    file.startsWith(`client/widgets/${name}/`) || new RegExp(`^(?:shared|render)/widgets/${name}(?:-[a-z0-9-]+)?\\.ts$`).test(file) || LISTS.includes(file) || CONFIG_KEYS.includes(file)
  /** The slot widgets (overlay, article end) a file names outside their places. */
  const namedOutside = (names: readonly string[], file: string, code: string): string[] => names.filter((name) => !ownPlace(name, file) && nameRe(name).test(code))

  it('holds for every slot widget of the list', async () => {
    const { WIDGET_LIST } = await import('../../src/shared/widgets/index.js')
    const names = WIDGET_LIST.filter((w) => w.placement !== 'island').map((w) => w.name)
    expect(names).toEqual(expect.arrayContaining(['mascot', 'valine', 'vssue', 'click-effect', 'copy-protection']))
    const found = SCOPE.flatMap((area) => files(join(SRC, area))).flatMap((abs) => {
      const file = relative(SRC, abs).split(/[\\/]/).join('/')
      return namedOutside(names, file, readFileSync(abs, 'utf8')).map((name) => `${file} names ${name}`)
    })
    expect(found).toEqual([])
  })

  it('the check sees a name in the orchestrator, in a path, in camelCase, and not inside another word', () => {
    const names = ['mascot', 'click-effect', 'valine']
    expect(namedOutside(names, 'render/build-stages.ts', `import { mascotAssets } from './outputs/mascot-assets.js'`)).toEqual(['mascot'])
    expect(namedOutside(names, 'client/overlay/global-overlay.tsx', `const props = { clickEffect: site.clickEffect }`)).toEqual(['click-effect'])
    expect(namedOutside(names, 'render/headers/origins.ts', `if (w.name === 'valine') connect.push(s.serverURLs)`)).toEqual(['valine'])
    // Its own places, and words that only contain it.
    expect(namedOutside(names, 'render/widgets/mascot-assets.ts', `export const MASCOT_DIR = 'assets/mascot'`)).toEqual([])
    expect(namedOutside(names, 'client/widgets/valine/card.tsx', `import './valine.js'`)).toEqual([])
    expect(namedOutside(names, 'render/site/route-widgets.ts', `const mascots = 1; // Valine 1.5's REST calls`)).toEqual([])
  })
})
