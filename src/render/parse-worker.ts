import { parentPort, workerData } from 'node:worker_threads'
import { GptnotesError } from './errors.js'
import { parsePage, type ParseOptions, type SourceFile } from './parse-page.js'
import type { WorkerReply } from './parse-pool.js'

const { files, options } = workerData as { files: SourceFile[]; options: ParseOptions }
let reply: WorkerReply
try {
  reply = { ok: true, pages: files.map((f) => parsePage(f, options)) }
} catch (err) {
  const e = err as GptnotesError
  const source = e.loc ? files.find((f) => `content/${f.relativePath}` === e.loc!.file)?.source : undefined
  reply = { ok: false, error: { name: e.name, message: e.message, hint: e.hint, loc: e.loc, source } }
}
parentPort!.postMessage(reply)
