/**
 * The build as a declared pipeline: each stage by name, what it needs from earlier stages, what
 * it makes, what part of it may start ahead of its place (and what that part needs and makes),
 * and which values the build lets go of once it has run. `buildSite` (`../build-site.ts`) gives
 * each stage its function and hands the values over (`run-pipeline.ts`); the progress view,
 * `STAGES` and the stage lists of the READMEs are made from this list (a test fails on drift).
 *
 * Values are named by the keys of `BuildValues` (`values.ts`).
 */
export interface StageDescriptor {
  readonly name: string
  /** What it does, one line (the READMEs' stage lists show it). */
  readonly does: string
  /** The module that does it, inside `src/render/`. */
  readonly module: string
  readonly needs: readonly string[]
  readonly makes: readonly string[]
  /** A part that starts as soon as its own needs are there, ahead of the stage's place; the stage awaits what it made. */
  readonly early?: { readonly needs: readonly string[]; readonly makes: readonly string[] }
  /** Values no later stage reads: let go after this stage (the markdown sources are 40 MB at 10,000 pages). */
  readonly releases?: readonly string[]
  /** Whether it puts files into the output (the write stage's hand-over). */
  readonly writes?: boolean
}

export const PIPELINE = [
  {
    name: 'loadConfig',
    does: 'reads and checks the config, fills in defaults',
    module: 'config/load-config.ts',
    needs: [],
    makes: ['config', 'configFile', 'configWarnings', 'widgets'],
  },
  {
    name: 'scanContent',
    does: 'lists and reads content/ (the parse threads boot meanwhile)',
    module: 'content/scan-content.ts',
    needs: ['config'],
    makes: ['sources', 'assets', 'contentWarnings'],
  },
  {
    name: 'parsePage',
    does: 'parses each page, through the parse caches',
    module: 'content/parse-page.ts',
    needs: ['config', 'sources', 'searchFeed'],
    makes: ['parsed'],
  },
  {
    name: 'lastUpdated',
    does: "each page's date of last change (git, else the file time)",
    module: 'content/last-updated.ts',
    needs: ['dating'],
    makes: ['updated'],
    early: { needs: ['config', 'sources'], makes: ['dating'] },
  },
  {
    name: 'siteData',
    does: 'lists, tags, categories, timeline, sidebars',
    module: 'site/site-data.ts',
    needs: ['config', 'parsed'],
    makes: ['site'],
  },
  {
    name: 'routes',
    does: 'the route table: pages, list pages, redirects, not-found',
    module: 'site/routes.ts',
    needs: ['site', 'parsed', 'updated', 'widgets'],
    makes: ['routes'],
  },
  {
    name: 'checkReferences',
    does: 'links, files, sidebar entries and theme images, checked',
    module: 'site/check-references.ts',
    needs: ['config', 'configFile', 'parsed', 'sources', 'assets', 'routes', 'site'],
    makes: ['references'],
    releases: ['sources'],
  },
  {
    name: 'bundle',
    does: 'the client bundle (esbuild, or the one the package carries)',
    module: 'bundle/bundle.ts',
    needs: ['bundling'],
    makes: ['bundle'],
    early: { needs: ['sources'], makes: ['bundling'] },
    writes: true,
  },
  {
    name: 'extraOutputs',
    does: 'search index, sitemap, feeds, the widgets\' files',
    module: 'outputs/run-outputs.ts',
    needs: ['config', 'site', 'parsed', 'routes', 'searchFeed', 'configFile', 'widgets'],
    makes: ['extraSite', 'extraHead', 'later', 'widgetData'],
    early: { needs: ['config', 'sources'], makes: ['searchFeed'] },
    writes: true,
  },
  {
    name: 'listChunks',
    does: "a long list's posts in files of twenty",
    module: 'chunks/list-chunks.ts',
    needs: ['config', 'routes'],
    makes: ['lists'],
    writes: true,
  },
  {
    name: 'pageChunks',
    does: "each route's client data and the page that carries it",
    module: 'chunks/page-chunks.ts',
    needs: ['config', 'routes', 'lists'],
    makes: ['chunks'],
  },
  {
    name: 'routeMap',
    does: 'the route map, redirects and `_redirects`',
    module: 'chunks/route-map.ts',
    needs: ['config', 'routes', 'chunks'],
    makes: ['map'],
    writes: true,
  },
  {
    name: 'render',
    does: 'React SSR of every route to its document',
    module: 'emit/render-html.tsx',
    needs: ['renderer', 'config', 'routes', 'chunks', 'map', 'bundle', 'extraSite', 'extraHead', 'parsed', 'widgets', 'widgetData'],
    makes: ['documents', 'facts'],
    early: { needs: ['sources'], makes: ['renderer'] },
    writes: true,
  },
  {
    name: 'laterOutputs',
    does: 'what the extra outputs made beside the render (the search packs)',
    module: 'outputs/run-outputs.ts',
    needs: ['later'],
    makes: ['laterCount'],
    releases: ['later'],
    writes: true,
  },
  {
    name: 'headers',
    does: 'Content-Security-Policy and response headers, `_headers`',
    module: 'headers/index.ts',
    needs: ['config', 'widgets', 'facts'],
    makes: ['headers'],
    writes: true,
  },
  {
    name: 'copyAssets',
    does: "content/ files and the pages' island scripts, checked against clashes",
    module: 'content/asset-path.ts',
    needs: ['assets', 'parsed', 'bundle', 'lists', 'map', 'documents'],
    makes: ['copied'],
    writes: true,
  },
  {
    name: 'write',
    does: 'the new output folder swapped in, unchanged files kept',
    module: 'emit/write-output.ts',
    needs: [],
    makes: ['written'],
  },
] as const satisfies readonly StageDescriptor[]

export type StageName = (typeof PIPELINE)[number]['name']

/** The stages in the order they run (the build's progress view lists them in this order). */
export const STAGES: readonly StageName[] = PIPELINE.map((s) => s.name)
