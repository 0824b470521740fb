/**
 * The site config (`gptnotes.config.ts`), declared once: its types, its check (key-path
 * messages) and its defaults all come from `siteConfigSchema`. A new field is one entry here
 * with its doc comment; the README's config table lists the same fields.
 */
import {
  array,
  boolean,
  custom,
  deepFreeze,
  type Infer,
  type Input,
  lazy,
  literal,
  number,
  object,
  optional,
  type Problem,
  record,
  type Schema,
  string,
  tuple,
  union,
  unknown,
  withDefault,
} from './config-schema.js'
import { VALINE_AVATARS, VALINE_LANGS } from './valine-config.js'
import { VSSUE_PLATFORMS } from './vssue-config.js'

const isObject = (v: unknown): v is object => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A head tag: `['link', { rel: 'icon', href: '/gpt/favicon.svg' }]`, or with content as a third item. */
export const headTagSchema = tuple(
  [string, record(union('a string or boolean', [boolean, string], (x) => (typeof x === 'boolean' ? boolean : string))), optional(string)],
  '[tag, attributes] or [tag, attributes, content]',
)

export const localeSchema = object({
  /** The language of pages under this prefix (`lang` of `<html>`). */
  lang: optional(string),
  /** The site title under this prefix. */
  title: optional(string),
  /** The default description under this prefix. */
  description: optional(string),
})

export const navLinkSchema = object({
  /** The label. */
  text: string,
  /** A site path (`/handbook/a.html`) or an external URL (opens in a new tab). */
  link: string,
})

export const navGroupSchema = object({
  /** The label of the dropdown. */
  text: string,
  /** The links in the dropdown. */
  items: array(navLinkSchema),
})

export const navItemSchema = union('a link {text, link} or a group {text, items}', [navGroupSchema, navLinkSchema], (v) =>
  isObject(v) && 'items' in v ? navGroupSchema : navLinkSchema,
)

/** A sidebar group without its children (the recursive part, typed below). */
const sidebarGroupFields = {
  /** The group's heading. */
  title: string,
  /** A page the heading links to. */
  path: optional(string),
  /** Headings shown under the current page of this group (1: h2, 2: h2 and h3); the theme's `sidebarDepth` when left out. */
  sidebarDepth: optional(number),
  /** `false` keeps the group open; left out, it folds. */
  collapsable: optional(boolean),
}
const sidebarGroupBase = object(sidebarGroupFields)

/** A sidebar group: `{ title, path?, children, sidebarDepth?, collapsable? }` (at most 3 levels). */
export interface SidebarGroupConfig extends Infer<typeof sidebarGroupBase> {
  /** Its items: paths, `[path, title]` pairs or groups. */
  readonly children?: readonly SidebarItemConfig[]
}

/** A sidebar item: a page path, a `[path, title]` pair or a group. */
export type SidebarItemConfig = string | readonly [path: string, title: string] | SidebarGroupConfig

// Annotated because it refers to itself; the compiler checks the schema against the type above.
export const sidebarItemSchema: Schema<SidebarItemConfig> = union(
  'a path string, a [path, title] pair or a group {title, children}',
  [string, tuple([string, string]), object({ ...sidebarGroupFields, children: optional(array(lazy(() => sidebarItemSchema))) })],
)

export const sidebarSchema = union(
  "'auto', false, a list of items or an object of path prefix → list",
  [literal('auto', false), array(sidebarItemSchema), record(array(sidebarItemSchema))],
  (v) => {
    if (v === 'auto' || v === false) return literal('auto', false)
    if (Array.isArray(v)) return array(sidebarItemSchema)
    if (isObject(v)) return record(array(sidebarItemSchema))
    return undefined
  },
)

export const clickEffectSchema = object({
  /** Particle size in CSS pixels (a star's inner radius; its outer radius is twice that). @default 2 */
  size: withDefault(number, 2),
  /** `'star'` (five points, turning) or `'circle'`. @default 'star' */
  shape: withDefault(literal('star', 'circle'), 'star'),
  /** The canvas's stacking order, above everything else on the page. @default 999999999 */
  zIndex: withDefault(number, 999999999),
})

