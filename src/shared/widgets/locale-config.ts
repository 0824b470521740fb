/*
 * Which of a widget's per-locale settings a page uses. Only the build picks with it, per route:
 * each comment slot's props and each page's visitor counter, so the browser gets one locale's
 * settings and never this choice.
 */

/**
 * The value for a route: that of the longest locale path (`/en/`) the route's path
 * (base-relative, percent-encoded, as in the route data) starts with once decoded, else `fallback`.
 */
export function configForLocale<T>(fallback: T, locales: Readonly<Record<string, T>> | undefined, routePath: string): T {
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

/** Each locale's variant (`themeConfig.comments.locales[key][field]`) merged over `base`, by locale key; undefined when no locale has one. */
export function localeVariants<T extends object, V>(base: T, locales: Readonly<Record<string, Readonly<Record<string, unknown>>>> | undefined, field: string, merge: (base: T, variant: V) => T): Record<string, T> | undefined {
  const variants = Object.entries(locales ?? {}).flatMap(([key, l]) => (l[field] ? [[key, merge(base, l[field] as V)] as const] : []))
  return variants.length ? Object.fromEntries(variants) : undefined
}
