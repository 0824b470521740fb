import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { localeLangs } from '../shared/page-lang.js'
import type { SiteConfig } from '../shared/types.js'
import { BuildCaches } from './build-caches.js'
import { checkReferences, type BuildWarning } from './site/check-references.js'
import { checkTheme } from './site/check-theme.js'
import { themeSiteOf } from './site/theme-site.js'
import { listChunks } from './chunks/list-chunks.js'
import { pageChunks } from './chunks/page-chunks.js'
import { routeMap } from './chunks/route-map.js'
import { contentHash } from './chunks/chunk-file.js'
import { clientSiteOf, commentsOf, vssueOf, wantsOwnCommentService, withoutComments } from './site/client-site.js'
import { counterServices, withSlotProps } from './site/route-widgets.js'
import { loadConfig } from './config/load-config.js'
import { GptnotesErrors, inStage, problem, warning, type GptnotesError } from './errors/index.js'
import { lastUpdatedDates } from './content/last-updated.js'
import { mascotAssets } from './outputs/mascot-assets.js'
import { runExtraOutputs } from './outputs/run-outputs.js'
import { SearchFeed } from './outputs/search-entries.js'
import type { ParseOptions } from './content/parse-options.js'
import type { ParsedPage } from './content/parse-page.js'
import { PageFacts, siteHeaders, type SiteHeaders } from './headers/index.js'
import { buildRoutes, type RouteTable } from './site/routes.js'
import { assetOutputPath, readSources, requireSiteFolders, scanContent } from './content/scan-content.js'
import { buildSiteData } from './site/site-data.js'
import { StagedOutput, type OutputContents } from './emit/write-output.js'
import { lockNotice, siteKeysOf } from './content/lock-page.js'

/** The stages in the order they run (the build's progress view lists them in this order). */
export const STAGES = [
  'loadConfig',
  'scanContent',
  'parsePage',
  'lastUpdated',
  'siteData',
  'routes',
  'checkReferences',
  'bundle',
  'extraOutputs',
  'listChunks',
  'pageChunks',
  'routeMap',
  'render',
  'laterOutputs',
  'headers',
  'copyAssets',
  'write',
] as const
export type StageName = (typeof STAGES)[number]

export interface StageEvent {
  stage: string
  ms: number
  count?: number
  /** For parsePage: how many of `count` were parsed now (the rest came from the caches). */
  fresh?: number
}

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
}

export interface SiteOutput {
  config: SiteConfig
  /**
   * Every output file, by path inside the output folder. With `out`, the files were written as
   * they were made and are not held: each is `{ copyFrom }` the file it was written to.
   */
  files: Map<string, OutputContents>
  routes: RouteTable
  parsed: ParsedPage[]
  warnings: BuildWarning[]
  /** The response headers (`_headers`): `serve` sends them, the static host reads the file. */
  headers: SiteHeaders
  /** Broken references found with `keepGoing` (otherwise they fail the build). */
  problems: GptnotesError[]
  pages: number
}

/**
 * `gptnotes build` as its stage list (design.md §4). Each stage takes the earlier stages'
 * results and returns new data; none changes what an earlier one returned. `runStage` times
 * each and names it in any error it throws.
 */
