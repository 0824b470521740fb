import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { fromWire, type WireError } from '../errors/index.js'
import { parseOptionsKey } from './parse-options.js'
import type { ParsedPage, ParseOptions, SourceFile } from './parse-page.js'

/** Below this many pages, starting workers costs more than it saves. */
export const WORKER_THRESHOLD = 150

/** Pages a worker parses between messages: results leave the worker as it goes. */
export const BATCH_SIZE = 32

/** Main → worker: parse these (their indices in the input start at `first`), or stop. */
export type WorkerTask = { files: SourceFile[]; first: number } | null

/** Worker → main. */
export type WorkerReply =
  | { ok: true; pages: ParsedPage[]; first: number }
  | { ok: false; error: WireError }

/** Worker threads for parsing this many pages: one per core (at most 4), none below the threshold. */
export function threadsFor(pages: number): number {
  return pages < WORKER_THRESHOLD ? 1 : Math.min(availableParallelism(), 4)
}

/**
 * A parse's worker threads started before its pages are read (`start`): each boots (a thread,
 * then the parser's modules) while the caller reads the sources, not after. `parseAll` takes
 * them over; `terminate` lets them go unused.
 */
export class ParseThreads {
  /** The first error a thread raised before it was taken over. */
  private failure: unknown

  private constructor(
    private readonly workers: Worker[],
    readonly options: ParseOptions,
  ) {
    for (const worker of workers) worker.once('error', (err) => (this.failure ??= err))
  }

  /** Threads for parsing `pages` pages, or none when `parseAll` would parse them in this thread. */
  static start(pages: number, options: ParseOptions): ParseThreads | undefined {
    const threads = threadsAt(pages)
    if (threads < 2 || !import.meta.url.endsWith('.js')) return undefined
    // Unreferenced until taken over: a build that fails before its parse still lets the process end.
    const workers = Array.from({ length: threads }, () => newWorker(options))
    for (const worker of workers) worker.unref()
    return new ParseThreads(workers, options)
  }

  /** The threads, for `parseAll` (once): referenced again, or the error one of them raised. */
  take(): Worker[] {
    if (this.failure) {
      this.terminate()
      throw this.failure
    }
    return this.workers.splice(0).map((w) => (w.removeAllListeners('error'), w.ref(), w))
  }

  terminate(): void {
    for (const worker of this.workers.splice(0)) void worker.terminate()
  }
}

const workerUrl = new URL('./parse-worker.js', import.meta.url)
const newWorker = (options: ParseOptions) => new Worker(workerUrl, { workerData: { options } })
/** As many threads as `parseAll` uses for this many pages (no more than there are batches). */
const threadsAt = (pages: number, threads = threadsFor(pages)) => Math.min(threads, Math.ceil(pages / BATCH_SIZE))

export interface PoolOptions {
  /** Worker threads to use; default `threadsFor(files.length)`. */
  threads?: number
  /** Threads started ahead for these options (`ParseThreads.start`): used when they fit, else terminated. */
  started?: ParseThreads
  /**
   * What to keep of each page, called as each is parsed (in no set order): the parse cache
   * puts the body on disk and keeps the rest, so the pages parsed are not all held as text.
   */
  keep?: (page: ParsedPage, index: number) => ParsedPage
}

/**
 * Parse pages, across worker threads when there are many and the compiled worker exists
 * (parsing is CPU-bound: micromark and highlighting dominate a cold build). Workers take
 * batches from one queue, so a slow page holds up no one else, and send each batch back when
 * done, so their heaps stay small (a lower peak than results kept until the end).
 */
export async function parseAll(files: SourceFile[], options: ParseOptions, pool: PoolOptions = {}): Promise<ParsedPage[]> {
  const threads = threadsAt(files.length, pool.threads)
  const keep = pool.keep ?? ((page: ParsedPage) => page)
  const fits = (o: ParseOptions) => parseOptionsKey(o) === parseOptionsKey(options) && o.contentDir === options.contentDir
  const started = pool.started && fits(pool.started.options) ? pool.started : undefined
  if (pool.started !== started) pool.started?.terminate()
  if (threads < 2 || !import.meta.url.endsWith('.js')) {
    started?.terminate()
    if (!files.length) return []
    // Loaded only when this thread parses: a build whose pages all come from the cache (CI with
    // the cache restored) never pays for the parser's modules (highlight.js and micromark's).
    const { parsePage } = await import('./parse-page.js')
    return files.map((f, i) => keep(parsePage(f, options), i))
  }

  const out: ParsedPage[] = new Array(files.length)
  let next = 0
  const take = (): WorkerTask => {
    if (next >= files.length) return null
    const first = next
    next += BATCH_SIZE
    return { files: files.slice(first, next), first }
  }
  const workers: Worker[] = []
  try {
    const ready = started?.take() ?? []
    // Threads started ahead go first; any fewer than `threads` are made up now, any more let go.
    for (const extra of ready.splice(threads)) void extra.terminate()
    while (ready.length < threads) ready.push(newWorker(options))
    await Promise.all(
      ready.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            workers.push(worker)
            worker.on('message', (reply: WorkerReply) => {
              if (!reply.ok) return reject(fromWire(reply.error))
              const task = take() // hand out the next batch before storing this one
              worker.postMessage(task)
              reply.pages.forEach((page, i) => (out[reply.first + i] = keep(page, reply.first + i)))
              if (!task) resolve()
            })
            worker.once('error', reject)
            worker.postMessage(take())
          }),
      ),
    )
  } finally {
    for (const worker of workers) void worker.terminate()
  }
  return out
}
