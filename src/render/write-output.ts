import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'

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
 * The write stage: everything goes to a temporary folder beside the output, which is then
 * swapped in; a failure before the swap leaves the previous output byte-identical. The calls
 * are synchronous on purpose: for thousands of small files they take half the time of the
 * promise API's thread-pool round trips, and a build has nothing else to do meanwhile.
 */
export async function writeOutput(outDir: string, files: Map<string, OutputContents>): Promise<void> {
  const stamp = `${process.pid}-${Date.now()}`
  const tmp = join(dirname(outDir), `.${basename(outDir)}.tmp-${stamp}`)
  const old = join(dirname(outDir), `.${basename(outDir)}.old-${stamp}`)
  const dropTmp = () => rmSync(tmp, { recursive: true, force: true })
  try {
    for (const dir of new Set([...files.keys()].map((f) => dirname(join(tmp, f))))) mkdirSync(dir, { recursive: true })
    const previous = existsSync(outDir) ? outDir : undefined
    for (const [file, contents] of files) place(file, contents, tmp, previous)
  } catch (err) {
    dropTmp()
    throw err
  }
  let hadOld = false
  try {
    renameSync(outDir, old)
    hadOld = true
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      dropTmp()
      throw err
    }
  }
  try {
    renameSync(tmp, outDir)
  } catch (err) {
    if (hadOld) renameSync(old, outDir)
    dropTmp()
    throw err
  }
  if (hadOld) rmSync(old, { recursive: true, force: true })
}
