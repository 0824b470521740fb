import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

export type OutputContents = string | Uint8Array | { copyFrom: string }

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
    // Bounded parallelism: thousands of files at once would exhaust file handles.
    for (let i = 0; i < entries.length; i += 64) {
      await Promise.all(
        entries.slice(i, i + 64).map(([file, contents]) =>
          typeof contents === 'object' && 'copyFrom' in contents ? copyFile(contents.copyFrom, join(tmp, file)) : writeFile(join(tmp, file), contents),
        ),
      )
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
