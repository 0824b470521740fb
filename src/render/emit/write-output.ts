import { copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { basename, dirname, isAbsolute, join, resolve } from 'node:path'

export type OutputContents = string | Uint8Array | { copyFrom: string }

/** How many pages may wait for the writer before `add` holds the renderer back (their bytes are the build's memory). */
const WAITING_PAGES = 64

/**
 * Put one file into the new output. A file whose bytes equal the previous output's is
 * hard-linked from there instead of written: a rebuild then writes only what changed, and new
 * data blocks are the slow part of writing thousands of files. The previous file is not
 * modified either way.
 */
export function place(file: string, contents: OutputContents, tmp: string, previous: string | undefined): void {
  const target = join(tmp, file)
  const copyFrom = typeof contents === 'object' && 'copyFrom' in contents ? contents.copyFrom : undefined
  const bytes = copyFrom === undefined ? (typeof contents === 'string' ? Buffer.from(contents) : (contents as Uint8Array)) : undefined
  if (previous && sameBytes(join(previous, file), bytes ?? readFileSync(copyFrom!))) {
    try {
      return linkSync(join(previous, file), target)
    } catch {
      // a file system without hard links: write it
    }
  }
  if (copyFrom !== undefined) copyFileSync(copyFrom, target)
  else writeFileSync(target, bytes!)
}

function sameBytes(file: string, bytes: Uint8Array): boolean {
  let old: Buffer
  try {
    old = readFileSync(file)
  } catch {
    return false
  }
  return Buffer.compare(old, bytes) === 0
}

/** The folders of the new output, each made once (by whichever thread writes into it). */
export class Folders {
  private readonly made = new Set<string>()
  constructor(private readonly tmp: string) {}
  ensure(file: string): void {
    const dir = dirname(join(this.tmp, file))
    if (this.made.has(dir)) return
    mkdirSync(dir, { recursive: true })
    this.made.add(dir)
  }
}

/** Files sent to the writer thread in one message. */
const BATCH = 32
/**
 * Files waiting before `add` sends them: a message wakes the writer's thread, which costs far
 * more than handing over a page (about 0.2 ms a message on a busy 2-core machine: 2 s at 10,000
 * pages when each page went alone).
 */
const FEED_AT = 16
/** Files sent to the writer thread and not yet written, at most. */
const IN_WRITER = 128

/** Main → writer thread: files to put, or the end of the files. */
export type WriterMessage = { files: { file: string; contents: OutputContents }[] } | { end: true }
/** Writer thread → main, once, after the end: whether every file was written. */
export type WriterReply = { ok: true } | { ok: false; error: { message: string; code?: string } }
/** What the writer thread starts with; `progress` counts the files written (slot 0), for `add`'s wait. */
export interface WriterData {
  tmp: string
  previous: string | undefined
  progress: SharedArrayBuffer
}

/**
 * An output being written: `open` makes the new folder beside the output, `add` puts files into
 * it as they are made (the pages as they are rendered, so they need not all be held to the end),
 * `commit` waits for the last of them and swaps the folder in, `abort` drops it. Until `commit`
 * swaps, the previous output is byte-identical; a build that fails calls `abort`.
 *
 * Files are written by a thread of their own (`write-worker.ts`), with the same synchronous
 * calls as before (for thousands of small files they take half the time of the promise API's
 * thread-pool round trips): creating files is mostly the kernel's work, which then runs on the
 * second core beside the render instead of after it. A page (`owned`: bytes made for the output
 * alone) is handed over, not copied, and `add` blocks while `WAITING_PAGES` pages wait for the
 * writer; other files are bytes the build keeps anyway. Without the compiled worker (the tests
 * run the sources) files are written at once, in the caller's thread. A path added twice gets
 * the later contents (written last, over a removed first copy: never through a hard link into
 * the previous output).
 *
 * Durability: nothing is fsynced, as before. The swap guards readers and failed or killed builds
 * (they see the old output or the new, never a mix), not a power loss, after which the newest
 * output may hold empty files until the next build rewrites it (a build is reproducible).
 */
export class StagedOutput {
  private readonly seen = new Set<string>()
  private readonly again: [string, OutputContents][] = []
  private readonly previous: string | undefined
  private readonly worker: Worker | undefined
  private readonly folders: Folders
  private readonly written: Int32Array
  private readonly reply: Promise<WriterReply> | undefined
  private posted = 0
  private readonly pagesWaiting: [string, OutputContents][] = []
  private readonly othersWaiting: [string, OutputContents][] = []
  private failure: { error: unknown } | undefined
  private closed = false

  private constructor(
    readonly outDir: string,
    readonly tmp: string,
    private readonly stamp: string,
    private readonly linked: boolean,
  ) {
    this.previous = existsSync(outDir) ? outDir : undefined
    this.folders = new Folders(tmp)
    const progress = new SharedArrayBuffer(4)
    this.written = new Int32Array(progress)
    const workerUrl = new URL('./write-worker.js', import.meta.url)
    if (import.meta.url.endsWith('.js') && existsSync(fileURLToPath(workerUrl))) {
      const worker = new Worker(workerUrl, { workerData: { tmp, previous: this.previous, progress } satisfies WriterData })
      this.worker = worker
      this.reply = new Promise<WriterReply>((resolve) => {
        worker.once('message', resolve)
        worker.once('error', (err) => resolve({ ok: false, error: { message: err.message } }))
        worker.once('exit', () => resolve({ ok: false, error: { message: 'the output writer stopped' } }))
      })
    }
  }

  /** Remove what killed builds left, then make the new folder the output will be swapped for. */
  static open(outDir: string): StagedOutput {
    removeLeftovers(outDir)
    const stamp = `${process.pid}-${nextStampTime()}`
    const linked = isSymlink(outDir)
    // Behind a link, the new output is a folder of its own that the link will point at.
    const tmp = join(dirname(outDir), `.${basename(outDir)}.${linked ? 'v' : 'tmp'}-${stamp}`)
    mkdirSync(tmp)
    return new StagedOutput(outDir, tmp, stamp, linked)
  }

  /**
   * Put one file. With `owned` (a page, made for the output alone, handed over: not to be used
   * after) it may wait while too many pages wait for the writer. A write that fails stops the
   * writing; `commit` throws its error.
   */
  async add(file: string, contents: OutputContents, options: { owned?: boolean } = {}): Promise<void> {
    if (this.closed) throw new Error('StagedOutput: add after commit or abort')
    if (this.seen.has(file)) return void this.again.push([file, contents])
    this.seen.add(file)
    if (!this.worker) {
      if (this.failure) return
      try {
        this.folders.ensure(file)
        place(file, contents, this.tmp, this.previous)
      } catch (error) {
        this.failure = { error }
      }
      return
    }
    ;(options.owned ? this.pagesWaiting : this.othersWaiting).push([file, contents])
    if (this.pagesWaiting.length + this.othersWaiting.length >= FEED_AT) this.feed()
    // Too many pages waiting: block until the writer has taken enough of them (Atomics.wait:
    // the writer needs nothing from this thread to go on).
    if (options.owned && this.pagesWaiting.length > WAITING_PAGES) this.waitUntil(() => this.pagesWaiting.length <= WAITING_PAGES / 2)
  }

  /**
   * Send the writer files, pages first, while fewer than `IN_WRITER` it was sent are unwritten:
   * the rest wait here as references to bytes the build holds anyway, not as copies in the
   * writer's heap.
   */
  private feed(): void {
    while (this.posted - Atomics.load(this.written, 0) < IN_WRITER && (this.pagesWaiting.length || this.othersWaiting.length)) {
      const files: { file: string; contents: OutputContents }[] = []
      const handOver: ArrayBuffer[] = []
      while (files.length < BATCH && (this.pagesWaiting.length || this.othersWaiting.length)) {
        const owned = this.pagesWaiting.length > 0
        const [file, contents] = (owned ? this.pagesWaiting : this.othersWaiting).shift()!
        const own = contents instanceof Uint8Array && contents.byteOffset === 0 && contents.byteLength === contents.buffer.byteLength && contents.buffer instanceof ArrayBuffer
        if (owned && own) handOver.push(contents.buffer as ArrayBuffer)
        // A view into a larger buffer would be cloned with the whole of it: send its own bytes.
        files.push({ file, contents: contents instanceof Uint8Array && !own ? new Uint8Array(contents) : contents })
      }
      this.worker!.postMessage({ files } satisfies WriterMessage, handOver)
      this.posted += files.length
    }
  }

  /** Feed the writer and block until `done` holds. */
  private waitUntil(done: () => boolean): void {
    for (let idle = 0; ; ) {
      this.feed()
      if (done()) return
      const written = Atomics.load(this.written, 0)
      if (this.posted > written && Atomics.wait(this.written, 0, written, 1000) === 'timed-out' && ++idle === 60) throw new Error('the output writer wrote nothing for a minute')
    }
  }

  /**
   * Put one file that is the previous output's unchanged (a document whose inputs did not
   * change): hard-linked from there without reading it. False when there is no previous file.
   */
  keep(file: string): boolean {
    if (this.closed) throw new Error('StagedOutput: keep after commit or abort')
    const from = this.previous && join(this.previous, file)
    if (!from || this.seen.has(file)) return false
    try {
      this.folders.ensure(file)
      linkSync(from, join(this.tmp, file))
    } catch {
      try {
        copyFileSync(from, join(this.tmp, file))
      } catch {
        return false // gone from the previous output: the caller makes it anew
      }
    }
    this.seen.add(file)
    return true
  }

  /** How many files were added (a path added twice counts once). */
  get size(): number {
    return this.seen.size
  }

  /** Wait for every write, then swap the new folder in (or drop it and throw the first write's error). */
  async commit(): Promise<void> {
    this.closed = true
    if (this.worker && !this.failure) {
      this.waitUntil(() => this.pagesWaiting.length === 0 && this.othersWaiting.length === 0)
      this.worker.postMessage({ end: true } satisfies WriterMessage)
      const reply = await this.reply!
      await this.worker.terminate()
      if (!reply.ok) this.failure = { error: Object.assign(new Error(reply.error.message), { code: reply.error.code }) }
    } else await this.worker?.terminate()
    for (const [file, contents] of this.failure ? [] : this.again.splice(0)) {
      try {
        rmSync(join(this.tmp, file), { force: true })
        this.folders.ensure(file)
        place(file, contents, this.tmp, this.previous)
      } catch (error) {
        this.failure = { error }
      }
    }
    if (this.failure) {
      this.dropTmp()
      throw this.failure.error
    }
    if (this.linked) swapLink(this.outDir, this.tmp, this.stamp, () => this.dropTmp())
    else swapFolder(this.outDir, this.tmp, this.stamp, () => this.dropTmp())
  }

  /** Stop the writer and drop the new folder; the previous output stays as it was. */
  async abort(): Promise<void> {
    this.closed = true
    this.pagesWaiting.length = 0
    this.othersWaiting.length = 0
    await this.worker?.terminate()
    this.dropTmp()
  }

  private dropTmp(): void {
    rmSync(this.tmp, { recursive: true, force: true })
  }
}

/**
 * The write stage for files all in memory: everything goes to a new folder beside the output,
 * which is then swapped in; a failure before the swap leaves the previous output byte-identical.
 *
 * The swap: when the output is a symbolic link (`ln -s dist.live dist`, once), a new link to
 * the new folder is renamed over it, which replaces it in one step: a server reading `dist/`
 * sees the old output or the new one, never neither. A plain folder needs two renames (the old
 * folder aside, the new one in), so for the microseconds between them there is no `dist/`.
 */
export async function writeOutput(outDir: string, files: Map<string, OutputContents>): Promise<void> {
  const staged = StagedOutput.open(outDir)
  try {
    for (const [file, contents] of files) await staged.add(file, contents)
  } catch (err) {
    await staged.abort()
    throw err
  }
  await staged.commit()
}

function isSymlink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink()
  } catch {
    return false
  }
}

