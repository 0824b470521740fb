import { hashResolves } from '../../shared/paths.js'
import { configLocation, problem, warning, type BuildWarning, type GptnotesError } from '../errors/index.js'
import type { ParsedPage, SourceFile } from '../content/parse-page.js'
import type { RouteTable } from './routes.js'
import type { SidebarProblem } from './sidebar.js'
import type { PageLinkProblem } from './site-data.js'
import { locateFrontmatterKey } from '../content/frontmatter.js'

export type { BuildWarning }

export interface ReferenceReport {
  errors: GptnotesError[]
  warnings: BuildWarning[]
}

/**
 * The checkReferences stage. Every internal link must reach a route and every image or file a
 * page refers to must exist in `content/`, reported with file:line:column and a code frame; a
 * sidebar entry and a page's frontmatter `prev`/`next` must name a page. A `#hash` that matches
 * no heading is a warning.
 */
export function checkReferences(
  parsed: ParsedPage[],
  sources: SourceFile[],
  routes: RouteTable,
  knownAssets: ReadonlySet<string>,
  sidebarProblems: SidebarProblem[] = [],
  /** The config file as shown in errors, and its text: sidebar errors point into it. */
  configFile?: { file: string; source: string },
  /** Frontmatter `prev`/`next` that name no page (site data's `pageLinkProblems`). */
  pageLinkProblems: PageLinkProblem[] = [],
): ReferenceReport {
  const errors: GptnotesError[] = []
  const warnings: BuildWarning[] = []
  const knownRoutes = new Set(routes.routes.map((r) => r.path))
  // The files, not their text: a source left unread (`readSources`) is read only for an error's excerpt.
  const fileOf = new Map(sources.map((s) => [s.relativePath, s]))
  const sourceOf = (relativePath: string) => fileOf.get(relativePath)?.source
  const idsByRoute = new Map(parsed.map((p) => [p.page.path, new Set(p.ids)]))
  for (const p of parsed) {
    const file = `content/${p.page.relativePath}`
    const source = () => sourceOf(p.page.relativePath)
    for (const link of p.links) {
      const loc = { file, line: link.line, column: link.column }
      if (!knownRoutes.has(link.target)) {
        errors.push(problem('DeadLink', { target: link.target }, loc, { source: source() }))
      } else if (idsByRoute.has(link.target) && !hashResolves(link.hash, idsByRoute.get(link.target)!)) {
        warnings.push(warning('HashNotFound', { hash: link.hash, target: link.target }, loc))
      }
    }
    for (const a of p.anchors) {
      if (!hashResolves(a.hash, idsByRoute.get(a.target) ?? new Set())) {
        warnings.push(warning('HashNotFound', { hash: a.hash }, { file, line: a.line, column: a.column }))
      }
    }
    for (const asset of p.assets) {
      // A path from the root may name a file of public/ (served from the root, as VuePress's .vuepress/public/).
      if (!knownAssets.has(asset.file) && !(asset.fromRoot && knownAssets.has('public/' + asset.file))) {
        errors.push(problem('MissingAsset', { file: asset.file, ...(asset.fromRoot ? { fromRoot: true } : {}) }, { file, line: asset.line, column: asset.column }, { source: source() }))
      }
    }
  }
  for (const p of pageLinkProblems) {
    const source = sourceOf(p.relativePath)
    const file = `content/${p.relativePath}`
    errors.push(problem('PageLinkNotFound', { field: p.field, target: p.target }, { file, ...(source ? locateFrontmatterKey(source, p.field) : { line: 1, column: 1 }) }, { source }))
  }
  for (const p of sidebarProblems) {
    const loc = configFile && configLocation(configFile.file, configFile.source, p.path)
    errors.push(problem('SidebarInvalid', p, loc, { source: configFile?.source }))
  }
  return { errors, warnings }
}