export async function buildSite(options: BuildOptions): Promise<SiteOutput> {
  const traceMemory = process.env.GPTNOTES_TRACE_MEMORY ? memoryTracer() : undefined
  const caches = options.caches ?? new BuildCaches()
  /** What a failed stage undoes (a search feed packing on a thread of its own). */
  const onFailure: (() => void)[] = []
  const runStage = async <T>(name: StageName, fn: () => T | Promise<T>, counts?: (result: T) => Pick<StageEvent, 'count' | 'fresh'>): Promise<T> => {
    const start = performance.now()
    let result: T
    try {
      result = await fn()
    } catch (err) {
      onFailure.splice(0).forEach((undo) => undo())
      throw inStage(err, name)
    }
    options.onStage?.({ stage: name, ms: performance.now() - start, ...counts?.(result) })
    if (traceMemory) traceMemory(name)
    return result
  }
  const contentDir = join(options.root, 'content')

  const { config: loaded, file: configFile, warnings: configWarnings = [] } = await runStage('loadConfig', () => {
    requireSiteFolders(options.root)
    return loadConfig(options.root, { timeoutMs: options.configTimeoutMs })
  })
  // Widget A with no service to talk to would be a comment box that cannot load: the pages get none.
  const noCommentService = wantsOwnCommentService(loaded) && !options.commentService
  const config: SiteConfig = noCommentService ? withoutComments(loaded) : loaded
  // What of the config the pages' parse depends on (the parse cache is kept per value).
  const parseOptions = parseOptionsOf(config, contentDir)
  const content = await runStage(
    'scanContent',
    () => {
      const files = scanContent(contentDir)
      // A cold build's parse threads boot while this thread reads the files.
      caches.prepareParse(parseOptions, files.markdown.length)
      onFailure.push(() => caches.dropPrepared())
      const read = readSources(contentDir, files.markdown)
      return { sources: read.sources, assets: files.assets, warnings: [...files.warnings, ...read.warnings] }
    },
    (r) => ({ count: r.sources.length }),
  )
  // git answers for the dates while the pages parse.
  const updating = lastUpdatedDates(
    contentDir,
    content.sources.map((s) => s.relativePath),
    config.timezone,
  )
  updating.catch(() => {}) // heard when the lastUpdated stage awaits it
  // The renderer (React and the theme's components) loads while the pages parse, not before.
  const rendering = import('./emit/render-html.js')
  rendering.catch(() => {}) // heard when the render stage awaits it
  // The client bundle does not depend on the site: it is read (or esbuild, a process of its
  // own, makes it) once the parse's threads have started, not before them.
  const bundling = new Promise<void>((resolve) => setImmediate(resolve)).then(() => caches.clientBundle())
  bundling.catch(() => {}) // heard when the bundle stage awaits it
  // The search index's entries are taken while the pages parse, when they will be packed anew.
  const searchFeed = SearchFeed.start(config, content.sources.length, caches.cacheDir)
  if (searchFeed) onFailure.push(() => searchFeed.abandon())
  const { pages: parsed } = await runStage(
    'parsePage',
    () => caches.parsePages(content.sources, { ...parseOptions, onPage: searchFeed?.put }),
    (r) => ({ count: r.pages.length, fresh: r.fresh }),
  )
  const updated = await runStage('lastUpdated', () => updating)
  const site = await runStage('siteData', () => buildSiteData(config, parsed))
  const commentSettings = { base: config.base, comments: commentsOf(config, options.commentService), vssue: vssueOf(config) }
  const routes = await runStage(
    'routes',
    () => withSlotProps(buildRoutes(site, parsed, updated), commentSettings),
    (r) => ({ count: r.routes.length }),
  )
  const references = await runStage('checkReferences', () => {
    // Sidebar and theme image errors point into the config file.
    const configText = configFile ? { file: relative(options.root, configFile), source: readFileSync(configFile, 'utf8') } : undefined
    const assets = new Set(content.assets)
    const links = checkReferences(parsed, content.sources, routes, assets, site.sidebarProblems, configText, site.pageLinkProblems)
    const theme = checkTheme(config, parsed, content.sources, assets, configText)
    const report = { errors: [...links.errors, ...theme.errors], warnings: [...links.warnings, ...theme.warnings] }
    if (report.errors.length && !options.keepGoing) throw report.errors.length === 1 ? report.errors[0] : new GptnotesErrors(report.errors)
    return report
  })
  // No later stage reads the markdown: let it go (about 40 MB of strings at 10,000 pages).
  content.sources.length = 0
  const bundle = await runStage('bundle', () => bundling)
  const extras = await runStage('extraOutputs', () => {
    const made = runExtraOutputs({ config, site, parsed, routes, hash: contentHash, cacheDir: caches.cacheDir, searchFeed })
    // The mascot's Live2D files come from the site folder's packages, beside the outputs made from the pages.
    const mascot = mascotAssets({ root: options.root, config, configFile })
    return { ...made, files: [...made.files, ...mascot.files], site: { ...made.site, ...mascot.site } }
  })
  const lists = await runStage('listChunks', () => listChunks(routes, config.base))
  const chunks = await runStage('pageChunks', () => pageChunks(routes, lists, config.base), (r) => ({ count: r.size }))
  const map = await runStage('routeMap', () => routeMap(routes, chunks, config.base))
  const counters = counterServices(commentSettings.comments)
  const routePaths = new Set(routes.routes.map((r) => r.path))
  const clientSite = clientSiteOf(config, map.url, { ...extras.site, ...themeSiteOf(config, (path) => routePaths.has(path)), ...(counters.length ? { counters } : {}) })
  // With an output folder, files go into its new folder as soon as they are known, and each page
  // as it is rendered (written by a thread of its own while the next renders): pages leave the
  // process instead of being held to the end. `files` keeps every path in the order the
  // outputs win a clash (later wins), pages as the file they were written to.
  const out = options.out
  const staged = out ? StagedOutput.open(out) : undefined
  try {
    const files = new Map<string, OutputContents>()
    const put = (path: string, contents: OutputContents, owned?: boolean): Promise<void> | undefined => {
      files.set(path, out ? { copyFrom: join(out, path) } : contents)
      return staged?.add(path, contents, { owned })
    }
    for (const [path, contents] of [
      ...extras.files,
      ...bundle.files.map((f): [string, OutputContents] => [f.path, f.contents]),
      ...[...lists.values()].flatMap((l) => l.files.map((f): [string, OutputContents] => [f.path, f.code])),
      [map.file.path, map.file.code] as [string, OutputContents],
    ])
      await put(path, contents)
    // Handed to the writer: the search index's bytes need not stay through the render.
    if (out) extras.files.length = 0

    const { documents, facts } = await runStage(
      'render',
      async () => {
        // Each page goes to the writer as text once the headers stage's facts are taken from it:
        // the writer's thread encodes it (UTF-8 of text with Chinese in it is slow, 0.3 s per
        // 2,000 pages, and the render is this thread's alone). Without an output folder it is kept
        // as UTF-8 bytes, about half the memory of a JavaScript string, which holds a page with
        // Chinese in two bytes a character.
        const documents: string[] = []
        const facts = new PageFacts()
        const excerpts = new Map(parsed.flatMap((p) => (p.excerpt ? [[p.page.path, p.excerpt] as const] : [])))
        const markup = new Map(parsed.flatMap((p) => (p.markup ? [[p.page.path, p.markup] as const] : [])))
        const { eachDocument } = await rendering
        const ctx = { config: { ...config, head: [...config.head, ...extras.head] }, site: clientSite, bundle, bodyEnd: options.bodyEnd?.(config), excerpts, markup }
        for (const [path, html] of eachDocument(routes, chunks, ctx)) {
          facts.add(html)
          documents.push(path)
          await put(path, out ? html : Buffer.from(html), true)
        }
        return { documents, facts }
      },
      (r) => ({ count: r.documents.length }),
    )
    // What was made beside the render (the search index's packs), once ready.
    const later = await runStage('laterOutputs', async () => (await Promise.all(extras.later)).flat(), (r) => ({ count: r.length }))
    for (const [path, contents] of later) await put(path, contents)
    later.length = 0
    const headers = await runStage('headers', () => siteHeaders(config, commentSettings, facts))
    // Scripts the pages' islands load (each demo's code and its frame's boot script), by output path.
    const bodyFiles = parsed.flatMap((p) => Object.entries(p.files ?? {}))
    const assets = await runStage(
      'copyAssets',
      () => content.assets.map((asset): [string, OutputContents] => [assetOutputPath(asset), { copyFrom: join(contentDir, asset) }]),
      (r) => ({ count: r.length }),
    )

    // A content file may replace an extra output (its own robots.txt, say), never a page or the client.
    const built = new Set([...bundle.files.map((f) => f.path), ...[...lists.values()].flatMap((l) => l.files.map((f) => f.path)), map.file.path, ...documents, ...bodyFiles.map(([path]) => path), '_redirects', '_headers'])
    for (const asset of content.assets) {
      const output = assetOutputPath(asset)
      if (built.has(output)) throw inStage(problem('OutputClash', { output, first: `content/${asset}`, second: 'a page or file the build makes' }), 'copyAssets')
    }

    // Later entries win on a clash: pages over extra outputs, content assets over extra outputs.
    for (const [path, contents] of [...bodyFiles, ['_redirects', map.redirectsFile] as [string, OutputContents], ['_headers', headers.file] as [string, OutputContents], ...assets]) await put(path, contents)
    if (staged) await runStage('write', () => staged.commit(), () => ({ count: files.size }))
    return { config, files, routes, parsed, headers, warnings: [...configWarnings, ...content.warnings, ...parsed.flatMap((p) => p.warnings ?? []), ...references.warnings, ...(noCommentService ? [warning('CommentsNoService', {})] : []), ...lockNotice(parsed)], problems: references.errors, pages: parsed.length }
  } catch (err) {
    await staged?.abort()
    throw err
  }
}

