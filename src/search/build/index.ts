/**
 * The search index's build side, as the render uses it: one builder, given every page's entry
 * in page order (`add`), which packs them (`finish`). Everything else of `build/` is its own.
 */
import { createHash } from 'node:crypto'
import { join } from 'node:path'
import type { SearchEntry } from '../format/rank.js'
import type { SearchShards } from './builder.js'
import { openSearchCache, searchCodeKey } from './cache.js'
import { startSearchJob, type SearchJob } from './job.js'

export type { SearchEntry, SearchIndexData } from '../format/rank.js'
export type { SearchShards } from './builder.js'

export interface SearchBuilderOptions {
  /** How many pages the build has: a large site's index is packed on a thread of its own while the pages render. */
  pages: number
  /** The build cache's folder: the index packed last is kept there, and reused when the entries are the same. */
  cacheDir?: string
}

export interface SearchBuilder {
  /** The next page's entry (pages in index order; drafts are never given). */
  add(entry: SearchEntry): void
  /** Every entry is added: start packing now, beside whatever the build does next. */
  pack(): void
  /**
   * A digest of the entries added and of the code that packs them: equal keys, equal packs. Known
   * before the packs are, so pages can name the index's files while it is still being packed.
   * Nothing may be added after.
   */
  key(): string
  /**
   * The packs (the manifest's `s` left empty). `again` gives the same entries again: a builder
   * that found an index cached when it started only digests entries as they come, and reads them
   * again when the cache misses.
   */
  finish(again?: () => Iterable<SearchEntry>): Promise<SearchShards>
  /** No packs are wanted (the build failed before asking for them): stop. */
  abandon(): void
}

/** A builder of the site's search index (see ../README.md and ../FORMAT.md). */
export function createSearchBuilder({ pages, cacheDir }: SearchBuilderOptions): SearchBuilder {
  const cache = cacheDir ? openSearchCache(cacheDir) : undefined
  const items = cacheDir ? { file: join(cacheDir, 'search-items.bin'), state: join(cacheDir, 'search-state.bin'), code: searchCodeKey() } : undefined
  // With an index of this code cached, the entries are likely its own: packing them while the
  // pages parse would take the parse's cores for nothing.
  let job: SearchJob | undefined = cache?.holdsAny() ? undefined : startSearchJob(pages, items)
  const digests = createHash('sha256')
  let digest: string | undefined
  const digestOf = () => (digest ??= digests.digest('hex'))
  const key = () => `${searchCodeKey()}-${digestOf()}`
  return {
    add(entry) {
      if (digest) throw new Error('search index: an entry was added after the index was named')
      digests.update(JSON.stringify(entry)).update('\n')
      job?.add(entry)
    },
    pack: () => job?.pack(),
    key,
    async finish(again) {
      const name = digestOf()
      const cached = job ? undefined : cache?.get(name)
      if (cached) return cached
      if (!job) {
        if (!again) throw new Error('search index: not cached, and no entries to pack')
        job = startSearchJob(pages, items)
        for (const entry of again()) job.add(entry)
      }
      const shards = await job.finish()
      cache?.set(name, shards)
      return shards
    },
    abandon: () => job?.abandon(),
  }
}
