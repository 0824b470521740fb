import { GptnotesError } from './errors.js'
import type { ParsedPage } from './parse-page.js'

export interface ReferenceReport {
  errors: GptnotesError[]
  warnings: string[]
}

/**
 * Every internal link must reach a page (or a list route) and every image or file a page
 * refers to must exist in `content/`; reported with file:line:column and a code frame.
 * A `#hash` that matches no heading on its page is a warning.
 */
export function checkReferences(
  parsed: ParsedPage[],
  sources: Map<string, string>,
  knownRoutes: Set<string>,
  knownAssets: Set<string>,
): ReferenceReport {
  const errors: GptnotesError[] = []
  const warnings: string[] = []
  const idsByRoute = new Map(parsed.map((p) => [p.page.path, new Set(p.ids)]))
  for (const p of parsed) {
    const file = `content/${p.page.relativePath}`
    const source = sources.get(p.page.relativePath)
    for (const link of p.links) {
      if (!knownRoutes.has(link.target)) {
        errors.push(
          new GptnotesError({
            name: 'DeadLink',
            message: `link to a page that does not exist: ${decodeURI(link.target)}`,
            hint: 'Link to an existing markdown file (./other-page.md) or fix the path.',
            loc: { file, line: link.line, column: link.column },
            source,
          }),
        )
      } else if (link.hash && idsByRoute.has(link.target) && !idsByRoute.get(link.target)!.has(link.hash)) {
        warnings.push(`${file}:${link.line}:${link.column}  #${link.hash} matches no heading of ${decodeURI(link.target)}`)
      }
    }
    for (const a of p.anchors) {
      if (a.hash && !idsByRoute.get(a.target)?.has(a.hash)) warnings.push(`${file}:${a.line}:${a.column}  #${a.hash} matches no heading on this page`)
    }
    for (const asset of p.assets) {
      if (!knownAssets.has(asset.file)) {
        errors.push(
          new GptnotesError({
            name: 'MissingAsset',
            message: `file not found: content/${asset.file}`,
            hint: 'Put the file under content/ (paths are relative to the markdown file) or fix the path.',
            loc: { file, line: asset.line, column: asset.column },
            source,
          }),
        )
      }
    }
  }
  return { errors, warnings }
}
