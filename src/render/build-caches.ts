import { statSync } from 'node:fs'
import { resolve } from 'node:path'
import { bundleClient, type ClientBundle } from './bundle/bundle.js'
import { inputsCurrent } from './content/page-inputs.js'
import { openParseCache, sourceHash, type ParseCache } from './content/parse-cache.js'
import { parseOptionsKey, type ParseOptions } from './content/parse-options.js'
import type { ParsedPage, SourceFile } from './content/parse-page.js'
import type { KnownSources } from './content/scan-content.js'
import { parseAll, ParseThreads } from './content/parse-pool.js'
import { RenderRecords } from './emit/render-records.js'

export interface ParsedPages {
  pages: ParsedPage[]
  /** How many were parsed now; the rest came from the caches. */
  fresh: number
}

/**
 * What one build can reuse from the previous one: parsed pages by content (in memory for the
 * dev server's lifetime, and on disk between CLI runs) and the client bundle. Nothing else
 * survives a build, so every stage still runs on fresh data.
 */
export class BuildCaches {
  /** By file: its source's hash (not the source: the build lets go of the sources) and the page. */
  private readonly parsed = new Map<string, { hash: string; page: ParsedPage }>()
  /** The parse options the pages in `parsed` were parsed with (`parseOptionsKey`). */
  private parsedWith?: string
  private disk?: { settings: string; cache: ParseCache }
  private bundle?: Promise<ClientBundle>
  private started?: ParseThreads
  private records?: RenderRecords
  /** The options of the last parse (what `parseEdited` parses with). */
  private lastParse?: ParseOptions

  /**
   * `cacheDir`: where parsed pages and the client bundle are kept on disk; none when absent.
   * `settleMs`: how long ago a file must have changed for its stamp to be trusted (`fileStamp`).
   */
  constructor(
    readonly cacheDir?: string,
    private readonly options: { settleMs?: number } = {},
  ) {}

  /**
   * Before the sources are read: when neither cache holds a page parsed with these options,
   * every one of the `pages` pages will be parsed, so the parse's threads start now and boot
   * while the files are read (a cold build's first half second ran on one core). `parsePages`
   * takes them; `dropPrepared` lets them go (a build that fails before it parses).
   */
  prepareParse(options: ParseOptions, pages: number): void {
    this.dropPrepared()
    const settings = parseOptionsKey(options)
    const disk = this.diskCache(settings)
    this.stampsFor = disk ? settings : undefined
    if (this.parsedWith === settings && this.parsed.size) return
    if (disk?.size) return
    this.started = ParseThreads.start(pages, options)
  }

  /** The options `prepareParse` opened the disk cache for: its stamps tell `readSources` which files it need not read. */
  private stampsFor?: string

  /**
   * After `prepareParse`: which sources the disk cache holds unchanged, by their files' stamps
   * (`readSources` then leaves them unread). None without a disk cache.
   */
  knownSources(): KnownSources | undefined {
    const disk = this.stampsFor !== undefined && this.disk?.settings === this.stampsFor ? this.disk.cache : undefined
    return disk && { hashOf: (relativePath, stamp) => disk.stamped(relativePath, stamp), settleMs: this.options.settleMs }
  }

  /** The parse cache on disk for these options: one open cache per options for this builder's lifetime (its pages' bodies move with it when it compacts them). */
  private diskCache(settings: string): ParseCache | undefined {
    if (this.cacheDir && this.disk?.settings !== settings) this.disk = { settings, cache: openParseCache(this.cacheDir, settings) }
    return this.disk?.cache
  }

  /** Whether `prepareParse` started threads that no parse has taken yet. */
  get parseThreadsWaiting(): boolean {
    return this.started !== undefined
  }

  dropPrepared(): void {
    this.started?.terminate()
    this.started = undefined
  }