/** A style object for one of the mascot's elements (`{ right: '90px', 'z-index': 3 }`). */
const mascotStyleSchema = withDefault(record(union('a string or number', [string, number], (v) => (typeof v === 'number' ? number : string))), {})

/**
 * The mascot (看板娘), in the original kan-ban-niang plugin's option names. The built-in
 * character needs nothing else; the spec's Live2D names need the owner's Cubism core (`core`).
 */
export const mascotSchema = object({
  /**
   * Theme names, the first shown first: `'builtin'` (小笺, ours) or the spec's Live2D models
   * `blackCat`, `whiteCat`, `haru1`, `haru2`, `haruto`, `koharu`, `izumi`, `shizuku`, `wanko`,
   * `miku`, `z16`, each from its npm package installed in the site folder (`live2d-widget-model-*`;
   * blackCat is hijiki, whiteCat tororo) and drawn with `core`. @default ['builtin']
   */
  theme: withDefault(array(string), ['builtin']),
  /** Hide the buttons. @default false */
  clean: withDefault(boolean, false),
  /** The message box's texts; a left-out one keeps its Chinese default (`welcome` '' greets with the site title). @default {} */
  messages: withDefault(
    object({
      /** @default '' (`欢迎来到 <title>`) */
      welcome: optional(string),
      /** @default '心里的花，我想要带你回家。' */
      home: optional(string),
      /** @default '好吧，希望你能喜欢我的其他小伙伴。' */
      theme: optional(string),
      /** @default '你知道我喜欢吃什么吗？痴痴地望着你。' */
      close: optional(string),
    }),
    {},
  ),
  /** Styles of the message box. @default {} */
  messageStyle: mascotStyleSchema,
  /** Styles of the canvas. @default {} */
  modelStyle: mascotStyleSchema,
  /** Styles of the button column. @default {} */
  btnStyle: mascotStyleSchema,
  /** The canvas's width in CSS px. @default 150 */
  width: withDefault(number, 150),
  /** The canvas's height in CSS px. @default 220 */
  height: withDefault(number, 220),
  /**
   * Path (from the site folder) of the owner's Live2D Cubism 2.1 core, `live2d.min.js` (2.1.00_1),
   * needed by the Live2D themes; copied into the output, never shipped by gptnotes.
   */
  core: optional(string),
})

/** An http(s) address of a comment service (`https://comments.example.com`), or '' for none. */
const serviceAddressSchema = custom<string>((v, p) =>
  typeof v === 'string' && (v === '' || /^https?:\/\/[^\s]+$/.test(v)) ? [] : [{ path: p, message: `must be an http(s) address like "https://comments.example.com", got ${JSON.stringify(v)}` }],
)

const pageSizeSchema = custom<number>(
  (v, p) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 100 ? [] : [{ path: p, message: `must be a whole number from 1 to 100, got ${JSON.stringify(v)}` }]),
  (v) => typeof v === 'number',
)

/**
 * Widget A's options, as Valine 1.5 named them (https://valine.js.org/configuration.html), so a
 * site's existing config carries over. All may be left out; the build fills in the defaults
 * (`ValineClientConfig` in valine-config.ts documents each) after merging the locale's variant.
 */
