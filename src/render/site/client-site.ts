import { mergeVariant } from '../../shared/config-schema.js'
import { clickEffectOf as clickEffectOptions } from '../../shared/widgets/click-effect.js'
import { mascotOf as mascotOptions } from '../../shared/widgets/mascot.js'
import { valineSchema, type ValineOptions } from '../../shared/widgets/valine.js'
import { vssueSchema, type VssueSiteConfig } from '../../shared/widgets/vssue.js'
import type { ClientComments, ClientSite, SiteConfig } from '../../shared/types.js'

/**
 * The site-wide data every page carries inline: what the client needs, and nothing per page.
 * The comment widgets' settings are not in it: the build hands each route its own (route-widgets.ts).
 */
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
    // Headings under a sidebar link outside any group; 2 is the client's own default.
    ...(config.themeConfig.sidebarDepth !== 2 ? { sidebarDepth: config.themeConfig.sidebarDepth } : {}),
    clickEffect: clickEffectOf(config),
    mascot: mascotOf(config),
    ...extra,
  }
}

/** `themeConfig.clickEffect` as options: `true` takes the defaults, `false` is none. */
export const clickEffectOf = (config: SiteConfig): ClientSite['clickEffect'] => clickEffectOptions(config.themeConfig.clickEffect)

/** `themeConfig.mascot` as the browser's options: `true` takes the defaults, `false` is none; the core's path stays with the build. */
export const mascotOf = (config: SiteConfig): ClientSite['mascot'] => mascotOptions(config.themeConfig.mascot)

/**
 * Widget A's settings for the site data (`themeConfig.comments` with `solution: 'valine'`): the
 * base `valineConfig` (resolved by the config's load) and each locale's variant merged over it.
 * The service is the configured `serverURLs`, else `fallback` (the dev server's own); undefined
 * when widget A is off or has neither (`gptnotes build` then writes no widget A and warns).
 */
export function commentsOf(config: SiteConfig, fallback?: string): ClientComments | undefined {
  const comments = config.themeConfig.comments
  if (!comments.enabled || comments.solution !== 'valine') return undefined
  const base = comments.valineConfig ?? valineSchema.default
  const serverURLs = base.serverURLs || fallback
  if (!serverURLs) return undefined
  // A locale without a service of its own uses the base one.
  const served = (options: ValineOptions): ValineOptions => ({ ...options, serverURLs: options.serverURLs || serverURLs })
  const valine = served(base)
  const variants = Object.entries(comments.locales ?? {}).flatMap(([key, l]) => (l.valineConfig ? [[key, served(mergeVariant(base, l.valineConfig))] as const] : []))
  return variants.length ? { solution: 'valine', valine, locales: Object.fromEntries(variants) } : { solution: 'valine', valine }
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

/**
 * Widget B's settings for the site data (`themeConfig.comments` with `solution: 'vssue'`): the
 * base `vssueConfig` (resolved by the config's load) and each locale's merged over it. Undefined
 * when widget B is off.
 */
export function vssueOf(config: SiteConfig): VssueSiteConfig | undefined {
  const comments = config.themeConfig.comments
  if (!comments.enabled || comments.solution !== 'vssue') return undefined
  const vssue = comments.vssueConfig ?? vssueSchema.default
  const variants = Object.entries(comments.locales ?? {}).flatMap(([key, l]) => (l.vssueConfig ? [[key, mergeVariant(vssue, l.vssueConfig)] as const] : []))
  return variants.length ? { vssue, locales: Object.fromEntries(variants) } : { vssue }
}
