import { BuildCaches } from '../render/build-caches.js'
import { buildSite, type SiteOutput as BuiltSite, type StageEvent } from '../render/build-site.js'
import type { SiteConfig } from '../shared/types.js'
import { showBodyEdit } from './body-edit.js'
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
  /**
   * After each build, failed or not (the server reloads open pages), and after an edit shown
   * without one (`waitForPages`: open pages refresh their content in place; resolves once they
   * have done so, or a while later).
   */
  done: (waitForPages?: boolean) => Promise<void> | void
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
  /** The build that follows an edit already shown: pages are served from the shown output meanwhile. */
  private following: Promise<void> = Promise.resolve()
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
    await this.following
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

  /**
   * Build again once the build in progress (and any build following an edit) is done; `reason`
   * goes in the log line. With the `files` that changed: an edit of pages' bodies alone is shown
   * at once (`showBodyEdit`), open pages reload, and the build follows in the background (the
   * search index, the feeds, the dates), reloading them again only if it rendered a document anew.
   */
  rebuild(reason?: string, files?: readonly string[]): Promise<void> {
    this.building = this.building
      .then(() => this.following)
      .then(async () => {
        const shown = files && this.output && this.failure === undefined ? await this.showEdit(files, reason) : undefined
        if (shown) {
          // The build starts once the pages have what they reloaded for: it holds this thread.
          this.following = shown.reloaded.then(() => this.build(reason, true))
          return
        }
        await this.build(reason, false)
      })
    return this.building
  }

  /**
   * Show an edit of pages' bodies without a build: resolves with the open pages' reload (done
   * once they loaded again), or undefined when it is not such an edit (nothing changed then).
   */
  private async showEdit(files: readonly string[], reason: string | undefined): Promise<{ reloaded: Promise<void> } | undefined> {
    const start = performance.now()
    try {
      if (!(await showBodyEdit(this.options.root, files, this.output!, this.caches))) return undefined
    } catch {
      // The build reports it (a page that no longer parses).
      return undefined
    }
    this.options.log(`${reason ? `${reason}: ` : ''}shown in ${Math.round(performance.now() - start)} ms, building the rest`)
    return { reloaded: Promise.resolve(this.options.done(true)) }
  }

  /** One build into memory; after an edit already shown (`behind`), open pages reload only if a document was rendered anew or it failed. */
  private async build(reason: string | undefined, behind: boolean): Promise<void> {
    const { options } = this
    const start = performance.now()
    let renderedNow = 0
    const onStage = (e: StageEvent) => {
      if (e.stage === 'render') renderedNow = e.fresh ?? e.count ?? 0
    }
    try {
      const previous = this.output
      const output = await buildSite({ root: options.root, caches: this.caches, bodyEnd: reloadClient, commentService: options.commentService(), laterInBackground: previous !== undefined, onStage })
      this.carryLater(previous, output)
      this.output = output
      await options.built(this.output)
      this.failure = undefined
      for (const w of this.output.warnings) options.log(options.formatWarning(w))
      options.log(`${reason ? `${reason}: ` : ''}built ${this.output.pages} pages in ${Math.round(performance.now() - start)} ms`)
    } catch (err) {
      this.failure = err
      options.log(options.formatError(err))
      renderedNow = -1
    }
    if (!behind || renderedNow !== 0) options.done()
    if (!behind) this.caches.warmParser()
  }
}
/** The script every served page gets before `</body>`: it reloads on the server's word. */
const reloadClient = (config: Pick<SiteConfig, 'base'>) => '\n' + devClient(config.base + RELOAD_PATH)
