/**
 * Fakes of the five comment platforms (GitHub REST and GraphQL share one) on loopback ports,
 * with one request log, for the adapter unit tests and the widget's browser tests. Each fake's
 * file names the documentation it follows. `secretLeaks` finds any request that carried a
 * client secret anywhere but the token endpoints (where only the comment service sends it).
 */
import { FAKE_CLIENTS } from '../../proxy/oauth-fakes.js'
import { startBitbucketFake } from './bitbucket.js'
import type { LoggedRequest } from './core.js'
import { startGiteeFake } from './gitee.js'
import { startGitHubFake } from './github.js'
import { startGitLabFake } from './gitlab.js'

export { startBitbucketFake, startGiteeFake, startGitHubFake, startGitLabFake }
export { GITLAB_CLIENT_ID } from './gitlab.js'
export { giteeNumber } from './gitee.js'
export { s256 } from './oauth.js'
export type { LoggedRequest } from './core.js'

export interface FakesOptions {
  owner?: string
  repo?: string
  /** The page the platforms send readers back to (every fake registers it as its callback). */
  callback?: string
}

const TOKEN_PATHS = ['/login/oauth/access_token', '/oauth/token', '/site/oauth2/access_token']
const SECRETS = [FAKE_CLIENTS.github.secret, FAKE_CLIENTS.gitee.secret, FAKE_CLIENTS.bitbucket.secret]

/** Whether a request carries one of the client secrets (plain or inside HTTP Basic). */
export function carriesSecret(r: LoggedRequest): boolean {
  const basic = /^Basic\s+(\S+)$/i.exec(String(r.headers.authorization ?? ''))?.[1]
  const text = [r.path, JSON.stringify(r.query), r.body, JSON.stringify(r.headers), basic ? Buffer.from(basic, 'base64').toString() : ''].join('\n')
  return SECRETS.some((s) => text.includes(s))
}

export async function startFakes(options: FakesOptions = {}) {
  const log: LoggedRequest[] = []
  const common = { ...options, log }
  const [github, gitlab, bitbucket, gitee] = await Promise.all([startGitHubFake(common), startGitLabFake(common), startBitbucketFake(common), startGiteeFake(common)])
  return {
    github,
    gitlab,
    bitbucket,
    gitee,
    log,
    /** Requests that carried a client secret anywhere a page could have sent it (every one but the service's token exchanges). */
    secretLeaks: () => log.filter((r) => carriesSecret(r) && !(TOKEN_PATHS.includes(r.path) && r.method === 'POST' && r.headers.origin === undefined)),
    /** Settings for the comment service (`resolveProxyOptions({ env })`) pointing at these fakes. */
    serviceEnv: (site: string, redirectUris: string[] = [`${site}/`]): Record<string, string> => ({
      GPTNOTES_ORIGINS: site,
      GPTNOTES_SECRET: 'vssue-fakes-secret-0123456789abcdef',
      GPTNOTES_REDIRECT_URIS: redirectUris.join(','),
      GITHUB_CLIENT_ID: FAKE_CLIENTS.github.id,
      GITHUB_CLIENT_SECRET: FAKE_CLIENTS.github.secret,
      GITHUB_URL: github.url,
      GITEE_CLIENT_ID: FAKE_CLIENTS.gitee.id,
      GITEE_CLIENT_SECRET: FAKE_CLIENTS.gitee.secret,
      GITEE_URL: gitee.url,
      BITBUCKET_CLIENT_ID: FAKE_CLIENTS.bitbucket.id,
      BITBUCKET_CLIENT_SECRET: FAKE_CLIENTS.bitbucket.secret,
      BITBUCKET_URL: bitbucket.url,
    }),
    close: async () => {
      await Promise.all([github.close(), gitlab.close(), bitbucket.close(), gitee.close()])
    },
  }
}

export type Fakes = Awaited<ReturnType<typeof startFakes>>
