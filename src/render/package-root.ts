import { statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The gptnotes package folder (this file is at src/render or lib/render inside it). */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** The folder of package `name` as Node finds it from `dir`: in its node_modules or one above it. */
export function packageDir(dir: string, name: string): string | undefined {
  for (let d = dir; ; d = dirname(d)) {
    const found = join(d, 'node_modules', name)
    if (statSync(join(found, 'package.json'), { throwIfNoEntry: false })?.isFile()) return found
    if (dirname(d) === d) return undefined
  }
}
