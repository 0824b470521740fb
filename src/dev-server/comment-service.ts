import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { openEmbeddedCommentService, type EmbeddedCommentService } from '../proxy/node.js'
import { resolveProxyOptions } from '../proxy/options.js'

/**
 * Where the dev server mounts the comment service (outside the base, so no page can take the
 * address); widget A's SDK gets `<origin>/__gptnotes/comments` and appends `/1.1/…`.
 */
export const COMMENTS_PATH = '/__gptnotes/comments'

/**
 * The comment service of widget A when the config names none: opened by the first build that
 * needs it, kept until the server closes (the store is a file in the site's cache folder). The
 * one place the dev server starts `src/proxy`'s service.
 */
export class DevCommentService {
  private opened: Promise<EmbeddedCommentService | undefined> | undefined

  constructor(
    private readonly dir: string,
    private readonly url: string,
    private readonly origins: string[],
    private readonly log: (line: string) => void,
    private readonly formatError: (err: unknown) => string,
  ) {}

  /** The service, opened once; undefined (and the error logged) when it cannot open. */
  open(): Promise<EmbeddedCommentService | undefined> {
    return (this.opened ??= (async () => {
      mkdirSync(this.dir, { recursive: true })
      // The GPTNOTES_* settings apply as for `gptnotes proxy`, but the store and the origins are the dev server's.
      const settings = resolveProxyOptions({ env: { ...process.env, GPTNOTES_STORE: `sqlite:${join(this.dir, 'comments.db')}`, GPTNOTES_ORIGINS: this.origins.join(',') } })
      const service = await openEmbeddedCommentService({ options: settings, log: (entry) => entry.level !== 'info' && this.log(`comments ${entry.level}: ${entry.event}`) })
      this.log(`comments: ${this.url} (widget A's service, stored in ${join(this.dir, 'comments.db')})`)
      return service
    })().catch((err: unknown) => {
      this.log(this.formatError(err))
      return undefined
    }))
  }

  /** The service if it was opened. */
  get current(): Promise<EmbeddedCommentService | undefined> | undefined {
    return this.opened
  }

  async close(): Promise<void> {
    await (await this.opened)?.close()
  }
}
