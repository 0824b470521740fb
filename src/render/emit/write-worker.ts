import { parentPort, workerData } from 'node:worker_threads'
import { Folders, place, type WriterData, type WriterMessage, type WriterReply } from './write-output.js'

/**
 * The output writer's thread (`StagedOutput`): puts each file it is sent into the new folder,
 * in order, counting them in the shared `progress`; after the end, replies once. After a
 * failure it writes nothing more and replies with the first error.
 */
const { tmp, previous, progress } = workerData as WriterData
const written = new Int32Array(progress)
const folders = new Folders(tmp)
let failed: WriterReply | undefined

parentPort!.on('message', (message: WriterMessage) => {
  if ('end' in message) return parentPort!.postMessage(failed ?? ({ ok: true } satisfies WriterReply))
  for (const { file, contents } of message.files) {
    if (failed) break
    try {
      folders.ensure(file)
      place(file, contents, tmp, previous)
    } catch (err) {
      const e = err as NodeJS.ErrnoException
      failed = { ok: false, error: { message: e.message, code: e.code } }
    }
  }
  Atomics.add(written, 0, message.files.length)
  Atomics.notify(written, 0)
})
