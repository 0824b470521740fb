import { longestPrefix, safeDecode } from './paths.js'

/** Each `locales` prefix's `lang` (`'/en/'` → `'en-US'`); a prefix without one maps to undefined. */
export type LocaleLangs = Readonly<Record<string, string | undefined>>

/** The `lang` of each locale of a site config's `locales`: all a page's language depends on besides the site's `lang`. */
export function localeLangs(locales: Readonly<Record<string, { lang?: string }>>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(locales).map(([prefix, locale]) => [prefix, locale.lang]))
}

/**
 * The language of the page at a base-relative route path: the `lang` of the longest locale
 * prefix of its (decoded) path, else the site's `lang`. A page's own frontmatter `lang` wins
 * over both; callers that have one use it.
 */
export function localeLangOf(routePath: string, siteLang: string, locales: LocaleLangs): string {
  const key = longestPrefix(Object.keys(locales), safeDecode(routePath))
  return (key && locales[key]) || siteLang
}
