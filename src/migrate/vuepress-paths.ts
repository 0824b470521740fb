import { routePathOf, safeDecode, toHtmlLink, isExternal } from '../shared/paths.js'

/**
 * VuePress 1's page paths, as its default theme (and reco, which copies it) resolves a sidebar or
 * nav entry: `resolvePath` of the entry against the sidebar's key, then the page whose
 * `regularPath` matches once `.md`/`.html` and the hash are stripped (`normalize`). The answer
 * is the gptnotes route of the page's file, decoded (`/guide/`, `/guide/foo.html`).
 */
export class VuePressPages {
  /** normalize(regularPath) → the file's gptnotes route. */
  private readonly byRegular = new Map<string, string>()

  /** The other files of the site, as their addresses (`/images/a.png`; `.vuepress/public/x` is `/x`). */
  private readonly assets: Set<string>

  /** `files`: the markdown files of the source folder, relative to it (`guide/README.md`); `assets`: the other files' addresses. */
  constructor(
    readonly files: readonly string[],
    assets: readonly string[] = [],
  ) {
    for (const file of files) this.byRegular.set(normalize(regularPathOf(file)), safeDecode(routePathOf(file)))
    this.assets = new Set(assets)
  }

  /**
   * Whether a nav link (already as gptnotes writes it) lands somewhere: an external address, a
   * page, a file, or a page gptnotes makes itself (tags, categories, timeline).
   */
  lands(link: string): boolean {
    if (isExternal(link) || /^(mailto|tel):/i.test(link)) return true
    const path = safeDecode(link.replace(/[?#].*$/, ''))
    if (/^\/(tag|categories|timeline)\//.test(path) || this.assets.has(path)) return true
    return this.resolve(path) !== undefined
  }

  /** The gptnotes route of the page an entry names under `base`, or undefined (VuePress logs "No matching page"). */
  resolve(rawPath: string, base = '/'): string | undefined {
    if (isExternal(rawPath)) return undefined
    const hash = /#.*$/.exec(rawPath)?.[0] ?? ''
    const route = this.byRegular.get(normalize(resolvePath(rawPath, base)))
    return route === undefined ? undefined : route + hash
  }
}

/** VuePress 1's `regularPath`: `foo/README.md` and `foo/index.md` → `/foo/`, `foo/bar.md` → `/foo/bar.html`. */
export function regularPathOf(file: string): string {
  const p = '/' + file.replace(/\\/g, '/')
  return /(^|\/)(readme|index)\.md$/i.test(p) ? p.replace(/(readme|index)\.md$/i, '') : p.replace(/\.md$/i, '.html')
}

/** VuePress 1's `normalize`: decoded, without hash and `.md`/`.html`. */
export function normalize(path: string): string {
  return safeDecode(path).replace(/#.*$/, '').replace(/\.(md|html)$/, '')
}

/** VuePress 1's `resolvePath(relative, base)` (default theme util), without `append`. */
export function resolvePath(relative: string, base: string): string {
  const first = relative.charAt(0)
  if (first === '/') return relative
  if (first === '?' || first === '#') return base + relative
  const stack = base.split('/')
  stack.pop()
  for (const segment of relative.replace(/^\//, '').split('/')) {
    if (segment === '..') stack.pop()
    else if (segment !== '.') stack.push(segment)
  }
  if (stack[0] !== '') stack.unshift('')
  return stack.join('/')
}

/** A nav link as gptnotes wants it: external links as they are, site paths with `.html` (VuePress's `ensureExt`). */
export function navLinkOf(link: string): string {
  return isExternal(link) || /^(mailto|tel):/i.test(link) ? link : toHtmlLink(link)
}
