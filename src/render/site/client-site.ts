import { clickEffectSchema, isEmojiImage, mascotSchema, type ValineVariant, type VssueOptions } from '../../shared/site-config.js'
import { VALINE_DEFAULTS, type ValineClientConfig } from '../../shared/valine-config.js'
import { VSSUE_DEFAULTS, VSSUE_PROXY_SAMPLE, type VssueClientConfig, type VssueSiteConfig } from '../../shared/vssue-config.js'
import type { ClientComments, ClientSite, SiteConfig } from '../../shared/types.js'

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
    mascot: mascotOf(config),
    vssue: vssueOf(config),
    ...extra,
  }
}

/** `themeConfig.clickEffect` as options: `true` takes the defaults, `false` is none. */
export function clickEffectOf(config: SiteConfig): ClientSite['clickEffect'] {
  const option = config.themeConfig.clickEffect
  if (!option) return undefined
  return option === true ? { ...clickEffectSchema.default } : { ...option }
}

/** `themeConfig.mascot` as the browser's options: `true` takes the defaults, `false` is none; the core's path stays with the build. */
export function mascotOf(config: SiteConfig): ClientSite['mascot'] {
  const option = config.themeConfig.mascot
  if (!option) return undefined
  const { core: _core, ...options } = option === true ? mascotSchema.default : option
  return options
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

/**
 * Widget B's settings for the site data (`themeConfig.comments` with `solution: 'vssue'`): the
 * base `vssueConfig` and each locale's merged over it, defaults filled in, `proxy` reduced to
 * the comment service's address, never a client secret. Undefined when widget B is off.
 */
export function vssueOf(config: SiteConfig): VssueSiteConfig | undefined {
  const comments = config.themeConfig.comments
  if (!comments.enabled || comments.solution !== 'vssue') return undefined
  const base = comments.vssueConfig
  const vssue = vssueClientConfig(base)
  const variants = Object.entries(comments.locales ?? {}).filter(([, l]) => l.vssueConfig)
  if (!variants.length) return { vssue }
  return { vssue, locales: Object.fromEntries(variants.map(([key, l]) => [key, vssueClientConfig(mergedVssue(base, l.vssueConfig!))])) }
}

function mergedVssue(base: VssueOptions | undefined, variant: VssueOptions): VssueOptions {
  const given = Object.fromEntries(Object.entries(variant).filter(([, v]) => v !== undefined))
  return { ...base, ...given }
}

/** The options the browser gets: defaults filled in, the secret left out whatever the config says. */
export function vssueClientConfig(options: VssueOptions | undefined): VssueClientConfig {
  const o = options ?? {}
  const d = VSSUE_DEFAULTS
  const proxy = typeof o.proxy === 'function' ? String(o.proxy(VSSUE_PROXY_SAMPLE)) : (o.proxy ?? '')
  return {
    platform: o.platform ?? d.platform,
    owner: o.owner ?? d.owner,
    repo: o.repo ?? d.repo,
    clientId: o.clientId ?? d.clientId,
    baseURL: (o.baseURL ?? d.baseURL).replace(/\/+$/, ''),
    proxy: proxy ? serviceFromProxy(proxy) : '',
    admins: [...(o.admins ?? d.admins)],
    perPage: o.perPage ?? d.perPage,
    labels: [...(o.labels ?? d.labels)],
    state: o.state ?? d.state,
    prefix: o.prefix ?? d.prefix,
    issueContent: o.issueContent ?? d.issueContent,
    autoCreateIssue: o.autoCreateIssue ?? d.autoCreateIssue,
    issueId: o.issueId === undefined ? d.issueId : String(o.issueId),
    locale: o.locale ?? d.locale,
    title: o.title ?? d.title,
  }
}

/**
 * The comment service's address from a `proxy` value: a string as given (no trailing slash);
 * the function form's answer for the sample with the sample and a `/cors/` before it removed
 * (else its origin). '' when there is none or it is not an http(s) address.
 */
export function serviceFromProxy(answer: string): string {
  let s = answer.trim()
  for (const sample of [VSSUE_PROXY_SAMPLE, encodeURIComponent(VSSUE_PROXY_SAMPLE)]) {
    const at = s.indexOf(sample)
    if (at > 0) {
      s = s.slice(0, at).replace(/\/cors\/?$/, '').replace(/[/?=&]+$/, '')
      break
    }
  }
  try {
    const url = new URL(s)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return ''
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
  } catch {
    return ''
  }
}
