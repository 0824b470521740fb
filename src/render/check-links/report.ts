/** A broken reference, where a person would fix it. */
export interface LinkProblem {
  /** Relative to the site root: `content/…md` for page content, the output HTML file for the theme. */
  file: string
  line: number
  link: string
  reason: string
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
}

export interface CheckReport {
  problems: LinkProblem[]
  summary: CheckSummary
}

export function sortProblems(problems: LinkProblem[]): LinkProblem[] {
  return problems.sort((a, b) => a.file.localeCompare(b.file, 'en') || a.line - b.line || a.link.localeCompare(b.link, 'en') || a.reason.localeCompare(b.reason, 'en'))
}

/** One line per problem (`file:line  link  reason`), then the counts. */
export function formatText({ problems, summary: s }: CheckReport): string {
  const lines = problems.map((p) => `${p.file}:${p.line}  ${p.link}  ${p.reason}`)
  if (lines.length) lines.push('')
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
