// Bytes and files under a folder, every level down (an output's size as a host counts it).
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

export function dirSize(dir) {
  let bytes = 0
  let files = 0
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) {
      const r = dirSize(p)
      bytes += r.bytes
      files += r.files
    } else {
      bytes += statSync(p).size
      files++
    }
  }
  return { bytes, files }
}
