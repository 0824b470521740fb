/**
 * Widget A's settings as the browser receives them: `themeConfig.comments.valineConfig` (the
 * original Valine box's option names, so a site's config carries over), checked and filled in
 * by the build, with the locale's variant merged in. Plain data: the build writes it into the
 * site data, the comment box and the visitor counter read it.
 */

/** Meta fields under the editor, in Valine's names. */
export type ValineMetaField = 'nick' | 'mail' | 'link'

/** The languages widget A speaks; `zh-CN` by default. */
export const VALINE_LANGS = ['zh-CN', 'zh-TW', 'en', 'ja'] as const
export type ValineLang = (typeof VALINE_LANGS)[number]

/**
 * Valine's `avatar` styles. All are drawn locally from the mail hash the service returns (no
 * Gravatar): `mp` a plain silhouette, the others an identicon; `hide` hides avatars.
 */
export const VALINE_AVATARS = ['', 'mp', 'identicon', 'monsterid', 'wavatar', 'retro', 'robohash', 'hide'] as const
export type ValineAvatar = (typeof VALINE_AVATARS)[number]

export interface ValineClientConfig {
  /** The comment service (the SDK appends `/1.1/…`). */
  serverURLs: string
  /** The LeanCloud app id and key; any non-empty string for our own service. */
  appId: string
  appKey: string
  /** The editor's placeholder. */
  placeholder: string
  /**
   * The page key comments are stored under; '' means the page's own path (decoded). Valine's
   * `path` option (it took an expression; here a fixed string or '').
   */
  path: string
  /** Which meta fields the editor shows, in order. @default ['nick', 'mail', 'link'] */
  meta: ValineMetaField[]
  /** Meta fields that must be filled in. @default [] */
  requiredFields: ('nick' | 'mail')[]
  /** Comments per page. @default 10 */
  pageSize: number
  lang: ValineLang
  /** The visitor counter (view counts). @default true */
  visitor: boolean
  avatar: ValineAvatar
  /** Syntax highlighting of code in comments (classes only, no extra download). @default true */
  highlight: boolean
  /** Extra or replacement emoji: name → a Unicode emoji (images from other hosts are refused by the build). */
  emojiMaps: Record<string, string>
}

/** What the article layout hands the comment slot. */
export interface ValineSlotProps {
  /** The route's path (base included, percent-encoded, as in the route data). */
  path: string
  config: ValineClientConfig
}

/** The defaults of every option (Valine's names; the build fills them in). `serverURLs` has none. */
export const VALINE_DEFAULTS: Readonly<Omit<ValineClientConfig, 'serverURLs'>> = Object.freeze({
  appId: 'gptnotes',
  appKey: 'gptnotes',
  placeholder: '',
  path: '',
  meta: ['nick', 'mail', 'link'] as ValineMetaField[],
  requiredFields: [] as ('nick' | 'mail')[],
  pageSize: 10,
  lang: 'zh-CN' as ValineLang,
  visitor: true,
  avatar: '' as ValineAvatar,
  highlight: true,
  emojiMaps: {},
})

/** Widget A's settings in the site data: the base ones and each locale's (its variant merged in). */
export interface ValineSiteConfig {
  valine: ValineClientConfig
  /** Locale path as `themeConfig.comments.locales` keys it (`'/en/'`) → that locale's settings. */
  locales?: Record<string, ValineClientConfig>
}