/**
 * With `GPTNOTES_TRACE_MEMORY` set, each stage's end prints the process's memory to stderr
 * (resident now and at most so far, JavaScript heap, buffers outside it): where a large build's memory goes.
 */
/** What the parse reads of the config (each part of it keys the parse caches). */
function parseOptionsOf(config: SiteConfig, contentDir: string): ParseOptions {
  return {
    base: config.base,
    contentDir,
    lang: config.lang,
    localeLangs: localeLangs(config.locales),
    timeZone: config.timezone,
    lineNumbers: config.markdown.lineNumbers,
    siteKeys: siteKeysOf(config),
    site: { title: config.title, description: config.description },
    markdown: { pageScripts: config.markdown.pageScripts, pageStyles: config.markdown.pageStyles },
  }
}

function memoryTracer(): (stage: string) => void {
  const mib = (n: number) => `${Math.round(n / 1048576)}`.padStart(5)
  return (stage) => {
    const m = process.memoryUsage()
    process.stderr.write(`memory ${stage.padEnd(16)} rss ${mib(m.rss)} MiB  peak ${mib(process.resourceUsage().maxRSS * 1024)} MiB  heap ${mib(m.heapUsed)} MiB  external ${mib(m.external + m.arrayBuffers)} MiB\n`)
  }
}
