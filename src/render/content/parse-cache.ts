import { createHash } from 'node:crypto'
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ParsedPage } from './parse-page.js'

/**
 * Parsed pages on disk between builds, keyed by each file's content: a rebuild re-parses only
 * files that changed. The cache is dropped whole when anything the parse depends on changes
 * (its source files, the installed versions of the packages it uses) or the base changes.
 */
export interface ParseCache {
  get(relativePath: string, source: string): ParsedPage | undefined
  set(relativePath: string, source: string, page: ParsedPage): void
  /** Write to disk, keeping only the given files' entries. */
  save(keep: Set<string>): void
}

const hash = (text: string | Buffer) => createHash('sha1').update(text).digest('hex')

/** What a parse depends on besides the page itself. */
export interface ParserInputs {
  /** The project's modules it runs (relative to the first entry's folder) with their content hashes. */
  files: Record<string, string>
  /** The packages those modules import, directly or through other packages, with their installed versions. */
  packages: Record<string, string>
}

// Static imports and re-exports (not type-only ones: they vanish when compiled), side-effect
// imports and dynamic imports with a literal specifier.
const IMPORT_RE = /(?:^|[\n;])\s*(?:import|export)\s+(?!type\s)[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]|(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g
const CODE_RE = /\.(?:[cm]?js|tsx?)$/

const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() === true

/** The file a relative specifier names: as written, or the TypeScript source of a `.js` path. */
function resolveModule(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec)
  return [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), `${base}.ts`, `${base}.js`].find(isFile)
}

/** The folder of package `name` as Node finds it from `dir`: the nearest `node_modules/name` above. */
function packageDir(dir: string, name: string): string | undefined {
  for (let d = dir; ; d = dirname(d)) {
    if (isFile(join(d, 'node_modules', name, 'package.json'))) return join(d, 'node_modules', name)
    if (dirname(d) === d) return undefined
  }
}

const packageName = (spec: string) => spec.split('/').slice(0, spec.startsWith('@') ? 2 : 1).join('/')

/**
 * Everything the parse depends on, found by following imports from `entries` (the parse's
 * modules; by default parse-page and this cache's own format): every project module reached
 * through relative imports, and every package reached, with the packages' own dependencies.
 * Works the same on the TypeScript sources and on the compiled modules.
 */
export function parserInputs(entries: string[] = defaultEntries()): ParserInputs {
  const root = dirname(entries[0])
  const files: Record<string, string> = {}
  const versions = new Map<string, Set<string>>()
  const seenPackages = new Set<string>()

  const addPackage = (fromDir: string, name: string) => {
    const dir = packageDir(fromDir, name)
    if (!versions.has(name)) versions.set(name, new Set())
    if (!dir) {
      versions.get(name)!.add('missing')
      return
    }
    if (seenPackages.has(dir)) return
    seenPackages.add(dir)
    const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: string; dependencies?: Record<string, string> }
    versions.get(name)!.add(json.version ?? '?')
    for (const dep of Object.keys(json.dependencies ?? {})) addPackage(dir, dep)
  }

  const addFile = (file: string) => {
    const key = relative(root, file).split('\\').join('/')
    if (key in files) return
    const text = readFileSync(file)
    files[key] = hash(text)
    if (!CODE_RE.test(file)) return
    for (const m of text.toString('utf8').matchAll(IMPORT_RE)) {
      const spec = m[1] ?? m[2] ?? m[3]
      if (spec.startsWith('.')) {
        const target = resolveModule(file, spec)
        if (target) addFile(target)
        else files[relative(root, resolve(dirname(file), spec))] = 'missing'
      } else if (!isBuiltin(spec)) {
        addPackage(dirname(file), packageName(spec))
      }
    }
  }

  for (const entry of entries) addFile(entry)
  const packages: Record<string, string> = {}
  for (const name of [...versions.keys()].sort()) packages[name] = [...versions.get(name)!].sort().join(',')
  return { files, packages }
}

function defaultEntries(): string[] {
  const self = fileURLToPath(import.meta.url)
  return [join(dirname(self), `parse-page${self.slice(self.lastIndexOf('.'))}`), self]
}

/** A short, stable hash of the inputs: equal inputs, equal key. */
export function parserKey(inputs: ParserInputs): string {
  const sorted = (o: Record<string, string>) => Object.keys(o).sort().map((k) => `${k}\0${o[k]}`).join('\n')
  return hash(`files\n${sorted(inputs.files)}\npackages\n${sorted(inputs.packages)}`).slice(0, 16)
}

let defaultKey: string | undefined

/**
 * Open the cache for `base`. `parserKeyValue` identifies the parsing code; by default it is
 * computed once per process from the modules and packages this build runs.
 */
export function openParseCache(cacheDir: string, base: string, parserKeyValue = (defaultKey ??= parserKey(parserInputs()))): ParseCache {
  const file = join(cacheDir, `pages-${hash(parserKeyValue + base).slice(0, 12)}.json`)
  let entries: Record<string, { h: string; page: ParsedPage }> = {}
  try {
    entries = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    // first build, or an unreadable cache: start empty
  }
  let dirty = false
  return {
    get(relativePath, source) {
      const e = entries[relativePath]
      return e && e.h === hash(source) ? e.page : undefined
    },
    set(relativePath, source, page) {
      entries[relativePath] = { h: hash(source), page }
      dirty = true
    },
    save(keep) {
      for (const key of Object.keys(entries)) {
        if (!keep.has(key)) {
          delete entries[key]
          dirty = true
        }
      }
      if (!dirty) return
      mkdirSync(cacheDir, { recursive: true })
      const tmp = `${file}.${process.pid}.tmp`
      // The same JSON as one stringify of the whole, written an entry at a time: the whole as
      // one string (and its UTF-8 copy) would be the build's largest allocation at 10,000 pages.
      const fd = openSync(tmp, 'w')
      try {
        let chunk = '{'
        let first = true
        for (const [key, entry] of Object.entries(entries)) {
          chunk += (first ? '' : ',') + JSON.stringify(key) + ':' + JSON.stringify(entry)
          first = false
          if (chunk.length > 1 << 20) {
            writeSync(fd, chunk)
            chunk = ''
          }
        }
        writeSync(fd, chunk + '}')
      } finally {
        closeSync(fd)
      }
      renameSync(tmp, file)
      dirty = false
    },
  }
}
