import { parentPort } from 'node:worker_threads'
import { toWire } from '../errors/index.js'
import type { SearchReply, SearchTask } from './search-job.js'
import { SearchIndexBuilder } from './search-shards.js'

// The search index's packing thread (see `search-job.ts`): entries come in page order, the
// packs go back (moved, not copied) once the last has come.
const port = parentPort!
const builder = new SearchIndexBuilder()

port.on('message', (task: SearchTask) => {
  let reply: SearchReply
  try {
    if (task) return task.forEach((entry) => builder.add(entry))
    reply = { ok: true, shards: builder.finish('') }
  } catch (err) {
    reply = { ok: false, error: toWire(err) }
  }
  // Moved when a pack owns its whole buffer (a small one may share Node's pool: that is copied).
  const owned = reply.ok ? reply.shards.files.map(([, data]) => data).filter((d) => d.byteOffset === 0 && d.byteLength === d.buffer.byteLength) : []
  port.postMessage(reply, [...new Set(owned.map((d) => d.buffer as ArrayBuffer))])
})
