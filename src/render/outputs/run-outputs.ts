import type { ClientSite, HeadTag } from '../../shared/types.js'
import type { OutputContents } from '../emit/write-output.js'
import { extraOutputs } from './index.js'
import type { OutputContext } from './types.js'

export interface ExtraOutputs {
  files: [path: string, contents: OutputContents][]
  /** Fields for the client's site data (the search index URL …). */
  site: Partial<ClientSite>
  /** Tags for every page's head (feed links …). */
  head: HeadTag[]
  /** Files still being made (see `ExtraOutput.later`). */
  later: Promise<[path: string, contents: OutputContents][]>[]
}

/** The extra outputs stage: every file made from the whole site (search index, sitemap, feeds). */
export function runExtraOutputs(ctx: OutputContext): ExtraOutputs {
  const result: ExtraOutputs = { files: [], site: {}, head: [], later: [] }
  for (const output of extraOutputs) {
    const extra = output(ctx)
    result.files.push(...extra.files)
    Object.assign(result.site, extra.site)
    result.head.push(...(extra.head ?? []))
    if (extra.later) result.later.push(extra.later)
  }
  return result
}
