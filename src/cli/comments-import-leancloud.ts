/**
 * `gptnotes comments import --from-leancloud API_URL --app-id ID [--store URL] [--state FILE]
 * [--dry-run]`: the terminal's side of the LeanCloud API import (the operator API's
 * `importFromLeanCloud` reads, writes and keeps the state file): the master key from the
 * environment or a hidden prompt, where the state file is, Ctrl-C, the progress line, the
 * records refused, and the exit code.
 */
import { resolve } from 'node:path'
import { apiBase, importFromLeanCloud, ImportStateUnusable, LeanCloudApiError, type ImportState, type LeanCloudClass, type LeanCloudFailure } from '../proxy/operator.js'
import { problem, type ErrorCode } from '../render/errors/index.js'
import { openConfiguredStore, type ConfiguredStore } from './comments.js'
import { formatError } from './format-problem.js'

export interface LeanCloudImportOptions {
  apiUrl: string
  appId: string
  store?: string
  state?: string
  dryRun: boolean
  debug: boolean
}

const OK = 0
const FAILED = 1
const USAGE = 2

const CODES: Record<LeanCloudFailure, ErrorCode> = {
  unauthorized: 'LeanCloudUnauthorized',
  region: 'LeanCloudRegionRefused',
  quota: 'LeanCloudQuotaExceeded',
  unavailable: 'LeanCloudUnavailable',
  refused: 'LeanCloudRefused',
}

const NOUN: Record<LeanCloudClass, string> = { Comment: 'comments', Counter: 'counters' }
const n = (x: number): string => x.toLocaleString('en-US')

/** The key typed with nothing shown; undefined on Ctrl-C or Ctrl-D. */
function askHidden(question: string): Promise<string | undefined> {
  const input = process.stdin
  // No echo before the question shows: a key typed ahead must not appear either.
  input.setRawMode(true)
  process.stderr.write(question)
  input.resume()
  input.setEncoding('utf8')
  let typed = ''
  return new Promise((done) => {
    const finish = (value: string | undefined) => {
      input.off('data', onData)
      input.setRawMode(false)
      input.pause()
      process.stderr.write('\n')
      done(value)
    }
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') return finish(typed)
        if (ch === '\u0003' || ch === '\u0004') return finish(undefined)
        if (ch === '\u007f' || ch === '\b') typed = typed.slice(0, -1)
        else if (ch >= ' ') typed += ch
      }
    }
    input.on('data', onData)
  })
}

/** The key, or why there is none: no terminal to ask in, or the question left unanswered. */
async function masterKey(): Promise<string | 'none' | 'cancelled'> {
  const fromEnv = process.env.LEANCLOUD_MASTER_KEY?.trim()
  if (fromEnv) return fromEnv
  if (!process.stdin.isTTY || !process.stderr.isTTY) return 'none'
  return (await askHidden('LeanCloud master key (not shown): '))?.trim() || 'cancelled'
}

/** The state file beside an SQLite store, else in the current folder. */
function defaultStatePath(store: string): string {
  return store.startsWith('sqlite:') ? `${resolve(store.slice('sqlite:'.length))}.leancloud-import.json` : resolve('leancloud-import.json')
}

function summary(state: ImportState, className: LeanCloudClass, dryRun: boolean): string {
  const c = state.classes[className]
  const done = dryRun ? `${n(c.added)} would be imported` : `${n(c.added)} ${NOUN[className]} imported, ${n(c.skipped)} already there`
  return `${className}: ${n(c.read)} read, ${done}${c.bad > 0 ? `, ${n(c.bad)} bad skipped` : ''}`
}

/**
 * `comments import --from-leancloud`: exit 0 when both classes are in (records the rules refuse
 * listed and skipped), 1 with the reason otherwise.
 */
