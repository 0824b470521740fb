import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parserInputs, parserKey } from '../content/parse-cache.js'
import type { SearchShards } from './search-shards.js'

/**
 * The packed search index on disk between builds, keyed by a digest of its entries and by the
 * code that packs them: a build whose pages' titles, headings and texts did not change (a CI
 * run with the cache restored, a rebuild after a style change) reuses the packs instead of
 * building them again, which is most of extraOutputs. Only the newest index is kept.
 * Best effort: a cache that cannot be read or written is a miss, never an error.
 */
export interface SearchCache {
  /** Whether an index packed by this code is here (a build that finds none packs without asking). */
  holdsAny(): boolean
  get(digest: string): SearchShards | undefined
  set(digest: string, shards: SearchShards): void
}

let codeKey: string | undefined

/**
 * The packing code and the packages it runs, as the parse cache keys the parser, and the zlib
 * that deflates the items: with the entries' digest, it names the index's files.
 */
export function searchCodeKey(): string {
  if (!codeKey) {
    const self = fileURLToPath(import.meta.url)
    const ext = self.slice(self.lastIndexOf('.'))
    const inputs = parserInputs([join(self, '..', `search-index${ext}`), self])
    codeKey = parserKey({ ...inputs, packages: { ...inputs.packages, '(zlib)': process.versions.zlib } })
  }
  return codeKey
}

export function openSearchCache(cacheDir: string): SearchCache {
  const dir = join(cacheDir, 'search')
  const entry = (digest: string) => `${searchCodeKey()}-${digest}`
  return {
    holdsAny() {
      try {
        return readdirSync(dir).some((name) => name.startsWith(`${searchCodeKey()}-`))
      } catch {
        return false
      }
    },
    get(digest) {
      const folder = join(dir, entry(digest))
      try {
        if (!existsSync(folder)) return undefined
        const { manifest, packs } = JSON.parse(readFileSync(join(folder, 'index.json'), 'utf8')) as { manifest: SearchShards['manifest']; packs: string[] }
        return { manifest, files: packs.map((name): [string, Uint8Array] => [name, readFileSync(join(folder, name))]) }
      } catch {
        return undefined
      }
    },
    set(digest, { manifest, files }) {
      const name = entry(digest)
      const tmp = join(dir, `.${name}.${process.pid}`)
      try {
        mkdirSync(tmp, { recursive: true })
        for (const [file, data] of files) writeFileSync(join(tmp, file), data)
        // The index last: a folder without it (a killed build) is never read.
        writeFileSync(join(tmp, 'index.json'), JSON.stringify({ manifest, packs: files.map(([file]) => file) }))
        rmSync(join(dir, name), { recursive: true, force: true })
        renameSync(tmp, join(dir, name))
        for (const other of readdirSync(dir)) if (other !== name) rmSync(join(dir, other), { recursive: true, force: true })
      } catch {
        rmSync(tmp, { recursive: true, force: true })
      }
    },
  }
}
