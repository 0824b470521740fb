import type { Page } from '../../shared/types.js'
import type { MarkupFacts } from '../bundle/markup-tokens.js'
import type { BuildWarning } from '../errors/index.js'
import type { AssetRef, LinkRef } from '../markdown/links.js'

// What the parsePage stage (parse-page.ts) reads and gives, apart from the parser: the stages
// after it and the lock (lock-page.ts) name these without importing the parser.

export interface SourceFile {
  /** Path relative to `content/`, with `/` separators (`handbook/a.md`). */
  relativePath: string
  /** The text; for a file the caches hold unchanged (`hash`), read from disk only when asked. */
  source: string
  /** What the file's stat said before it was read (`fileStamp`), when that can be trusted to show an edit. */
  stamp?: string
  /** The source's hash, taken from the parse cache when the stamp is the one it recorded. */
  hash?: string
}

/** Everything later stages need from one markdown file; plain data (crosses worker threads). */
export interface ParsedPage {
  page: Page
  html: string
  /** The body's readable text, for search (see `pageText`). */
  text: string
  /**
   * The description of a page whose frontmatter has none: the text before its `<!-- more -->`,
   * else its first paragraph's (see `moreExcerpt`, `excerptOf`).
   */
  excerpt?: string
  /** The HTML before the page's `<!-- more -->`, which the lists show (VuePress's `$page.excerpt`); absent without the marker. */
  excerptHtml?: string
  links: LinkRef[]
  anchors: LinkRef[]
  assets: AssetRef[]
  /** Ids that `#hash` links may target: heading slugs and footnotes. */
  ids: string[]
  /** Image files whose sizes went into the HTML, with their stamps (see `fileStamp`). */
  imageStamps: Record<string, string>
  /** Files whose code the page imports (`<<< @/file`), with their stamps. */
  importStamps?: Record<string, string>
  /** What of the body's markup its critical CSS depends on, read here so the render need not read the body again. */
  markup?: MarkupFacts
  /** Islands the body uses (names in the client's widget registry), each once. */
  islands: string[]
  /** Files the body's islands load (a demo's script and its frame's boot script), by output path. */
  files?: Record<string, string>
  /** What the page builds with but a reader may miss (a demo's inline script that cannot run). */
  warnings?: BuildWarning[]
}
