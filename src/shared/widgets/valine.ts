/**
 * Widget A (the Valine comment box), declared once: its options in Valine 1.5's names
 * (https://valine.js.org/configuration.html) so a site's config carries over, their defaults,
 * the normalised form the box receives (`ValineOptions`, inferred), and the options accepted but
 * ignored here, each warned about (`ValineOptionIgnored`).
 */
import { array, boolean, type Finding, ignored, type Infer, literal, map, mergeVariant, object, partial, record, refine, string, unknown, withDefault } from '../config-schema.js'
import { withBase } from '../paths.js'
import { commentsOnRoute, type CommentsSwitch, commentWidgetOn } from './comments.js'
import { defineWidget } from './define.js'
import { pageSizeSchema, serviceAddressSchema } from './fields.js'
import { configForLocale, localeVariants } from './locale-config.js'
import { counterServices, markCounters } from './valine-counter.js'

/** The languages widget A speaks; `zh-CN` by default. */
export const VALINE_LANGS = ['zh-CN', 'zh-TW', 'en', 'ja'] as const
export type ValineLang = (typeof VALINE_LANGS)[number]

/**
 * Valine's `avatar` styles. All are drawn locally from the mail hash the service returns (no
 * Gravatar): `mp` a plain silhouette, the others an identicon; `hide` hides avatars.
 */
export const VALINE_AVATARS = ['', 'mp', 'identicon', 'monsterid', 'wavatar', 'retro', 'robohash', 'hide'] as const
export type ValineAvatar = (typeof VALINE_AVATARS)[number]

/** Meta fields under the editor, in Valine's names. */
export type ValineMetaField = 'nick' | 'mail' | 'link'

/** An `emojiMaps` value that names an image (a path or an address) rather than being an emoji. */
export const isEmojiImage = (value: string): boolean => /^(?:[a-z]+:)?\/\//i.test(value) || value.includes('/') || /\.(?:png|gif|jpe?g|webp|svg|avif|bmp)(?:[?#]|$)/i.test(value)

const unique = <T>(list: readonly T[]): readonly T[] => [...new Set(list)]
/** Our own service takes any app id and key; an empty one is the default. */
const appKeySchema = withDefault(
  map(string, (v) => v || 'gptnotes'),
  'gptnotes',
)

const fields = {
  /** The LeanCloud app id (our own service takes any). @default 'gptnotes' */
  appId: appKeySchema,
  /** The LeanCloud app key (public by design; our own service takes any). @default 'gptnotes' */
  appKey: appKeySchema,
  /** The editor's placeholder. @default '' */
  placeholder: withDefault(string, ''),
  /** A fixed page key for the comments; left out or '': each page's own path (decoded). @default '' */
  path: withDefault(string, ''),
  /** The meta fields under the editor, in order. @default ['nick', 'mail', 'link'] */
  meta: withDefault(map(array(literal('nick', 'mail', 'link')), unique), ['nick', 'mail', 'link']),
  /** Meta fields a comment must fill in. @default [] */
  requiredFields: withDefault(map(array(literal('nick', 'mail')), unique), []),
  /** Comments per page (1–100). @default 10 */
  pageSize: withDefault(pageSizeSchema, 10),
  /** The box's language. @default 'zh-CN' */
  lang: withDefault(literal(...VALINE_LANGS), 'zh-CN'),
  /** The visitor counter (`阅读量` on articles and post lists). @default true */
  visitor: withDefault(boolean, true),
  /** The avatar style, drawn locally from the mail hash; `'hide'` hides avatars (`'mm'` is `'mp'`, Valine's old name). @default '' */
  avatar: withDefault(
    map(literal(...VALINE_AVATARS, 'mm'), (v): ValineAvatar => (v === 'mm' ? 'mp' : v)),
    '',
  ),
  /** Highlight code in comments (classes only, no extra download). @default true */
  highlight: withDefault(boolean, true),
  /** Extra emoji: name → a Unicode emoji. Image paths or addresses are dropped (and warned about). @default {} */
  emojiMaps: withDefault(
    map(record(string), (v) => Object.fromEntries(Object.entries(v).filter(([, e]) => !isEmojiImage(e)))),
    {},
  ),
  /**
   * The comment service the built site's widget A talks to (`gptnotes proxy`, or a LeanCloud
   * app until 2027-01-12), e.g. `'https://comments.example.com'`. Empty: `gptnotes build`
   * writes no widget A (and warns); `gptnotes serve` runs the service itself. @default ''
   */
  serverURLs: withDefault(serviceAddressSchema, ''),
  // Accepted so a carried-over config builds, but ignored with a warning (below).
  /** Ignored: the article layout places the box. */
  el: ignored(string),
  /** Ignored: the service is `serverURLs`. */
  region: ignored(string),
  /** Ignored unless 'Comment': comments are stored in the Comment class. */
  clazzName: ignored(string),
  /** Ignored: the box speaks zh-CN, zh-TW, en and ja (`lang`). */
  langMode: ignored(record(unknown)),
  /** Ignored: emoji are Unicode, never images from another host. */
  emojiCDN: ignored(string),
  /** Ignored: Valine asked a foreign IP service; the comment service keeps IPs itself, hashed. */
  recordIP: ignored(boolean),
  /** Ignored: Valine asked a QQ service for nicknames and avatars. */
  enableQQ: ignored(boolean),
  /** Ignored: Valine re-fetched Gravatar images; avatars are drawn locally. */
  avatarForce: ignored(boolean),
  /** Ignored (Valine dropped it in 1.4): the comment service moderates instead. */
  notify: ignored(boolean),
  /** Ignored (Valine dropped it in 1.4): the comment service has its own spam rules. */
  verify: ignored(boolean),
}

