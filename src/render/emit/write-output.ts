import { existsSync, lstatSync, mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs'
import { copyFile, link, readFile, writeFile } from 'node:fs/promises'
import { basename, dirname, isAbsolute, join, resolve } from 'node:path'

export type OutputContents = string | Uint8Array | { copyFrom: string }

/** How many files are being written at once (the thread pool's four threads kept busy while the build renders). */
const IN_FLIGHT = 32
/** How many pages may wait to be written before `add` holds the renderer back (their bytes are the build's memory). */
const WAITING_PAGES = 64

/**
 * Put one file into the new output. A file whose bytes equal the previous output's is
 * hard-linked from there instead of written: a rebuild then writes only what changed, and new
 * data blocks are the slow part of writing thousands of files. The previous file is not
 * modified either way.
 */
async function place(file: string, contents: OutputContents, tmp: string, previous: string | undefined): Promise<void> {
  const target = join(tmp, file)
  const copyFrom = typeof contents === 'object' && 'copyFrom' in contents ? contents.copyFrom : undefined
  const bytes = copyFrom === undefined ? (typeof contents === 'string' ? Buffer.from(contents) : (contents as Uint8Array)) : undefined
  if (previous && (await sameBytes(join(previous, file), bytes ?? (await readFile(copyFrom!))))) {
    try {
      return await link(join(previous, file), target)
    } catch {
      // a file system without hard links: write it
    }
  }
  if (copyFrom !== undefined) await copyFile(copyFrom, target)
  else await writeFile(target, bytes!)
}

async function sameBytes(file: string, bytes: Uint8Array): Promise<boolean> {
  let old: Buffer
  try {
    old = await readFile(file)
  } catch {
    return false
  }
  return Buffer.compare(old, bytes) === 0
}

/**
 * An output being written: `openOutput` makes the new folder beside the output, `add` puts
 * files into it as they are made (the pages as they are rendered, so they need not all be held
 * to the end), `commit` waits for the last of them and swaps the folder in, `abort` drops it.
 * Until `commit` swaps, the previous output is byte-identical; a build that fails calls `abort`.
 *
 * Files are written on the thread pool, up to `IN_FLIGHT` at once, while the caller goes on:
 * creating thousands of files is mostly the kernel's work, which then runs beside the render on
 * another core. Pages (`add(…, { owned: true })`: bytes made for the output alone) go first and
 * hold the caller back when `WAITING_PAGES` wait; other files hold bytes the build keeps
 * anyway, so they wait without limit. A path added twice gets the later contents (written after
 * the rest, over a removed first copy: never through a hard link into the previous output).
 *
 * Durability: nothing is fsynced. The swap guards readers and failed or killed builds (they see
 * the old output or the new, never a mix), not a power loss, after which the newest output may
 * hold empty files until the next build rewrites it (a build is reproducible from its sources).
 */
export class StagedOutput {
  private readonly pages: [string, OutputContents][] = []
  private readonly others: [string, OutputContents][] = []
  private readonly seen = new Set<string>()
  private readonly again: [string, OutputContents][] = []
  private readonly dirs = new Set<string>()
  private readonly previous: string | undefined
  private inFlight = 0
  private failure: { error: unknown } | undefined
  private wake: (() => void) | undefined
  private closed = false

  private constructor(
    readonly outDir: string,
    readonly tmp: string,
    private readonly stamp: string,
    private readonly linked: boolean,
  ) {
    this.previous = existsSync(outDir) ? outDir : undefined
  }

  /** Remove what killed builds left, then make the new folder the output will be swapped for. */
  static open(outDir: string): StagedOutput {
    removeLeftovers(outDir)
    const stamp = `${process.pid}-${Date.now()}`
    const linked = isSymlink(outDir)
    // Behind a link, the new output is a folder of its own that the link will point at.
    const tmp = join(dirname(outDir), `.${basename(outDir)}.${linked ? 'v' : 'tmp'}-${stamp}`)
    mkdirSync(tmp)
    return new StagedOutput(outDir, tmp, stamp, linked)
  }

  /**
   * Queue one file. With `owned` (a page, made for the output alone) the promise waits while too
   * many pages are queued; otherwise it resolves at once. Rejects once a write has failed.
   */
  add(file: string, contents: OutputContents, options: { owned?: boolean } = {}): Promise<void> {
    if (this.closed) throw new Error('StagedOutput: add after commit or abort')
    if (this.failure) return Promise.reject(this.failure.error)
    if (this.seen.has(file)) this.again.push([file, contents])
    else {
      this.seen.add(file)
      const dir = dirname(join(this.tmp, file))
      if (!this.dirs.has(dir)) {
        mkdirSync(dir, { recursive: true })
        this.dirs.add(dir)
      }
      ;(options.owned ? this.pages : this.others).push([file, contents])
      this.pump()
    }
    return options.owned && this.pages.length > WAITING_PAGES ? this.drained(WAITING_PAGES / 2) : Promise.resolve()
  }

  /** How many files were added (a path added twice counts once). */
  get size(): number {
    return this.seen.size
  }

  /** Wait for every write, then swap the new folder in (or drop it and throw the first write's error). */
  async commit(): Promise<void> {
    this.closed = true
    await this.drained(0)
    if (!this.failure) {
      for (const [file, contents] of this.again.splice(0)) {
        try {
          rmSync(join(this.tmp, file), { force: true })
          await place(file, contents, this.tmp, this.previous)
        } catch (error) {
          this.failure = { error }
          break
        }
      }
    }
    if (this.failure) {
      this.dropTmp()
      throw this.failure.error
    }
    if (this.linked) swapLink(this.outDir, this.tmp, this.stamp, () => this.dropTmp())
    else swapFolder(this.outDir, this.tmp, this.stamp, () => this.dropTmp())
  }

  /** Drop the new folder once the writes under way have ended; the previous output stays as it was. */
  async abort(): Promise<void> {
    this.closed = true
    this.pages.length = 0
    this.others.length = 0
    await this.drained(0)
    this.dropTmp()
  }

  private dropTmp(): void {
    rmSync(this.tmp, { recursive: true, force: true })
  }

  private pump(): void {
    while (this.inFlight < IN_FLIGHT && !this.failure) {
      const next = this.pages.shift() ?? this.others.shift()
      if (!next) break
      this.inFlight++
      place(next[0], next[1], this.tmp, this.previous).then(
        () => this.settle(),
        (error: unknown) => {
          this.failure ??= { error }
          this.pages.length = 0
          this.others.length = 0
          this.settle()
        },
      )
    }
  }

  private settle(): void {
    this.inFlight--
    this.pump()
    this.wake?.()
  }

  /** Resolves when at most `pages` pages wait (0: when nothing is queued or being written). */
  private async drained(pages: number): Promise<void> {
    const done = () => (pages === 0 ? this.inFlight === 0 && this.pages.length === 0 && this.others.length === 0 : this.pages.length <= pages || this.failure !== undefined)
    while (!done()) await new Promise<void>((resolve) => (this.wake = resolve))
    this.wake = undefined
    if (pages > 0 && this.failure) throw this.failure.error
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
