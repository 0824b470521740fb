/** Fetches a file or an item of the index by name, parsed. */
export type LoadFile = (name: string) => Promise<unknown>

/**
 * Files (the index's items) fetched once per page load and kept: they are immutable (hashed
 * folder), so a later query that needs one already here uses it at once. A failed fetch is
 * forgotten, to be tried again.
 */
export class FileCache {
  private readonly done = new Map<string, unknown>()
  private readonly pending = new Map<string, Promise<unknown>>()

  constructor(private readonly load: LoadFile) {}

  /** The files' contents when all are here, else undefined. */
  peek(urls: string[]): unknown[] | undefined {
    return urls.every((u) => this.done.has(u)) ? urls.map((u) => this.done.get(u)) : undefined
  }

  /** Resolves when every file is here (fetching, in parallel, those that are not). */
  fetch(urls: string[]): Promise<unknown[]> {
    return Promise.all(urls.map((url) => (this.done.has(url) ? this.done.get(url) : this.fetchOne(url))))
  }

  private fetchOne(url: string): Promise<unknown> {
    let promise = this.pending.get(url)
    if (!promise) {
      promise = this.load(url).then(
        (value) => {
          this.done.set(url, value)
          this.pending.delete(url)
          return value
        },
        (err: unknown) => {
          this.pending.delete(url)
          throw err
        },
      )
      this.pending.set(url, promise)
    }
    return promise
  }
}
