import type { Definition, Image, Link, Root } from 'mdast'
import { isExternal, isFileName, normalizePath, resolveRelative, safeDecode, splitHash, toHtmlLink, withBase } from '../../shared/paths.js'
import { assetOutputPath } from '../content/asset-path.js'
import { visit } from './visit.js'

/** A link from a page to another route (`target` is base-relative and normalised). */
export interface LinkRef {
  target: string
  hash: string
  line: number
  column: number
}

/** A file of `content/` a page refers to (an image, a download). */
export interface AssetRef {
  /** Path relative to `content/`, decoded (`handbook/images/a.svg`). */
  file: string
  line: number
  column: number
  /** Written from the site's root (`/images/a.png`): the file may also be in `content/public/`, as VuePress's `.vuepress/public/`. */
  fromRoot?: true
}

export interface LinkContext {
  base: string
  /** Base-relative route path of the page (`/handbook/a.html`). */
  routePath: string
  /** Path of the markdown file relative to `content/` (`handbook/a.md`). */
  relativePath: string
}

/**
 * Rewrite links and images by the spec's link rules: external links open safely in a new tab;
 * internal ones get `.html` and the base; relative images point at their copied file. Returns
 * every internal link and asset with its source position, to check they exist.
 */
export function rewriteLinks(tree: Root, ctx: LinkContext): { links: LinkRef[]; assets: AssetRef[]; anchors: LinkRef[] } {
  const links: LinkRef[] = []
  const assets: AssetRef[] = []
  const anchors: LinkRef[] = []
  const pos = (n: Link | Image | Definition) => ({ line: n.position?.start.line ?? 1, column: n.position?.start.column ?? 1 })

  const assetUrl = (url: string, node: Link | Image | Definition): string => {
    const [path, hash] = splitHash(url)
    const asset = { ...assetAt(path, ctx.relativePath), ...pos(node) }
    assets.push(asset)
    return withBase(ctx.base, servedPath(asset.file)) + hash
  }

  const rewrite = (url: string, node: Link | Image | Definition): string => {
    // data: URLs left here are inline pictures (unsafe-urls.ts refused the rest).
    if (!url || isExternal(url) || /^data:/i.test(url)) return url
    if (url.startsWith('#')) {
      anchors.push({ target: ctx.routePath, hash: safeDecode(url.slice(1)), ...pos(node) })
      return url
    }
    const [path] = splitHash(url)
    // Only `.md` and `.html` are a page's extensions: `./vuex 4.x` is a page, `./a.pdf` a file.
    if (node.type === 'image' || isFileName(safeDecode(path.split('?')[0]))) return assetUrl(url, node)
    const [target, hash] = splitHash(toHtmlLink(url))
    const routePath = normalizePath(resolveRelative(ctx.routePath, target.split('?')[0]))
    links.push({ target: routePath, hash: safeDecode(hash.slice(1)), ...pos(node) })
    return withBase(ctx.base, routePath) + hash
  }

  visit(tree, (node) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      if (node.type === 'link' && isExternal(node.url)) {
        node.data = { ...node.data, hProperties: { target: '_blank', rel: ['noopener', 'noreferrer'] } }
      }
      node.url = rewrite(node.url, node)
    }
  })
  return { links, assets, anchors }
}

/** The file of `content/` a path written in page `relativePath` names (relative to the page, or from the root). */
function assetAt(path: string, relativePath: string): Pick<AssetRef, 'file' | 'fromRoot'> {
  const fileDir = relativePath.slice(0, relativePath.lastIndexOf('/') + 1)
  const file = resolveRelative('/' + fileDir, safeDecode(path)).slice(1)
  return path.startsWith('/') ? { file, fromRoot: true } : { file }
}

/** Where a file of `content/` is served, from the site's root: a file of public/ at the root (`./public/a.png` is `/a.png`). */
const servedPath = (file: string) => '/' + encodeURI(assetOutputPath(file))

/** Frontmatter fields that name an image: gptnotes's `image` and reco's home page `heroImage` and `bgImage`. */
export const IMAGE_FIELDS = ['image', 'heroImage', 'bgImage'] as const

/**
 * The images a page's frontmatter names, read as its markdown's are: a local one becomes its
 * path from the site's root, base not included (`./cover.png` in `guide/a.md` →
 * `/guide/cover.png`; `/images/a.png` stays, and may be a file of `content/public/`), which
 * themes give the base as VuePress's `$withBase` does; each is checked to exist at the key's
 * line (`locate`). URLs of other sites and data: URLs are left as they are.
 */
export function frontmatterImages(frontmatter: Record<string, unknown>, ctx: LinkContext, locate: (key: string) => { line: number; column: number }): AssetRef[] {
  const assets: AssetRef[] = []
  for (const key of IMAGE_FIELDS) {
    const value = frontmatter[key]
    if (typeof value !== 'string' || !value.trim() || isExternal(value.trim()) || /^data:/i.test(value.trim())) continue
    const [written, hash] = splitHash(value.trim())
    // A path written with the base (`/gpt/a.png`, as page-meta has long taken `image`) is the same file.
    const path = ctx.base !== '/' && written.startsWith(ctx.base) ? written.slice(ctx.base.length - 1) : written
    // reco gives its home page's images the base and nothing else (`$withBase('./bg.jpg')` is
    // `/base/./bg.jpg`): a relative one is read from the site's root, as a file of public/ may be.
    const fromRoot = key !== 'image' && !path.startsWith('/') ? '/' + path.replace(/^(\.\/)+/, '') : path
    const asset = { ...assetAt(fromRoot, ctx.relativePath), ...locate(key) }
    assets.push(asset)
    frontmatter[key] = servedPath(asset.file) + hash
  }
  return assets
}
