import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { BuildCaches } from '../render/build-caches.js'
import { buildSite } from '../render/build-site.js'
import { cacheDirOf } from '../render/cache-dir.js'
import { checkLinks } from '../tools/check-links/check-site.js'
import { errorProblems } from '../tools/check-links/build-findings.js'
import { memoryTree } from '../tools/check-links/output-tree.js'
import type { LinkProblem } from '../tools/check-links/report.js'
import { siteConfigSchema } from '../shared/site-config.js'
import type { Schema } from '../shared/config-schema.js'
import { isObject } from './values.js'
import type { PlannedFile } from './source-files.js'
import { writeAll } from './write-out.js'

/** One thing gptnotes's build said about the result. */
export interface BuildProblem {
  code?: string
  message: string
  file?: string
  line?: number
  column?: number
}

export interface CheckOutcome {
  /** Errors: the result does not build. */
  problems: BuildProblem[]
  warnings: BuildProblem[]
  /**
   * `#hash` links of the pages that reach no element: VuePress never checked them, so a source
   * often has some. `gptnotes build` warns of them and `check-links` reports them; the result
   * builds all the same, so they are told apart from the problems.
   */
  anchors: BuildProblem[]
  pages: number
}

const shapeOf = (schema: Schema<unknown> | undefined) => schema?.shape

/**
 * Config key paths this gptnotes does not read (its schema has no such field): settings of a
 * newer gptnotes that the migration writes all the same. Only the top level and themeConfig are
 * looked at: the migration writes nothing deeper that the schema could lack.
 */
export function unreadKeys(config: Record<string, unknown>): string[] {
  const top = shapeOf(siteConfigSchema)!
  const theme = shapeOf(top.themeConfig as Schema<unknown>)!
  const out = Object.keys(config).filter((k) => !(k in top))
  if (isObject(config.themeConfig)) out.push(...Object.keys(config.themeConfig).filter((k) => !(k in theme)).map((k) => `themeConfig.${k}`))
  return out
}

/** The config without the key paths `unreadKeys` named. */
export function withoutKeys(config: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...config, ...(isObject(config.themeConfig) ? { themeConfig: { ...config.themeConfig } } : {}) }
  for (const key of keys) {
    const [first, second] = key.split('.')
    if (second === undefined) delete copy[first]
    else delete (copy[first] as Record<string, unknown>)[second]
  }
  return copy
}

const toProblem = (p: LinkProblem): BuildProblem => ({
  ...(p.code ? { code: p.code } : {}),
  message: p.link ? `${p.link}: ${p.reason}` : p.reason,
  ...(p.file ? { file: p.file } : {}),
  ...(p.line ? { line: p.line } : {}),
  ...(p.column ? { column: p.column } : {}),
})

/**
 * A broken link of the theme (the nav, a head tag) is on every built page: told once, with the
 * count of the other pages.
 */
function onePerLink(problems: LinkProblem[]): LinkProblem[] {
  const seen = new Map<string, { problem: LinkProblem; more: number }>()
  const out: LinkProblem[] = []
  for (const p of problems) {
    const key = `${p.link}\u0000${p.reason}`
    const first = p.file.startsWith('dist/') && p.link ? seen.get(key) : undefined
    if (first) first.more++
    else {
      const entry = { problem: { ...p }, more: 0 }
      if (p.file.startsWith('dist/') && p.link) seen.set(key, entry)
      out.push(entry.problem)
    }
  }
  for (const { problem, more } of seen.values()) if (more) problem.reason += ` (and on ${more} other page${more === 1 ? '' : 's'})`
  return out
}

/**
 * gptnotes's own build of the result, in memory, in a folder of its own (the written content, or
 * for a dry run the planned files, and `configText`), checked as `gptnotes check-links` checks it:
 * every broken reference of the pages and of the built HTML (nav links, head tags), not only the
 * first.
 */
export async function checkResult({ out, planned, configText }: { out?: string; planned: PlannedFile[]; configText: string }): Promise<CheckOutcome> {
  const root = mkdtempSync(join(tmpdir(), 'gptnotes-migrate-check-'))
  try {
    if (out) symlinkSync(join(out, 'content'), join(root, 'content'), 'dir')
    else writeAll(root, planned.filter((f) => f.path.startsWith('content/')))
    writeFileSync(join(root, 'gptnotes.config.ts'), configText)
    try {
      const site = await buildSite({ root, caches: new BuildCaches(cacheDirOf(root)), keepGoing: true })
      const links = await checkLinks({
        root,
        outDir: join(root, 'dist'),
        output: memoryTree(site.files),
        base: site.config.base,
        build: { parsed: site.parsed, problems: site.problems, warnings: site.warnings, config: { file: 'gptnotes.config.ts', source: configText } },
      })
      const all = onePerLink(links.problems)
      const isAnchor = (p: LinkProblem) => !p.code && p.reason.startsWith('no element with id ')
      return {
        problems: all.filter((p) => !isAnchor(p)).map(toProblem),
        anchors: all.filter(isAnchor).map(toProblem),
        warnings: site.warnings.map((w) => ({ code: w.code, message: w.message, ...(w.loc ? { file: w.loc.file, line: w.loc.line, column: w.loc.column } : {}) })),
        pages: site.pages,
      }
    } catch (err) {
      return { problems: errorProblems(err).map(toProblem), warnings: [], anchors: [], pages: 0 }
    }
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}
