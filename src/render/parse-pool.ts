import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { GptnotesError } from './errors.js'
import { parsePage, type ParsedPage, type ParseOptions, type SourceFile } from './parse-page.js'

/** Below this many pages, starting workers costs more than it saves. */
export const WORKER_THRESHOLD = 150

export type WorkerReply = { ok: true; pages: ParsedPage[] } | { ok: false; error: { name: string; message: string; hint?: string; loc?: GptnotesError['loc']; source?: string } }

/**
 * Parse pages, across worker threads when there are many and the compiled worker exists
 * (parsing is CPU-bound: micromark and highlighting dominate a cold build).
 */
export async function parseAll(files: SourceFile[], options: ParseOptions): Promise<ParsedPage[]> {
  const workerUrl = new URL('./parse-worker.js', import.meta.url)
  const threads = Math.min(availableParallelism(), 4)
  if (files.length < WORKER_THRESHOLD || threads < 2 || !import.meta.url.endsWith('.js')) {
    return files.map((f) => parsePage(f, options))
  }
  const slices: SourceFile[][] = Array.from({ length: threads }, () => [])
  files.forEach((f, i) => slices[i % threads].push(f))
  const results = await Promise.all(
    slices.map(
      (slice) =>
        new Promise<ParsedPage[]>((resolve, reject) => {
          const worker = new Worker(workerUrl, { workerData: { files: slice, options } })
          worker.once('message', (reply: WorkerReply) => {
            void worker.terminate()
            if (reply.ok) resolve(reply.pages)
            else reject(new GptnotesError(reply.error))
          })
          worker.once('error', reject)
        }),
    ),
  )
  // Back to the input order (round-robin slices).
  const out: ParsedPage[] = new Array(files.length)
  results.forEach((pages, w) => pages.forEach((p, j) => (out[j * threads + w] = p)))
  return out
}
