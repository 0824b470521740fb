import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SearchShards } from './builder.js'

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
 * The code that packs the index (every module of `build/` and `format/`, as this build runs them:
 * sources or compiled), fflate's version and the zlib that deflates the items: with the entries'
 * digest, it names the index's files.
 */
export function searchCodeKey(): string {
  if (!codeKey) {
    const hash = createHash('sha256')
    const here = dirname(fileURLToPath(import.meta.url))
    for (const dir of [here, join(here, '..', 'format')]) {
      for (const name of readdirSync(dir).filter((f) => /\.(?:js|ts)$/.test(f)).sort()) hash.update(name).update(readFileSync(join(dir, name)))
    }
    hash.update(`zlib ${process.versions.zlib}`)
    codeKey = hash.digest('hex').slice(0, 16)
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
