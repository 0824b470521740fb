/**
 * Widget B's settings as the browser receives them: `themeConfig.comments.vssueConfig` (the
 * original Vssue's option names, so a site's config carries over), checked and filled in by the
 * build, with the locale's variant merged in. Plain data: the build writes it into the site data
 * and the issue-comments widget reads it. No client secret is ever part of it: the comment
 * service exchanges login codes.
 */

/** The platforms, in Vssue's keys. */
export const VSSUE_PLATFORMS = ['github', 'github-v4', 'gitlab', 'bitbucket', 'gitee'] as const
export type VssuePlatform = (typeof VSSUE_PLATFORMS)[number]

/** The platforms whose login code is exchanged by the comment service (GitLab uses PKCE in the browser). */
export const SERVICE_EXCHANGED: readonly VssuePlatform[] = ['github', 'github-v4', 'bitbucket', 'gitee']

export interface VssueClientConfig {
  platform: VssuePlatform
  owner: string
  repo: string
  clientId: string
  /** The platform's origin ('' for its public one): GitHub Enterprise, a self-hosted GitLab. */
  baseURL: string
  /** The comment service's address (`/oauth/:platform/token` lives under it); '' when none is configured. */
  proxy: string
  /** Usernames besides `owner` who may create the issue and delete any comment. */
  admins: string[]
  /** Comments per page. @default 10 */
  perPage: number
  /** Labels of the page's issue. @default ['Vssue'] */
  labels: string[]
  /** Vssue's OAuth `state`: here the prefix of a random state made for each login. @default 'Vssue' */
  state: string
  /** Put before the title of the page's issue. @default '[Vssue]' */
  prefix: string
  /** The body of a new issue; `{url}` stands for the page's address. '' means the address alone. */
  issueContent: string
  /** Create the issue when an admin opens a page without one. @default false */
  autoCreateIssue: boolean
  /** A fixed issue for every page ('' : each page finds its own by title). */
  issueId: string
  /** `en`, `zh`, `pt`, `ja`, `he` or a regional variant (`zh-CN`, `pt-BR`); '' : the browser's languages. */
  locale: string
  /** The issue's title without the prefix; '' : the page's title. */
  title: string
}

/** What the article layout hands the comment slot. */
export interface VssueSlotProps {
  /** The page's address (base included, percent-encoded). */
  path: string
  /** The page's title (the issue's title when the config gives none). */
  title: string
  config: VssueClientConfig
}

export const VSSUE_DEFAULTS: Readonly<VssueClientConfig> = Object.freeze<VssueClientConfig>({
  platform: 'github',
  owner: '',
  repo: '',
  clientId: '',
  baseURL: '',
  proxy: '',
  admins: [],
  perPage: 10,
  labels: ['Vssue'],
  state: 'Vssue',
  prefix: '[Vssue]',
  issueContent: '',
  autoCreateIssue: false,
  issueId: '',
  locale: '',
  title: '',
})

/** Widget B's settings in the site data: the base ones and each locale's (its variant merged in). */
export interface VssueSiteConfig {
  vssue: VssueClientConfig
  /** Locale path as `themeConfig.comments.locales` keys it (`'/en/'`) → that locale's settings. */
  locales?: Record<string, VssueClientConfig>
}

/**
 * What the original's function form of `proxy` (`url => \`https://svc/cors/${url}\``) is called
 * with at build time: the service is what comes before this URL (and a trailing `/cors/`).
 */
export const VSSUE_PROXY_SAMPLE = 'https://github.com/login/oauth/access_token'
