/**
 * What GitHub's two adapters share: where the REST and GraphQL APIs are (github.com or a GitHub
 * Enterprise host, as Vssue placed them), the login (OAuth app code flow, scope `public_repo`),
 * and the REST issue calls v4 also uses (GraphQL's createIssue needs label node ids).
 */
import { PLATFORM_HOSTS } from '../../../../shared/widgets/vssue-platforms.js'
import type { Issue, PlatformOptions } from '../platform.js'
import { http, trimBase, url } from './http.js'
import { authorizeUrl } from './login.js'

/** The public GitHub (its hosts are the declaration's, which the CSP lists too). */
export const GITHUB = PLATFORM_HOSTS.github.web

export interface GitHubEndpoints {
  /** The web origin: login pages and the platform link. */
  web: string
  rest: string
  graphql: string
}

export function githubEndpoints(baseURL = GITHUB): GitHubEndpoints {
  const web = trimBase(baseURL)
  const api = PLATFORM_HOSTS.github.api
  if (web === GITHUB) return { web, rest: api, graphql: `${api}/graphql` }
  return { web, rest: `${web}/api/v3`, graphql: `${web}/api/graphql` }
}

/** docs.github.com "Authorizing OAuth apps", step 1. */
export const githubAuthorizeUrl = (web: string, options: PlatformOptions, state: string): string =>
  authorizeUrl(`${web}/login/oauth/authorize`, { client_id: options.clientId, redirect_uri: options.redirectUri, scope: 'public_repo', state })

export interface RestIssue {
  number: number
  title: string
  body: string | null
  html_url: string
}

export const restIssue = (issue: RestIssue): Issue => ({ id: issue.number, title: issue.title, content: issue.body ?? '', link: issue.html_url })

/** POST repos/{owner}/{repo}/issues (title, body, labels). */
export async function postRestIssue(rest: string, options: PlatformOptions, token: string, title: string, content: string): Promise<Issue> {
  const { data } = await http<RestIssue>(url(rest, `${repoPath(options)}/issues`), {
    method: 'POST',
    token,
    accept: 'application/vnd.github+json',
    body: { title, body: content, labels: options.labels },
  })
  return restIssue(data)
}

/** `repos/{owner}/{repo}`, each part encoded. */
export const repoPath = (options: PlatformOptions): string => `repos/${encodeURIComponent(options.owner)}/${encodeURIComponent(options.repo)}`
