import { existsSync } from 'node:fs'
import { copyFile, link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

export type OutputContents = string | Uint8Array | { copyFrom: string }

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
  const old = await readFile(file).catch(() => undefined)
  return old !== undefined && Buffer.compare(old, bytes) === 0
}

/**
 * The write stage: everything goes to a temporary folder beside the output, which is then
 * swapped in; a failure before the swap leaves the previous output byte-identical.
 */
export async function writeOutput(outDir: string, files: Map<string, OutputContents>): Promise<void> {
  const stamp = `${process.pid}-${Date.now()}`
  const tmp = join(dirname(outDir), `.${basename(outDir)}.tmp-${stamp}`)
  const old = join(dirname(outDir), `.${basename(outDir)}.old-${stamp}`)
  try {
    const dirs = new Set([...files.keys()].map((f) => dirname(join(tmp, f))))
    await Promise.all([...dirs].map((d) => mkdir(d, { recursive: true })))
    const entries = [...files]
    const previous = existsSync(outDir) ? outDir : undefined
    // Bounded parallelism: thousands of files at once would exhaust file handles.
    for (let i = 0; i < entries.length; i += 64) {
      await Promise.all(entries.slice(i, i + 64).map(([file, contents]) => place(file, contents, tmp, previous)))
    }
  } catch (err) {
    await rm(tmp, { recursive: true, force: true })
    throw err
  }
  let hadOld = false
  try {
    await rename(outDir, old)
    hadOld = true
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
      await rm(tmp, { recursive: true, force: true })
      throw err
    }
  }
  try {
    await rename(tmp, outDir)
  } catch (err) {
    if (hadOld) await rename(old, outDir)
    await rm(tmp, { recursive: true, force: true })
    throw err
  }
  if (hadOld) await rm(old, { recursive: true, force: true })
}
