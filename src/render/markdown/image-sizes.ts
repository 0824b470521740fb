import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { imageSize } from 'image-size'
import type { Root } from 'mdast'
import { safeDecode } from '../../shared/paths.js'
import { visit } from './visit.js'

type Size = { width: number; height: number } | null

/** Identifies one version of a file (modification time and size), or `-` when it is missing. */
export function fileStamp(file: string): string {
  try {
    const s = statSync(file)
    return `${s.mtimeMs}:${s.size}`
  } catch {
    return '-'
  }
}

/** Whether every file still has the stamp it had when a page was parsed. */
export function stampsCurrent(stamps: Record<string, string>): boolean {
  for (const file in stamps) if (fileStamp(file) !== stamps[file]) return false
  return true
}

const cache = new Map<string, { stamp: string; size: Size }>()

function sizeOf(file: string, stamps: Record<string, string>): Size {
  const stamp = (stamps[file] = fileStamp(file))
  const hit = cache.get(file)
  if (hit?.stamp === stamp) return hit.size
  let size: Size = null // missing or not an image: the reference check reports missing files
  if (stamp !== '-') {
    try {
      const { width, height } = imageSize(readFileSync(file))
      if (width && height) size = { width, height }
    } catch {
      // not an image
    }
  }
  cache.set(file, { stamp, size })
  return size
}

/**
 * Give local images their intrinsic width and height, so the browser reserves their space:
 * no layout shift while they load, and hash links land where they should. Returns the stamps
 * of the files read, so a cached page is parsed again when one of its images changes.
 */
export function addImageSizes(tree: Root, contentDir: string, base: string): Record<string, string> {
  const stamps: Record<string, string> = {}
  visit(tree, 'image', (img) => {
    if (!img.url.startsWith(base)) return
    const rel = safeDecode(img.url.slice(base.length).split(/[?#]/)[0])
    const size = sizeOf(join(contentDir, rel), stamps) ?? sizeOf(join(contentDir, 'public', rel), stamps)
    if (size) img.data = { ...img.data, hProperties: { ...(img.data?.hProperties ?? {}), width: size.width, height: size.height } }
  })
  return stamps
}
