import { createHash } from 'node:crypto'
import type { SearchEntry } from '../../shared/search.js'
import type { SiteConfig } from '../../shared/types.js'
import type { ParsedPage } from '../content/parse-page.js'
import { openSearchCache } from './search-cache.js'
import { startSearchJob, type SearchJob } from './search-job.js'
import { truncateText } from './search-text.js'

/**
 * Body text kept per page (code blocks are left out before counting). Holds the whole of every
 * article of this site (the longest has about 7,900 characters of prose); a longer page is
 * searched in its first part only, so one huge page cannot bloat the index readers download.
 */
export const SEARCH_TEXT_LIMIT = 8000

/** The index entries one at a time (`publish: false` hides a page from every list; search is one). */
export function* searchEntries(parsed: ParsedPage[], siteTitle: string, limit = SEARCH_TEXT_LIMIT): Generator<SearchEntry> {
  for (const page of parsed) {
    const entry = searchEntry(page, siteTitle, limit)
    if (entry) yield entry
  }
}

function searchEntry({ page, text }: ParsedPage, siteTitle: string, limit = SEARCH_TEXT_LIMIT): SearchEntry | undefined {
  if (page.frontmatter.publish === false) return undefined
  return {
    t: page.title || (page.path === '/' ? siteTitle : page.path),
    p: page.path,
    h: page.headers.map((h) => [h.title, h.slug]),
    x: truncateText(text, limit),
  }
}

/**
 * The search index's entries taken while the pages parse: each page's entry as soon as the page
 * is parsed (or read from the cache), digested and packed in page order on the search job's
 * thread, so the packing that would follow the parse is mostly done by its end. Taken only when
 * no index this code packed is cached (a cold build): with one there, the digest may find the
 * index already made, and packing beside the parse would take the parse's cores for nothing.
 */
export class SearchFeed {
  private readonly waiting = new Map<number, SearchEntry | null>()
  private next = 0
  private readonly digests = createHash('sha256')

  /** `job`: where the entries are packed; none to digest them only. `pages`: once that many are in, the job packs them. */
  constructor(
    private readonly siteTitle: string,
    readonly job?: SearchJob,
    private readonly pages?: number,
  ) {}

  /** A feed for a build of `pages` pages, or none (search off, or an index of this code cached). */
  static start(config: SiteConfig, pages: number, cacheDir?: string): SearchFeed | undefined {
    if (!config.themeConfig.search || (cacheDir && openSearchCache(cacheDir).holdsAny())) return undefined
    return new SearchFeed(config.title, startSearchJob(pages), pages)
  }

  /** Page `index` of the build's pages, in any order (the parse's threads finish out of order). */
  readonly put = (page: ParsedPage, index: number): void => {
    this.waiting.set(index, searchEntry(page, this.siteTitle) ?? null)
    for (let entry = this.waiting.get(this.next); entry !== undefined; entry = this.waiting.get(this.next)) {
      this.waiting.delete(this.next++)
      if (!entry) continue
      this.digests.update(JSON.stringify(entry)).update('\n')
      this.job?.add(entry)
    }
    // The last page is in: packing starts on the job's thread while this one goes on with the build.
    if (this.next === this.pages && this.waiting.size === 0) this.job?.pack()
  }

  /** The digest of the entries, once the first `pages` pages are all in; otherwise none. */
  digest(pages: number): string | undefined {
    return this.next === pages && this.waiting.size === 0 ? this.digests.digest('hex') : undefined
  }

  /** The build failed before it asked for the packs: stop packing. */
  abandon(): void {
    this.job?.abandon()
  }
}