const valineOptionFields = {
  /** The LeanCloud app id (our own service takes any). @default 'gptnotes' */
  appId: optional(string),
  /** The LeanCloud app key (public by design; our own service takes any). @default 'gptnotes' */
  appKey: optional(string),
  /** The editor's placeholder. @default '' */
  placeholder: optional(string),
  /** A fixed page key for the comments; left out or '': each page's own path. @default '' */
  path: optional(string),
  /** The meta fields under the editor, in order. @default ['nick', 'mail', 'link'] */
  meta: optional(array(literal('nick', 'mail', 'link'))),
  /** Meta fields a comment must fill in. @default [] */
  requiredFields: optional(array(literal('nick', 'mail'))),
  /** Comments per page (1–100). @default 10 */
  pageSize: optional(pageSizeSchema),
  /** The box's language. @default 'zh-CN' */
  lang: optional(literal(...VALINE_LANGS)),
  /** The visitor counter (`阅读量` on articles and post lists). @default true */
  visitor: optional(boolean),
  /** The avatar style, drawn locally from the mail hash; `'hide'` hides avatars (`'mm'` is `'mp'`). @default '' */
  avatar: optional(literal(...VALINE_AVATARS, 'mm')),
  /** Highlight code in comments. @default true */
  highlight: optional(boolean),
  /** Extra emoji: name → a Unicode emoji. Image paths or addresses are ignored (warned). @default {} */
  emojiMaps: optional(record(string)),
  // Accepted so a carried-over config builds, but ignored with a warning (IGNORED_VALINE_OPTIONS).
  /** Ignored: the article layout places the box. */
  el: optional(string),
  /** Ignored: the service is `serverURLs`. */
  region: optional(string),
  /** Ignored unless 'Comment': comments are stored in the Comment class. */
  clazzName: optional(string),
  /** Ignored: the box speaks zh-CN, zh-TW, en and ja (`lang`). */
  langMode: optional(record(unknown)),
  /** Ignored: emoji are Unicode, never images from another host. */
  emojiCDN: optional(string),
  /** Ignored: Valine asked a foreign IP service; the comment service keeps IPs itself, hashed. */
  recordIP: optional(boolean),
  /** Ignored: Valine asked a QQ service for nicknames and avatars. */
  enableQQ: optional(boolean),
  /** Ignored: Valine re-fetched Gravatar images; avatars are drawn locally. */
  avatarForce: optional(boolean),
  /** Ignored (Valine dropped it in 1.4): the comment service moderates instead. */
  notify: optional(boolean),
  /** Ignored (Valine dropped it in 1.4): the comment service has its own spam rules. */
  verify: optional(boolean),
}

export const valineConfigSchema = object({
  ...valineOptionFields,
  /**
   * The comment service the built site's widget A talks to (`gptnotes proxy`, or a LeanCloud
   * app until 2027-01-12), e.g. `'https://comments.example.com'`. Empty: `gptnotes build`
   * writes no widget A (and warns); `gptnotes serve` runs the service itself. @default ''
   */
  serverURLs: withDefault(serviceAddressSchema, ''),
})

/** A locale's `valineConfig`: only what differs from the base one. */
export const valineVariantSchema = object({ ...valineOptionFields, serverURLs: optional(serviceAddressSchema) })

/** What the config loader puts in place of a function it cannot evaluate at build time. */
export const UNEVALUATED_FUNCTION = '\u0000function'

/** A string option of widget B; a function there (the original allowed some) is refused by name. */
const vssueText = custom<string>(
  (v, p) =>
    typeof v === 'string' && v !== UNEVALUATED_FUNCTION
      ? []
      : [{ path: p, message: v === UNEVALUATED_FUNCTION ? 'must be a string here (a function cannot travel to the browser)' : `must be a string, got ${JSON.stringify(v)}` }],
  (v) => typeof v === 'string',
)

/**
 * Widget B's options, as Vssue 1.4 named them (https://vssue.js.org/options/), so a site's
 * config carries over. All may be left out; the build fills in the defaults (`VssueClientConfig`
 * in vssue-config.ts documents each) after merging the locale's variant.
 */
