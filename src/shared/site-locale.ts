import { localeLangOf, localeLangs } from './page-lang.js'
import { longestPrefix, safeDecode } from './paths.js'
import type { SiteConfig, ThemeLocaleConfig } from './site-config.js'

/*
 * Which locale a route is in (VuePress's `$localeConfig` and `$themeLocaleConfig`): the longest
 * key of the top-level `locales` its decoded path starts with, and that key's entry of
 * `themeConfig.locales`. The build asks for titles, descriptions and sidebars; the client's share
 * (nav, labels) is picked the same way from the site data (`localeKeyOf`).
 */

export interface SiteLocale {
  /** The locale path (`/en/`); undefined when no key of `locales` matches. */
  key: string | undefined
  lang: string
  /** The locale's title, else the site's. */
  title: string
  /** The locale's description, else the site's. */
  description: string
  /** `themeConfig.locales[key]`, or an empty entry. */
  theme: ThemeLocaleConfig
}

/** The longest of `keys` the route path (percent-encoded or not) starts with once decoded. */
export const localeKeyOf = (keys: Iterable<string>, routePath: string): string | undefined => longestPrefix(keys, safeDecode(routePath))

/** The locale of the route at `routePath` (base-relative). */
export function siteLocaleOf(config: SiteConfig, routePath: string): SiteLocale {
  const key = localeKeyOf(Object.keys(config.locales), routePath)
  const locale = key === undefined ? undefined : config.locales[key]
  // A themeConfig.locales key that the top-level locales lacks still applies to its pages.
  const themeKey = localeKeyOf(Object.keys(config.themeConfig.locales ?? {}), routePath)
  return {
    key,
    lang: localeLangOf(routePath, config.lang, localeLangs(config.locales)),
    title: locale?.title ?? config.title,
    description: locale?.description ?? config.description,
    theme: (themeKey !== undefined && config.themeConfig.locales?.[themeKey]) || {},
  }
}

/** The "Edit this page" text of a page in `lang`, when the config gives none (VuePress's default, in the page's language). */
export const defaultEditLinkText = (lang: string): string => (/^zh\b/i.test(lang) ? '编辑此页' : 'Edit this page')
