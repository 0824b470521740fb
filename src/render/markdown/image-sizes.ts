import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { imageSize } from 'image-size'
import type { Image, Root } from 'mdast'
import { safeDecode } from '../../shared/paths.js'

const cache = new Map<string, { width: number; height: number } | null>()

function sizeOf(file: string): { width: number; height: number } | null {
  let hit = cache.get(file)
  if (hit === undefined) {
    try {
      const { width, height } = imageSize(readFileSync(file))
      hit = width && height ? { width, height } : null
    } catch {
      hit = null // missing or not an image: the reference check reports missing files
    }
    cache.set(file, hit)
  }
  return hit
}

/**
 * Give local images their intrinsic width and height, so the browser reserves their space:
 * no layout shift while they load, and hash links land where they should.
 */
export function addImageSizes(tree: Root, contentDir: string, base: string): void {
  const visit = (node: Root | Root['children'][number]) => {
    if (node.type === 'image') {
      const img = node as Image
      if (img.url.startsWith(base)) {
        const rel = safeDecode(img.url.slice(base.length).split(/[?#]/)[0])
        const size = sizeOf(join(contentDir, rel)) ?? sizeOf(join(contentDir, 'public', rel))
        if (size) img.data = { ...img.data, hProperties: { ...(img.data?.hProperties ?? {}), width: size.width, height: size.height } }
      }
      return
    }
    if ('children' in node) for (const child of node.children) visit(child as Root['children'][number])
  }
  visit(tree)
}
