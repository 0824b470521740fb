import type { VssueOptions as VssueClientConfig, VssueSiteConfig } from '../../shared/widgets/vssue.js'
import type { ClientComments } from '../../shared/types.js'

/** The origin of an http(s) address, or undefined (a relative or odd address needs no entry). */
export function originOf(address: string): string | undefined {
  // No scheme, no origin: the usual relative address returns before `URL` throws (which costs a
  // stack). Configs may pass no address at all (an unset `baseURL`): `URL` reads it as text too.
  if (!String(address).includes(':')) return undefined
  try {
    const url = new URL(address)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined
  } catch {
    return undefined
  }
}

export interface CommentOrigins {
  connect: string[]
  img: string[]
}

/**
 * Where widget B's platforms answer and keep avatars (and images in comments), by platform:
 * the public host's API and image hosts, or for a self-hosted one (`baseURL`) that origin.
 * The adapters in src/client/widgets/vssue/platforms place their APIs the same way.
 */
function platformOrigins(config: VssueClientConfig): CommentOrigins {
  const web = originOf(config.baseURL)
  switch (config.platform) {
    case 'github':
    case 'github-v4':
      return web && web !== 'https://github.com'
        ? { connect: [web], img: [web] }
        : { connect: ['https://api.github.com'], img: ['https://*.githubusercontent.com', 'https://github.com'] }
    case 'gitlab':
      // GitLab's default avatars are Gravatar's; PKCE posts to `<web>/oauth/token`.
      return { connect: [web ?? 'https://gitlab.com'], img: [web ?? 'https://gitlab.com', 'https://secure.gravatar.com'] }
    case 'bitbucket':
      return web && web !== 'https://bitbucket.org'
        ? { connect: [web], img: [web] }
        : { connect: ['https://api.bitbucket.org'], img: ['https://bitbucket.org', 'https://*.atl-paas.net', 'https://secure.gravatar.com'] }
    case 'gitee':
      return web && web !== 'https://gitee.com' ? { connect: [web], img: [web] } : { connect: ['https://gitee.com'], img: ['https://gitee.com', 'https://*.gitee.com'] }
  }
}

/**
 * The other hosts the comment widgets reach: widget A's comment service (`serverURLs`, per
 * locale), widget B's platform APIs and avatar hosts and its comment service (`proxy`, the
 * code exchange). A service on the site's own origin (serve's embedded one) adds nothing new
 * but is listed anyway: the page may be opened under another loopback name.
 */
export function commentOrigins(comments: ClientComments | undefined, vssue: VssueSiteConfig | undefined): CommentOrigins {
  const connect: string[] = []
  const img: string[] = []
  if (comments) for (const valine of [comments.valine, ...Object.values(comments.locales ?? {})]) connect.push(...[originOf(valine.serverURLs)].filter((o) => o !== undefined))
  if (vssue) {
    for (const config of [vssue.vssue, ...Object.values(vssue.locales ?? {})]) {
      const platform = platformOrigins(config)
      connect.push(...platform.connect)
      img.push(...platform.img)
      const service = originOf(config.proxy)
      if (service) connect.push(service)
    }
  }
  return { connect: [...new Set(connect)], img: [...new Set(img)] }
}
