import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { LIST_PAGE_SIZE } from '../shared/pagination.js'
import { withBase } from '../shared/paths.js'
import type { ClientSite, RouteMap, SiteConfig } from '../shared/types.js'
import { bundleClient, type ClientBundle } from './bundle.js'
import { checkReferences } from './check-references.js'
import { loadConfig } from './config/load-config.js'
import { GptnotesError, GptnotesErrors } from './errors.js'
import { stampsCurrent } from './markdown/image-sizes.js'
import { openParseCache } from './parse-cache.js'
import { extraOutputs } from './outputs/index.js'
import { parseAll } from './parse-pool.js'
import type { ParsedPage, SourceFile } from './parse-page.js'
import { renderDocument } from './render-html.js'
import { lastUpdatedDates } from './last-updated.js'
import { buildRoutes, type Route, type RouteTable } from './routes.js'
import { assetOutputPath, scanContent } from './scan-content.js'
import { buildSiteData, type SiteData } from './site-data.js'
import type { OutputContents } from './write-output.js'

export interface StageEvent {
  stage: string
  ms: number
  count?: number
  /** For parsePage: how many of `count` were parsed now (the rest came from the caches). */
  fresh?: number
}

export interface SiteOutput {
  config: SiteConfig
  files: Map<string, OutputContents>
  routes: RouteTable
  warnings: string[]
  pages: number
}

export interface BuilderOptions {
  /** Where the client bundle is cached between builds. */
  cacheDir?: string
  onStage?: (event: StageEvent) => void
  /** Extra HTML before `</body>` of every page (the dev server's reload client). */
  bodyEnd?: string
}

const shortHash = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 8).replace(/[-_]/g, 'x')

/**
 * Runs the build stages in order. Keeps parsed pages by content, so a rebuild after an edit
 * re-parses only the files that changed (the dev server holds one builder for its lifetime).
 */
export class SiteBuilder {
  private readonly parsed = new Map<string, { source: string; page: ParsedPage }>()
  private bundle?: { key: string; value: ClientBundle }

  constructor(
    readonly root: string,
    private readonly options: BuilderOptions = {},
  ) {}

  /** Forget the client bundle (the theme changed). */
  invalidateClient(): void {
    this.bundle = undefined
  }

  async build(): Promise<SiteOutput> {
    const time = async <T>(stage: string, fn: () => Promise<T> | T, count?: (r: T) => number, fresh?: () => number): Promise<T> => {
      const start = performance.now()
      const result = await fn()
      this.options.onStage?.({ stage, ms: performance.now() - start, count: count?.(result), fresh: fresh?.() })
      return result
    }
    const { config } = await time('loadConfig', () => loadConfig(this.root))
    const contentDir = join(this.root, 'content')
    const content = await time('scanContent', () => scanContent(contentDir), (r) => r.markdown.length)
    // Synchronous reads: for thousands of small files, 5× faster than the promise API here.
    const sources = new Map(content.markdown.map((f) => [f, readFileSync(join(contentDir, f), 'utf8')]))
    const parsed = await time(
      'parsePage',
      () => this.parsePages(content.markdown, sources, config.base, contentDir),
      (r) => r.length,
      () => this.freshlyParsed,
    )
    const site = await time('siteData', () => buildSiteData(config, parsed))
    const updated = lastUpdatedDates(contentDir, content.markdown)
    const routes = await time('routes', () => buildRoutes(site, parsed, updated), (r) => r.routes.length)

    const known = new Set(routes.routes.map((r) => r.path))
    const report = checkReferences(parsed, sources, known, new Set(content.assets))
    const problems = [...report.errors, ...sidebarErrors(site)]
    if (problems.length) throw problems.length === 1 ? problems[0] : new GptnotesErrors(problems)

    const bundle = await time('bundle', () => this.clientBundle())
    const files = await time('render', () => this.render(site, parsed, routes, bundle), (f) => f.size)
    for (const asset of content.assets) files.set(assetOutputPath(asset), { copyFrom: join(contentDir, asset) })
    return { config, files, routes, warnings: report.warnings, pages: parsed.length }
  }

