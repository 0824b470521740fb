import { closeSync, fstatSync, openSync, readdirSync, readSync, rmSync, statSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import type { ParsedPage } from './parse-page.js'

/**
 * Where one page's body lies in the body files: the file, the byte offset, and the UTF-8 byte
 * lengths of its HTML and then its search text. Compaction moves a body by changing its ref in
 * place, so every page that holds the ref follows.
 */
export interface BodyRef {
  s: string
  o: number
  h: number
  t: number
}

/** A parsed page without its two large fields (what the parse cache's index holds). */
export type PageMeta = Omit<ParsedPage, 'html' | 'text'>

let fileCount = 0

/**
 * Pages' HTML and search text kept on disk beside the parse cache instead of in the build's
 * memory: at 10,000 pages they are about 110 MB as UTF-8 and 130 MB as JavaScript strings, held
 * from the parse to the render. A build writes the bodies it parses into a file of its own
 * (`PREFIX.PID-TIME-N.bodies`, never written again once the build is done: another build of the
 * same site cannot change it), and reads each back when a stage asks for it.
 */
export class BodyFiles {
  private readonly fds = new Map<string, number>()
  private writing?: { name: string; fd: number; size: number }
  private last?: { ref: BodyRef; s: string; o: number; field: 'html' | 'text'; value: string }

  private constructor(
    readonly dir: string,
    readonly prefix: string,
  ) {}

  private static readonly open = new Map<string, BodyFiles>()

  /**
   * The body files of one cache, one instance per process: the pages of every build read
   * through it (a dev server's pages outlive the build that loaded them), so each file is
   * opened once and closed only when this process removes it.
   */
  static of(dir: string, prefix: string): BodyFiles {
    const key = join(dir, prefix)
    let files = BodyFiles.open.get(key)
    if (!files) BodyFiles.open.set(key, (files = new BodyFiles(dir, prefix)))
    return files
  }

  /**
   * Open the named files now and keep them open: another build of the same site may remove a
   * file once its own index no longer names it, and an open file stays readable.
   */
  hold(names: Iterable<string>): void {
    for (const name of names) {
      if (this.fds.has(name)) continue
      try {
        this.fds.set(name, openSync(join(this.dir, name), 'r'))
      } catch {
        // gone already: its pages are misses (the index check found it missing)
      }
    }
  }

  /** The size of each body file of this cache found in the folder (files a killed build left included). */
  existing(): Map<string, number> {
    const sizes = new Map<string, number>()
    let names: string[] = []
    try {
      names = readdirSync(this.dir)
    } catch {
      return sizes
    }
    for (const name of names) {
      if (!name.startsWith(this.prefix + '.') || !name.endsWith('.bodies')) continue
      const size = statSync(join(this.dir, name), { throwIfNoEntry: false })?.size
      if (size !== undefined) sizes.set(name, size)
    }
    return sizes
  }

  /** Write one page's body; returns where it lies. */
  append(html: string, text: string): BodyRef {
    return this.appendBytes(Buffer.from(html + text), Buffer.byteLength(html))
  }

  private appendBytes(bytes: Buffer, htmlBytes: number): BodyRef {
    if (!this.writing) {
      const name = `${this.prefix}.${process.pid}-${Date.now()}-${fileCount++}.bodies`
      const fd = openSync(join(this.dir, name), 'w+')
      this.writing = { name, fd, size: 0 }
      this.fds.set(name, fd)
    }
    const w = this.writing
    writeSync(w.fd, bytes, 0, bytes.length, w.size)
    const ref = { s: w.name, o: w.size, h: htmlBytes, t: bytes.length - htmlBytes }
    w.size += bytes.length
    return ref
  }

  /**
   * One field of a body, its bytes alone: the render reads the HTML, the search index the text.
   * The last one read is kept: a page's render asks for its HTML more than once.
   */
  read(ref: BodyRef, field: 'html' | 'text'): string {
    const last = this.last
    if (last && last.ref === ref && last.s === ref.s && last.o === ref.o && last.field === field) return last.value
    const value = field === 'html' ? this.bytes(ref, 0, ref.h).toString('utf8') : this.bytes(ref, ref.h, ref.t).toString('utf8')
    this.last = { ref, s: ref.s, o: ref.o, field, value }
    return value
  }

  /** `length` bytes of a body from `from` (the whole body by default). */
  private bytes(ref: BodyRef, from = 0, length = ref.h + ref.t): Buffer {
    let fd = this.fds.get(ref.s)
    if (fd === undefined) this.fds.set(ref.s, (fd = openSync(join(this.dir, ref.s), 'r')))
    const bytes = Buffer.allocUnsafe(length)
    let got = 0
    while (got < bytes.length) {
      const n = readSync(fd, bytes, got, bytes.length - got, ref.o + from + got)
      if (n === 0) throw new Error(`parse cache: ${ref.s} ends before the body at ${ref.o}`)
      got += n
    }
    return bytes
  }

  /**
   * Copy the given bodies into a new file and point their refs there (the files they were in
   * then hold nothing that is kept).
   */
  compact(refs: Iterable<BodyRef>): void {
    this.writing = undefined
    for (const ref of refs) {
      const moved = this.appendBytes(this.bytes(ref), ref.h)
      ref.s = moved.s
      ref.o = moved.o
    }
    this.last = undefined
  }

  /** Remove this cache's body files that no ref names (those earlier builds left), keeping `keep`. */
  removeExcept(keep: Set<string>): void {
    if (this.writing) keep.add(this.writing.name)
    for (const name of this.existing().keys()) {
      if (keep.has(name)) continue
      const fd = this.fds.get(name)
      if (fd !== undefined) closeSync(fd)
      this.fds.delete(name)
      try {
        rmSync(join(this.dir, name), { force: true })
      } catch {
        // open in another process on a system that refuses that: the next build removes it
      }
    }
  }

  /** The size of a body file this process has open, else on disk (undefined: gone). */
  sizeOf(name: string): number | undefined {
    const fd = this.fds.get(name)
    if (fd !== undefined) return fstatSync(fd).size
    return statSync(join(this.dir, name), { throwIfNoEntry: false })?.size
  }
}

/** Where each stored page's body lies: beside the page, not on it, so a copy or a spread of the page is the page as parsed. */
const BODY_OF = new WeakMap<ParsedPage, BodyRef>()

/**
 * Where a stored page's body lies, as text (`bodies-file:offset:lengths`); none for a page whose
 * body is held in memory. A body file is never written again, so equal places hold equal bodies
 * (compaction moves a body to a new file: a new place, never an old one reused).
 */
export function bodyIdentity(page: ParsedPage): string | undefined {
  const ref = BODY_OF.get(page)
  return ref && `${ref.s}:${ref.o}:${ref.h}:${ref.t}`
}

/**
 * A parsed page whose HTML and text are read from the body files when asked for (enumerable
 * getters: a copy or a spread of the page reads them, as it would the strings).
 */
export function storedPage(meta: PageMeta, ref: BodyRef, files: BodyFiles): ParsedPage {
  // Getters in the literal: several times cheaper than defining them on the copy afterwards.
  const page: ParsedPage = {
    ...meta,
    get html() {
      return files.read(ref, 'html')
    },
    get text() {
      return files.read(ref, 'text')
    },
  }
  BODY_OF.set(page, ref)
  return page
}
