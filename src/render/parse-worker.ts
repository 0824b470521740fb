import { parentPort, workerData } from 'node:worker_threads'
import { GptnotesError } from './errors.js'
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
    const e = err as GptnotesError
    const source = e.loc ? task.files.find((f) => `content/${f.relativePath}` === e.loc!.file)?.source : undefined
    reply = { ok: false, error: { name: e.name, message: e.message, hint: e.hint, loc: e.loc, source } }
  }
  port.postMessage(reply)
})
