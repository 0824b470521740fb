import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startDevServer } from '../../src/dev-server/dev-server.js'

export interface ServedWithComments {
  /** The site's address, ending in the base. */
  url: string
  close(): Promise<void>
}

/**
 * `gptnotes serve` on `root` with its own comment service storing in a temporary folder,
 * posting without moderation or the service's wait between posts (so a test's comments show at
 * once). The GPTNOTES_* settings it changes are put back on close.
 */
export async function serveWithComments(root: string): Promise<ServedWithComments> {
  const saved = { GPTNOTES_MODERATION: process.env.GPTNOTES_MODERATION, GPTNOTES_RATE_SECONDS: process.env.GPTNOTES_RATE_SECONDS }
  const dir = mkdtempSync(join(tmpdir(), 'gptnotes-comments-'))
  const restore = () => {
    for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k]
    else process.env[k] = v
    rmSync(dir, { recursive: true, force: true })
  }
  Object.assign(process.env, { GPTNOTES_MODERATION: 'none', GPTNOTES_RATE_SECONDS: '0' })
  try {
    const dev = await startDevServer({ root, port: 0, host: '127.0.0.1', watch: false, log: () => {}, commentsDir: dir })
    return {
      url: dev.url,
      async close() {
        await dev.close()
        restore()
      },
    }
  } catch (err) {
    restore()
    throw err
  }
}
