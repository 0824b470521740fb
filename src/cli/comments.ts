/**
 * `gptnotes comments …`: moving comments off LeanCloud (import, export) and moderating them
 * (list, approve, spam, delete). The work is done by the service's operator API
 * (`src/proxy/operator.ts`); this file reads and writes files, picks the store or the service,
 * and prints.
 */
import { existsSync } from 'node:fs'
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import { cacheDirOf } from '../render/cache-dir.js'
import {
  AdminApiError,
  classFromFileName,
  exportFiles,
  htmlText,
  importExportFile,
  moderateService,
  moderateStore,
  openCommentStore,
  ProxyOptionError,
  resolveProxyOptions,
  type CommentStatus,
  type CommentStore,
  type LeanCloudClass,
  type Moderator,
  type OwnerComment,
} from '../proxy/operator.js'
import { problem, type GptnotesError } from '../render/errors/index.js'
import { formatError } from './format-problem.js'

export interface StoreFlags {
  store?: string
  debug: boolean
}

export interface TargetFlags extends StoreFlags {
  /** The running service whose admin API to use instead of the store. */
  service?: string
  token?: string
}

const reasonOf = (err: unknown): string => (err instanceof Error ? err.message : String(err))

/** Exit codes (design.md §2). */
const OK = 0
const FAILED = 1
const USAGE = 2

/** Prints a problem with the CLI's one printer; returns the exit code. */
function report(err: GptnotesError, debug: boolean, code = FAILED): number {
  console.error(formatError(err, { debug }))
  return code
}

export interface ConfiguredStore {
  store: CommentStore
  /** Its address as the settings give it (`sqlite:PATH`, `postgres://…`). */
  url: string
  /** The salt of the IP hashes, as the service has it. */
  secret: string | undefined
}

/**
 * The store the service would use (`--store`, then `GPTNOTES_STORE`, then
 * `sqlite:./comments.db`), opened and migrated; undefined after printing why not.
 */
export async function openConfiguredStore(flag: string | undefined, debug: boolean, { existing = false }: { existing?: boolean } = {}): Promise<ConfiguredStore | undefined> {
  let settings
  try {
    // Only the settings this command uses: a bad unrelated GPTNOTES_* must not stop a migration.
    settings = resolveProxyOptions({ flags: { store: flag }, env: { GPTNOTES_STORE: process.env.GPTNOTES_STORE, GPTNOTES_SECRET: process.env.GPTNOTES_SECRET } })
  } catch (err) {
    if (!(err instanceof ProxyOptionError)) throw err
    report(problem('ProxySettingInvalid', { setting: err.setting, problem: err.problem }), debug)
    return undefined
  }
  if (existing) {
    const found = existingStore(settings.store, flag === undefined && !process.env.GPTNOTES_STORE)
    if ('looked' in found) {
      report(problem('CommentStoreNotFound', { looked: found.looked }), debug)
      return undefined
    }
    if (found.store !== settings.store) console.error(`store: ${found.store} (${found.whose})`)
    settings = { ...settings, store: found.store }
  }
  try {
    return { store: await openCommentStore(settings.store), url: settings.store, secret: settings.secret }
  } catch (err) {
    report((await import('./proxy-check.js')).storeProblem(err), debug)
    return undefined
  }
}

/**
 * The store a reading command uses: the one named, if it is there; with none named, the proxy's
 * default `./comments.db`, else the store `gptnotes serve` keeps for the site in this folder.
 * A read never creates a store (an empty new one would say "0 comments" of comments kept elsewhere).
 */
