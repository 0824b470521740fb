import type { Root } from 'mdast'
import { raise } from '../errors/index.js'
import { visit } from './visit.js'

/** Schemes a browser runs as code when the link is followed. */
const UNSAFE_RE = /^(javascript|vbscript|data):/
/** Images may be inline pictures: data: is safe there for raster image types. */
const SAFE_DATA_IMAGE_RE = /^data:image\/(?:png|gif|jpe?g|webp|avif);/

/**
 * Refuse links, images and definitions whose URL runs code. Browsers drop control characters
 * and spaces anywhere in a scheme and ignore its case (`JaVa\tscript:`), so the check does too.
 */
export function refuseUnsafeUrls(tree: Root, file: string, source: string): void {
  visit(tree, (node) => {
    if (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') return
    // eslint-disable-next-line no-control-regex
    const url = node.url.replace(/[\u0000-\u0020]/g, '').toLowerCase()
    const m = UNSAFE_RE.exec(url)
    if (!m || (node.type === 'image' && SAFE_DATA_IMAGE_RE.test(url))) return
    const at = node.position?.start
    raise('UnsafeUrl', { url: node.url, scheme: `${m[1]}:` }, { file, line: at?.line ?? 1, column: at?.column ?? 1 }, { source })
  })
}
