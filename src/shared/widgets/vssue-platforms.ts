// Widget B's platforms, as plain data apart from its schema (vssue.ts), so the widget's own chunk
// reads them without carrying the config's declaration.

/** The platforms, in Vssue's keys. */
export const VSSUE_PLATFORMS = ['github', 'github-v4', 'gitlab', 'bitbucket', 'gitee'] as const
export type VssuePlatform = (typeof VSSUE_PLATFORMS)[number]

/** The platforms whose login code is exchanged by the comment service (GitLab uses PKCE in the browser). */
export const SERVICE_EXCHANGED: readonly VssuePlatform[] = ['github', 'github-v4', 'bitbucket', 'gitee']

/**
 * Where each platform's public service answers (`api`) and keeps avatars and comment images
 * (`img`), by origin; `web` is its site, which a `baseURL` replaces for GitHub Enterprise or a
 * self-hosted GitLab (then that origin serves all three, and `avatars` still serve its avatars). The CSP lists these (vssue.ts) and the
 * adapters (src/client/widgets/vssue/platforms) call them: one table for both.
 */
export const PLATFORM_HOSTS: Readonly<Record<VssuePlatform, { web: string; api: string; img: readonly string[]; avatars?: readonly string[] }>> = {
  github: { web: 'https://github.com', api: 'https://api.github.com', img: ['https://*.githubusercontent.com', 'https://github.com'] },
  'github-v4': { web: 'https://github.com', api: 'https://api.github.com', img: ['https://*.githubusercontent.com', 'https://github.com'] },
  // GitLab's default avatars are Gravatar's; PKCE posts to `<web>/oauth/token`.
  gitlab: { web: 'https://gitlab.com', api: 'https://gitlab.com', img: ['https://gitlab.com'], avatars: ['https://secure.gravatar.com'] },
  bitbucket: { web: 'https://bitbucket.org', api: 'https://api.bitbucket.org', img: ['https://bitbucket.org', 'https://*.atl-paas.net', 'https://secure.gravatar.com'] },
  gitee: { web: 'https://gitee.com', api: 'https://gitee.com', img: ['https://gitee.com', 'https://*.gitee.com'] },
}
