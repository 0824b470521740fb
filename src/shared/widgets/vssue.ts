/**
 * Widget B (the Vssue issue comments), declared once: its options in Vssue 1.4's names
 * (https://vssue.js.org/options/) so a site's config carries over, their defaults, the normalised
 * form the widget receives (`VssueOptions`, inferred; never a client secret: the comment service
 * exchanges login codes), and its rules: a `clientSecret` is refused (`VssueClientSecret`), and a
 * platform that logs in through the service with none named is warned about (`VssueNoService`).
 */
import {
  array,
  boolean,
  CALL_PARENT,
  called,
  custom,
  type Finding,
  ignored,
  type Infer,
  literal,
  map,
  mergeVariant,
  number,
  object,
  partial,
  refine,
  string,
  UNEVALUATED_FUNCTION,
  union,
  unknown,
  withDefault,
} from '../config-schema.js'
import { withBase } from '../paths.js'
import { commentsOnRoute, type CommentsSwitch, commentWidgetOn } from './comments.js'
import { defineWidget, type OriginOf, type WidgetOrigins } from './define.js'
import { httpAddress, pageSizeSchema } from './fields.js'
import { configForLocale, localeVariants } from './locale-config.js'
import { PLATFORM_HOSTS, SERVICE_EXCHANGED, VSSUE_PLATFORMS, type VssuePlatform } from './vssue-platforms.js'

export { SERVICE_EXCHANGED, VSSUE_PLATFORMS, type VssuePlatform }

/**
 * What the original's function form of `proxy` (`url => \`https://svc/cors/${url}\``) is called
 * with at build time: the service is what comes before this URL (and a trailing `/cors/`).
 */
