import { copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { basename, dirname, isAbsolute, join, resolve } from 'node:path'

export type OutputContents = string | Uint8Array | { copyFrom: string }

/**
 * Put one file into the new output. A file whose bytes equal the previous output's is
 * hard-linked from there instead of written: a rebuild then writes only what changed, and new
 * data blocks are the slow part of writing thousands of files. The previous file is not
 * modified either way.
 */
function place(file: string, contents: OutputContents, tmp: string, previous: string | undefined): void {
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

/**
 * The write stage: everything goes to a new folder beside the output, which is then swapped
 * in; a failure before the swap leaves the previous output byte-identical. The calls are
 * synchronous on purpose: for thousands of small files they take half the time of the promise
 * API's thread-pool round trips, and a build has nothing else to do meanwhile.
 *
 * The swap: when the output is a symbolic link (`ln -s dist.live dist`, once), a new link to
 * the new folder is renamed over it, which replaces it in one step: a server reading `dist/`
 * sees the old output or the new one, never neither. A plain folder needs two renames (the old
 * folder aside, the new one in), so for the microseconds between them there is no `dist/`.
 */
export async function writeOutput(outDir: string, files: Map<string, OutputContents>): Promise<void> {
  removeLeftovers(outDir)
  const stamp = `${process.pid}-${Date.now()}`
  const linked = isSymlink(outDir)
  // Behind a link, the new output is a folder of its own that the link will point at.
  const tmp = join(dirname(outDir), `.${basename(outDir)}.${linked ? 'v' : 'tmp'}-${stamp}`)
  const dropTmp = () => rmSync(tmp, { recursive: true, force: true })
  try {
    for (const dir of new Set([...files.keys()].map((f) => dirname(join(tmp, f))))) mkdirSync(dir, { recursive: true })
    const previous = existsSync(outDir) ? outDir : undefined
    for (const [file, contents] of files) place(file, contents, tmp, previous)
  } catch (err) {
    dropTmp()
    throw err
  }
  if (linked) swapLink(outDir, tmp, stamp, dropTmp)
  else swapFolder(outDir, tmp, stamp, dropTmp)
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
