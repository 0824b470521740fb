import { existsSync, statSync } from 'node:fs'
import { basename, dirname, join, relative, resolve, sep } from 'node:path'
import { raise } from '../render/errors/index.js'
import { checkResult, unreadKeys, withoutKeys } from './check-result.js'
import { emitConfig } from './emit-config.js'
import { fitToSchema } from './fit-schema.js'
import { loadVuePressConfig } from './load-vuepress-config.js'
import { mapConfig } from './map-config.js'
import type { MigrationReport } from './report.js'
import { sourceFiles } from './source-files.js'
import { VuePressPages } from './vuepress-paths.js'
import { writeOut } from './write-out.js'

export interface MigrateOptions {
  /** The VuePress source folder (the one holding `.vuepress/`). */
  source: string
  /** Default: a sibling of the source folder, `<name>-gptnotes`. */
  out?: string
  dryRun?: boolean
  /** Write into a folder that holds files no earlier migration wrote. */
  force?: boolean
  configTimeoutMs?: number
}

/** The output folder when none is given: beside the source, `docs` → `docs-gptnotes`. */
export const defaultOut = (source: string): string => join(dirname(resolve(source)), `${basename(resolve(source))}-gptnotes`)

const inside = (parent: string, child: string) => {
  const rel = relative(parent, child)
  return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !rel.startsWith(sep))
}

const HEADER = `Migrated from VuePress by \`gptnotes migrate vuepress\`. A comment above a field says where its
meaning differs from the VuePress config's; the migration's report lists everything left out.`

/**
 * `gptnotes migrate vuepress SRC`: read the VuePress config, map it, copy the content, write
 * `gptnotes.config.ts`, and build the result to see that it works. Never writes into SRC.
 */
export async function migrateVuePress(options: MigrateOptions): Promise<MigrationReport> {
  const source = resolve(options.source)
  if (!existsSync(source) || !statSync(source).isDirectory()) raise('MigrateNoSource', { source: options.source })
  const out = resolve(options.out ?? defaultOut(source))
  if (inside(source, out) || inside(out, source)) raise('MigrateOutOverlaps', { out, source })

  const loaded = await loadVuePressConfig(source, { timeoutMs: options.configTimeoutMs })
  const scanned = sourceFiles(source)
  const assets = scanned.files.filter((f) => !f.path.endsWith('.md')).map((f) => f.path.replace(/^content\/(public\/)?/, '/'))
  const mapped = mapConfig(loaded.config, new VuePressPages(scanned.pages, assets))
  const unread = unreadKeys(mapped.config)
  const refused = fitToSchema(mapped.config, unread)
  const configText = emitConfig(mapped.config, mapped.notes, HEADER)
  const planned = [...scanned.files, { path: 'gptnotes.config.ts', text: configText }]

  const written = options.dryRun ? { written: 0, removed: 0 } : writeOut(out, planned, { force: !!options.force })
  const checkedConfig = unread.length ? emitConfig(withoutKeys(mapped.config, unread), new Map(), HEADER) : configText
  const build = await checkResult({ out: options.dryRun ? undefined : out, planned, configText: checkedConfig })
  return {
    source,
    out,
    dryRun: !!options.dryRun,
    ...(loaded.file ? { config: loaded.file } : {}),
    files: planned.length,
    ...written,
    findings: [...mapped.findings, ...refused, ...scanned.findings],
    standIns: loaded.standIns,
    ...(loaded.printed ? { printed: loaded.printed } : {}),
    unread,
    build,
    result: mapped.config,
    ok: build.problems.length === 0,
  }
}
