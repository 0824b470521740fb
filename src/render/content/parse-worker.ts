import { parentPort, workerData } from 'node:worker_threads'
import { toWire } from '../errors/index.js'
import { parsePage, type ParseOptions } from './parse-page.js'
import type { WorkerReply, WorkerTask } from './parse-pool.js'

const { options } = workerData as { options: ParseOptions }
const port = parentPort!

port.on('message', (task: WorkerTask) => {
  if (!task) return port.close() // no more work: let the thread end
  let reply: WorkerReply
  try {
    reply = { ok: true, pages: task.files.map((f) => parsePage(f, options)), first: task.first }
  } catch (err) {
    // Every field by name, the frame drawn here and the stack from here (for --debug).
    reply = { ok: false, error: toWire(err) }
  }
  port.postMessage(reply)
})
