/** What a caller gives `buildSite` (its own module: the stages read it too, and `build-site.ts` imports them). */
import type { BuildCaches } from './build-caches.js'
import type { StageEvent } from './pipeline/run-pipeline.js'
import type { SiteConfig } from '../shared/types.js'

export interface BuildOptions {
  /** The site folder (holds `content/` and the config). */
  root: string
  /** Write the output here (the write stage); without it the files stay in memory (dev server, tests). */
  out?: string
  /** Parsed pages and the client bundle from earlier builds; a fresh set when absent. */
  caches?: BuildCaches
  onStage?: (event: StageEvent) => void
  /** Extra HTML before `</body>` of every page (the dev server's reload client, which needs the base). */
  bodyEnd?: (config: SiteConfig) => string
  /**
   * Report broken links and missing files in `problems` and finish the build (check-links
   * wants every problem at once); by default the first stage that finds them fails the build.
   */
  keepGoing?: boolean
  /** How long the config may take to load (default `CONFIG_TIMEOUT_MS`). */
  configTimeoutMs?: number
  /**
   * The comment service widget A uses when the config names none (`gptnotes serve` passes its
   * own); without either, the pages get no widget A and the build warns `CommentsNoService`.
   */
  commentService?: string
  /**
   * Without an output folder: finish without waiting for what is made beside the render (the
   * search index's packs, which no page's bytes depend on); `SiteOutput.later` adds them to
   * `files` when ready. The dev server shows an edited page before the search index is packed again.
   */
  laterInBackground?: boolean
}
