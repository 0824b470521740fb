/**
 * The comment-login platforms whose code exchange the service does, one record each: the id
 * the widget names, its settings (the environment names owners already use, the config file's
 * object), its token endpoint and how it wants the exchange sent. The settings table
 * (`settings/table.ts`) makes each platform's three settings from its record, and the exchange
 * and `/cors/` (`providers.ts`) read the rest, so a platform is added here, once. Scopes and the
 * profile a token reads belong to the widget (the browser asks for them); the service only
 * exchanges codes. GitLab needs no record: its login runs in the browser with PKCE.
 *
 * A leaf: it imports nothing, so the settings and the routes can both stand on it.
 */

export interface LoginPlatform {
  /** The `:platform` of `/oauth/:platform/token`. */
  id: string
  /** Other names the widget uses for it (`github-v4` logs in as `github` does). */
  aliases: readonly string[]
  /** As people write it. */
  name: string
  /** Its object in the config file (`github` for `github.clientId`). */
  configKey: string
  /** The environment variables (and the worker's bindings) of its client id, secret and base URL. */
  env: { clientId: string; clientSecret: string; url: string }
  /** What its client is called there, for the settings table. */
  client: string
  /** The base URL when none is set, and when one may be set instead. */
  defaultUrl: string
  urlDoc: string
  /** The token endpoint's path under the base URL. */
  tokenPath: string
  /** Where the client id and secret go: form fields, or HTTP Basic. */
  auth: 'body' | 'basic'
  /** The Accept header the provider needs to answer JSON; `/cors/` sets it over the page's. */
  accept?: string
  /** The `grant_type` the exchange sends, for providers that require one. */
  grantType?: 'authorization_code'
}

export const PLATFORMS = [
  {
    id: 'github',
    aliases: ['github-v4'],
    name: 'GitHub',
    configKey: 'github',
    env: { clientId: 'GITHUB_CLIENT_ID', clientSecret: 'GITHUB_CLIENT_SECRET', url: 'GITHUB_URL' },
    client: 'OAuth app',
    defaultUrl: 'https://github.com',
    urlDoc: 'GitHub for Enterprise and tests',
    tokenPath: '/login/oauth/access_token',
    auth: 'body',
    // GitHub answers a form unless asked for JSON.
    accept: 'application/json',
  },
  {
    id: 'gitee',
    aliases: [],
    name: 'Gitee',
    configKey: 'gitee',
    env: { clientId: 'GITEE_CLIENT_ID', clientSecret: 'GITEE_CLIENT_SECRET', url: 'GITEE_URL' },
    client: 'OAuth app',
    defaultUrl: 'https://gitee.com',
    urlDoc: 'Gitee for self-hosted deployments',
    tokenPath: '/oauth/token',
    auth: 'body',
    grantType: 'authorization_code',
  },
  {
    id: 'bitbucket',
    aliases: [],
    name: 'Bitbucket',
    configKey: 'bitbucket',
    env: { clientId: 'BITBUCKET_CLIENT_ID', clientSecret: 'BITBUCKET_CLIENT_SECRET', url: 'BITBUCKET_URL' },
    client: 'OAuth consumer',
    defaultUrl: 'https://bitbucket.org',
    urlDoc: 'Bitbucket for tests',
    tokenPath: '/site/oauth2/access_token',
    auth: 'basic',
    grantType: 'authorization_code',
  },
] as const satisfies readonly LoginPlatform[]

export type PlatformId = (typeof PLATFORMS)[number]['id']
