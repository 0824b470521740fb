import { readdir, readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import type { OutputContents } from '../../render/emit/write-output.js'

/** A built site to check: an output folder, or a build held in memory. */
export interface OutputTree {
  /** Every file and folder, `/`-separated and relative to the output root. */
  files: ReadonlySet<string>
  dirs: ReadonlySet<string>
  readText(file: string): Promise<string>
}

/** The output folder as it is on disk. */
export async function folderTree(outDir: string): Promise<OutputTree> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true })
  const files = new Set<string>()
  const dirs = new Set<string>()
  for (const e of entries) {
    const rel = relative(outDir, join(e.parentPath, e.name)).split(sep).join('/')
    if (e.isDirectory()) dirs.add(rel)
    else files.add(rel)
  }
  return { files, dirs, readText: (file) => readFile(join(outDir, file), 'utf8') }
}

/** A build's files before (or instead of) writing them: what the write stage would put in the folder. */
export function memoryTree(output: ReadonlyMap<string, OutputContents>): OutputTree {
  const files = new Set(output.keys())
  const dirs = new Set<string>()
  for (const file of files) {
    for (let at = file.lastIndexOf('/'); at > 0; at = file.lastIndexOf('/', at - 1)) dirs.add(file.slice(0, at))
  }
  const decoder = new TextDecoder()
  return {
    files,
    dirs,
    readText: async (file) => {
      const contents = output.get(file)
      if (contents === undefined) throw new Error(`not in the build: ${file}`)
      if (typeof contents === 'string') return contents
      if (contents instanceof Uint8Array) return decoder.decode(contents)
      return readFile(contents.copyFrom, 'utf8')
    },
  }
}
