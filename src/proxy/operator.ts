/**
 * `gptnotes/proxy/operator`: what an operator does to the comment service, as functions that
 * take plain options and return results, printing nothing: start it, check it, import from
 * LeanCloud (its REST API or its export files), export (JSON Lines, SQL for D1), moderate, send
 * a test notification. The CLI (`src/cli`) is one caller and imports nothing else of the
 * service; a deploy script can be another.
 *
 * Node-only (it opens SQLite and PostgreSQL stores, reads and writes the import's state file,
 * logs in to SMTP). What is heavy (the Node server, the database drivers, the mailer) loads when
 * a function first needs it, so `gptnotes comments list` does not load the server.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { freshState, parseState, runLeanCloudImport, scanClient, type BadRecord, type ImportState } from './migrate/leancloud-api.js'
import type { LeanCloudClass, ParseOptions } from './migrate/leancloud-export.js'
import { exportSql as sqlOf, type SqlExport } from './migrate/export-sql.js'
import { adminApiModerator, storeModerator, type Moderator } from './moderate/moderator.js'
import { webhooksOf } from './notify/channels/index.js'
import type { TestOutcome } from './notify/notifier.js'
import { storeApprovalPlanner } from './notify/plan.js'
import { resolveProxyOptions, type ProxyOptions } from './options.js'
import { secret } from './settings/parse.js'
import type { Setting } from './settings/table.js'
import type { CommentStore } from './stores/store.js'
import type { StoreCheck } from './stores/open-store.js'
import type { ProxyServer, StartProxyServerOptions } from './node.js'

export { checkNotificationRules, checkServingRules, ProxyOptionError, resolveProxyOptions, type ProxyFlags, type ProxyOptions } from './options.js'
export type { CommentStatus, CommentStore } from './stores/store.js'
export type { StoreCheck } from './stores/open-store.js'
export type { ProxyServer, StartProxyServerOptions } from './node.js'
export { AdminApiError, type Moderator, type OwnerComment } from './moderate/moderator.js'
export { htmlText } from './policy/sanitize.js'
export { exportFiles, importExportFile, type FileImport } from './migrate/import.js'
export { classFromFileName, type BadLine, type LeanCloudClass } from './migrate/leancloud-export.js'
export { apiBase, LeanCloudApiError, type BadRecord, type ImportState, type LeanCloudFailure } from './migrate/leancloud-api.js'
export type { SqlExport } from './migrate/export-sql.js'
export { SETTINGS, settingsOf, type Setting } from './settings/table.js'
export { d1MigrationFiles } from './stores/d1-migrations.js'

// ---------------------------------------------------------------------------------------------
// The service and its store

/** The comment service on Node (`gptnotes proxy`), serving until it is closed or signalled. */
export async function startCommentService(options: StartProxyServerOptions): Promise<ProxyServer> {
  const { startProxyServer } = await import('./node.js')
  return startProxyServer(options)
}

/** The store at `url` (`sqlite:PATH`, `postgres://…`), opened and migrated to the current schema. */
export async function openCommentStore(url: string): Promise<CommentStore> {
  const { openMigratedStore } = await import('./stores/open-store.js')
  return openMigratedStore(url)
}

/** What `checkService` found; it stops at the first thing that would keep the service from starting. */
export type ServiceCheck =
  | { ok: false; failed: 'store'; error: unknown }
  | { ok: false; failed: 'port'; store: StoreCheck }
  | { ok: false; failed: 'smtp'; store: StoreCheck; error: unknown }
  /** `smtp`: whether a login was tried (only with SMTP set). */
  | { ok: true; store: StoreCheck; smtp: boolean }

/**
 * `gptnotes proxy --check`: the store reached and its schema level read (nothing created or
 * migrated), the port free, the SMTP login accepted when mail is set. Sends nothing.
 */
export async function checkService(options: ProxyOptions): Promise<ServiceCheck> {
  const { checkStore } = await import('./stores/open-store.js')
  let store: StoreCheck
  try {
    store = await checkStore(options.store)
  } catch (error) {
    return { ok: false, failed: 'store', error }
  }
  if (options.port !== 0 && !(await portFree(options.host, options.port))) return { ok: false, failed: 'port', store }
  if (options.smtpUrl === undefined || options.mailFrom === undefined) return { ok: true, store, smtp: false }
  const { smtpMailer } = await import('./notify/smtp.js')
  const mailer = smtpMailer(options.smtpUrl, options.mailFrom)
  try {
    await mailer.verify()
    return { ok: true, store, smtp: true }
  } catch (error) {
    return { ok: false, failed: 'smtp', store, error }
  } finally {
    mailer.close()
  }
}

/** Whether the service could listen there now (another program, or a running service, may hold the port). */
async function portFree(host: string, port: number): Promise<boolean> {
  const { createServer } = await import('node:net')
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, host, () => server.close(() => resolve(true)))
  })
}

// ---------------------------------------------------------------------------------------------
// Import from LeanCloud's REST API

/** The state file is another app's, or not one this version wrote: it is neither used nor overwritten. */
export class ImportStateUnusable extends Error {
  constructor(
    readonly file: string,
    /** The app whose import it holds, when it is readable. */
    readonly app: string | undefined,
  ) {
    super(app === undefined ? `${file} is not an import state` : `${file} holds the import of app ${app}`)
    this.name = 'ImportStateUnusable'
  }
}

