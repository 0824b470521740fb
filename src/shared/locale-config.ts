import type { ValineOptions as ValineClientConfig, ValineSiteConfig } from './widgets/valine.js'
import type { VssueOptions as VssueClientConfig, VssueSiteConfig } from './widgets/vssue.js'

/*
 * Which of the per-locale comment settings a page uses. Only the build picks with it, per route:
 * each comment slot's props and each page's visitor counter (render/site/route-widgets.ts), so
 * the browser gets one locale's settings and never this choice.
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