/** Why a Valine option is ignored; the catalogue's `ValineOptionIgnored` words each. */
export type ValineIgnoredReason = 'el' | 'region' | 'clazzName' | 'langMode' | 'emojiCDN' | 'emojiImage' | 'recordIP' | 'enableQQ' | 'avatarForce' | 'removed'

type Written = { readonly [K in keyof typeof fields]?: unknown }

/**
 * The options of a `valineConfig` (the base one or a locale's) that cannot apply here, each a
 * `ValineOptionIgnored` finding at its key path. An option left at the value that asks nothing
 * (`recordIP: false`) is not named: carried-over configs often spell out those defaults.
 */
function ignoredOptions(options: Written, at: string): Finding[] {
  const found: Finding[] = []
  const flag = (key: keyof Written | string, reason: ValineIgnoredReason) => found.push({ code: 'ValineOptionIgnored', params: { path: `${at}${key}`, reason }, path: `${at}${key}` })
  const o = options as Record<string, unknown>
  if (o.el !== undefined) flag('.el', 'el')
  if (o.region !== undefined) flag('.region', 'region')
  if (o.clazzName !== undefined && o.clazzName !== 'Comment') flag('.clazzName', 'clazzName')
  if (o.langMode !== undefined) flag('.langMode', 'langMode')
  if (o.emojiCDN) flag('.emojiCDN', 'emojiCDN')
  if (o.recordIP) flag('.recordIP', 'recordIP')
  if (o.enableQQ) flag('.enableQQ', 'enableQQ')
  if (o.avatarForce) flag('.avatarForce', 'avatarForce')
  if (o.notify) flag('.notify', 'removed')
  if (o.verify) flag('.verify', 'removed')
  for (const [name, value] of Object.entries((o.emojiMaps ?? {}) as Record<string, string>)) {
    if (isEmojiImage(value)) flag(`.emojiMaps[${JSON.stringify(name)}]`, 'emojiImage')
  }
  return found
}

/** `themeConfig.comments.valineConfig`: every option may be left out. */
export const valineSchema = refine(object(fields), ignoredOptions)

/** A locale's `valineConfig`: only what differs from the base one (merged over it per route). */
export const valineVariantSchema = refine(partial(fields), ignoredOptions)

/** Widget A's options as the box receives them: checked, defaults filled in, ignored ones left out. */
export type ValineOptions = Infer<typeof valineSchema>
export type ValineVariant = Infer<typeof valineVariantSchema>

/** What the article layout hands the comment slot. */
export interface ValineSlotProps {
  /** The route's path (base included, percent-encoded, as in the route data). */
  path: string
  config: ValineOptions
  /** The page's language (its locale's `lang`): the default nick is shown in it. */
  lang?: string
}

/** Widget A's settings in the site data: the base ones and each locale's (its variant merged in). */
export interface ValineSiteConfig {
  valine: ValineOptions
  /** Locale path as `themeConfig.comments.locales` keys it (`'/en/'`) → that locale's settings. */
  locales?: Record<string, ValineOptions>
}

/** Loopback hosts, where plain http never leaves the machine. */
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

