import { createHash, hash as digestOf, type Hash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The index's items as encoded by the last build (packed lists, deflated texts and records, tier
 * parts), each under a digest of everything it is made from: a build after a page's edit reuses
 * the bytes of every item that edit did not touch, and encodes only the others. Equal inputs,
 * equal bytes, so the packs are the ones a build without the cache makes. Only the items the last
 * build used are kept (one file). Best effort: a store that cannot be read or written is empty.
 */
export class ItemCache {
  private loaded: Map<string, Uint8Array> | undefined
  private readonly used = new Map<string, Uint8Array>()
  /** Items encoded by this build, and items reused from the last. */
  encoded = 0
  reused = 0

  /**
   * `file`: where the items are kept (none: nothing is kept, every item is encoded); `code`: the
   * code that encodes them (`searchCodeKey`), 16 characters: items of other code are not read.
   */
  constructor(
    private readonly file?: string,
    private readonly code = '',
  ) {}

  /** The last build's items, read when first asked for (a build that patches the last one's lists never asks). */
  private get old(): Map<string, Uint8Array> {
    if (this.loaded) return this.loaded
    const old = (this.loaded = new Map())
    if (!this.file) return old
    try {
      const data = readFileSync(this.file)
      if (data.toString('latin1', 0, 16) !== this.code.padEnd(16)) return old
      for (let at = 16; at < data.length; ) {
        const keyLength = data.readUInt16LE(at)
        const key = data.toString('latin1', at + 2, (at += 2 + keyLength))
        const size = data.readUInt32LE(at)
        old.set(key, data.subarray(at + 4, (at += 4 + size)))
      }
    } catch {
      old.clear()
    }
    return old
  }

  /** A digest of the inputs `feed` gives it, to name an item by. */
  static key(feed: (hash: Hash) => void): string {
    const hash = createHash('sha1')
    feed(hash)
    return hash.digest('base64')
  }

  /**
   * The name of an item made of `data` alone and what `kind` says (short: it does not hold a
   * dash): one digest in one call, many times cheaper than a hash object for the tens of
   * thousands of small lists of a site.
   */
  static named(kind: string, data: Uint8Array): string {
    return `${kind}-${digestOf('sha1', data, 'base64')}`
  }

  /** Whether an item of these inputs is at hand (its inputs need not be made). */
  has(key: string): boolean {
    return this.used.has(key) || this.old.has(key)
  }

  /** The item made of the inputs named `key`: the last build's bytes, or `make`'s. */
  item(key: string, make: () => Uint8Array): Uint8Array {
    let data = this.used.get(key) ?? this.old.get(key)
    if (data) this.reused++
    else {
      data = make()
      this.encoded++
    }
    this.used.set(key, data)
    return data
  }

  /** Keeps the items this build used for the next; nothing is written when they are the last build's. */
  save(): void {
    if (!this.file || (!this.encoded && this.used.size === this.old.size)) return
    const parts: Uint8Array[] = [Buffer.from(this.code.padEnd(16).slice(0, 16), 'latin1')]
    for (const [key, data] of this.used) {
      const head = Buffer.alloc(6 + key.length)
      head.writeUInt16LE(key.length, 0)
      head.write(key, 2, 'latin1')
      head.writeUInt32LE(data.length, 2 + key.length)
      parts.push(head, data)
    }
    const tmp = `${this.file}.${process.pid}`
    try {
      mkdirSync(join(this.file, '..'), { recursive: true })
      writeFileSync(tmp, Buffer.concat(parts))
      renameSync(tmp, this.file)
    } catch {
      rmSync(tmp, { force: true })
    }
  }
}
