import type { IncomingMessage, ServerResponse } from 'node:http'
import type { BuildWarning } from '../render/errors/index.js'
import { warningsEvent } from './error-page.js'

/** The event stream open pages listen on (under the base). */
export const RELOAD_PATH = '__gptnotes/reload'

/**
 * Open pages' event streams: each hears `reload` after a rebuild (a full reload), `refresh` after
 * an edit of pages' bodies shown without one (the page fetches itself again and swaps its content
 * in, keeping its scripts and state; it connects again once it did), and the warnings as it connects.
 */
export class ReloadChannel {
  private readonly clients = new Set<ServerResponse>()
  /** Pages told to reload that have not connected again yet, and who waits for them. */
  private back?: { left: number; done: () => void }

  /** Take a page's request for the stream and keep it open. */
  connect(req: IncomingMessage, res: ServerResponse, warnings: readonly BuildWarning[]): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
    res.write(': connected\n\n')
    if (warnings.length) res.write(warningsEvent(warnings))
    this.clients.add(res)
    req.on('close', () => this.clients.delete(res))
    if (this.back && --this.back.left <= 0) this.back.done()
  }

  /**
   * Every open page reloads (with `soft`, refreshes its content). Resolves when as many pages have connected again (a page connects
   * once its body is in: the dev client is its last script) or after `waitMs`: what runs next on
   * this thread (a build) then does not hold up the pages' requests.
   */
  reload(waitMs = 0, soft = false): Promise<void> {
    this.back?.done()
    const told = this.clients.size
    for (const c of this.clients) c.write(soft ? 'data: refresh\n\n' : 'data: reload\n\n')
    if (!told || waitMs <= 0) return Promise.resolve()
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => back.done(), waitMs)
      const back = {
        left: told,
        done: () => {
          clearTimeout(timer)
          if (this.back === back) this.back = undefined
          resolve()
        },
      }
      this.back = back
    })
  }

  close(): void {
    for (const c of this.clients) c.end()
  }
}
