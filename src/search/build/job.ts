import { Worker } from 'node:worker_threads'
import type { SearchEntry } from '../format/rank.js'
import { SearchIndexBuilder, type SearchShards } from './builder.js'
import { ItemCache } from './item-cache.js'

/**
 * Packs the search index from its entries, given one at a time in page order. For a large site
 * on a thread of its own: the build goes on to render the pages while the index is packed (the
 * two were most of the time after the parse, one after the other on one core).
 */
export interface SearchJob {
  add(entry: SearchEntry): void
  /**
   * Every entry is added: start packing now, on the job's thread, though no one asks for the
   * packs yet (the parse is done, and the main thread has a second of work on its own before the
   * build asks). Nothing more may be added.
   */
  pack(): void
  /** The packs, once every entry is added (the manifest's `s` is left empty). */
  finish(): Promise<SearchShards>
  /** No packs are wanted (the build failed before asking): stop, and let the thread go; nothing once `finish` is called. */
  abandon(): void
}

/** Main → worker: entries to add, in page order, or `null` once all are sent. */
export type SearchTask = SearchEntry[] | null

/** Worker → main: the packs, or what failed (an Error does not cross threads whole). */
export type SearchReply = { ok: true; shards: SearchShards } | { ok: false; error: { message: string; stack?: string } }

/** Below this many pages, starting a thread costs more than it saves (as for the parse's threads). */
export const WORKER_THRESHOLD = 150

function fromWire({ message, stack }: { message: string; stack?: string }): Error {
  const err = new Error(message)
  if (stack) err.stack = stack
  return err
}

/** Entries sent to the worker at once: few messages, and none too large to clone quickly. */
const BATCH_SIZE = 64

/** Where the job keeps its encoded items (see `ItemCache`) and its lists (see `BuildState`) between builds, and the code that encodes them. */
export interface SearchItemsFile {
  file: string
  state: string
  code: string
}

/**
 * A job for `pages` entries: on a worker thread from `WORKER_THRESHOLD` pages when the compiled
 * worker exists. `items`: the items of the last build, reused where their inputs are the same.
 */
export function startSearchJob(pages: number, items?: SearchItemsFile): SearchJob {
  const workerUrl = new URL('./worker.js', import.meta.url)
  return pages >= WORKER_THRESHOLD && import.meta.url.endsWith('.js') ? workerJob(workerUrl, items) : inlineJob(items)
}

/** The packing of one job, with the items of the last build. */
export function jobBuilder(items?: SearchItemsFile): SearchIndexBuilder {
  return new SearchIndexBuilder(undefined, undefined, undefined, new ItemCache(items?.file, items?.code), items && { file: items.state, code: items.code })
}

function inlineJob(items?: SearchItemsFile): SearchJob {
  const builder = jobBuilder(items)
  return {
    add: (entry) => builder.add(entry),
    pack: () => {}, // on this thread, packing early would only make the caller wait sooner
    finish: async () => builder.finish(''),
    abandon: () => {},
  }
}

function workerJob(url: URL, items?: SearchItemsFile): SearchJob {
  const worker = new Worker(url, { workerData: items })
  const done = new Promise<SearchShards>((resolve, reject) => {
    worker.once('message', (reply: SearchReply) => (reply.ok ? resolve(reply.shards) : reject(fromWire(reply.error))))
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`the search index's worker stopped (exit code ${code})`)))
  })
  // A build that fails before it waits for the index must not leave a rejection unheard.
  done.catch(() => {})
  let batch: SearchEntry[] = []
  let packing: Promise<SearchShards> | undefined
  let finishing = false
  const pack = () => {
    if (packing) return packing
    if (batch.length) worker.postMessage(batch satisfies SearchTask)
    batch = []
    worker.postMessage(null satisfies SearchTask)
    packing = done.finally(() => void worker.terminate())
    packing.catch(() => {}) // heard by `finish`, if the build gets that far
    return packing
  }
  return {
    add(entry) {
      batch.push(entry)
      if (batch.length < BATCH_SIZE) return
      worker.postMessage(batch satisfies SearchTask)
      batch = []
    },
    pack: () => void pack(),
    finish() {
      finishing = true
      return pack()
    },
    abandon() {
      // Once finishing, the packs are wanted (or the worker stops itself when they are made).
      if (!finishing) void worker.terminate()
    },
  }
}
