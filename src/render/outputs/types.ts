import type { ClientSite, HeadTag, SiteConfig } from '../../shared/types.js'
import type { ParsedPage } from '../content/parse-page.js'
import type { RouteTable } from '../site/routes.js'
import type { SiteData } from '../site/site-data.js'
import type { OutputContents } from '../emit/write-output.js'
import type { SearchFeed } from './search-entries.js'

// What an extra output is given and gives back, apart from the list of outputs (index.ts) so
// that each output can name them without importing the list that imports it.

/** What an extra output sees: the whole site after the routes stage. */
export interface OutputContext {
  config: SiteConfig
  site: SiteData
  parsed: ParsedPage[]
  routes: RouteTable
  /** Content hash for file names (8 characters). */
  hash: (text: string) => string
  /** Where outputs may keep what a later build can reuse (the search index); none when absent. */
  cacheDir?: string
  /** The search index's entries, taken while the pages parsed (see `SearchFeed`). */
  searchFeed?: SearchFeed
}

export interface ExtraOutput {
  files: [path: string, contents: OutputContents][]
  /** Fields merged into the client's site data (e.g. the URL of a search index). */
  site?: Partial<ClientSite>
  /** Tags added to every page's head (e.g. feed autodiscovery links). */
  head?: HeadTag[]
  /** Files made beside the render (the search index's packs), written once ready. */
  later?: Promise<[path: string, contents: OutputContents][]>
}
