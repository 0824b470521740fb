import type { Root } from 'mdast'
import { decodeEntities } from '../../shared/escape.js'
import { raise } from '../errors/index.js'
import { visit } from './visit.js'

/** Schemes a browser runs as code when the link is followed. */
const UNSAFE_RE = /^(javascript|vbscript|data):/
/** Images may be inline pictures: data: is safe there for raster image types. */
const SAFE_DATA_IMAGE_RE = /^data:image\/(?:png|gif|jpe?g|webp|avif);/

/** Attributes of raw HTML that a browser follows or loads as a URL. */
const URL_ATTR_RE = /(?:^|[\s"'/])(href|src|action|formaction|xlink:href|poster|background)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi

/** The scheme a browser would see: character references decoded, control characters and spaces dropped, any case. */
function schemeOf(url: string): string {
  // eslint-disable-next-line no-control-regex
  return decodeEntities(url).replace(/[\u0000-\u0020]/g, '').toLowerCase()
}

/**
 * Refuse links, images and definitions whose URL runs code, in markdown and in the author's raw
 * HTML alike (`<a href="javascript:…">`). Browsers drop control characters and spaces anywhere
 * in a scheme, ignore its case and decode character references in attributes
 * (`JaVa&#x09;script:`), so the check does too.
 */
export function refuseUnsafeUrls(tree: Root, file: string, source: string): void {
  visit(tree, (node) => {
    if (node.type === 'html') return refuseInHtml(node.value, node.position?.start, file, source)
    if (node.type !== 'link' && node.type !== 'image' && node.type !== 'definition') return
    const url = schemeOf(node.url)
    const m = UNSAFE_RE.exec(url)
    if (!m || (node.type === 'image' && SAFE_DATA_IMAGE_RE.test(url))) return
    const at = node.position?.start
    raise('UnsafeUrl', { url: node.url, scheme: `${m[1]}:` }, { file, line: at?.line ?? 1, column: at?.column ?? 1 }, { source })
  })
}

function refuseInHtml(html: string, start: { line: number; column: number } | undefined, file: string, source: string): void {
  for (const attr of html.matchAll(URL_ATTR_RE)) {
    const value = attr[2] ?? attr[3] ?? attr[4] ?? ''
    const url = schemeOf(value)
    const m = UNSAFE_RE.exec(url)
    if (!m || (attr[1].toLowerCase() !== 'href' && SAFE_DATA_IMAGE_RE.test(url))) continue
    // Where the attribute is: lines and columns counted inside the HTML block.
    const offset = attr.index! + (/^[\s"'/]/.test(attr[0]) ? 1 : 0)
    const before = html.slice(0, offset).split('\n')
    const line = (start?.line ?? 1) + before.length - 1
    const column = before.length === 1 ? (start?.column ?? 1) + offset : before[before.length - 1].length + 1
    raise('UnsafeUrl', { url: value, scheme: `${m[1]}:` }, { file, line, column }, { source })
  }
}