const vssueOptionFields = {
  /** `'github'`, `'github-v4'`, `'gitlab'`, `'bitbucket'` or `'gitee'`. @default 'github' */
  platform: optional(literal(...VSSUE_PLATFORMS)),
  /** The repository's owner (also an admin). */
  owner: optional(string),
  /** The repository holding the issues. */
  repo: optional(string),
  /** The OAuth application's client id (public; its secret lives on the comment service). */
  clientId: optional(string),
  /** Refused: the secret belongs on the comment service (`GITHUB_CLIENT_SECRET`…), never in pages. */
  clientSecret: optional(unknown),
  /** The platform's origin for GitHub Enterprise or a self-hosted GitLab. @default the public one */
  baseURL: optional(custom<string>((v, p) => (typeof v === 'string' && (v === '' || /^https?:\/\/[^\s]+$/.test(v)) ? [] : [{ path: p, message: `must be an http(s) address, got ${JSON.stringify(v)}` }]))),
  /**
   * The comment service's address (`gptnotes proxy`), which exchanges login codes; or the
   * original's function form `url => …`, evaluated by the build (the service is what comes
   * before the URL it is given). Not needed for GitLab.
   */
  proxy: optional(
    custom<string | ((url: string) => string)>((v, p) =>
      typeof v === 'function' || (typeof v === 'string' && (v === '' || /^https?:\/\/[^\s]+$/.test(v)))
        ? []
        : [{ path: p, message: `must be the comment service's http(s) address, got ${JSON.stringify(v)}` }],
    ),
  ),
  /** Usernames besides `owner` who may create issues and delete any comment. @default [] */
  admins: optional(array(string)),
  /** Comments per page (1–100). @default 10 */
  perPage: optional(pageSizeSchema),
  /** The issue's labels. @default ['Vssue'] */
  labels: optional(array(string)),
  /** The prefix of each login's random OAuth state. @default 'Vssue' */
  state: optional(string),
  /** Put before the issue's title. @default '[Vssue]' */
  prefix: optional(string),
  /** A new issue's body (`{url}`: the page's address), or the original's function `({ url }) => …`, evaluated by the build. @default the address */
  issueContent: optional(vssueText),
  /** Create the page's issue when an admin opens it. @default false */
  autoCreateIssue: optional(boolean),
  /** One issue for every page (its number, or id on GitHub v4 and Bitbucket). */
  issueId: optional(union('a string or number', [string, number], (v) => (typeof v === 'number' ? number : string))),
  /** `en`, `zh`, `pt`, `ja`, `he` or a variant (`zh-CN`, `pt-BR`); left out: the reader's browser languages, then English. */
  locale: optional(string),
  /** The issue's title (after `prefix`). @default the page's title */
  title: optional(vssueText),
}

export const vssueConfigSchema = object(vssueOptionFields)

