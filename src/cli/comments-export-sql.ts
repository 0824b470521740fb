/**
 * `gptnotes comments export --sql FILE [--store URL]`: the store as SQL for
 * `wrangler d1 execute DB --file FILE` (the operator API's `exportSql` writes it), on a D1
 * database migrated by the starter of `gptnotes proxy init --edge`.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { exportSql, type SqlExport } from '../proxy/operator.js'
import { problem } from '../render/errors/index.js'
import { openConfiguredStore } from './comments.js'
import { formatError } from './format-problem.js'

export interface ExportSqlOptions {
  sql: string
  store?: string
  debug: boolean
}

export async function commentsExportSqlCommand(opts: ExportSqlOptions): Promise<number> {
  const opened = await openConfiguredStore(opts.store, opts.debug, { existing: true })
  if (opened === undefined) return 1
  let out: SqlExport
  try {
    out = await exportSql(opened.store)
  } finally {
    await opened.store.close()
  }
  const path = resolve(opts.sql)
  try {
    await mkdir(dirname(path), { recursive: true })
    // Written aside and renamed: an earlier export is never left half-overwritten.
    await writeFile(`${path}.partial`, out.text)
    await rename(`${path}.partial`, path)
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err)
    console.error(formatError(problem('CommentsExportSqlUnwritable', { file: opts.sql, reason }, undefined, { cause: err }), { debug: opts.debug }))
    return 1
  }
  console.log(`${opts.sql}  ${out.comments} comments, ${out.counters} counters in ${out.statements} statements (next: npx wrangler d1 execute DB --remote --file ${opts.sql})`)
  return 0
}
