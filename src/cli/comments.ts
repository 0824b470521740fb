/**
 * `gptnotes comments …`: moving comments off LeanCloud (import, export) and moderating them
 * (list, approve, spam, delete). The work is done in `src/proxy` (migrate/, moderate/); this
 * file reads and writes files, picks the store or the service, and prints.
 */
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { exportFiles, importExportFile } from '../proxy/migrate/import.js'
import { classFromFileName, type LeanCloudClass } from '../proxy/migrate/leancloud-export.js'
import { adminApiModerator, AdminApiError, storeModerator, type Moderator, type OwnerComment } from '../proxy/moderate/moderator.js'
import { ProxyOptionError, resolveProxyOptions } from '../proxy/options.js'
import { htmlText } from '../proxy/policy/sanitize.js'
import type { CommentStatus, CommentStore } from '../proxy/stores/store.js'

export interface StoreFlags {
  store?: string
  debug: boolean
}

export interface TargetFlags extends StoreFlags {
  /** The running service whose admin API to use instead of the store. */
  service?: string
  token?: string
}

const describe = (err: unknown, debug: boolean): string => (debug && err instanceof Error && err.stack ? err.stack : err instanceof Error ? err.message : String(err))

/** Exit codes (design.md §2). */
const OK = 0
const FAILED = 1
const USAGE = 2

/** The store the service would use: `--store`, then `GPTNOTES_STORE`, then `sqlite:./comments.db`. */
export function storeSettings(store: string | undefined): { store: string; secret: string | undefined } {
  // Only the settings this command uses: a bad unrelated GPTNOTES_* must not stop a migration.
  const options = resolveProxyOptions({ flags: { store }, env: { GPTNOTES_STORE: process.env.GPTNOTES_STORE, GPTNOTES_SECRET: process.env.GPTNOTES_SECRET } })
  return { store: options.store, secret: options.secret }
}

export async function openConfiguredStore(url: string, debug: boolean): Promise<CommentStore | undefined> {
  const { openStore } = await import('../proxy/stores/open-store.js')
  let store: CommentStore | undefined
  try {
    store = await openStore(url)
    await store.migrate()
    return store
  } catch (err) {
    await store?.close().catch(() => undefined)
    console.error(`error --store: the comment store could not be opened: ${describe(err, debug)}`)
    return undefined
  }
}

export interface ImportOptions extends StoreFlags {
  files: string[]
  className?: LeanCloudClass
}

/** `gptnotes comments import FILE…`: each file in one transaction; bad lines listed and skipped. */
export async function commentsImportCommand(opts: ImportOptions): Promise<number> {
  const plan: { file: string; className: LeanCloudClass }[] = []
  for (const file of opts.files) {
    const className = opts.className ?? classFromFileName(file)
    if (className === undefined) {
      console.error(`error ${file}: cannot tell which class it holds; name it Comment*.jsonl or Counter*.jsonl, or pass --class Comment|Counter`)
      return USAGE
    }
    plan.push({ file, className })
  }
  // Every file is checked before the first is imported: a typo should not leave half a migration.
  for (const { file } of plan) {
    try {
      await access(resolve(file))
    } catch (err) {
      console.error(`error ${file}: cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); nothing imported`)
      return FAILED
    }
  }

  let settings: ReturnType<typeof storeSettings>
  try {
    settings = storeSettings(opts.store)
  } catch (err) {
    if (!(err instanceof ProxyOptionError)) throw err
    console.error(`error ${err.message}`)
    return FAILED
  }
  const store = await openConfiguredStore(settings.store, opts.debug)
  if (store === undefined) return FAILED

  let failed = false
  try {
    for (const { file, className } of plan) {
      let outcome
      try {
        outcome = await importExportFile(store, className, await readFile(resolve(file), 'utf8'), { secret: settings.secret })
      } catch (err) {
        failed = true
        console.error(`error ${file}: nothing imported from this file (the store refused it): ${describe(err, opts.debug)}`)
        continue
      }
      const { result, bad } = outcome
      const noun = className === 'Comment' ? 'comments' : 'counters'
      console.log(`${file}  ${className}: ${result.added} ${noun} imported, ${result.skipped} already there${bad.length > 0 ? `, ${bad.length} bad ${bad.length === 1 ? 'line' : 'lines'} skipped` : ''}`)
      for (const { line, reason } of bad) console.error(`${file}:${line}  ${reason}`)
      if (bad.length > 0) failed = true
    }
  } finally {
    await store.close()
  }
  return failed ? FAILED : OK
}

export interface ExportOptions extends StoreFlags {
  out: string
}

