import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

export interface ExternalResult {
  ok: boolean
  /** Final HTTP status, when there was a response. */
  status?: number
  /** Why the link is broken (absent when ok). */
  reason?: string
}

interface CacheEntry extends ExternalResult {
  checkedAt: number
}

const VERSION = 1
/** A link that worked within this long is not asked again; failures are always re-checked. */
export const CACHE_MAX_AGE_MS = 60 * 60 * 1000

/** Results of external checks kept between runs (`node_modules/.cache/gptnotes/links.json`). */
export class LinkCache {
  private constructor(
    private readonly file: string,
    private readonly entries: Map<string, CacheEntry>,
  ) {}

  static async open(file: string): Promise<LinkCache> {
    const entries = new Map<string, CacheEntry>()
    try {
      const data = JSON.parse(await readFile(file, 'utf8')) as { version?: number; links?: Record<string, CacheEntry> }
      if (data.version === VERSION && data.links) for (const [url, e] of Object.entries(data.links)) entries.set(url, e)
    } catch {
      // No cache yet, or an unreadable one: start empty.
    }
    return new LinkCache(file, entries)
  }

  /** A success recorded less than an hour ago, if any. */
  freshSuccess(url: string, now = Date.now()): ExternalResult | undefined {
    const e = this.entries.get(url)
    return e?.ok && now - e.checkedAt < CACHE_MAX_AGE_MS ? { ok: true, status: e.status } : undefined
  }

  record(url: string, result: ExternalResult, now = Date.now()): void {
    this.entries.set(url, { ...result, checkedAt: now })
  }

  /** Write the entries still young enough to matter; written whole, then renamed into place. */
  async save(now = Date.now()): Promise<void> {
    const links: Record<string, CacheEntry> = {}
    for (const [url, e] of this.entries) if (now - e.checkedAt < CACHE_MAX_AGE_MS) links[url] = e
    await mkdir(dirname(this.file), { recursive: true })
    const tmp = `${this.file}.${process.pid}.tmp`
    await writeFile(tmp, JSON.stringify({ version: VERSION, links }, null, 1) + '\n')
    await rename(tmp, this.file)
  }
}
