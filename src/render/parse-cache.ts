import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ParsedPage } from './parse-page.js'

/**
 * Parsed pages on disk between builds, keyed by each file's content: a rebuild re-parses only
 * files that changed. The cache is dropped whole when the parsing code or the base changes.
 */
export interface ParseCache {
  get(relativePath: string, source: string): ParsedPage | undefined
  set(relativePath: string, source: string, page: ParsedPage): void
  /** Write to disk, keeping only the given files' entries. */
  save(keep: Set<string>): void
}

const hash = (text: string) => createHash('sha1').update(text).digest('hex')

/** A hash of the code that turns markdown into pages (this folder's parse modules). */
let codeKey: string | undefined
function parserCodeKey(): string {
  if (codeKey) return codeKey
  const here = dirname(fileURLToPath(import.meta.url))
  const h = createHash('sha1')
  const files = ['parse-page', 'frontmatter'].map((n) => join(here, `${n}${import.meta.url.slice(-3)}`))
  for (const f of readdirSync(join(here, 'markdown'))) if (/\.(js|ts)$/.test(f)) files.push(join(here, 'markdown', f))
  for (const f of files.sort()) {
    try {
      h.update(readFileSync(f))
    } catch {
      h.update(f)
    }
  }
  return (codeKey = h.digest('hex').slice(0, 16))
}

export function openParseCache(cacheDir: string, base: string): ParseCache {
  const file = join(cacheDir, `pages-${hash(parserCodeKey() + base).slice(0, 12)}.json`)
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
      writeFileSync(tmp, JSON.stringify(entries))
      renameSync(tmp, file)
      dirty = false
    },
  }
}
