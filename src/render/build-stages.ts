import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { localeLangs } from '../shared/page-lang.js'
import { hasBody } from '../shared/route-data.js'
import type { RouteData, SiteConfig } from '../shared/types.js'
import type { BuildCaches, ParsedPages } from './build-caches.js'
import type { BuildOptions } from './build-options.js'
import { listChunks } from './chunks/list-chunks.js'
import { pageChunks } from './chunks/page-chunks.js'
import { routeMap } from './chunks/route-map.js'
import { contentHash } from './chunks/chunk-file.js'
import { loadConfig } from './config/load-config.js'
import { lastUpdatedDates } from './content/last-updated.js'
import { siteKeysOf } from './content/lock-page.js'
import type { ParseOptions } from './content/parse-options.js'
import { assetOutputPath, readSources, requireSiteFolders, scanContent } from './content/scan-content.js'
import type { OutputHandOver } from './emit/hand-over.js'
import { DocumentRenderer, keepRenderer } from './emit/render-again.js'
import { documentInputs, RenderRecords, siteInputs } from './emit/render-records.js'
import { GptnotesErrors, problem, warning } from './errors/index.js'
import { documentFacts, PageFacts, siteHeaders } from './headers/index.js'
import { runExtraOutputs } from './outputs/run-outputs.js'
import { SearchFeed } from './outputs/search-entries.js'
import { widgetAssets } from './outputs/widget-assets.js'
import type { StageFunctions } from './pipeline/run-pipeline.js'
import type { PIPELINE } from './pipeline/stages.js'
import type { BuildValues } from './pipeline/values.js'
import { checkReferences } from './site/check-references.js'
import { checkTheme } from './site/check-theme.js'
import { clientSiteOf } from './site/client-site.js'
import { withWidgets } from './site/route-widgets.js'
import { buildRoutes } from './site/routes.js'
import { buildSiteData } from './site/site-data.js'
import { themeSiteOf } from './site/theme-site.js'
import { needsCommentService, widgetSettings } from './widgets/index.js'

/** What one build's stages tell `buildSite` beside their values. */
export interface BuildState {
  /** The render's records of the documents it made or kept (kept by the caches once the build is done). */
  rendered?: RenderRecords
  /** How many documents were rendered now (the rest were the previous output's). */
  renderedNow: number
  /** With `laterInBackground`: the later files, added to the output once made. */
  later?: Promise<string[]>
}

/**
 * The function of each declared stage (`pipeline/stages.ts`) for one build: each calls its
 * stage's module with the values it is handed and puts the files it makes into `output`.
 */
