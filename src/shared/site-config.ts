/**
 * The site config (`gptnotes.config.ts`), declared once: its types, its check (key-path
 * messages) and its defaults all come from `siteConfigSchema`. A new field is one entry here
 * with its doc comment, from which `npm run docs` writes docs/reference/config.md.
 */
import {
  array,
  boolean,
  callSites,
  custom,
  deepFreeze,
  type Finding,
  ignored,
  type Infer,
  type Input,
  lazy,
  literal,
  map,
  number,
  object,
  optional,
  type Problem,
  record,
  refine,
  type Schema,
  string,
  tuple,
  union,
  unknown,
  withDefault,
} from './config-schema.js'
import { isSitePath, isWebUrl } from './paths.js'
import { isMd5Hex } from './encoding/md5.js'
import { clickEffectSchema, type ClickEffectOptions } from './widgets/click-effect.js'
import { DEFAULT_TIME_ZONE, isTimeZone } from './dates.js'
import { type MascotConfig, mascotSchema } from './widgets/mascot.js'
import { COMMENT_WIDGETS, type CommentWidget } from './widgets/index.js'
import { valineSchema, valineVariantSchema, valineWhenOn } from './widgets/valine.js'
import { vssueSchema, vssueVariantSchema, vssueWhenOn } from './widgets/vssue.js'

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

const describeValue = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v) : v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v)

/**
 * An image the theme shows (`logo`, `authorAvatar`, a friend's `logo`): a path under
 * `content/public/` (`/logo.png`, served under the base; the build checks it is there), or an
 * `https://` address.
 */
export const imageRefSchema = custom<string>((v, p) =>
  typeof v === 'string' && (isWebUrl(v) || isSitePath(v)) ? [] : [{ path: p, message: `must be a path under content/public/ (like "/logo.png") or an http(s) URL, got ${describeValue(v)}` }],
)

/** A link out of the site: an `http(s)://` address. */
export const webUrlSchema = custom<string>((v, p) => (typeof v === 'string' && isWebUrl(v) ? [] : [{ path: p, message: `must be an http(s) URL, got ${describeValue(v)}` }]))

/** A link: a site path (`/about.html`) or an `http(s)://` address. */
export const linkSchema = custom<string>((v, p) =>
  typeof v === 'string' && (isWebUrl(v) || isSitePath(v)) ? [] : [{ path: p, message: `must be a site path (like "/about.html") or an http(s) URL, got ${describeValue(v)}` }],
)

/** "Edit this page" (VitePress's shape, which `gptnotes migrate` writes from VuePress's `repo`/`docsDir`/`docsBranch`). */
export const editLinkSchema = object({
  /**
   * The edit address, with `:path` standing for the page's path under `content/`
   * (`https://github.com/me/site/edit/main/content/:path` → `…/content/handbook/a.md`).
   */
  pattern: custom<string>((v, p) =>
    typeof v !== 'string' || !isWebUrl(v)
      ? [{ path: p, message: `must be an http(s) URL, got ${describeValue(v)}` }]
      : v.includes(':path')
        ? []
        : [{ path: p, message: `must contain ":path" (where the page's path under content/ goes), got ${JSON.stringify(v)}` }],
  ),
  /** The link's text; left out: the page language's (编辑此页 / Edit this page). */
  text: optional(string),
})

/** A friend link (reco's `friendLink` item). */
export const friendLinkSchema = object({
  /** The friend's name. */
  title: string,
  /** One line about them, shown under the name. */
  desc: optional(string),
  /** Their logo: a path under `content/public/` or an http(s) URL; left out: their initial. */
  logo: optional(imageRefSchema),
  /** Their site (opens in a new tab). */
  link: linkSchema,
  /** reco drew a Gravatar from it; accepted and unused (an avatar service abroad would load on every home page). */
  email: ignored(string),
})

/** A year: a number, or digits in a string (`2019`, `'2019'`). */
const yearSchema = map(
  custom<number | string>(
    (v, p) => ((typeof v === 'number' && Number.isInteger(v) && v > 0) || (typeof v === 'string' && /^\d{4}$/.test(v)) ? [] : [{ path: p, message: `must be a year like 2019, got ${describeValue(v)}` }]),
    (v) => typeof v === 'number' || typeof v === 'string',
  ),
  (v) => Number(v),
)

/** The last-updated label: text, or `false` to hide the date. */
const lastUpdatedSchema = union('a label string or false', [literal(false), string], (v) => (v === false ? literal(false) : string))

/** What pages under one locale path show differently (VuePress's `themeConfig.locales['/en/']`). */
export const themeLocaleSchema = object({
  /** The nav of pages under this path; left out: the root `nav`. */
  nav: optional(array(navItemSchema)),
  /** The sidebar of pages under this path (same forms and checks as `sidebar`); left out: the root `sidebar`. */
  sidebar: optional(sidebarSchema),
  /** The last-updated label (or `false`) of pages under this path; left out: the root one. */
  lastUpdated: optional(lastUpdatedSchema),
  /** The "Edit this page" text of pages under this path; left out: `editLink.text`, else the language's. */
  editLinkText: optional(string),
  /** This language's name in the language menu; left out: its `lang`. */
  label: optional(string),
  /** The language menu's own label on pages under this path; left out: 选择语言 / Languages. */
  selectText: optional(string),
  /** VuePress's label of the language menu for screen readers; accepted and unused (the menu's label is read). */
  ariaLabel: ignored(string),
})

