/**
 * What widget B derives from its options (checked and filled in by the build: `VssueOptions`,
 * src/shared/widgets/vssue.ts). It also words the console warnings Vssue gave for a missing
 * `owner`, `repo`, `platform` or `clientId`, and the error that replaces its 'clientSecret and
 * proxy is required': a platform that logs in through the comment service with no service address.
 */
import type { VssueOptions } from '../../../shared/widgets/vssue.js'
import { SERVICE_EXCHANGED, VSSUE_PLATFORMS, type VssuePlatform } from '../../../shared/widgets/vssue-platforms.js'

export interface ResolvedOptions extends VssueOptions {
  /** Login needs the comment service and none is configured. */
  missingService: boolean
  /** `prefix` + the title (the config's, else the page's). */
  issueTitle: (pageTitle: string) => string
}

/** The options with what the flow derives from them. */
export function resolveOptions(options: VssueOptions): ResolvedOptions {
  return {
    ...options,
    missingService: SERVICE_EXCHANGED.includes(options.platform) && options.proxy === '',
    issueTitle: (pageTitle) => `${options.prefix}${options.title || pageTitle}`,
  }
}

/** The console lines for what the config lacks (spec §5): warnings, and the error of a missing service. */
export function configProblems(given: object, options: ResolvedOptions): { warnings: string[]; error?: string } {
  const warnings: string[] = []
  if (!VSSUE_PLATFORMS.includes((given as { platform?: unknown }).platform as VssuePlatform)) warnings.push(`[Vssue] the option "platform" is required (one of ${VSSUE_PLATFORMS.join(', ')}); using "${options.platform}"`)
  for (const name of ['owner', 'repo', 'clientId'] as const) if (!options[name]) warnings.push(`[Vssue] the option "${name}" is required`)
  const error = options.missingService
    ? `[Vssue] the comment service address (vssueConfig.proxy) is required for ${options.platform}: it exchanges the login code, so no client secret is in the page`
    : undefined
  return { warnings, error }
}
