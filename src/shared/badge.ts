/**
 * VuePress's `<Badge text type vertical/>` (the default theme's and reco's global component),
 * as the build writes it in the body and the table of contents and the theme draws it in the
 * sidebar: one set of class names, so the three cannot drift apart.
 */

/** A badge after a heading's text (see `Header.badges`). */
export interface HeaderBadge {
  text: string
  /** `tip`, `warning` or `error` (VuePress's names and their aliases are folded into these). */
  type: BadgeType
  /** `vertical-align`; VuePress's default is `top`. */
  vertical: BadgeVertical
}

export type BadgeType = 'tip' | 'warning' | 'error'
export type BadgeVertical = 'top' | 'middle' | 'bottom' | 'baseline' | 'text-top' | 'text-bottom'

/** VuePress styles `tip`/`green`, `warning`/`warn`/`yellow` and `error`; reco also writes `danger`. Any other type is drawn as `tip`, as VuePress draws it. */
const TYPES: Record<string, BadgeType> = { tip: 'tip', green: 'tip', warning: 'warning', warn: 'warning', yellow: 'warning', error: 'error', danger: 'error', red: 'error' }
const VERTICALS = new Set<string>(['top', 'middle', 'bottom', 'baseline', 'text-top', 'text-bottom'])

export function badgeOf(text: string, type: string | undefined, vertical: string | undefined): HeaderBadge {
  return {
    text,
    type: TYPES[(type ?? '').trim().toLowerCase()] ?? 'tip',
    vertical: VERTICALS.has((vertical ?? '').trim().toLowerCase()) ? ((vertical ?? '').trim().toLowerCase() as BadgeVertical) : 'top',
  }
}

/** The badge's classes: `badge`, its type and, unless `top`, its alignment. */
export function badgeClassName({ type, vertical }: Pick<HeaderBadge, 'type' | 'vertical'>): string {
  return vertical === 'top' ? `badge ${type}` : `badge ${type} badge-${vertical}`
}
