import { BuildCaches } from '../render/build-caches.js'
import { buildSite, type SiteOutput } from '../render/build-site.js'
import type { SiteConfig } from '../shared/types.js'
import { devClient } from './error-page.js'
import { RELOAD_PATH } from './reload.js'

export interface RebuildOptions {
  root: string
  cacheDir?: string
  /** Widget A's service address the pages get when the config names none. */
  commentService: () => string
  log: (line: string) => void
  formatError: (err: unknown) => string
  formatWarning: (w: SiteOutput['warnings'][number]) => string
  /** After a build that succeeded, before it is logged (the server watches its imports, opens the comment service). */
  built: (output: SiteOutput) => Promise<void> | void
  /** After each build, failed or not (the server reloads open pages). */
  done: () => void
}

/**
 * The dev server's builds, one at a time: the site into memory, the reload client in every
 * page, and the caches kept for the server's lifetime so a rebuild parses only what changed.
 * Holds the last output, or the last failure.
 */
export class Rebuilder {
  output: SiteOutput | undefined
  failure: unknown
  private building: Promise<void> = Promise.resolve()
  private readonly caches: BuildCaches

  constructor(private readonly options: RebuildOptions) {
    this.caches = new BuildCaches(options.cacheDir)
  }

  /** Resolves when the build in progress (if any) has finished. */
  settled(): Promise<void> {
    return this.building
  }

  /** Forget the client bundle (the theme's sources changed). */
  themeChanged(): void {
    this.caches.invalidateClient()
  }

  /** Build again once the build in progress is done; `reason` goes in the log line. */
  rebuild(reason?: string): Promise<void> {
    const { options } = this
    this.building = this.building.then(async () => {
      const start = performance.now()
      try {
        this.output = await buildSite({ root: options.root, caches: this.caches, bodyEnd: reloadClient, commentService: options.commentService() })
        await options.built(this.output)
        this.failure = undefined
        for (const w of this.output.warnings) options.log(options.formatWarning(w))
        options.log(`${reason ? `${reason}: ` : ''}built ${this.output.pages} pages in ${Math.round(performance.now() - start)} ms`)
      } catch (err) {
        this.failure = err
        options.log(options.formatError(err))
      }
      options.done()
    })
    return this.building
  }
}

/** The script every served page gets before `</body>`: it reloads on the server's word. */
const reloadClient = (config: Pick<SiteConfig, 'base'>) => '\n' + devClient(config.base + RELOAD_PATH)