/** A new link to `next`, renamed over the output's link (one atomic step); then the old target goes if it was one of ours. */
function swapLink(outDir: string, next: string, stamp: string, dropNext: () => void): void {
  const link = join(dirname(outDir), `.${basename(outDir)}.link-${stamp}`)
  const before = readlinkSync(outDir)
  try {
    symlinkSync(basename(next), link)
    renameSync(link, outDir)
  } catch (err) {
    rmSync(link, { force: true })
    dropNext()
    throw err
  }
  const oldTarget = isAbsolute(before) ? before : resolve(dirname(outDir), before)
  if (dirname(oldTarget) === resolve(dirname(outDir)) && ownFolder(outDir).test(basename(oldTarget))) rmSync(oldTarget, { recursive: true, force: true })
}

/** The old folder aside, the new one in (two renames); the old one is put back if the second fails. */
function swapFolder(outDir: string, next: string, stamp: string, dropNext: () => void): void {
  const old = join(dirname(outDir), `.${basename(outDir)}.old-${stamp}`)
  let hadOld = false
  try {
    renameSync(outDir, old)
    hadOld = true
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      dropNext()
      throw err
    }
  }
  try {
    renameSync(next, outDir)
  } catch (err) {
    if (hadOld) renameSync(old, outDir)
    dropNext()
    throw err
  }
  if (hadOld) rmSync(old, { recursive: true, force: true })
}

