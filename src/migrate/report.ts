import type { CheckOutcome, BuildProblem } from './check-result.js'
import type { Finding, FindingKind } from './findings.js'
import type { StandIn } from './load-vuepress-config.js'

/** Broken anchors listed in the report; the rest are counted (check-links lists every one). */
const SHOWN_ANCHORS = 10

/** Everything a migration says: the JSON report is this object. */
export interface MigrationReport {
  source: string
  /** The output folder; for a dry run, where it would have gone. */
  out: string
  dryRun: boolean
  /** The VuePress config read, relative to the source folder. */
  config?: string
  /** Files of the result (content/… and gptnotes.config.ts). */
  files: number
  /** Files written and removed (0 for a dry run). */
  written: number
  removed: number
  findings: Finding[]
  /** Packages the config required that were not there: they got stand-ins. */
  standIns: StandIn[]
  /** Written to the config but not read by this gptnotes (a newer one reads them); left out of the build check. */
  unread: string[]
  /** What the VuePress config printed while it was read (absent when nothing). */
  printed?: string
  /** What gptnotes's build of the result said. */
  build: CheckOutcome
  /** The written config as data. */
  result: Record<string, unknown>
  ok: boolean
}

const HEADINGS: Record<FindingKind, string> = {
  mapped: 'Mapped (written to gptnotes.config.ts)',
  builtin: 'Built in now (nothing to set)',
  dropped: 'Dropped (not carried over)',
}

const where = (f: { file?: string; line?: number; column?: number }) => (f.file ? `${f.file}${f.line ? `:${f.line}${f.column ? `:${f.column}` : ''}` : ''}` : '')

function findingLine(f: Finding): string {
  const head = `  ${where(f) && where(f) !== f.from ? `${where(f)}  ` : ''}${f.from}${f.to && f.to !== f.from ? ` → ${f.to}` : ''}: ${f.reason}`
  return f.todo ? `${head}\n      to do: ${f.todo}` : head
}

const problemLine = (p: BuildProblem) => `  ${[where(p), p.code ? `[${p.code}]` : '', p.message].filter(Boolean).join('  ')}`

/** The report for a person: grouped (mapped, built in, dropped), with what to do, then the build's verdict. */
export function formatReport(r: MigrationReport): string {
  const out: string[] = [`${r.dryRun ? 'Would migrate' : 'Migrated'} ${r.source} → ${r.out}${r.config ? ` (config: ${r.config})` : ' (no config: VuePress defaults)'}`]
  out.push(r.dryRun ? `${r.files} files planned; nothing written (--dry-run).` : `${r.files} files; ${r.written} written, ${r.removed} removed. Markdown files are copied unchanged.`)
  for (const kind of ['mapped', 'builtin', 'dropped'] as const) {
    const list = r.findings.filter((f) => f.kind === kind)
    if (!list.length) continue
    out.push('', `${HEADINGS[kind]}: ${list.length}`, ...list.map(findingLine))
  }
  if (r.standIns.length) {
    out.push('', `Packages the config required that are not installed (stand-ins were used): ${r.standIns.length}`)
    out.push(...r.standIns.map((s) => `  ${where(s)}  ${s.name}${s.reason ? ` (could not load: ${s.reason})` : ''}`))
  }
  if (r.unread.length) {
    out.push('', `Written, but read only by a newer gptnotes (left out of the build check): ${r.unread.join(', ')}`)
  }
  if (r.build.warnings.length) out.push('', `Build warnings: ${r.build.warnings.length}`, ...r.build.warnings.map(problemLine))
  if (r.build.anchors.length) {
    out.push('', `Anchors the source already had broken (VuePress did not check them; the build warns, check-links reports them): ${r.build.anchors.length}`)
    out.push(...r.build.anchors.slice(0, SHOWN_ANCHORS).map(problemLine))
    if (r.build.anchors.length > SHOWN_ANCHORS) out.push(`  … and ${r.build.anchors.length - SHOWN_ANCHORS} more (npx gptnotes check-links --root ${r.out} lists them all)`)
  }
  if (r.build.problems.length) out.push('', `Build problems: ${r.build.problems.length}`, ...r.build.problems.map(problemLine))
  out.push('', r.ok ? `The result builds (${r.build.pages} page${r.build.pages === 1 ? "" : "s"}). Next: npx gptnotes serve --root ${r.out}` : 'The result does not build yet: fix the problems above (in the output folder, or in the source and migrate again).')
  return out.join('\n')
}