export interface LeanCloudImport {
  /** The app's REST address, checked by `apiBase`. */
  apiUrl: string
  appId: string
  masterKey: string
  /** Where records go; none for a dry run, which reads everything and counts. */
  store?: CommentStore
  /** The state file that makes a run resumable; none for a dry run. */
  statePath?: string
  /** The service's secret: exported IPs are kept as its salted hash. */
  secret?: string
  signal?: AbortSignal
  /** A run continuing where an earlier one stopped, before its first page. */
  onResume?: (state: ImportState, classes: LeanCloudClass[]) => void
  /** After each page is stored (and the state saved). */
  onPage?: (state: ImportState, className: LeanCloudClass) => void
  /** A record the service's rules refuse: skipped, the rest go on. */
  onBad?: (bad: BadRecord) => void
  onRetry?: (info: { className: LeanCloudClass; attempt: number; waitMs: number; reason: string }) => void
  /** For tests: the scan client's page size, fetch and waits. */
  scan?: { limit?: number; fetch?: typeof fetch; sleep?: (ms: number, signal?: AbortSignal) => Promise<void>; backoffMs?: (attempt: number) => number }
}

/**
 * `gptnotes comments import --from-leancloud`: both classes read to their ends, page by page,
 * from where the state file stands. Resolves with the final state (its counts, records refused
 * included); throws `LeanCloudApiError` when LeanCloud refuses or stops answering,
 * `ImportStateUnusable` for another app's state file, or the signal's reason.
 */
export async function importFromLeanCloud(opts: LeanCloudImport): Promise<ImportState> {
  let state = freshState(opts.apiUrl, opts.appId)
  if (opts.statePath !== undefined) {
    const kept = await readState(opts.statePath)
    if (kept === 'unreadable') throw new ImportStateUnusable(opts.statePath, undefined)
    if (kept !== undefined && kept.appId !== opts.appId) throw new ImportStateUnusable(opts.statePath, kept.appId)
    if (kept !== undefined) {
      state = { ...kept, apiUrl: opts.apiUrl }
      const resumed = (['Comment', 'Counter'] as const).filter((c) => !state.classes[c].done && state.classes[c].cursor !== null)
      if (resumed.length > 0) opts.onResume?.(state, resumed)
    }
  }
  const statePath = opts.statePath
  const parse: ParseOptions = { secret: opts.secret }
  return runLeanCloudImport({
    client: scanClient({ apiUrl: opts.apiUrl, appId: opts.appId, masterKey: opts.masterKey, onRetry: opts.onRetry, ...opts.scan }),
    store: opts.store,
    state,
    parse,
    saveState: statePath === undefined ? undefined : (s) => writeState(statePath, s),
    onPage: opts.onPage,
    onBad: opts.onBad,
    signal: opts.signal,
  })
}

async function readState(path: string): Promise<ImportState | undefined | 'unreadable'> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    return 'unreadable'
  }
  try {
    return parseState(JSON.parse(text)) ?? 'unreadable'
  } catch {
    return 'unreadable'
  }
}

/** Written aside and renamed, so a cut leaves the previous state whole. */
async function writeState(path: string, state: ImportState): Promise<void> {
  await mkdir(dirname(path), { recursive: true })
  await writeFile(`${path}.partial`, JSON.stringify(state, null, 2) + '\n')
  await rename(`${path}.partial`, path)
}

// ---------------------------------------------------------------------------------------------
// Export and moderation

/** `gptnotes comments export --sql`: the store as SQL for `wrangler d1 execute`. */
export async function exportSql(store: Pick<CommentStore, 'exportRecords'>): Promise<SqlExport> {
  return sqlOf(await store.exportRecords())
}

/**
 * Moderation on the store itself. An approval queues the notifications it causes (the running
 * service sends them) when `env` holds the service's notification settings; settings that do
 * not resolve leave approvals silent rather than stop moderation.
 */
export function moderateStore(store: CommentStore, env: Record<string, string | undefined> = {}): Moderator {
  let planner: ReturnType<typeof storeApprovalPlanner>
  try {
    planner = storeApprovalPlanner(store, resolveProxyOptions({ env }))
  } catch {
    planner = undefined
  }
  return storeModerator(store, undefined, planner)
}

/** Moderation through a running service's admin API (`Authorization: Bearer <token>`). */
export function moderateService(service: string, token: string): Moderator {
  return adminApiModerator({ service, token })
}

// ---------------------------------------------------------------------------------------------
// The edge starter

/** Whether a setting is a secret (`wrangler secret put`), never a plain var. */
export const isSecretSetting = (s: Setting<unknown>): boolean => s.parse === (secret as unknown) || /_SECRET$/.test(s.env ?? '')

// ---------------------------------------------------------------------------------------------
// Notifications

/** What one channel did with the test message. */
/**
 * `gptnotes comments notify-test`: one test message on each configured channel (the owner's
 * mail, each webhook), sent now rather than through the outbox, all at once, and how each went
 * (`failure` set on a channel that did not take it). Empty when no channel is configured.
 */
export async function notifyTest(options: ProxyOptions): Promise<TestOutcome[]> {
  const mail = options.smtpUrl !== undefined && options.notifyMail !== undefined
  if (!mail && webhooksOf(options).length === 0) return []
  const mailer = mail ? (await import('./notify/smtp.js')).smtpMailer(options.smtpUrl!, options.mailFrom!) : undefined
  const { sendTestMessages } = await import('./notify/notifier.js')
  try {
    return await sendTestMessages(options, { fetch, mailer })
  } finally {
    mailer?.close()
  }
}
