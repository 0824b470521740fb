import { WIDGET_HASHED_DIRS } from '../widgets/index.js'

/**
 * Response headers as path rules, and the `_headers` file Netlify and Cloudflare Pages read:
 * a line with a path pattern (`*` matches the rest), then the rule's headers indented below it.
 * A request takes the headers of every rule it matches; both hosts join a header named by two
 * matching rules with a comma, so no header is given by two rules that can match one path.
 */

export interface HeaderRule {
  /** Path pattern under the base (`/gpt/*`, `/gpt/assets/js/*`). */
  path: string
  headers: [name: string, value: string][]
}

/** The folders the build writes only content-hashed names into (a changed file gets a new name); the widgets' build hooks add theirs. */
export const HASHED_DIRS: readonly string[] = ['assets/js/', 'assets/css/', 'assets/search/', 'assets/demo/', ...WIDGET_HASHED_DIRS]

export const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Powerful features no page of the site uses, refused for it and anything it embeds. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()'

/**
 * One site-wide rule (the policy and the security headers) and one caching rule per hashed
 * folder. Pages get no Cache-Control here: a second rule naming it would be joined onto the
 * assets' value, and both hosts already make pages revalidate by default.
 */
export function headerRules(base: string, csp: string): HeaderRule[] {
  return [
    {
      path: `${base}*`,
      headers: [
        ['Content-Security-Policy', csp],
        ['X-Content-Type-Options', 'nosniff'],
        ['Referrer-Policy', 'strict-origin-when-cross-origin'],
        ['Permissions-Policy', PERMISSIONS_POLICY],
      ],
    },
    ...HASHED_DIRS.map((dir): HeaderRule => ({ path: `${base}${dir}*`, headers: [['Cache-Control', IMMUTABLE]] })),
  ]
}

/** The rules as a `_headers` file. */
export function headersFile(rules: readonly HeaderRule[]): string {
  const blocks = rules.map((r) => [r.path, ...r.headers.map(([name, value]) => `  ${name}: ${value}`)].join('\n'))
  return `# Response headers for Netlify and Cloudflare Pages (written by gptnotes build; serve sends the same).\n${blocks.join('\n\n')}\n`
}

/** Whether a request path matches a rule's pattern (`*` stands for any rest of the path, even none). */
export function matchesPattern(pattern: string, path: string): boolean {
  const re = new RegExp('^' + pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*') + '$')
  return re.test(path)
}

/** The headers a request path gets: every matching rule's, in order, a repeated name joined with ", ". */
export function headersFor(path: string, rules: readonly HeaderRule[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const rule of rules) {
    if (!matchesPattern(rule.path, path)) continue
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase()
      out[key] = out[key] === undefined ? value : `${out[key]}, ${value}`
    }
  }
  return out
}
