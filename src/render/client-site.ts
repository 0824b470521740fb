import { clickEffectSchema, isEmojiImage, type ValineVariant } from '../shared/site-config.js'
import { VALINE_DEFAULTS, type ValineClientConfig } from '../shared/valine-config.js'
import type { ClientComments, ClientSite, SiteConfig } from '../shared/types.js'

/** The site-wide data every page carries inline: what the client needs, and nothing per page. */
export function clientSiteOf(config: SiteConfig, routesUrl: string, extra: Partial<ClientSite>): ClientSite {
  return {
    title: config.title,
    description: config.description,
    base: config.base,
    nav: [...config.themeConfig.nav],
    smoothScroll: config.themeConfig.smoothScroll,
    lastUpdated: config.themeConfig.lastUpdated,
    routesUrl,
    author: config.themeConfig.author || undefined,
    clickEffect: clickEffectOf(config),
    ...extra,
  }
}

/** `themeConfig.clickEffect` as options: `true` takes the defaults, `false` is none. */
export function clickEffectOf(config: SiteConfig): ClientSite['clickEffect'] {
  const option = config.themeConfig.clickEffect
  if (!option) return undefined
  return option === true ? { ...clickEffectSchema.default } : { ...option }
}

/**
 * Widget A's settings for the site data (`themeConfig.comments` with `solution: 'valine'`): the
 * base `valineConfig` and each locale's variant merged over it, defaults filled in, the ignored
 * options dropped. The service is the configured `serverURLs`, else `fallback` (the dev server's
 * own); undefined when widget A is off or has neither (`gptnotes build` then writes no widget A
 * and warns).
 */
export function commentsOf(config: SiteConfig, fallback?: string): ClientComments | undefined {
  const comments = config.themeConfig.comments
  if (!comments.enabled || comments.solution !== 'valine') return undefined
  const base = comments.valineConfig
  const serverURLs = base?.serverURLs || fallback
  if (!serverURLs) return undefined
  const valine = valineClientConfig(base, serverURLs)
  const variants = Object.entries(comments.locales ?? {}).filter(([, l]) => l.valineConfig)
  if (!variants.length) return { solution: 'valine', valine }
  const locales = Object.fromEntries(variants.map(([key, l]) => [key, valineClientConfig(merged(base, l.valineConfig!), serverURLs)]))
  return { solution: 'valine', valine, locales }
}

/** A locale's variant over the base options: each option it gives replaces the base one whole. */
function merged(base: ValineVariant | undefined, variant: ValineVariant): ValineVariant {
  const given = Object.fromEntries(Object.entries(variant).filter(([, v]) => v !== undefined))
  return { ...base, ...given }
}

/** The options the browser gets: defaults filled in, only what applies here. */
export function valineClientConfig(options: ValineVariant | undefined, fallbackServer: string): ValineClientConfig {
  const o = options ?? {}
  const d = VALINE_DEFAULTS
  return {
    serverURLs: o.serverURLs || fallbackServer,
    appId: o.appId || d.appId,
    appKey: o.appKey || d.appKey,
    placeholder: o.placeholder ?? d.placeholder,
    path: o.path ?? d.path,
    meta: [...new Set(o.meta ?? d.meta)],
    requiredFields: [...new Set(o.requiredFields ?? d.requiredFields)],
    pageSize: o.pageSize ?? d.pageSize,
    lang: o.lang ?? d.lang,
    visitor: o.visitor ?? d.visitor,
    // Valine's old name for the silhouette.
    avatar: o.avatar === 'mm' ? 'mp' : (o.avatar ?? d.avatar),
    highlight: o.highlight ?? d.highlight,
    // Images from another host are never loaded: those entries are dropped (and warned about).
    emojiMaps: Object.fromEntries(Object.entries(o.emojiMaps ?? d.emojiMaps).filter(([, v]) => !isEmojiImage(v))),
  }
}

/** Whether the config turns widget A on without naming its comment service. */
export function wantsOwnCommentService(config: SiteConfig): boolean {
  const comments = config.themeConfig.comments
  return comments.enabled && comments.solution === 'valine' && !comments.valineConfig?.serverURLs
}

/** The config with the comment widget turned off (widget A without a service to talk to). */
export function withoutComments(config: SiteConfig): SiteConfig {
  const { themeConfig } = config
  return { ...config, themeConfig: { ...themeConfig, comments: { ...themeConfig.comments, enabled: false } } }
}
