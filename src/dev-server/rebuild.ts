import { BuildCaches } from '../render/build-caches.js'
import { buildSite, type SiteOutput as BuiltSite } from '../render/build-site.js'
import type { SiteConfig } from '../shared/types.js'
import { devClient } from './error-page.js'
import { RELOAD_PATH } from './reload.js'

/** A build as the dev server holds it: with the paths of its later files (the search index's packs). */
export type SiteOutput = BuiltSite & { laterPaths?: string[] }

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
  /** The last build's later files, being made after it was served. */
  private packing: Promise<void> = Promise.resolve()
  private readonly caches: BuildCaches

  constructor(private readonly options: RebuildOptions) {
    this.caches = new BuildCaches(options.cacheDir)
  }

  /** Resolves when the build in progress (if any) has finished: its pages can be served. */
  built(): Promise<void> {
    return this.building
  }

  /** Resolves when the build in progress and its later files (the search index) are done. */
  async settled(): Promise<void> {
    await this.building
    await this.packing
  }

  /** Forget the client bundle (the theme's sources changed). */
  themeChanged(): void {
    this.caches.invalidateClient()
  }

  /**
   * The search index is packed after the build is served: until its files are in, the previous
   * build's (a complete index of the pages before the edit) are served in their place.
   */
  private carryLater(previous: SiteOutput | undefined, output: SiteOutput): void {
    const carried = (previous?.laterPaths ?? []).filter((path) => !output.files.has(path))
    for (const path of carried) output.files.set(path, previous!.files.get(path)!)
    output.laterPaths = carried
    const building = output.later?.then((made) => {
      const now = new Set(made)
      for (const path of carried) if (!now.has(path)) output.files.delete(path)
      output.laterPaths = made
    })
    if (building) this.packing = building.catch((err: unknown) => this.options.log(this.options.formatError(err)))
  }

  /** Build again once the build in progress is done; `reason` goes in the log line. */
  rebuild(reason?: string): Promise<void> {
    const { options } = this
    this.building = this.building.then(async () => {
      const start = performance.now()
      try {
        const previous = this.output
        const output = await buildSite({ root: options.root, caches: this.caches, bodyEnd: reloadClient, commentService: options.commentService(), laterInBackground: previous !== undefined })
        this.carryLater(previous, output)
        this.output = output
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
