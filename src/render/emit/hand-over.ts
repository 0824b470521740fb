import { join } from 'node:path'
import { StagedOutput, type OutputContents } from './write-output.js'

/**
 * The hand-over to the write stage: stages put their files here as they make them. With an
 * output folder each goes into the new folder at once (a page as it is rendered, by the writer's
 * thread), and `files` names it by the file it was written to; without one, `files` holds the
 * bytes. A path put twice keeps the later contents (the order in which outputs win a clash).
 */
export class OutputHandOver {
  readonly files = new Map<string, OutputContents>()
  private staged: StagedOutput | undefined

  constructor(readonly out: string | undefined) {}

  private stage(): StagedOutput | undefined {
    return (this.staged ??= this.out ? StagedOutput.open(this.out) : undefined)
  }

  async put(path: string, contents: OutputContents, owned?: boolean): Promise<void> {
    const staged = this.stage()
    this.files.set(path, this.out ? { copyFrom: join(this.out, path) } : contents)
    await staged?.add(path, contents, { owned })
  }

  async putAll(list: Iterable<readonly [string, OutputContents]>): Promise<void> {
    for (const [path, contents] of list) await this.put(path, contents)
  }

  /** A file the previous output holds unchanged (a document not rendered again); false when it is not there. */
  keep(path: string): boolean {
    if (!this.stage()?.keep(path)) return false
    this.files.set(path, { copyFrom: join(this.out!, path) })
    return true
  }

  /** The write stage: swap the new folder in. */
  async commit(): Promise<void> {
    await this.staged?.commit()
  }

  /** The build failed: the previous output stays as it was. */
  async abort(): Promise<void> {
    await this.staged?.abort()
  }
}