export async function commentsImportLeanCloudCommand(opts: LeanCloudImportOptions): Promise<number> {
  const base = apiBase(opts.apiUrl)
  if (typeof base === 'string') {
    console.error(`error --from-leancloud ${base}`)
    return USAGE
  }
  if (!/^[A-Za-z0-9-]{8,64}$/.test(opts.appId)) {
    console.error(`error --app-id must be the app's App ID from the console (letters, digits and -), got "${opts.appId}"`)
    return USAGE
  }
  const key = await masterKey()
  if (key === 'cancelled') {
    console.error('error no master key given; nothing read')
    return FAILED
  }
  if (key === 'none') {
    console.error(formatError(problem('LeanCloudNoMasterKey', {}), { debug: opts.debug }))
    return FAILED
  }

  // A dry run reads from the start and keeps nothing: no store opened, no state written.
  let opened: ConfiguredStore | undefined
  if (!opts.dryRun) {
    opened = await openConfiguredStore(opts.store, opts.debug)
    if (opened === undefined) return FAILED
  }
  const store = opened?.store
  const statePath = opened === undefined ? undefined : resolve(opts.state ?? defaultStatePath(opened.url))

  const live = process.stdout.isTTY === true
  let shown = false
  const line = (text: string) => {
    if (live) {
      process.stdout.write(`\r\u001b[2K${text}`)
      shown = true
    } else console.log(text)
  }
  const endLine = () => {
    if (shown) process.stdout.write('\n')
    shown = false
  }
  const progress = (s: ImportState, className: LeanCloudClass) =>
    line(live ? (['Comment', 'Counter'] as const).map((c) => summary(s, c, opts.dryRun)).join(' · ') : summary(s, className, opts.dryRun))

  const controller = new AbortController()
  const onSigint = () => controller.abort(new Error('interrupted'))
  process.once('SIGINT', onSigint)
  let state: ImportState
  try {
    state = await importFromLeanCloud({
      apiUrl: base.href,
      appId: opts.appId,
      masterKey: key,
      store,
      statePath,
      secret: opened?.secret,
      signal: controller.signal,
      onResume: (s, classes) => console.log(`continuing from ${statePath}: ${classes.map((c) => summary(s, c, false)).join('; ')}`),
      onRetry: ({ className, attempt, waitMs, reason }) => {
        endLine()
        console.error(`${className}: ${reason}; retry ${attempt} in ${(waitMs / 1000).toFixed(1)} s`)
      },
      onPage: progress,
      onBad: ({ className, id, reason }) => {
        endLine()
        console.error(`${className} ${id}  ${reason}`)
      },
    })
  } catch (err) {
    endLine()
    if (err instanceof ImportStateUnusable) {
      console.error(formatError(problem('LeanCloudStateUnusable', { file: err.file, app: err.app }), { debug: opts.debug }))
      return FAILED
    }
    const where = statePath === undefined ? '' : `; the state is in ${statePath}, run the same command to continue`
    if (controller.signal.aborted) {
      console.error(`error interrupted${where}`)
      return FAILED
    }
    if (err instanceof LeanCloudApiError) {
      console.error(formatError(problem(CODES[err.failure], { detail: err.message }), { debug: opts.debug }))
      return FAILED
    }
    console.error(`error the import stopped${where}: ${opts.debug && err instanceof Error && err.stack ? err.stack : err instanceof Error ? err.message : String(err)}`)
    return FAILED
  } finally {
    process.off('SIGINT', onSigint)
    await store?.close()
  }
  // The live line gives way to the summary.
  if (shown) process.stdout.write('\r\u001b[2K')
  for (const c of ['Comment', 'Counter'] as const) console.log(summary(state, c, opts.dryRun))
  // Both classes are in: a record the service's rules refuse is listed and skipped, not a
  // failure, or every run would fail on it again. Corrected in LeanCloud, the next run takes it.
  const bad = state.classes.Comment.bad + state.classes.Counter.bad
  if (bad > 0) console.error(`warning ${n(bad)} ${bad === 1 ? 'record' : 'records'} skipped, listed above by class, objectId and reason; the rest are in. Correct them in LeanCloud and run the same command again to import them.`)
  if (opts.dryRun) console.log('dry run: nothing written')
  return OK
}