function existingStore(url: string, byDefault: boolean): { store: string; whose?: string } | { looked: string[] } {
  const file = (u: string) => (u.startsWith('sqlite:') ? u.slice('sqlite:'.length) : undefined)
  const candidates = byDefault ? [{ store: url, whose: "gptnotes proxy's default" }, { store: `sqlite:${relative(process.cwd(), join(cacheDirOf(process.cwd()), 'comments.db'))}`, whose: "gptnotes serve's, for the site in this folder" }] : [{ store: url }]
  for (const c of candidates) {
    const path = file(c.store)
    if (path === undefined || existsSync(resolve(path))) return c
  }
  return { looked: candidates.map((c) => file(c.store) ?? c.store) }
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
    if (className === undefined) return report(problem('CommentsFileClass', { file }), opts.debug, USAGE)
    plan.push({ file, className })
  }
  // Every file is checked before the first is imported: a typo should not leave half a migration.
  for (const { file } of plan) {
    try {
      await access(resolve(file))
    } catch (err) {
      return report(problem('CommentsFileUnreadable', { file, reason: (err as NodeJS.ErrnoException).code ?? reasonOf(err) }, undefined, { cause: err }), opts.debug)
    }
  }

  const opened = await openConfiguredStore(opts.store, opts.debug)
  if (opened === undefined) return FAILED
  const { store, secret } = opened

  let failed = false
  try {
    for (const { file, className } of plan) {
      let outcome
      try {
        outcome = await importExportFile(store, className, await readFile(resolve(file), 'utf8'), { secret })
      } catch (err) {
        failed = true
        report(problem('CommentsImportRefused', { file, reason: reasonOf(err) }, undefined, { cause: err }), opts.debug)
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
  const opened = await openConfiguredStore(opts.store, opts.debug, { existing: true })
  if (opened === undefined) return FAILED
  const { store } = opened
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
    return report(problem('CommentsExportUnwritable', { out: opts.out, reason: reasonOf(err) }, undefined, { cause: err }), opts.debug)
  }
  return OK
}

/** The store, or the service's admin API with `--service`; undefined after printing why not. */
async function openModerator(opts: TargetFlags): Promise<{ moderator?: Moderator; code: number }> {
  if (opts.service !== undefined) {
    if (opts.store !== undefined) return { code: report(problem('CommentsTargetTwice', {}), opts.debug, USAGE) }
    let url: URL | undefined
    try {
      url = new URL(opts.service)
    } catch {
      url = undefined
    }
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) return { code: report(problem('CommentsServiceUrl', { service: opts.service }), opts.debug, USAGE) }
    const token = opts.token ?? process.env.GPTNOTES_ADMIN_TOKEN
    if (!token) return { code: report(problem('CommentsNoAdminToken', {}), opts.debug, USAGE) }
    return { moderator: moderateService(opts.service, token), code: OK }
  }
  const opened = await openConfiguredStore(opts.store, opts.debug, { existing: true })
  if (opened === undefined) return { code: FAILED }
  // An approval here queues the notifications it causes (the running service sends them) when
  // the environment has the service's notification settings.
  return { moderator: moderateStore(opened.store, process.env), code: OK }
}

/** Runs `work` on the moderator, closing it after; the admin API's refusals are one line. */
async function withModerator(opts: TargetFlags, work: (m: Moderator) => Promise<number>): Promise<number> {
  const { moderator, code } = await openModerator(opts)
  if (moderator === undefined) return code
  try {
    return await work(moderator)
  } catch (err) {
    if (!(err instanceof AdminApiError)) throw err
    return report(problem('CommentServiceRefused', { reason: err.message }, undefined, { cause: err }), opts.debug)
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
      if (deleted === 0) return report(problem('CommentNotFound', { id: objectId }), opts.debug)
      console.log(`deleted ${objectId}${deleted > 1 ? ` and ${deleted - 1} ${deleted === 2 ? 'reply' : 'replies'}` : ''}`)
      return OK
    }
    const comment = await moderator.setStatus(objectId, action === 'approve' ? 'approved' : 'spam')
    if (comment === undefined) return report(problem('CommentNotFound', { id: objectId }), opts.debug)
    console.log(`${action === 'approve' ? 'approved' : 'marked as spam'}: ${describeComment(comment)}`)
    return OK
  })
}
