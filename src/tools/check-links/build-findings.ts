import { GptnotesError, GptnotesErrors, type BuildWarning } from '../../render/errors/index.js'
import type { ParsedPage } from '../../render/content/parse-page.js'
import { assetOutputPath } from '../../render/content/scan-content.js'
import { outputFileOf, withBase } from '../../shared/paths.js'
import type { LinkProblem } from './report.js'

/** What a `keepGoing` build of the sources found, and its parsed pages to place links with. */
export interface BuildFindings {
  parsed: ParsedPage[]
  /** Broken references (dead links, missing files, bad sidebar entries). */
  problems: GptnotesError[]
  warnings: BuildWarning[]
  /** The config file, relative to the site root, and its text: where sidebar entries are written. */
  config?: { file: string; source: string }
}

/** A reference written in markdown, at the place the parsed tree saw it. */
export interface TreeRef {
  /** The output file and decoded hash it lands on (`guide/a b.html#附图`), as `referenceKey` spells it. */
  key: string
  /** The URL as the build renders it. */
  link: string
  line: number
  column: number
}

export const referenceKey = (outputFile: string, hash: string): string => `${outputFile}#${hash}`

const encodeHash = (hash: string) => (hash ? '#' + encodeURI(hash) : '')

/** Every link, anchor and file reference of a page's markdown, in document order. */
export function treeRefs(page: ParsedPage, base: string): TreeRef[] {
  const self = outputFileOf(page.page.path)
  const refs: TreeRef[] = [
    ...page.links.map((l) => ({ key: referenceKey(outputFileOf(l.target), l.hash), link: withBase(base, l.target) + encodeHash(l.hash), line: l.line, column: l.column })),
    ...page.anchors.map((a) => ({ key: referenceKey(self, a.hash), link: encodeHash(a.hash), line: a.line, column: a.column })),
    ...page.assets.map((a) => ({ key: referenceKey(assetOutputPath(a.file), ''), link: withBase(base, '/' + encodeURI(a.file)), line: a.line, column: a.column })),
  ]
  return refs.sort((a, b) => a.line - b.line || a.column - b.column)
}

/** The build's reference problems and `HashNotFound` warnings as check-links problems, at their exact place. */
export function buildProblems(findings: BuildFindings, base: string): LinkProblem[] {
  const byFile = new Map(findings.parsed.map((p) => [`content/${p.page.relativePath}`, p]))
  const linkAt = (file: string, line: number, column: number): string => {
    const page = byFile.get(file)
    return (page && treeRefs(page, base).find((r) => r.line === line && r.column === column)?.link) ?? ''
  }
  const out: LinkProblem[] = []
  for (const e of findings.problems) {
    if (e.loc) out.push({ file: e.loc.file, line: e.loc.line, column: e.loc.column, link: linkAt(e.loc.file, e.loc.line, e.loc.column) || sidebarLink(e.message), reason: e.message })
    else out.push(configProblem(e, findings.config))
  }
  for (const w of findings.warnings) {
    if (w.code !== 'HashNotFound' || !w.loc) continue
    out.push({ file: w.loc.file, line: w.loc.line, column: w.loc.column, link: linkAt(w.loc.file, w.loc.line, w.loc.column), reason: w.message })
  }
  return out
}

const sidebarLink = (message: string): string => /no matching page for "(.*)"$/.exec(message)?.[1] ?? ''

/** A sidebar entry naming no page: placed at the line of the config file that spells the path. */
function configProblem(e: GptnotesError, config: BuildFindings['config']): LinkProblem {
  const link = sidebarLink(e.message)
  if (!config) return { file: '', line: 0, link, reason: e.message }
  const lines = config.source.split(/\r?\n/)
  const spelled = link ? [`'${link}'`, `"${link}"`, `\`${link}\``] : []
  const i = lines.findIndex((l) => spelled.some((s) => l.includes(s)))
  if (i < 0) return { file: config.file, line: 0, link, reason: e.message }
  const column = Math.min(...spelled.map((s) => lines[i].indexOf(s)).filter((c) => c >= 0)) + 1
  return { file: config.file, line: i + 1, column, link, reason: e.message }
}

/** An error that stopped the build, as problems: its file:line:column and its name. */
export function errorProblems(err: unknown): LinkProblem[] {
  const list = err instanceof GptnotesErrors ? err.errors : [err]
  return list.map((e) => {
    if (e instanceof GptnotesError) {
      return { file: e.loc?.file ?? '', line: e.loc?.line ?? 0, ...(e.loc ? { column: e.loc.column } : {}), link: '', reason: e.message, code: e.name }
    }
    const error = e instanceof Error ? e : new Error(String(e))
    return { file: '', line: 0, link: '', reason: error.message, code: error.name || 'Error' }
  })
}