/** The names of the folders and links builds make beside the output: `.dist.(tmp|old|v|link)-PID-TIME`. */
function ownFolder(outDir: string): RegExp {
  return new RegExp(`^\\.${basename(outDir).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(tmp|old|v|link)-(\\d+)-(\\d+)$`)
}

/** Whether the process `pid` runs (a signal 0 checks without sending anything). */
function running(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM' // someone else's process
  }
}

/**
 * Folders earlier builds left beside the output when they were killed (`.dist.tmp-PID-TIME`
 * while writing, `.dist.old-PID-TIME` during the swap; behind a link, `.dist.v-PID-TIME` and
 * `.dist.link-PID-TIME`). Their names carry the build's process id: those of processes that no
 * longer run are removed, those of a build still running are left alone, and so is the folder
 * the output's link points at. A build killed between the folder swap's two renames left no
 * output but an `.old` folder, the previous complete output: that is put back first.
 */
export function removeLeftovers(outDir: string): void {
  const parent = dirname(outDir)
  const re = ownFolder(outDir)
  let names: string[]
  try {
    names = readdirSync(parent)
  } catch {
    return
  }
  // Behind a link, the folder it points at is the live output, whoever made it.
  const live = isSymlink(outDir) ? basename(resolve(parent, readlinkSync(outDir))) : undefined
  const stale = names
    .map((name) => ({ name, m: re.exec(name) }))
    .filter((x): x is { name: string; m: RegExpExecArray } => x.m !== null && x.name !== live && !running(Number(x.m[2])))
    .sort((a, b) => Number(b.m[3]) - Number(a.m[3]))
  const restore = existsSync(outDir) || isSymlink(outDir) ? undefined : stale.find((x) => x.m[1] === 'old')
  if (restore) renameSync(join(parent, restore.name), outDir)
  for (const x of stale) if (x !== restore) rmSync(join(parent, x.name), { recursive: true, force: true })
}

let lastStampTime = 0

/**
 * The time part of a build's folder names: two builds of one process within the same
 * millisecond (a watcher, a test) must not name the same folder, so it only ever grows.
 */
function nextStampTime(): number {
  lastStampTime = Math.max(Date.now(), lastStampTime + 1)
  return lastStampTime
}