  private async parsePages(paths: string[], sources: Map<string, string>, base: string, contentDir: string): Promise<ParsedPage[]> {
    if (this.parsedBase !== base) this.parsed.clear()
    this.parsedBase = base
    const disk = this.options.cacheDir ? openParseCache(this.options.cacheDir, base) : undefined
    const stale: SourceFile[] = []
    for (const relativePath of paths) {
      const source = sources.get(relativePath)!
      const hit = this.parsed.get(relativePath)
      if (hit && hit.source === source && stampsCurrent(hit.page.imageStamps)) continue
      const cached = disk?.get(relativePath, source)
      if (cached && stampsCurrent(cached.imageStamps)) this.parsed.set(relativePath, { source, page: cached })
      else stale.push({ relativePath, source })
    }
    const fresh = await parseAll(stale, { base, contentDir })
    this.freshlyParsed = stale.length
    fresh.forEach((page, i) => {
      this.parsed.set(stale[i].relativePath, { source: stale[i].source, page })
      disk?.set(stale[i].relativePath, stale[i].source, page)
    })
    for (const key of this.parsed.keys()) if (!sources.has(key)) this.parsed.delete(key)
    disk?.save(new Set(paths))
    return paths.map((p) => this.parsed.get(p)!.page)
  }

  private parsedBase?: string
  private freshlyParsed = 0

  private async clientBundle(): Promise<ClientBundle> {
    if (!this.bundle) this.bundle = { key: '', value: await bundleClient({ cacheDir: this.options.cacheDir }) }
    return this.bundle.value
  }

  private render(site: SiteData, parsed: ParsedPage[], table: RouteTable, bundle: ClientBundle): Map<string, OutputContents> {
    const { config } = site
    const files = new Map<string, OutputContents>()
    let extraSite: Partial<ClientSite> = {}
    const head = [...config.head]
    for (const output of extraOutputs) {
      const extra = output({ config, site, parsed, routes: table, hash: shortHash })
      for (const [path, contents] of extra.files) files.set(path, contents)
      extraSite = { ...extraSite, ...extra.site }
      head.push(...(extra.head ?? []))
    }
    for (const f of bundle.files) files.set(f.path, f.contents)
    // Long lists: the first page stays in the route's data, the whole list goes to its own chunk.
    for (const route of table.routes) {
      const posts = route.data.posts
      if (!posts || route.data.kind === 'timeline' || posts.length <= LIST_PAGE_SIZE) continue
      const code = `export default JSON.parse(${JSON.stringify(JSON.stringify(posts))})\n`
      const file = `assets/js/list_${route.chunkName}.${shortHash(code)}.js`
      files.set(file, code)
      route.data = { ...route.data, posts: posts.slice(0, LIST_PAGE_SIZE), postCount: posts.length, listUrl: withBase(config.base, '/' + file) }
    }
    const chunkUrl = new Map<Route, string>()
    for (const route of [...table.routes, table.notFound]) {
      const code = `export default JSON.parse(${JSON.stringify(JSON.stringify(route.data))})\n`
      const file = `assets/js/${route.chunkName}.${shortHash(code)}.js`
      files.set(file, code)
      chunkUrl.set(route, withBase(config.base, '/' + file))
    }
    const map: RouteMap = { routes: {}, redirects: {} }
    for (const route of table.routes) map.routes[withBase(config.base, route.path)] = chunkUrl.get(route)!
    map.routes['404'] = chunkUrl.get(table.notFound)!
    for (const [from, to] of Object.entries(table.redirects)) map.redirects[withBase(config.base, from)] = withBase(config.base, to)
    const mapCode = `export default JSON.parse(${JSON.stringify(JSON.stringify(map))})\n`
    const mapFile = `assets/js/routes.${shortHash(mapCode)}.js`
    files.set(mapFile, mapCode)

    const clientSite: ClientSite = {
      title: config.title,
      description: config.description,
      base: config.base,
      nav: config.themeConfig.nav,
      smoothScroll: config.themeConfig.smoothScroll,
      lastUpdated: config.themeConfig.lastUpdated,
      routesUrl: withBase(config.base, '/' + mapFile),
      author: config.themeConfig.author || undefined,
      ...extraSite,
    }
    const ctx = { config: { ...config, head }, site: clientSite, bundle, bodyEnd: this.options.bodyEnd }
    for (const route of table.routes) files.set(route.file, renderDocument(route, ctx))
    files.set('404.html', renderDocument(table.notFound, ctx))
    files.set('_redirects', Object.entries(map.redirects).map(([from, to]) => `${from} ${to} 301!`).join('\n') + '\n')
    return files
  }
}

function sidebarErrors(site: SiteData): GptnotesError[] {
  return site.sidebarProblems.map(
    (p) =>
      new GptnotesError({
        name: 'SidebarInvalid',
        message: `${p.path}: ${p.message}`,
        hint: p.message.startsWith('no matching page')
          ? 'Sidebar paths are routes like "/handbook/page.html" (or "/handbook/page"); check the file exists under content/.'
          : 'Flatten the sidebar: groups may nest at most 3 levels deep.',
      }),
  )
}