/** Whether a service address would send comments over the network unencrypted (http, not loopback). */
export function insecureServiceAddress(address: string): boolean {
  // The host of an http address (shared code has no URL class): after the scheme, before port, path or query.
  const m = /^http:\/\/(?:[^@/?#]*@)?(\[[^\]]*\]|[^:/?#]*)/i.exec(address)
  return m !== null && !LOOPBACK.test(m[1])
}

/**
 * When widget A is the site's comment widget: a service address (the base one or a locale's)
 * that is plain http off loopback is warned about (`CommentsServiceInsecure`), at its key path.
 */
export function valineWhenOn(comments: { readonly valineConfig?: { readonly serverURLs?: unknown }; readonly locales?: Readonly<Record<string, { readonly valineConfig?: { readonly serverURLs?: unknown } }>> }, at: string): Finding[] {
  const found: Finding[] = []
  const check = (config: { readonly serverURLs?: unknown } | undefined, path: string) => {
    const address = config?.serverURLs
    if (typeof address === 'string' && insecureServiceAddress(address)) found.push({ code: 'CommentsServiceInsecure', params: { path, address }, path })
  }
  check(comments.valineConfig, `${at}.valineConfig.serverURLs`)
  for (const [prefix, locale] of Object.entries(comments.locales ?? {})) check(locale.valineConfig, `${at}.locales[${JSON.stringify(prefix)}].valineConfig.serverURLs`)
  return found
}

/** Widget A's settings, as the build keeps them (`themeConfig.comments` with `solution: 'valine'`). */
export interface ClientComments extends ValineSiteConfig {
  solution: 'valine'
}

/** What widget A reads of the config. */
export interface ValineConfigPart {
  themeConfig: { comments: CommentsSwitch & { valineConfig?: ValineOptions; locales?: Readonly<Record<string, { valineConfig?: ValineVariant }>> } }
}

/**
 * Widget A's settings for the site (`themeConfig.comments` with `solution: 'valine'`): the base
 * `valineConfig` and each locale's variant merged over it. The service is the configured
 * `serverURLs`, else `fallback` (the dev server's own); undefined when widget A is off or has
 * neither (`gptnotes build` then writes no widget A and warns).
 */
export function commentsOf(config: ValineConfigPart, fallback?: string): ClientComments | undefined {
  const comments = config.themeConfig.comments
  if (!commentWidgetOn(comments, 'valine')) return undefined
  const base = comments.valineConfig ?? valineSchema.default
  const serverURLs = base.serverURLs || fallback
  if (!serverURLs) return undefined
  // A locale without a service of its own uses the base one.
  const served = (options: ValineOptions): ValineOptions => ({ ...options, serverURLs: options.serverURLs || serverURLs })
  const locales = localeVariants(base, comments.locales, 'valineConfig', (b, v: ValineVariant) => served(mergeVariant(b, v)))
  return locales ? { solution: 'valine', valine: served(base), locales } : { solution: 'valine', valine: served(base) }
}

/** Whether the config turns widget A on without naming its comment service. */
export function wantsOwnCommentService(config: ValineConfigPart): boolean {
  const comments = config.themeConfig.comments
  return commentWidgetOn(comments, 'valine') && !comments.valineConfig?.serverURLs
}

/** Widget A's settings for a route (its locale's). */
export const valineConfigFor = (comments: ValineSiteConfig, routePath: string): ValineOptions => configForLocale(comments.valine, comments.locales, routePath)

/** Widget A through the pipeline: the comment slot of articles, its visitor counters, its service's origins. */
export const valineWidget = defineWidget({
  name: 'valine',
  placement: 'article-end',
  settings: (config: ValineConfigPart, build) => commentsOf(config, build.commentService),
  routeProps: (route, comments, base): ValineSlotProps | undefined => (commentsOnRoute(route) ? { path: withBase(base, route.path), config: valineConfigFor(comments, route.path) } : undefined),
  siteData: (comments) => {
    const counters = counterServices(comments)
    return counters.length ? { counters } : {}
  },
  markRoutes: (routes, comments) => markCounters(routes as Parameters<typeof markCounters>[0], comments),
  // A service on the site's own origin (serve's embedded one) is listed anyway: the page may be opened under another loopback name.
  origins: (comments, originOf) => ({ connect: [comments.valine, ...Object.values(comments.locales ?? {})].flatMap((v) => [originOf(v.serverURLs)].filter((o) => o !== undefined)) }),
})
