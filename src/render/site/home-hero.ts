import type { Frontmatter, HomeHero } from '../../shared/types.js'
import type { SiteLocale } from '../../shared/site-locale.js'
import { safeStyle } from './safe-style.js'
import { isPublicRef, isWebUrl, publicUrl } from './theme-images.js'

/*
 * The home page's hero from its frontmatter, as VuePress's default theme (`Home.vue`) and reco
 * (`Home.vue`, `HomeBlog/index.vue`) read it: `heroText` (else the title; `null` hides it),
 * `tagline` (else the description; `null` hides it), `heroImage`/`heroAlt`/`heroImageStyle`,
 * reco's `bgImage`/`bgImageStyle`, `actionText` + `actionLink`, `features`, `footer`.
 */

/** What is wrong with one field, for the build to report at its line. */
export type HeroFinding = { kind: 'invalid'; field: string; expected: string } | { kind: 'style'; field: string; property: string; reason: string }

export interface HeroInput {
  base: string
  locale: SiteLocale
  /** The page's own title, for a site with none. */
  pageTitle: string
}

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined)

/** A link the action button may take: a site path or an http(s) URL (never `javascript:`). */
const isActionLink = (v: string): boolean => isWebUrl(v) || (!/^[a-z][a-z\d+.-]*:/i.test(v) && !v.startsWith('//') && v.trim() !== '')

/** The hero of a home page, and what was wrong in its fields (left out of the hero). */
export function homeHeroOf(fm: Frontmatter, { base, locale, pageTitle }: HeroInput): { hero: HomeHero; findings: HeroFinding[]; images: { field: string; ref: string }[] } {
  const findings: HeroFinding[] = []
  /** Images under content/public/ the hero shows, for the build to check. */
  const images: { field: string; ref: string }[] = []
  const hero: HomeHero = {}
  const field = (name: string, expected: string): string | undefined => {
    const v = fm[name]
    if (v === undefined || v === null) return undefined
    const t = text(v)
    if (t === undefined) findings.push({ kind: 'invalid', field: name, expected })
    return t
  }

  // `null` hides the heading or the tagline (VuePress tests `!== null`).
  if (fm.heroText !== null) hero.text = field('heroText', 'text') || locale.title || pageTitle || '首页'
  if (fm.tagline !== null) {
    const tagline = field('tagline', 'text') || locale.description || fm.description
    if (tagline) hero.tagline = tagline
  }

  const imageRef = (name: string): string | undefined => {
    const ref = field(name, 'an image path like /hero.png')
    if (ref === undefined) return undefined
    // Quotes, brackets and spaces could end the CSS `url()` a background is written in.
    if ((isPublicRef(ref) || isWebUrl(ref)) && !/["'()\\\s]/.test(ref)) {
      if (isPublicRef(ref)) images.push({ field: name, ref })
      return publicUrl(base, ref)
    }
    findings.push({ kind: 'invalid', field: name, expected: 'a path under content/public/ (like /hero.png) or an http(s) URL' })
    return undefined
  }

  const image = imageRef('heroImage')
  if (image) {
    hero.image = { src: image, alt: field('heroAlt', 'text') ?? '' }
    const style = styleOf(fm, 'heroImageStyle', findings)
    if (style) hero.image.style = style
  }

  const background = imageRef('bgImage')
  const bgStyle = styleOf(fm, 'bgImageStyle', findings)
  if (background || bgStyle) {
    hero.style = {
      // reco's hero background: `url(...) center/cover no-repeat`.
      ...(background ? { backgroundImage: `url("${background}")`, backgroundPosition: 'center', backgroundSize: 'cover', backgroundRepeat: 'no-repeat' } : {}),
      ...bgStyle,
    }
  }

  const actionText = field('actionText', 'text')
  const actionLink = field('actionLink', 'a site path or an http(s) URL')
  if (actionLink !== undefined && !isActionLink(actionLink)) findings.push({ kind: 'invalid', field: 'actionLink', expected: 'a site path or an http(s) URL' })
  else if (actionText && actionLink) hero.action = { text: actionText, link: actionLink }

  if (fm.features !== undefined && fm.features !== null) {
    const features = Array.isArray(fm.features) ? fm.features : undefined
    const items = features?.map((f) => (typeof f === 'object' && f !== null ? { title: text((f as Record<string, unknown>).title) ?? '', details: text((f as Record<string, unknown>).details) ?? '' } : undefined))
    if (!items || items.some((i) => i === undefined)) findings.push({ kind: 'invalid', field: 'features', expected: 'a list of { title, details }' })
    else if (items.length) hero.features = items as { title: string; details: string }[]
  }

  const footer = field('footer', 'text')
  if (footer) hero.footer = footer
  return { hero, findings, images }
}

/** A frontmatter style object, its disallowed properties reported and left out. */
function styleOf(fm: Frontmatter, name: string, findings: HeroFinding[]): Record<string, string> | undefined {
  const value = fm[name]
  if (value === undefined || value === null) return undefined
  const { style, dropped } = safeStyle(value)
  for (const d of dropped) findings.push({ kind: 'style', field: name, property: d.property, reason: d.reason })
  return Object.keys(style).length ? style : undefined
}
