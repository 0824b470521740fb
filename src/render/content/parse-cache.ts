import { createHash } from 'node:crypto'
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs'
import { isBuiltin } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { packageDir } from '../package-root.js'
import { BodyFiles, storedPage, type BodyRef, type PageMeta } from './page-bodies.js'
import type { ParsedPage } from './parse-page.js'

/**
 * Parsed pages on disk between builds, keyed by each file's content: a rebuild re-parses only
 * files that changed. The cache is dropped whole when anything the parse depends on changes
 * (its source files, the installed versions of the packages it uses) or its options (the base, the languages) change.
 */
export interface ParseCache {
  /** `sourceHash`: the source's `sourceHash`, when the caller has it already. */
  get(relativePath: string, source: string, sourceHash?: string, stamp?: string): ParsedPage | undefined
  /** Remember a page just parsed; returns it as the cache holds it (its body read back when asked). `stamp`: its file's `fileStamp`, if any. */
  set(relativePath: string, source: string, page: ParsedPage, sourceHash?: string, stamp?: string): ParsedPage
  /** The hash of the source the cache holds for this file when `stamp` is the one recorded with it: the file is unchanged and need not be read. */
  stamped(relativePath: string, stamp: string): string | undefined
  /** Write to disk, keeping only the given files' entries. */
  save(keep: Set<string>): void
  /** How many pages it holds. */
  readonly size: number
}

const hash = (text: string | Buffer) => createHash('sha1').update(text).digest('hex')

/** What identifies a page's source in the cache. */
export const sourceHash = (source: string): string => hash(source)

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

/** Body files that hold this many times the bytes still kept (or more files than this) are compacted into one. */
const GARBAGE_FACTOR = 2
const MAX_BODY_FILES = 4

/**
 * Open the cache for `settings`: the parse options' key (`parseOptionsKey`: the base, the
 * pages' languages …), so pages parsed under other options are never handed out.
 * `parserKeyValue` identifies the parsing code; by default it is computed once per process
 * from the modules and packages this build runs.
 *
 * On disk: an index (`pages-KEY.json`: each page's source hash, its data without the HTML and
 * search text, and where those lie) and the body files (`page-bodies.ts`). Pages the cache
 * hands out, and those `set` returns, read their HTML and text from the body files when asked:
 * the build holds neither between the parse and the stage that needs them. An index entry whose
 * body file is gone or short is a miss.
 */
export function openParseCache(cacheDir: string, settings: string, parserKeyValue = (defaultKey ??= parserKey(parserInputs()))): ParseCache {
  const name = `pages-${hash(parserKeyValue + settings).slice(0, 12)}`
  const file = join(cacheDir, `${name}.json`)
  const bodies = BodyFiles.of(cacheDir, name)
  let entries: Record<string, Entry> = {}
  try {
    entries = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    // first build, or an unreadable cache: start empty
  }
  const sizes = bodies.existing()
  let dirty = false
  for (const [key, e] of Object.entries(entries)) {
    const size = e.b && sizes.get(e.b.s)
    if (size === undefined || e.b.o + e.b.h + e.b.t > size) {
      delete entries[key]
      dirty = true
    }
  }
  bodies.hold(new Set(Object.values(entries).map((e) => e.b.s)))
  return {
    get size() {
      return Object.keys(entries).length
    },
    get(relativePath, source, h = hash(source), stamp) {
      const e = entries[relativePath]
      if (!e || e.h !== h) return undefined
      // The same text under a new stamp (touched, or first seen settled): the next build need not read it.
      if (stamp && stamp !== e.st) {
        e.st = stamp
        dirty = true
      }
      return storedPage(e.page, e.b, bodies)
    },
    stamped(relativePath, stamp) {
      const e = entries[relativePath]
      return e?.st !== undefined && e.st === stamp ? e.h : undefined
    },
    set(relativePath, source, page, h = hash(source), stamp) {
      const { html, text, ...meta } = page
      mkdirSync(cacheDir, { recursive: true })
      const b = bodies.append(html, text)
      entries[relativePath] = { h, page: meta, b, ...(stamp && { st: stamp }) }
      dirty = true
      return storedPage(meta, b, bodies)
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
      // Bodies of changed or removed pages stay in their files until these hold mostly such garbage.
      const refs = Object.values(entries).map((e) => e.b)
      const files = new Set(refs.map((r) => r.s))
      const live = refs.reduce((n, r) => n + r.h + r.t, 0)
      const total = [...files].reduce((n, f) => n + (bodies.sizeOf(f) ?? 0), 0)
      if (files.size > MAX_BODY_FILES || total > GARBAGE_FACTOR * live + (1 << 20)) bodies.compact(refs)
      const tmp = `${file}.${process.pid}.tmp`
      // The same JSON as one stringify of the whole, written an entry at a time: the whole as
      // one string (and its UTF-8 copy) would be one of the build's largest allocations.
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
      // Body files no entry names: replaced by compaction, or left by earlier builds.
      bodies.removeExcept(new Set(refs.map((r) => r.s)))
      dirty = false
    },
  }
}

/** One page in the index. */
interface Entry {
  /** Hash of the source. */
  h: string
  /** The file's `fileStamp` when it was read, if it was settled then. */
  st?: string
  page: PageMeta
  b: BodyRef
}
