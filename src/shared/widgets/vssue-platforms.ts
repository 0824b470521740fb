// Widget B's platforms, as plain data apart from its schema (vssue.ts), so the widget's own chunk
// reads them without carrying the config's declaration.

/** The platforms, in Vssue's keys. */
export const VSSUE_PLATFORMS = ['github', 'github-v4', 'gitlab', 'bitbucket', 'gitee'] as const
export type VssuePlatform = (typeof VSSUE_PLATFORMS)[number]

/** The platforms whose login code is exchanged by the comment service (GitLab uses PKCE in the browser). */
export const SERVICE_EXCHANGED: readonly VssuePlatform[] = ['github', 'github-v4', 'bitbucket', 'gitee']