export function buildStages(options: BuildOptions, caches: BuildCaches, output: OutputHandOver, state: BuildState): StageFunctions<BuildValues, typeof PIPELINE> {
  const { out } = output
  const contentDir = join(options.root, 'content')
  let parseOptions: ParseOptions
  let last: ParsedPages
  return {
    loadConfig: {
      async run() {
        requireSiteFolders(options.root)
        const { config, file, warnings = [] } = await loadConfig(options.root, { timeoutMs: options.configTimeoutMs })
        // What of the config the pages' parse depends on (the parse cache is kept per value).
        parseOptions = parseOptionsOf(config, contentDir)
        // A widget with no comment service to talk to would be a box that cannot load: its settings are none, and the build says so.
        const widgets = widgetSettings(config, { commentService: options.commentService })
        const noService = needsCommentService(config) && !options.commentService ? [warning('CommentsNoService', {})] : []
        return { config, configFile: file, configWarnings: [...warnings, ...noService], widgets }
      },
    },
    scanContent: {
      run() {
        const found = scanContent(contentDir)
        // A cold build's parse threads boot while this thread reads the files.
        caches.prepareParse(parseOptions, found.markdown.length)
        try {
          const read = readSources(contentDir, found.markdown, undefined, caches.knownSources())
          return { sources: read.sources, assets: found.assets, contentWarnings: [...found.warnings, ...read.warnings] }
        } catch (err) {
          caches.dropPrepared()
          throw err
        }
      },
      count: (r) => ({ count: r.sources.length }),
    },
    parsePage: {
      run: async ({ sources, searchFeed }) => ({ parsed: (last = await caches.parsePages(sources, { ...parseOptions, onPage: searchFeed?.put })).pages }),
      count: () => ({ count: last.pages.length, fresh: last.fresh }),
    },
    lastUpdated: {
      // git answers for the dates while the pages parse.
      early: ({ config, sources }) => ({ dating: quiet(lastUpdatedDates(contentDir, sources.map((s) => s.relativePath), config.timezone)) }),
      run: async ({ dating }) => ({ updated: await dating }),
    },
    siteData: { run: ({ config, parsed }) => ({ site: buildSiteData(config, parsed) }) },
    routes: {
      run: ({ site, parsed, updated, widgets }) => ({ routes: withWidgets(buildRoutes(site, parsed, updated), widgets, site.config.base) }),
      count: (r) => ({ count: r.routes.routes.length }),
    },
    checkReferences: {
      run({ config, configFile, parsed, sources, assets, routes, site }) {
        // Sidebar and theme image errors point into the config file.
        const configText = configFile ? { file: relative(options.root, configFile), source: readFileSync(configFile, 'utf8') } : undefined
        const known = new Set(assets)
        const links = checkReferences(parsed, sources, routes, known, site.sidebarProblems, configText, site.pageLinkProblems)
        const theme = checkTheme(config, parsed, sources, known, configText)
        const report = { errors: [...links.errors, ...theme.errors], warnings: [...links.warnings, ...theme.warnings] }
        if (report.errors.length && !options.keepGoing) throw report.errors.length === 1 ? report.errors[0] : new GptnotesErrors(report.errors)
        return { references: report }
      },
    },
    bundle: {
      // The client bundle does not depend on the site: it is read (or esbuild, a process of its
      // own, makes it) once the parse's threads have started, not before them.
      early: () => ({ bundling: quiet(new Promise<void>((resolve) => setImmediate(resolve)).then(() => caches.clientBundle())) }),
      async run({ bundling }) {
        const bundle = await bundling
        await output.putAll(bundle.files.map((f) => [f.path, f.contents] as const))
        return { bundle }
      },
    },
    extraOutputs: {
      // The search index's entries are taken while the pages parse, when they will be packed anew.
      early: ({ config, sources }) => ({ searchFeed: SearchFeed.start(config, sources.length, caches.cacheDir) }),
      abandon: ({ searchFeed }) => searchFeed?.abandon(),
      async run({ config, site, parsed, routes, searchFeed, configFile, widgets }) {
        const made = runExtraOutputs({ config, site, parsed, routes, hash: contentHash, cacheDir: caches.cacheDir, searchFeed })
        // The widgets' own files (from the site folder's packages), beside the outputs made from the pages.
        const assets = widgetAssets({ root: options.root, config, configFile }, widgets)
        await output.putAll([...made.files, ...assets.files])
        return { extraSite: made.site, extraHead: made.head, later: made.later, widgetData: assets.data }
      },
    },
    listChunks: {
      async run({ config, routes }) {
        const lists = listChunks(routes, config.base)
        await output.putAll([...lists.values()].flatMap((l) => l.files.map((f) => [f.path, f.code] as const)))
        return { lists }
      },
    },
    pageChunks: { run: ({ config, routes, lists }) => ({ chunks: pageChunks(routes, lists, config.base) }), count: (r) => ({ count: r.chunks.size }) },
    routeMap: {
      async run({ config, routes, chunks }) {
        const map = routeMap(routes, chunks, config.base)
        await output.putAll([[map.file.path, map.file.code], ['_redirects', map.redirectsFile]])
        return { map }
      },
    },
    render: {
      // The renderer (React and the theme's components) loads while the pages parse, not before.
      early: () => ({ renderer: quiet(import('./emit/render-html.js')) }),
      async run({ renderer, config, routes, chunks, map, bundle, extraSite, extraHead, parsed, widgets, widgetData }) {
        const routePaths = new Set(routes.routes.map((r) => r.path))
        const used = new Set(routes.routes.flatMap((r) => r.data.widgets ?? []))
        const clientSite = clientSiteOf(config, map.url, { ...extraSite, ...themeSiteOf(config, (path) => routePaths.has(path)) }, { settings: widgets, data: widgetData, used })
        // Each page goes to the writer as text once the headers stage's facts are taken from it:
        // the writer's thread encodes it (UTF-8 of text with Chinese in it is slow, 0.3 s per
        // 2,000 pages, and the render is this thread's alone). Without an output folder it is kept
        // as UTF-8 bytes, about half the memory of a JavaScript string, which holds a page with
        // Chinese in two bytes a character.
        const documents: string[] = []
        const facts = new PageFacts()
        const excerpts = new Map(parsed.flatMap((p) => (p.excerpt ? [[p.page.path, p.excerpt] as const] : [])))
        const markup = new Map(parsed.flatMap((p) => (p.markup ? [[p.page.path, p.markup] as const] : [])))
        const pages = new Map(parsed.map((p) => [p.page.path, p]))
        const { renderDocument } = await renderer
        const ctx = { config: { ...config, head: [...config.head, ...extraHead] }, site: clientSite, bundle, bodyEnd: options.bodyEnd?.(config), excerpts, markup }
        // A document whose inputs are those it was made from last time is the same bytes: not rendered again.
        const before = caches.renderRecords(out)
        const records = new RenderRecords(new Map())
        const site = siteInputs(ctx)
        let fresh = 0
        // In memory (the dev server), the routes that show a body are kept to render one again after an edit.
        const bodies = out ? undefined : new Map<string, { file: string; data: RouteData }>()
        for (const route of [...routes.routes, routes.notFound]) {
          const file = route === routes.notFound ? '404.html' : route.file
          const data = chunks.get(route)!.data
          if (bodies && hasBody(data)) bodies.set(data.path, { file, data })
          const inputs = documentInputs(site, data, hasBody(data) ? pages.get(data.path) : undefined, ctx)
          const hit = before?.hit(file, inputs)
          documents.push(file)
          if (hit && (hit.bytes ? (await output.put(file, hit.bytes), true) : output.keep(file))) {
            facts.add(hit.facts)
            records.docs.set(file, hit)
            continue
          }
          const html = renderDocument(data, ctx)
          fresh++
          const made = documentFacts(html)
          facts.add(made)
          const bytes = out ? undefined : Buffer.from(html)
          records.docs.set(file, { ...inputs, facts: made, bytes })
          await output.put(file, bytes ?? html, true)
        }
        if (bodies) keepRenderer(records, new DocumentRenderer(ctx, site, renderDocument, bodies))
        state.rendered = records
        state.renderedNow = fresh
        return { documents, facts }
      },
      count: (r) => ({ count: r.documents.length, fresh: state.renderedNow }),
    },
    laterOutputs: {
      // What was made beside the render (the search index's packs), once ready.
      async run({ later }) {
        if (options.laterInBackground && !out) {
          state.later = Promise.all(later).then((lists) => lists.flat().map(([path, contents]) => (output.files.set(path, contents), path)))
          return { laterCount: 0 }
        }
        const made = (await Promise.all(later)).flat()
        await output.putAll(made)
        return { laterCount: made.length }
      },
      count: (r) => ({ count: r.laterCount }),
    },
    headers: {
      async run({ config, widgets, facts }) {
        const headers = siteHeaders(config, widgets, facts)
        await output.put('_headers', headers.file)
        return { headers }
      },
    },
    copyAssets: {
      async run({ assets, parsed, bundle, lists, map, documents }) {
        // Scripts the pages' islands load (each demo's code and its frame's boot script), by output path.
        const bodyFiles = parsed.flatMap((p) => Object.entries(p.files ?? {}))
        // A content file may replace an extra output (its own robots.txt, say), never a page or the client.
        const built = new Set([...bundle.files.map((f) => f.path), ...[...lists.values()].flatMap((l) => l.files.map((f) => f.path)), map.file.path, ...documents, ...bodyFiles.map(([path]) => path), '_redirects', '_headers'])
        for (const asset of assets) {
          const output = assetOutputPath(asset)
          if (built.has(output)) throw problem('OutputClash', { output, first: `content/${asset}`, second: 'a page or file the build makes' })
        }
        await output.putAll(bodyFiles)
        await output.putAll(assets.map((asset) => [assetOutputPath(asset), { copyFrom: join(contentDir, asset) }] as const))
        return { copied: assets.length }
      },
      count: (r) => ({ count: r.copied }),
    },
    write: {
      async run() {
        await output.commit()
        if (state.rendered) caches.keepRenderRecords(state.rendered, out)
        return { written: output.files.size }
      },
      count: (r) => ({ count: r.written }),
    },
  }
}

/** A promise a later stage awaits: its rejection is heard there, not as unhandled now. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => {})
  return promise
}

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
