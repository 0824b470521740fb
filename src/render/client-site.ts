import { clickEffectSchema } from '../shared/site-config.js'
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
 * Widget A's service (`themeConfig.comments` with `solution: 'valine'`): the configured
 * `valineConfig.serverURLs`, else `fallback` (the dev server's own service); undefined when
 * widget A is off or has neither (`gptnotes build` then writes no widget A and warns).
 */
export function commentsOf(config: SiteConfig, fallback?: string): ClientComments | undefined {
  const comments = config.themeConfig.comments
  if (!comments.enabled || comments.solution !== 'valine') return undefined
  const serverURLs = comments.valineConfig?.serverURLs || fallback
  return serverURLs ? { solution: 'valine', serverURLs } : undefined
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
