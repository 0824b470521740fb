/**
 * Widget B's options with every gap filled: the build normalises `vssueConfig` before it reaches
 * the slot; this is the one place that fills in what is missing, so a partial config (an older
 * build, a hand-written slot) still gives a working widget. It also words the console warnings
 * Vssue gave for a missing `owner`, `repo`, `platform` or `clientId`, and the error that replaces
 * its 'clientSecret and proxy is required': a platform that logs in through the comment service
 * with no service address.
 */
import { SERVICE_EXCHANGED, VSSUE_DEFAULTS, VSSUE_PLATFORMS, type VssueClientConfig, type VssuePlatform } from '../../../shared/vssue-config.js'

export interface ResolvedOptions extends VssueClientConfig {
  /** Login needs the comment service and none is configured. */
  missingService: boolean
  /** `prefix` + the title (the config's, else the page's). */
  issueTitle: (pageTitle: string) => string
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown, fallback: string): string => (typeof v === 'string' ? v : fallback)
const strings = (v: unknown, fallback: readonly string[]): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [...fallback])

/** `raw` (anything) read as options: known fields of the right type win, the rest are defaults. */
export function resolveOptions(raw: unknown): ResolvedOptions {
  const o = isRecord(raw) ? raw : {}
  const d = VSSUE_DEFAULTS
  const platform = VSSUE_PLATFORMS.includes(o.platform as VssuePlatform) ? (o.platform as VssuePlatform) : d.platform
  const perPage = typeof o.perPage === 'number' && Number.isInteger(o.perPage) && o.perPage > 0 ? Math.min(o.perPage, 100) : d.perPage
  const proxy = str(o.proxy, '').trim().replace(/\/+$/, '')
  const prefix = str(o.prefix, d.prefix)
  const title = str(o.title, d.title)
  return {
    platform,
    owner: str(o.owner, d.owner),
    repo: str(o.repo, d.repo),
    clientId: str(o.clientId, d.clientId),
    baseURL: str(o.baseURL, d.baseURL).replace(/\/+$/, ''),
    proxy,
    admins: strings(o.admins, d.admins),
    perPage,
    labels: strings(o.labels, d.labels),
    state: str(o.state, d.state),
    prefix,
    issueContent: str(o.issueContent, d.issueContent),
    autoCreateIssue: typeof o.autoCreateIssue === 'boolean' ? o.autoCreateIssue : d.autoCreateIssue,
    issueId: typeof o.issueId === 'number' ? String(o.issueId) : str(o.issueId, d.issueId),
    locale: str(o.locale, d.locale),
    title,
    missingService: SERVICE_EXCHANGED.includes(platform) && proxy === '',
    issueTitle: (pageTitle) => `${prefix}${title || pageTitle}`,
  }
}

/** The console lines for what the config lacks (spec §5): warnings, and the error of a missing service. */
export function configProblems(raw: unknown, options: ResolvedOptions): { warnings: string[]; error?: string } {
  const o = isRecord(raw) ? raw : {}
  const warnings: string[] = []
  if (!VSSUE_PLATFORMS.includes(o.platform as VssuePlatform)) warnings.push(`[Vssue] the option "platform" is required (one of ${VSSUE_PLATFORMS.join(', ')}); using "${options.platform}"`)
  for (const name of ['owner', 'repo', 'clientId'] as const) if (!options[name]) warnings.push(`[Vssue] the option "${name}" is required`)
  const error = options.missingService
    ? `[Vssue] the comment service address (vssueConfig.proxy) is required for ${options.platform}: it exchanges the login code, so no client secret is in the page`
    : undefined
  return { warnings, error }
}
