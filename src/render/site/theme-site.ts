import type { ClientFooter, ClientLocale, ClientSite, SiteConfig } from '../../shared/types.js'
import { publicUrl } from './theme-images.js'

/*
 * The theme's share of the site data every page carries: the nav logo, "Edit this page", the
 * footer line (reco's `Footer.vue`: copyright years, the ICP and public-security filings) and
 * what each locale shows differently (VuePress's `themeConfig.locales`).
 */

/** Where an ICP number links when the config names no `recordLink`: the MIIT's filing system, which the rules ask a filed site to link. */
export const ICP_LINK = 'https://beian.miit.gov.cn/'
/** The public-security filing system; a filing's own entry is `#/query/webSearch?code=<number>`. */
export const PSB_LINK = 'https://beian.mps.gov.cn/'

/** The public-security filing's entry, from the number in its text (`京公网安备 11010502030143号`). */
export function cyberSecurityLinkOf(record: string): string {
  const code = /\d{6,}/.exec(record)?.[0]
  return code ? `${PSB_LINK}#/query/webSearch?code=${code}` : PSB_LINK
}

/** The year it is now in `timeZone` (the footer's year is the build's). */
export function yearIn(timeZone: string, now = new Date()): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(now))
}

/** reco's footer line. `© 2019–2026` when `startYear` is before this year, else `© 2026`. */
export function footerOf(config: SiteConfig, year: number): ClientFooter {
  const t = config.themeConfig
  const start = t.startYear
  return {
    years: start !== undefined && start < year ? `${start}–${year}` : String(year),
    owner: t.author || config.title,
    ...(t.record ? { record: { text: t.record, link: t.recordLink ?? ICP_LINK } } : {}),
    ...(t.cyberSecurityRecord ? { cyberSecurity: { text: t.cyberSecurityRecord, link: t.cyberSecurityLink ?? cyberSecurityLinkOf(t.cyberSecurityRecord) } } : {}),
  }
}

/**
 * Each locale's share: its title (when it differs from the site's), its home (when that page
 * exists), its nav and labels. `hasRoute` answers for base-relative route paths.
 */
export function clientLocalesOf(config: SiteConfig, hasRoute: (path: string) => boolean): Record<string, ClientLocale> | undefined {
  const themeLocales = config.themeConfig.locales ?? {}
  const keys = [...new Set([...Object.keys(config.locales), ...Object.keys(themeLocales)])]
  const out: Record<string, ClientLocale> = {}
  for (const key of keys) {
    const site = config.locales[key]
    const theme = themeLocales[key]
    const entry: ClientLocale = {
      ...(site?.title !== undefined && site.title !== config.title ? { title: site.title } : {}),
      ...(key !== '/' && hasRoute(encodeURI(key)) ? { home: encodeURI(key) } : {}),
      ...(theme?.nav ? { nav: [...theme.nav] } : {}),
      ...(theme?.lastUpdated !== undefined ? { lastUpdated: theme.lastUpdated } : {}),
      ...(theme?.editLinkText !== undefined ? { editLinkText: theme.editLinkText } : {}),
      ...(theme?.selectText !== undefined ? { selectText: theme.selectText } : {}),
    }
    if (Object.keys(entry).length) out[key] = entry
  }
  return Object.keys(out).length ? out : undefined
}

/** The time zone of the site's dates (the config's `timezone` where the site sets one). */
const timeZoneOf = (config: SiteConfig): string => (config as SiteConfig & { timezone?: string }).timezone || 'Asia/Shanghai'

/** The theme's fields of the site data. */
export function themeSiteOf(config: SiteConfig, hasRoute: (path: string) => boolean, now = new Date()): Partial<ClientSite> {
  const t = config.themeConfig
  const locales = clientLocalesOf(config, hasRoute)
  return {
    ...(t.logo ? { logo: publicUrl(config.base, t.logo) } : {}),
    ...(t.editLink ? { editLink: { pattern: t.editLink.pattern, ...(t.editLink.text !== undefined ? { text: t.editLink.text } : {}) } } : {}),
    footer: footerOf(config, yearIn(timeZoneOf(config), now)),
    ...(locales ? { locales } : {}),
  }
}
