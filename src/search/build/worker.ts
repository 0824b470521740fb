import { parentPort, workerData } from 'node:worker_threads'
import { jobBuilder, type SearchItemsFile, type SearchReply, type SearchTask } from './job.js'

// The search index's packing thread (see `job.ts`): entries come in page order, the
// packs go back (moved, not copied) once the last has come.
const port = parentPort!
const builder = jobBuilder(workerData as SearchItemsFile | undefined)

port.on('message', (task: SearchTask) => {
  let reply: SearchReply
  try {
    if (task) return task.forEach((entry) => builder.add(entry))
    reply = { ok: true, shards: builder.finish('') }
  } catch (err) {
    reply = { ok: false, error: err instanceof Error ? { message: err.message, stack: err.stack } : { message: String(err) } }
  }
  // Moved when a pack owns its whole buffer (a small one may share Node's pool: that is copied).
  const owned = reply.ok ? reply.shards.files.map(([, data]) => data).filter((d) => d.byteOffset === 0 && d.byteLength === d.buffer.byteLength) : []
  port.postMessage(reply, [...new Set(owned.map((d) => d.buffer as ArrayBuffer))])
})
