/**
 * Login pieces the code-flow adapters share: the platform's authorize URL, and the code
 * exchange at the comment service (`POST <proxy>/oauth/<platform>/token`, body
 * `{code, redirect_uri}`; src/proxy/routes/oauth.ts), which holds the client secret so the page
 * never does.
 */
import { PlatformError, type PlatformName } from '../platform.js'
import { http, url, type Query } from './http.js'

/** The authorize endpoint with its parameters (empty ones left out). */
export const authorizeUrl = (endpoint: string, params: Query): string => url(endpoint, '', params)

interface ServiceToken {
  access_token?: unknown
}

/** The access token for `code`, from the comment service. */
export async function exchangeAtService(proxy: string, platform: PlatformName, code: string, redirectUri: string): Promise<string> {
  if (!proxy) throw new PlatformError(0, 'The comment service address (proxy) is not configured.')
  const { data } = await http<ServiceToken>(url(proxy, `oauth/${platform}/token`), { method: 'POST', body: { code, redirect_uri: redirectUri } })
  if (typeof data?.access_token !== 'string' || !data.access_token) throw new PlatformError(502, 'The comment service answered without an access token.')
  return data.access_token
}
