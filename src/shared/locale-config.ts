import type { ValineOptions as ValineClientConfig, ValineSiteConfig } from './widgets/valine.js'
import type { VssueOptions as VssueClientConfig, VssueSiteConfig } from './widgets/vssue.js'

/*
 * Which of the per-locale comment settings a page uses. The build picks each route's comment
 * slot props with it (render/route-widgets.ts); in the browser only the visitor counter of post
 * lists needs it (a list shows posts of any locale). It imports only the widgets' types, so the
 * first-load JavaScript carries none of their declarations.
 */

/**
 * The value for a route: that of the longest locale path (`/en/`) the route's path
 * (base-relative, percent-encoded, as in the route data) starts with once decoded, else `fallback`.
 */
function forLocale<T>(fallback: T, locales: Readonly<Record<string, T>> | undefined, routePath: string): T {
  let path = routePath
  try {
    path = decodeURI(routePath)
  } catch {
    // Keep it as written.
  }
  let best: string | undefined
  for (const key of Object.keys(locales ?? {})) if (path.startsWith(key) && (best === undefined || key.length > best.length)) best = key
  return best === undefined ? fallback : locales![best]
}

/** Widget A's settings for a route. */
export const valineConfigFor = (comments: ValineSiteConfig, routePath: string): ValineClientConfig => forLocale(comments.valine, comments.locales, routePath)

/** Widget B's settings for a route. */
export const vssueConfigFor = (site: VssueSiteConfig, routePath: string): VssueClientConfig => forLocale(site.vssue, site.locales, routePath)