/** The comment widgets' rules that hold only while the widget is the site's one, by solution. */
const whenOn: Partial<Record<CommentWidget, (comments: Input<typeof commentsFields>, path: string) => Finding[]>> = {
  vssue: (comments) => vssueWhenOn(comments.vssueConfig),
  valine: (comments, path) => valineWhenOn(comments, path),
}

const commentsFields = object({
  /** @default false */
  enabled: withDefault(boolean, false),
  /** Which widget: `'valine'` or `'vssue'`. @default '' */
  solution: withDefault(literal('', ...COMMENT_WIDGETS), ''),
  /** Options handed to the widget. @default {} */
  options: withDefault(record(unknown), {}),
  /**
   * Widget A's settings, in the original Valine box's option names (absent: none given).
   * Options that cannot apply here are accepted, ignored and warned about (`ValineOptionIgnored`).
   */
  valineConfig: optional(valineSchema),
  /**
   * Widget B's settings, in the original Vssue's option names (absent: none given). A
   * `clientSecret` is refused (\`VssueClientSecret\`): it belongs on the comment service.
   */
  vssueConfig: optional(vssueSchema),
  /**
   * Per locale path (the keys of `locales`, e.g. `'/en/'`; longest prefix wins): a
   * `valineConfig` (or `vssueConfig`) merged over the base one for pages under it (absent: none).
   */
  locales: optional(record(object({ valineConfig: optional(valineVariantSchema), vssueConfig: optional(vssueVariantSchema) }))),
})

const commentsSchema = refine(commentsFields, (comments, path) => {
  const solution = comments.solution || undefined
  return comments.enabled && solution ? (whenOn[solution]?.(comments, path) ?? []) : []
})

/**
 * reco's site-wide password: every page's body is locked by these keys (a page with its own
 * `keys` by those instead). Keys are the MD5 hex of the password (reco ≥ 1.3); a key that is not
 * is taken as the password itself and warned about (`PasswordKeyInClear`).
 */
const keyPageSchema = refine(
  object({
    /** The keys: MD5 hex of each password that opens the site. */
    keys: array(string),
    /** reco's prompt colours; accepted for reco sites and not used (the prompt follows the theme). */
    color: optional(string),
    lineColor: optional(string),
    /** reco's switch to render nothing before the key; here every body is encrypted anyway. */
    absoluteEncryption: optional(boolean),
  }),
  (keyPage, path) =>
    keyPage.keys.flatMap((key, i) =>
      isMd5Hex(key.trim()) ? [] : [{ code: 'PasswordKeyInClear', params: { where: `${path}.keys` }, path: `${path}.keys[${i}]` }],
    ),
)

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
  /**
   * Previous links at the foot of articles, from the sidebar's order; `false` shows none unless a
   * page's frontmatter `prev` names one (VuePress's name). @default true
   */
  prevLinks: withDefault(boolean, true),
  /** Next links, as `prevLinks` (a page's frontmatter `next` wins). @default true */
  nextLinks: withDefault(boolean, true),
  /** The default author of pages. @default '' */
  author: withDefault(string, ''),
  /** Site search (titles, headings and text). @default true */
  search: withDefault(boolean, true),
  /** At most this many search suggestions. @default 10 */
  searchMaxSuggestions: withDefault(number, 10),
  /** Smooth scrolling for hashes, back/forward and new pages. @default true */
  smoothScroll: withDefault(boolean, true),
  /** Label before an article's last-updated date, or `false` to hide it. @default '上次更新' */
  lastUpdated: withDefault(lastUpdatedSchema, '上次更新'),
  /** "Edit this page" at the end of each article (absent: none). A page hides it with frontmatter `editLink: false`. */
  editLink: optional(editLinkSchema),
  /** The nav bar's logo, before the site title (reco's `logo`): a path under `content/public/` or an http(s) URL. */
  logo: optional(imageRefSchema),
  /** The author's picture on the home page's author card (reco's `authorAvatar`). */
  authorAvatar: optional(imageRefSchema),
  /** The first year of the footer's copyright (reco's `startYear`): `© 2019–<the build's year>`. */
  startYear: optional(yearSchema),
  /** The ICP filing number shown in the footer (reco's `record`, e.g. `京ICP备12345678号-1`). */
  record: optional(string),
  /** Where the ICP number links (reco's `recordLink`). @default 'https://beian.miit.gov.cn/' */
  recordLink: optional(webUrlSchema),
  /** The public-security filing shown in the footer (reco's `cyberSecurityRecord`, e.g. `京公网安备 11010502030143号`). */
  cyberSecurityRecord: optional(string),
  /** Where the public-security filing links (reco's `cyberSecurityLink`); left out: the filing's entry at beian.mps.gov.cn. */
  cyberSecurityLink: optional(webUrlSchema),
  /** Friend links on the home page (reco's `friendLink`): `[{ title, desc?, logo?, link }]`. @default [] */
  friendLink: withDefault(array(friendLinkSchema), []),
  /**
   * Per locale path (the keys of the top-level `locales`, e.g. `'/en/'`; longest prefix wins):
   * `nav`, `sidebar`, `lastUpdated`, `editLinkText`, `label`, `selectText` for pages under it
   * (VuePress's shape). A sidebar entry naming no page is a build error, as in `sidebar`.
   */
  locales: optional(record(themeLocaleSchema)),
  /** The comment widget. @default { enabled: false, solution: '', options: {} } */
  comments: commentsSchema,
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
  clickEffect: clickEffectSchema,
  /**
   * The mascot (看板娘) at the bottom left: `true` for the built-in character with the defaults,
   * the original plugin's options, or `false`. Never on mobile user agents or for readers who
   * prefer reduced motion. @default false
   */
  mascot: mascotSchema,
  /** reco's site-wide password: `{ keys: [MD5 hex of the password, …] }` (absent: none). */
  keyPage: optional(keyPageSchema),
})

