import type { IncomingMessage, ServerResponse } from 'node:http'
import type { BuildWarning } from '../render/errors/index.js'
import { warningsEvent } from './error-page.js'

/** The event stream open pages listen on (under the base). */
export const RELOAD_PATH = '__gptnotes/reload'

/** Open pages' event streams: each hears `reload` after a rebuild, and the warnings as it connects. */
export class ReloadChannel {
  private readonly clients = new Set<ServerResponse>()

  /** Take a page's request for the stream and keep it open. */
  connect(req: IncomingMessage, res: ServerResponse, warnings: readonly BuildWarning[]): void {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
    res.write(': connected\n\n')
    if (warnings.length) res.write(warningsEvent(warnings))
    this.clients.add(res)
    req.on('close', () => this.clients.delete(res))
  }

  /** Every open page reloads. */
  reload(): void {
    for (const c of this.clients) c.write('data: reload\n\n')
  }

  close(): void {
    for (const c of this.clients) c.end()
  }
}