export const VSSUE_PROXY_SAMPLE = 'https://github.com/login/oauth/access_token'

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
  // Origin and path, as a URL parser gives them (this module runs where no URL global is typed).
  const m = /^(https?):\/\/([^/?#\s@]+)([^?#\s]*)/i.exec(s)
  if (!m) return ''
  return `${m[1].toLowerCase()}://${m[2].toLowerCase()}${m[3].replace(/\/+$/, '')}`
}

/** A string option of widget B; a function there (the original allowed some) is refused by name. */
const vssueText = custom<string>(
  (v, p) =>
    typeof v === 'string' && v !== UNEVALUATED_FUNCTION
      ? []
      : [{ path: p, message: v === UNEVALUATED_FUNCTION ? 'must be a string here (a function cannot travel to the browser)' : `must be a string, got ${JSON.stringify(v)}` }],
  (v) => typeof v === 'string',
)

/** `proxy`: the service's address, or the original's function form (evaluated by the loader). */
const proxySchema = custom<string | ((url: string) => unknown)>((v, p) =>
  typeof v === 'function' || (typeof v === 'string' && (v === '' || /^https?:\/\/[^\s]+$/.test(v)))
    ? []
    : [{ path: p, message: `must be the comment service's http(s) address, got ${JSON.stringify(v)}` }],
)

const fields = {
  /** `'github'`, `'github-v4'`, `'gitlab'`, `'bitbucket'` or `'gitee'`. @default 'github' */
  platform: withDefault(literal(...VSSUE_PLATFORMS), 'github'),
  /** The repository's owner (also an admin). @default '' */
  owner: withDefault(string, ''),
  /** The repository holding the issues. @default '' */
  repo: withDefault(string, ''),
  /** The OAuth application's client id (public; its secret lives on the comment service). @default '' */
  clientId: withDefault(string, ''),
  /** Refused: the secret belongs on the comment service (`GITHUB_CLIENT_SECRET`…), never in pages. */
  clientSecret: ignored(unknown),
  /** The platform's origin for GitHub Enterprise or a self-hosted GitLab; '' for the public one. @default '' */
  baseURL: withDefault(
    map(httpAddress(), (v) => v.replace(/\/+$/, '')),
    '',
  ),
  /**
   * The comment service's address (`gptnotes proxy`), which exchanges login codes (its
   * `/oauth/:platform/token` lives under it); or the original's function form `url => …`,
   * evaluated by the build (the service is what comes before the URL it is given). Not needed
   * for GitLab. @default ''
   */
  proxy: withDefault(
    map(called(proxySchema, VSSUE_PROXY_SAMPLE), (v) => {
      const answer = typeof v === 'function' ? String(v(VSSUE_PROXY_SAMPLE)) : v
      return answer ? serviceFromProxy(answer) : ''
    }),
    '',
  ),
  /** Usernames besides `owner` who may create issues and delete any comment. @default [] */
  admins: withDefault(array(string), []),
  /** Comments per page (1–100). @default 10 */
  perPage: withDefault(pageSizeSchema, 10),
  /** The issue's labels. @default ['Vssue'] */
  labels: withDefault(array(string), ['Vssue']),
  /** The prefix of each login's random OAuth state. @default 'Vssue' */
  state: withDefault(string, 'Vssue'),
  /** Put before the issue's title. @default '[Vssue]' */
  prefix: withDefault(string, '[Vssue]'),
  /**
   * A new issue's body (`{url}`: the page's address), or the original's function
   * `({ url }) => …`, evaluated by the build. '': the address alone. @default ''
   */
  issueContent: withDefault(called(vssueText, { url: '{url}', options: CALL_PARENT }), ''),
  /** Create the page's issue when an admin opens it. @default false */
  autoCreateIssue: withDefault(boolean, false),
  /** One issue for every page (its number, or id on GitHub v4 and Bitbucket); '': each page finds its own by title. @default '' */
  issueId: withDefault(
    map(
      union('a string or number', [string, number], (v) => (typeof v === 'number' ? number : string)),
      (v) => String(v),
    ),
    '',
  ),
  /** `en`, `zh`, `pt`, `ja`, `he` or a variant (`zh-CN`, `pt-BR`); '': the reader's browser languages, then English. @default '' */
  locale: withDefault(string, ''),
  /** The issue's title (after `prefix`); '': the page's title. @default '' */
  title: withDefault(vssueText, ''),
}

/** A client secret in the config would reach every page: refused where it is written. */
function refuseSecret(options: { readonly clientSecret?: unknown }, at: string): Finding[] {
  const path = `${at}.clientSecret`
  return options.clientSecret === undefined ? [] : [{ code: 'VssueClientSecret', params: { path }, path }]
}

/** `themeConfig.comments.vssueConfig`: every option may be left out. */
export const vssueSchema = refine(object(fields), refuseSecret)

/** A locale's `vssueConfig`: only what differs from the base one (merged over it per route). */
export const vssueVariantSchema = refine(partial(fields), refuseSecret)

/** Widget B's options as the widget receives them: checked, defaults filled in, the secret left out. */
export type VssueOptions = Infer<typeof vssueSchema>
export type VssueVariant = Infer<typeof vssueVariantSchema>

/** When widget B is the site's comment widget: a platform that logs in through the service needs one. */
export function vssueWhenOn(options: { readonly platform?: string; readonly proxy?: unknown } | undefined): Finding[] {
  const platform = (options?.platform ?? 'github') as VssuePlatform
  return SERVICE_EXCHANGED.includes(platform) && !options?.proxy ? [{ code: 'VssueNoService', params: { platform } }] : []
}

/** What the article layout hands the comment slot. */
export interface VssueSlotProps {
  /** The page's address (base included, percent-encoded). */
  path: string
  /** The page's title (the issue's title when the config gives none). */
  title: string
  config: VssueOptions
}

/** Widget B's settings in the site data: the base ones and each locale's (its variant merged in). */
export interface VssueSiteConfig {
  vssue: VssueOptions
  /** Locale path as `themeConfig.comments.locales` keys it (`'/en/'`) → that locale's settings. */
  locales?: Record<string, VssueOptions>
}

/** What widget B reads of the config. */
export interface VssueConfigPart {
  themeConfig: { comments: CommentsSwitch & { vssueConfig?: VssueOptions; locales?: Readonly<Record<string, { vssueConfig?: VssueVariant }>> } }
}

/**
 * Widget B's settings for the site (`themeConfig.comments` with `solution: 'vssue'`): the base
 * `vssueConfig` and each locale's merged over it. Undefined when widget B is off.
 */
export function vssueOf(config: VssueConfigPart): VssueSiteConfig | undefined {
  const comments = config.themeConfig.comments
  if (!commentWidgetOn(comments, 'vssue')) return undefined
  const vssue = comments.vssueConfig ?? vssueSchema.default
  const locales = localeVariants(vssue, comments.locales, 'vssueConfig', (b, v: VssueVariant) => mergeVariant(b, v))
  return locales ? { vssue, locales } : { vssue }
}

/** Widget B's settings for a route (its locale's). */
export const vssueConfigFor = (site: VssueSiteConfig, routePath: string): VssueOptions => configForLocale(site.vssue, site.locales, routePath)

/**
 * Where a platform answers and keeps avatars (and images in comments): the public service's
 * hosts (`PLATFORM_HOSTS`), or for a self-hosted one (`baseURL`) that origin.
 */
export function platformOrigins(config: VssueOptions, originOf: OriginOf): Required<WidgetOrigins> {
  const hosts = PLATFORM_HOSTS[config.platform]
  const web = originOf(config.baseURL)
  const avatars = hosts.avatars ?? []
  if (web && web !== hosts.web) return { connect: [web], img: [web, ...avatars] }
  return { connect: [hosts.api], img: [...hosts.img, ...avatars] }
}

/** Widget B through the pipeline: the comment slot of articles, its platforms' and its service's origins. */
export const vssueWidget = defineWidget({
  name: 'vssue',
  placement: 'article-end',
  settings: (config: VssueConfigPart) => vssueOf(config),
  routeProps: (route, site, base): VssueSlotProps | undefined =>
    commentsOnRoute(route) ? { path: withBase(base, route.path), title: route.page?.title ?? '', config: vssueConfigFor(site, route.path) } : undefined,
  origins: (site, originOf) => {
    const connect: string[] = []
    const img: string[] = []
    for (const config of [site.vssue, ...Object.values(site.locales ?? {})]) {
      const platform = platformOrigins(config, originOf)
      connect.push(...platform.connect, ...[originOf(config.proxy)].filter((o) => o !== undefined))
      img.push(...platform.img)
    }
    return { connect, img }
  },
})
