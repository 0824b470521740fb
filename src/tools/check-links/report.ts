/** A broken reference, where a person would fix it. */
export interface LinkProblem {
  /**
   * Relative to the site root: `content/…md` for page content, the output HTML file for the
   * theme, the config file for its own entries; empty when the error names no file.
   */
  file: string
  /** 1-based; 0 when unknown. */
  line: number
  /** 1-based, where the markdown tree knows it (links written in markdown, build errors). */
  column?: number
  /** The URL as the page has it; empty for an error that is not about one link. */
  link: string
  reason: string
  /** The name of an error that stopped the build (`FrontmatterInvalid`): nothing else was checked. */
  code?: string
}

export interface CheckSummary {
  /** HTML documents read. */
  pages: number
  /** Internal references (links, anchors, images, scripts, stylesheets) checked. */
  internal: number
  /** External references found, and the distinct URLs among them. */
  external: number
  externalUrls: number
  externalChecked: boolean
  problems: number
  /** The build stopped on an error that is not a broken reference, so no link was checked. */
  buildFailed: boolean
}

export interface CheckReport {
  problems: LinkProblem[]
  summary: CheckSummary
}

export function sortProblems(problems: LinkProblem[]): LinkProblem[] {
  return problems.sort(
    (a, b) =>
      a.file.localeCompare(b.file, 'en') ||
      a.line - b.line ||
      (a.column ?? 0) - (b.column ?? 0) ||
      a.link.localeCompare(b.link, 'en') ||
      a.reason.localeCompare(b.reason, 'en'),
  )
}

/** `file:line:column` (as much of it as is known), the form editors and terminals link. */
export function whereOf(p: LinkProblem): string {
  if (!p.file) return ''
  if (!p.line) return p.file
  return `${p.file}:${p.line}${p.column ? `:${p.column}` : ''}`
}

/** One line per problem (`file:line[:column]  link  reason`), then the counts. */
export function formatText({ problems, summary: s }: CheckReport): string {
  const lines = problems.map((p) => [whereOf(p), p.link, p.code ? `[${p.code}] ${p.reason}` : p.reason].filter(Boolean).join('  '))
  if (lines.length) lines.push('')
  if (s.buildFailed) {
    lines.push(`the build stopped on ${s.problems === 1 ? 'an error' : `${s.problems} errors`}; fix ${s.problems === 1 ? 'it' : 'them'} to check the links`)
    return lines.join('\n')
  }
  const external = s.externalChecked
    ? ` and ${s.externalUrls} external URL${s.externalUrls === 1 ? '' : 's'}`
    : s.external
      ? ` (${s.external} external link${s.external === 1 ? '' : 's'} not checked; add --external)`
      : ''
  const found = s.problems ? `${s.problems} broken link${s.problems === 1 ? '' : 's'}` : 'no broken links'
  lines.push(`checked ${s.internal} internal reference${s.internal === 1 ? '' : 's'}${external} on ${s.pages} page${s.pages === 1 ? '' : 's'}: ${found}`)
  return lines.join('\n')
}

export function formatJson(report: CheckReport): string {
  return JSON.stringify(report, null, 2)
}