export const markdownSchema = object({
  /**
   * Number the lines of every code block, in a column beside the code that is never selected
   * or copied with it. @default false
   */
  lineNumbers: withDefault(boolean, false),
  /**
   * Keep a page's own top-level `<script>` blocks, which then run as page scripts (their hashes
   * go into the Content-Security-Policy). Off, they are left out with a warning: in VuePress such
   * a block was the page's Vue component, not a script of the page. @default false
   */
  pageScripts: withDefault(boolean, false),
  /**
   * Keep a page's own top-level `<style>` blocks, scoped to the article (each block's rules are
   * nested under the article's element, so they cannot restyle the theme). Off, they are left
   * out with a warning. @default false
   */
  pageStyles: withDefault(boolean, false),
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
  /**
   * The site's time zone, an IANA name (`Asia/Shanghai`, `Europe/Berlin`, `UTC`): frontmatter
   * dates written without an offset (`2025-5-13`, `2025-05-13 10:30`) are on its clock, and
   * dates with one (`2025-05-13T10:30:00+08:00`) are shown and sorted as its clock reads them;
   * feeds give their moments and git's last-updated days are its days. @default 'Asia/Shanghai'
   */
  timezone: withDefault(
    custom<string>((v, p) =>
      typeof v === 'string' && isTimeZone(v) ? [] : [{ path: p, message: `must be an IANA time zone name (like "Asia/Shanghai" or "UTC"), got ${JSON.stringify(v)}` }],
    ),
    DEFAULT_TIME_ZONE,
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
  /** How markdown is turned into pages (VuePress's `markdown` option names). */
  markdown: markdownSchema,
  /** The theme: nav, sidebar, search, widgets. */
  themeConfig: themeConfigSchema,
})

/** The site config with every default filled in; read-only (and frozen at run time). */
export type SiteConfig = Infer<typeof siteConfigSchema>
/** What `gptnotes.config.ts` exports: every field optional. */
export type UserConfig = Input<typeof siteConfigSchema>
export type ThemeConfig = Infer<typeof themeConfigSchema>
export type MarkdownConfig = Infer<typeof markdownSchema>
export type LocaleConfig = Infer<typeof localeSchema>
export type HeadTag = Infer<typeof headTagSchema>
export type NavLink = Infer<typeof navLinkSchema>
export type NavGroup = Infer<typeof navGroupSchema>
export type NavItem = Infer<typeof navItemSchema>
export type SidebarConfig = Infer<typeof sidebarSchema>
export type ThemeLocaleConfig = Infer<typeof themeLocaleSchema>
export type FriendLinkConfig = Infer<typeof friendLinkSchema>
export type EditLinkConfig = Infer<typeof editLinkSchema>
export type CommentsConfig = Infer<typeof commentsSchema>
export type ClickEffectConfig = ClickEffectOptions
export type { MascotConfig }

/** The problems of a config, each with its key path; none when it is valid. */
export function checkSiteConfig(user: unknown): Problem[] {
  return siteConfigSchema.check(user, '')
}

/** What the widgets' rules find in a valid config (errors and warnings by catalogue code), in declaration order. */
export function siteConfigFindings(user: unknown): Finding[] {
  return siteConfigSchema.findings?.(user, '') ?? []
}

/** The fields the original allowed as functions, which the loader evaluates (see `called`). */
export const siteConfigCalls = callSites(siteConfigSchema)

/** A valid config with every default filled in, frozen (the build only reads it). */
export function resolveSiteConfig(user: UserConfig): SiteConfig {
  return deepFreeze(siteConfigSchema.resolve(user))
}

/** The config of a site without `gptnotes.config.ts`. */
export const defaultSiteConfig: SiteConfig = siteConfigSchema.default