export const themeConfigSchema = object({
  /** Top nav: links `{ text, link }` and dropdown groups `{ text, items: [{ text, link }] }`. @default [] */
  nav: withDefault(array(navItemSchema), []),
  /**
   * `'auto'` (the page's headings), `false`, a list, or `{ '/prefix/': list }` (longest prefix
   * wins). A missing page is a build error naming the key path. @default 'auto'
   */
  sidebar: withDefault(sidebarSchema, 'auto'),
  /** Headings shown under the current page in the sidebar (1: h2, 2: h2 and h3). @default 2 */
  sidebarDepth: withDefault(number, 2),
  /** The default author of pages. @default '' */
  author: withDefault(string, ''),
  /** Site search (titles, headings and text). @default true */
  search: withDefault(boolean, true),
  /** At most this many search suggestions. @default 10 */
  searchMaxSuggestions: withDefault(number, 10),
  /** Smooth scrolling for hashes, back/forward and new pages. @default true */
  smoothScroll: withDefault(boolean, true),
  /** Label before an article's last-updated date, or `false` to hide it. @default '上次更新' */
  lastUpdated: withDefault(
    union('a label string or false', [literal(false), string], (v) => (v === false ? literal(false) : string)),
    '上次更新',
  ),
  /** The comment widget. @default { enabled: false, solution: '', options: {} } */
  comments: object({
    /** @default false */
    enabled: withDefault(boolean, false),
    /** Which widget: `'valine'` or `'vssue'`. @default '' */
    solution: withDefault(literal('', 'valine', 'vssue'), ''),
    /** Options handed to the widget. @default {} */
    options: withDefault(record(unknown), {}),
    /**
     * Widget A's settings, in the original Valine box's option names (absent: none given).
     * Options that cannot apply here are accepted, ignored and warned about (`ValineOptionIgnored`).
     */
    valineConfig: optional(valineConfigSchema),
    /**
     * Widget B's settings, in the original Vssue's option names (absent: none given). A
     * `clientSecret` is refused (\`VssueClientSecret\`): it belongs on the comment service.
     */
    vssueConfig: optional(vssueConfigSchema),
    /**
     * Per locale path (the keys of `locales`, e.g. `'/en/'`; longest prefix wins): a
     * `valineConfig` (or `vssueConfig`) merged over the base one for pages under it (absent: none).
     */
    locales: optional(record(object({ valineConfig: optional(valineVariantSchema), vssueConfig: optional(vssueConfigSchema) }))),
  }),
  /** E-mail notifications. @default { enabled: false } */
  email: object({
    /** @default false */
    enabled: withDefault(boolean, false),
  }),
  /** Feeds of the post list; they need `hostname`. @default { rss: false, atom: false, json: false } */
  feeds: object({
    /** `rss.xml` (RSS 2.0). @default false */
    rss: withDefault(boolean, false),
    /** `atom.xml` (Atom 1.0). @default false */
    atom: withDefault(boolean, false),
    /** `feed.json` (JSON Feed 1.1). @default false */
    json: withDefault(boolean, false),
  }),
  /**
   * Sparks where the reader clicks or taps (the original cursor-effects plugin's options), or
   * `false`. Never shown to readers who prefer reduced motion. @default false
   */
  clickEffect: withDefault(
    union('false, true or { size?, shape?, zIndex? }', [boolean, clickEffectSchema], (v) => (typeof v === 'boolean' ? boolean : isObject(v) ? clickEffectSchema : undefined)),
    false,
  ),
  /**
   * The mascot (看板娘) at the bottom left: `true` for the built-in character with the defaults,
   * the original plugin's options, or `false`. Never on mobile user agents or for readers who
   * prefer reduced motion. @default false
   */
  mascot: withDefault(
    union('false, true or { theme?, clean?, messages?, … }', [boolean, mascotSchema], (v) => (typeof v === 'boolean' ? boolean : isObject(v) ? mascotSchema : undefined)),
    false,
  ),
})

export const siteConfigSchema = object({
  /** The site title, in every `<title>`. @default '' */
  title: withDefault(string, ''),
  /** The default description. @default '' */
  description: withDefault(string, ''),
  /** The path the site is served under; starts and ends with `/`. @default '/gpt/' */
  base: withDefault(
    custom<string>((v, p) =>
      typeof v === 'string' && v.startsWith('/') && v.endsWith('/') ? [] : [{ path: p, message: `must start and end with "/" (like "/gpt/"), got ${JSON.stringify(v)}` }],
    ),
    '/gpt/',
  ),
  /** Absolute origin for canonical links, the sitemap and feeds (`https://example.com`). @default '' */
  hostname: withDefault(
    custom<string>((v, p) =>
      typeof v === 'string' && (v === '' || /^https?:\/\/[^/]+$/.test(v))
        ? []
        : [{ path: p, message: `must be an origin like "https://example.com" (no path, no trailing slash), got ${JSON.stringify(v)}` }],
    ),
    '',
  ),
  /** The default language, used when no locale matches. @default 'en-US' */
  lang: withDefault(string, 'en-US'),
  /** Extra head tags: `['link', { rel: 'icon', href: '/gpt/favicon.svg' }]`. @default [] */
  head: withDefault(array(headTagSchema), []),
  /**
   * Per path prefix (longest prefix wins): `lang`, `title`, `description`. A config's
   * `locales` replaces the default whole. @default { '/': { lang: 'zh-CN' } }
   */
  locales: withDefault(record(localeSchema), { '/': { lang: 'zh-CN' } }),
  /** The theme: nav, sidebar, search, widgets. */
  themeConfig: themeConfigSchema,
})

