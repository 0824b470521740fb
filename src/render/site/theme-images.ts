import { isSitePath, isWebUrl, safeDecode, withBase } from '../../shared/paths.js'
import type { SiteConfig } from '../../shared/types.js'

/*
 * The theme's images named in the config and the home page's frontmatter (`logo`,
 * `authorAvatar`, friend logos, `heroImage`, `bgImage`), as VuePress's `$withBase` reads them: a
 * path is a file of `content/public/` (copied to the output's root like every public file) and
 * gets the base; an http(s) address stays as it is.
 */

export { isWebUrl }

/** A path the site serves from `content/public/` (`/logo.png` and `logo.png` alike). */
export const isPublicRef = (ref: string): boolean => isSitePath(ref)

/** The address a page uses: the base and the path, or the http(s) URL as it is. */
export const publicUrl = (base: string, ref: string): string => (isWebUrl(ref) ? ref : withBase(base, '/' + ref.replace(/^\/+/, '')))

/** The content asset a public path names (`/logo.png` → `public/logo.png`), without a query or hash. */
export const publicAssetOf = (ref: string): string => 'public/' + safeDecode(ref.replace(/[?#].*$/, '').replace(/^\/+/, ''))

/** The config's images under `content/public/`, each with its key path. */
export function configImageRefs(config: SiteConfig): { keyPath: string; ref: string }[] {
  const theme = config.themeConfig
  const refs: { keyPath: string; ref: string | undefined }[] = [
    { keyPath: 'themeConfig.logo', ref: theme.logo },
    { keyPath: 'themeConfig.authorAvatar', ref: theme.authorAvatar },
    ...theme.friendLink.map((f, i) => ({ keyPath: `themeConfig.friendLink[${i}].logo`, ref: f.logo })),
  ]
  return refs.filter((r): r is { keyPath: string; ref: string } => r.ref !== undefined && isPublicRef(r.ref))
}