  /**
   * The parsePage stage through the caches: only files whose source (or images, or imported
   * code) changed are parsed. `onPage` sees each page as soon as it is known, with its index in `sources` (pages
   * from the caches first, then the parsed ones as they come: in no set order).
   */
  async parsePages(sources: SourceFile[], options: ParseOptions & { onPage?: (page: ParsedPage, index: number) => void }): Promise<ParsedPages> {
    const { onPage, ...parseOptions } = options
    this.lastParse = parseOptions
    const settings = parseOptionsKey(parseOptions)
    if (this.parsedWith !== settings) this.parsed.clear()
    this.parsedWith = settings
    const disk = this.diskCache(settings)
    const stale: SourceFile[] = []
    const staleHashes: string[] = []
    const staleIndex: number[] = []
    sources.forEach((file, index) => {
      // An unread file's hash is the one the disk cache recorded with its stamp.
      const h = file.hash ?? sourceHash(file.source)
      const hit = this.parsed.get(file.relativePath)
      if (hit && hit.hash === h && inputsCurrent(hit.page)) return onPage?.(hit.page, index)
      const cached = disk?.get(file.relativePath, '', h, file.stamp)
      if (cached && inputsCurrent(cached)) {
        this.parsed.set(file.relativePath, { hash: h, page: cached })
        onPage?.(cached, index)
      } else {
        // Plain data for the parse's threads (an unread file is read here).
        stale.push({ relativePath: file.relativePath, source: file.source, ...(file.stamp && { stamp: file.stamp }) })
        staleHashes.push(h)
        staleIndex.push(index)
      }
    })
    // With a disk cache each page's body goes to disk as soon as it is parsed (see `openParseCache`),
    // once `onPage` has seen it whole.
    const store = disk ? (page: ParsedPage, i: number) => disk.set(stale[i].relativePath, stale[i].source, page, staleHashes[i], stale[i].stamp) : (page: ParsedPage) => page
    const keep = disk || onPage ? (page: ParsedPage, i: number) => (onPage?.(page, staleIndex[i]), store(page, i)) : undefined
    const started = this.started
    this.started = undefined
    const fresh = await parseAll(stale, parseOptions, { keep, started })
    fresh.forEach((page, i) => this.parsed.set(stale[i].relativePath, { hash: staleHashes[i], page }))
    const current = new Set(sources.map((f) => f.relativePath))
    for (const key of this.parsed.keys()) if (!current.has(key)) this.parsed.delete(key)
    disk?.save(current)
    return { pages: sources.map((f) => this.parsed.get(f.relativePath)!.page), fresh: stale.length }
  }

  /**
   * The edited files parsed on this thread with the last build's options, not yet kept: the dev
   * server compares them with the pages it shows before it takes them (`keepEdited`).
   */
  async parseEdited(sources: SourceFile[]): Promise<ParsedPage[]> {
    if (!this.lastParse) throw new Error('parseEdited: no build has parsed yet')
    const { parsePage } = await import('./content/parse-page.js')
    return sources.map((file) => parsePage(file, this.lastParse!))
  }

  /** Keep pages `parseEdited` made, so the next build takes them as parsed (their bodies stay in memory). */
  keepEdited(sources: SourceFile[], pages: ParsedPage[]): void {
    sources.forEach((file, i) => this.parsed.set(file.relativePath, { hash: sourceHash(file.source), page: pages[i] }))
  }

  /** Load the parser's modules on this thread ahead of the first `parseEdited` (the pool's threads hold their own). */
  warmParser(): void {
    import('./content/parse-page.js').catch(() => {})
  }

  /**
   * What the documents of the last build into `out` (or into memory) were made from, when they
   * are still there: the render then makes only documents whose inputs changed.
   */
  renderRecords(out: string | undefined): RenderRecords | undefined {
    if (this.records?.holdFor(out)) return this.records
    const loaded = out && this.cacheDir ? RenderRecords.load(this.cacheDir, out) : undefined
    return loaded?.holdFor(out) ? loaded : undefined
  }

  /** The documents of a build that succeeded: kept for the next (on disk too, for an output folder). */
  keepRenderRecords(records: RenderRecords, out: string | undefined): void {
    this.records = out ? new RenderRecords(records.docs, { dir: resolve(out), ino: statSync(out).ino }) : records
    if (out && this.cacheDir) this.records.save(this.cacheDir, out)
  }

  /** The bundle stage through the caches (its result does not depend on the site). */
  clientBundle(): Promise<ClientBundle> {
    this.bundle ??= bundleClient({ cacheDir: this.cacheDir })
    this.bundle.catch(() => (this.bundle = undefined))
    return this.bundle
  }

  /** Forget the client bundle (the theme's sources changed). */
  invalidateClient(): void {
    this.bundle = undefined
  }
}
