import { existsSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { BuildCaches } from '../../render/build-caches.js'
import { buildSite, type SiteOutput } from '../../render/build-site.js'
import { cacheDirOf } from '../../render/cache-dir.js'
import { findConfigFile } from '../../render/config/load-config.js'
import { writeOutput } from '../../render/emit/write-output.js'
import { errorProblems, type BuildFindings } from './build-findings.js'
import { checkLinks } from './check-site.js'
import { folderTree, memoryTree } from './output-tree.js'
import type { CheckReport } from './report.js'

export interface RunCheckOptions {
  /** The site folder. */
  root: string
  /**
   * A built output to check as it is (built there first when it does not exist yet). Without
   * it the current sources are built in memory and checked; no output folder is touched.
   */
  out?: string
  external?: boolean
  timeoutMs?: number
  /** Where progress goes (never the report's stream). */
  progress?: (message: string) => void
}

export interface RunCheckResult {
  report: CheckReport
  /** Errors that stopped the build or the check, for a person to read with their code frame. */
  errors: unknown[]
}

const failed = (err: unknown): RunCheckResult => {
  const problems = errorProblems(err)
  return {
    report: { problems, summary: { pages: 0, internal: 0, external: 0, externalUrls: 0, externalChecked: false, problems: problems.length, buildFailed: true } },
    errors: [err],
  }
}

/**
 * `gptnotes check-links`: build the sources with `keepGoing` (every broken reference reported,
 * none fatal), then check the built HTML as well, for what only the output has (theme links,
 * raw HTML, scripts and stylesheets). Never throws: an error that stops the build becomes the
 * report's problem.
 */
export async function runCheck(options: RunCheckOptions): Promise<RunCheckResult> {
  const { root } = options
  const progress = options.progress ?? (() => undefined)
  const cacheDir = cacheDirOf(root)
  const shown = (dir: string) => relative(root, dir).split(sep).join('/') || '.'
  const outDir = options.out ?? join(root, 'dist')
  const buildFirst = options.out !== undefined && !existsSync(options.out)
  if (buildFirst) progress(`no build at ${shown(outDir)}; building first…`)
  else if (options.out === undefined) progress('checking the sources as they are now (built in memory)…')
  else progress(`checking ${shown(outDir)} as built, and the sources' own links…`)

  let site: SiteOutput
  try {
    site = await buildSite({ root, caches: new BuildCaches(cacheDir), keepGoing: true })
  } catch (err) {
    return failed(err)
  }
  try {
    let onDisk = options.out !== undefined && !buildFirst
    if (buildFirst) {
      // A site `build` would refuse is not written: it is checked in memory instead.
      if (site.problems.length) progress(`not written to ${shown(outDir)}: the sources have broken references; checking the build in memory`)
      else {
        await writeOutput(outDir, site.files)
        progress(`built ${site.pages} pages`)
        onDisk = true
      }
    }
    const configFile = findConfigFile(root)
    const build: BuildFindings = {
      parsed: site.parsed,
      problems: site.problems,
      warnings: site.warnings,
      config: configFile ? { file: relative(root, configFile).split(sep).join('/'), source: readFileSync(configFile, 'utf8') } : undefined,
    }
    const report = await checkLinks({
      root,
      outDir,
      output: onDisk ? await folderTree(outDir) : memoryTree(site.files),
      base: site.config.base,
      build,
      external: options.external,
      externalOptions: options.timeoutMs ? { timeoutMs: options.timeoutMs } : undefined,
      cacheFile: join(cacheDir, 'links.json'),
    })
    return { report, errors: [] }
  } catch (err) {
    return failed(err)
  }
}
