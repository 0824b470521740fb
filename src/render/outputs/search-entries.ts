import { createSearchBuilder, type SearchBuilder, type SearchEntry } from '../../search/build/index.js'
import type { SiteConfig } from '../../shared/types.js'
import type { ParsedPage } from '../content/parse-page.js'
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
 * is parsed (or read from the cache), given to the index's builder in page order, so that the
 * packing that would follow the parse is mostly done by its end (the builder decides whether to
 * pack them as they come: see `createSearchBuilder`).
 */
export class SearchFeed {
  private readonly waiting = new Map<number, SearchEntry | null>()
  private next = 0

  /** `builder`: where the entries go. `pages`: once that many are in, it packs them. */
  constructor(
    private readonly siteTitle: string,
    readonly builder: SearchBuilder,
    private readonly pages?: number,
  ) {}

  /** A feed for a build of `pages` pages, or none (search off). */
  static start(config: SiteConfig, pages: number, cacheDir?: string): SearchFeed | undefined {
    if (!config.themeConfig.search) return undefined
    return new SearchFeed(config.title, createSearchBuilder({ pages, cacheDir }), pages)
  }

  /** Page `index` of the build's pages, in any order (the parse's threads finish out of order). */
  readonly put = (page: ParsedPage, index: number): void => {
    this.waiting.set(index, searchEntry(page, this.siteTitle) ?? null)
    for (let entry = this.waiting.get(this.next); entry !== undefined; entry = this.waiting.get(this.next)) {
      this.waiting.delete(this.next++)
      if (entry) this.builder.add(entry)
    }
    // The last page is in: packing starts (on the builder's thread) while this one goes on with the build.
    if (this.next === this.pages && this.waiting.size === 0) this.builder.pack()
  }

  /** Whether the first `pages` pages, and no more, are all in. */
  complete(pages: number): boolean {
    return this.next === pages && this.waiting.size === 0
  }

  /** The build failed before it asked for the packs: stop packing. */
  abandon(): void {
    this.builder.abandon()
  }
}