/** `gptnotes comments export`: `Comment.jsonl` and `Counter.jsonl` in `--out`, each replaced whole. */
export async function commentsExportCommand(opts: ExportOptions): Promise<number> {
  let settings: ReturnType<typeof storeSettings>
  try {
    settings = storeSettings(opts.store)
  } catch (err) {
    if (!(err instanceof ProxyOptionError)) throw err
    console.error(`error ${err.message}`)
    return FAILED
  }
  const store = await openConfiguredStore(settings.store, opts.debug)
  if (store === undefined) return FAILED
  let files: Awaited<ReturnType<typeof exportFiles>>
  try {
    files = await exportFiles(store)
  } finally {
    await store.close()
  }
  const dir = resolve(opts.out)
  try {
    await mkdir(dir, { recursive: true })
    for (const className of ['Comment', 'Counter'] as const) {
      const path = join(dir, `${className}.jsonl`)
      // Written aside and renamed: an earlier export is never left half-overwritten.
      await writeFile(`${path}.partial`, files[className].text)
      await rename(`${path}.partial`, path)
      console.log(`${join(opts.out, `${className}.jsonl`)}  ${files[className].count} ${className === 'Comment' ? 'comments' : 'counters'}`)
    }
  } catch (err) {
    console.error(`error --out: cannot write the export to ${opts.out}: ${describe(err, opts.debug)}`)
    return FAILED
  }
  return OK
}

/** The store, or the service's admin API with `--service`; undefined after printing why not. */
async function openModerator(opts: TargetFlags): Promise<{ moderator?: Moderator; code: number }> {
  if (opts.service !== undefined) {
    if (opts.store !== undefined) {
      console.error('error --store and --service: give one (the store directly, or a running service)')
      return { code: USAGE }
    }
    let url: URL | undefined
    try {
      url = new URL(opts.service)
    } catch {
      url = undefined
    }
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      console.error(`error --service must be the service's http(s) address, e.g. https://comments.example.com, got "${opts.service}"`)
      return { code: USAGE }
    }
    const token = opts.token ?? process.env.GPTNOTES_ADMIN_TOKEN
    if (!token) {
      console.error('error --service needs the admin token: set GPTNOTES_ADMIN_TOKEN (or pass --token)')
      return { code: USAGE }
    }
    return { moderator: adminApiModerator({ service: opts.service, token }), code: OK }
  }
  let settings: ReturnType<typeof storeSettings>
  try {
    settings = storeSettings(opts.store)
  } catch (err) {
    if (!(err instanceof ProxyOptionError)) throw err
    console.error(`error ${err.message}`)
    return { code: FAILED }
  }
  const store = await openConfiguredStore(settings.store, opts.debug)
  return store === undefined ? { code: FAILED } : { moderator: storeModerator(store), code: OK }
}

/** Runs `work` on the moderator, closing it after; the admin API's refusals are one line. */
async function withModerator(opts: TargetFlags, work: (m: Moderator) => Promise<number>): Promise<number> {
  const { moderator, code } = await openModerator(opts)
  if (moderator === undefined) return code
  try {
    return await work(moderator)
  } catch (err) {
    if (!(err instanceof AdminApiError)) throw err
    console.error(`error ${err.message}`)
    return FAILED
  } finally {
    await moderator.close()
  }
}

const oneLine = (s: string, max: number): string => {
  const flat = s.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

function describeComment(c: OwnerComment): string {
  const who = `${c.nick}${c.mail ? ` <${c.mail}>` : ''}${c.link ? ` ${c.link}` : ''}`
  const thread = c.pid ? `  reply to ${c.pid}` : ''
  return `${c.objectId}  ${c.status.padEnd(8)}  ${c.createdAt}  ${c.url}${thread}\n    ${who}\n    ${oneLine(htmlText(c.comment), 160)}`
}

export interface ListOptions extends TargetFlags {
  status?: CommentStatus
  url?: string
  page: number
  json: boolean
}

/** `gptnotes comments list`: a page of comments, newest first, with e-mail (the owner's view). */
export async function commentsListCommand(opts: ListOptions): Promise<number> {
  return withModerator(opts, async (moderator) => {
    const page = await moderator.list({ status: opts.status, url: opts.url, page: opts.page })
    if (opts.json) {
      console.log(JSON.stringify(page, null, 2))
      return OK
    }
    const pages = Math.max(1, Math.ceil(page.count / page.pageSize))
    const what = `${page.count} ${page.count === 1 ? 'comment' : 'comments'}${opts.status ? ` ${opts.status}` : ''}${opts.url ? ` on ${opts.url}` : ''}`
    for (const c of page.results) console.log(describeComment(c))
    console.log(`${page.results.length > 0 ? '\n' : ''}${what}; page ${page.page} of ${pages}`)
    return OK
  })
}

export type ModerationAction = 'approve' | 'spam' | 'delete'

/** `gptnotes comments approve|spam|delete ID`. Exit 1 when there is no such comment. */
export async function commentsModerateCommand(action: ModerationAction, objectId: string, opts: TargetFlags): Promise<number> {
  return withModerator(opts, async (moderator) => {
    if (action === 'delete') {
      const deleted = await moderator.delete(objectId)
      if (deleted === 0) {
        console.error(`error no comment ${objectId}`)
        return FAILED
      }
      console.log(`deleted ${objectId}${deleted > 1 ? ` and ${deleted - 1} ${deleted === 2 ? 'reply' : 'replies'}` : ''}`)
      return OK
    }
    const comment = await moderator.setStatus(objectId, action === 'approve' ? 'approved' : 'spam')
    if (comment === undefined) {
      console.error(`error no comment ${objectId}`)
      return FAILED
    }
    console.log(`${action === 'approve' ? 'approved' : 'marked as spam'}: ${describeComment(comment)}`)
    return OK
  })
}
