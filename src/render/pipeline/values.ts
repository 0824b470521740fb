import type { SiteConfig, HeadTag, ClientSite } from '../../shared/types.js'
import type { ClientBundle } from '../bundle/bundle.js'
import type { ListChunk } from '../chunks/list-chunks.js'
import type { PageChunk } from '../chunks/page-chunks.js'
import type { RouteMapOutput } from '../chunks/route-map.js'
import type { ParsedPage, SourceFile } from '../content/parse-page.js'
import type { OutputContents } from '../emit/write-output.js'
import type { BuildWarning } from '../errors/index.js'
import type { PageFacts, SiteHeaders } from '../headers/index.js'
import type { SearchFeed } from '../outputs/search-entries.js'
import type { ReferenceReport } from '../site/check-references.js'
import type { Route, RouteTable } from '../site/routes.js'
import type { SiteData } from '../site/site-data.js'
import type { WidgetSettings } from '../widgets/index.js'

/** Every value one stage hands to later ones, by the names `stages.ts` declares. */
export interface BuildValues {
  config: SiteConfig
  configFile: string | undefined
  configWarnings: BuildWarning[]
  /** The settings of the widgets the config turns on, by name. */
  widgets: WidgetSettings
  sources: SourceFile[]
  assets: string[]
  contentWarnings: BuildWarning[]
  parsed: ParsedPage[]
  dating: Promise<Map<string, string>>
  updated: Map<string, string>
  site: SiteData
  routes: RouteTable
  references: ReferenceReport
  bundling: Promise<ClientBundle>
  bundle: ClientBundle
  searchFeed: SearchFeed | undefined
  extraSite: Partial<ClientSite>
  /** What the widgets' own files add to their site data, by widget name. */
  widgetData: Record<string, object>
  extraHead: HeadTag[]
  later: Promise<[path: string, contents: OutputContents][]>[]
  lists: Map<Route, ListChunk>
  chunks: Map<Route, PageChunk>
  map: RouteMapOutput
  renderer: Promise<typeof import('../emit/render-html.js')>
  documents: string[]
  facts: PageFacts
  laterCount: number
  headers: SiteHeaders
  copied: number
  written: number
}