/** The site config with every default filled in; read-only (and frozen at run time). */
export type SiteConfig = Infer<typeof siteConfigSchema>
/** What `gptnotes.config.ts` exports: every field optional. */
export type UserConfig = Input<typeof siteConfigSchema>
export type ThemeConfig = Infer<typeof themeConfigSchema>
export type LocaleConfig = Infer<typeof localeSchema>
export type HeadTag = Infer<typeof headTagSchema>
export type NavLink = Infer<typeof navLinkSchema>
export type NavGroup = Infer<typeof navGroupSchema>
export type NavItem = Infer<typeof navItemSchema>
export type SidebarConfig = Infer<typeof sidebarSchema>
export type ClickEffectConfig = Infer<typeof clickEffectSchema>
export type MascotConfig = Infer<typeof mascotSchema>
export type ValineOptions = Infer<typeof valineConfigSchema>
export type ValineVariant = Infer<typeof valineVariantSchema>
export type VssueOptions = Infer<typeof vssueConfigSchema>

/** The problems of a config, each with its key path; none when it is valid. */
export function checkSiteConfig(user: unknown): Problem[] {
  return siteConfigSchema.check(user, '')
}

/** A valid config with every default filled in, frozen (the build only reads it). */
export function resolveSiteConfig(user: UserConfig): SiteConfig {
  return deepFreeze(siteConfigSchema.resolve(user))
}

/** The config of a site without `gptnotes.config.ts`. */
export const defaultSiteConfig: SiteConfig = siteConfigSchema.default

/** Why a Valine option is ignored; the catalogue's `ValineOptionIgnored` words each. */
export type ValineIgnoredReason = 'el' | 'region' | 'clazzName' | 'langMode' | 'emojiCDN' | 'emojiImage' | 'recordIP' | 'enableQQ' | 'avatarForce' | 'removed'

/** One option of a `valineConfig` the build ignores, at its key path. */
export interface IgnoredValineOption {
  path: string
  reason: ValineIgnoredReason
}

/** An `emojiMaps` value that names an image (a path or an address) rather than being an emoji. */
export const isEmojiImage = (value: string): boolean => /^(?:[a-z]+:)?\/\//i.test(value) || value.includes('/') || /\.(?:png|gif|jpe?g|webp|svg|avif|bmp)(?:[?#]|$)/i.test(value)

/**
 * The options of widget A's config (the base one and each locale's) that cannot apply here. An
 * option left at the value that asks nothing (`recordIP: false`) is not named: carried-over
 * configs often spell out those defaults.
 */
export function ignoredValineOptions(config: SiteConfig): IgnoredValineOption[] {
  const { comments } = config.themeConfig
  const found: IgnoredValineOption[] = []
  const scan = (options: ValineVariant | undefined, at: string) => {
    if (!options) return
    const flag = (key: keyof ValineVariant, reason: ValineIgnoredReason) => found.push({ path: `${at}.${key}`, reason })
    if (options.el !== undefined) flag('el', 'el')
    if (options.region !== undefined) flag('region', 'region')
    if (options.clazzName !== undefined && options.clazzName !== 'Comment') flag('clazzName', 'clazzName')
    if (options.langMode !== undefined) flag('langMode', 'langMode')
    if (options.emojiCDN) flag('emojiCDN', 'emojiCDN')
    if (options.recordIP) flag('recordIP', 'recordIP')
    if (options.enableQQ) flag('enableQQ', 'enableQQ')
    if (options.avatarForce) flag('avatarForce', 'avatarForce')
    if (options.notify) flag('notify', 'removed')
    if (options.verify) flag('verify', 'removed')
    for (const [name, value] of Object.entries(options.emojiMaps ?? {})) {
      if (isEmojiImage(value)) found.push({ path: `${at}.emojiMaps[${JSON.stringify(name)}]`, reason: 'emojiImage' })
    }
  }
  scan(comments.valineConfig, 'themeConfig.comments.valineConfig')
  for (const [key, locale] of Object.entries(comments.locales ?? {})) scan(locale.valineConfig, `themeConfig.comments.locales[${JSON.stringify(key)}].valineConfig`)
  return found
}
