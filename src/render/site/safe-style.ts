import type { SafeStyle } from '../../shared/types.js'

/*
 * reco lets a home page style its hero with objects of CSS properties (`heroImageStyle`,
 * `bgImageStyle`). They reach the page as a `style` attribute, so only properties that shape the
 * hero's own box are let through (nothing that positions it over the rest of the page, such as
 * `position` or `z-index`), and only values that cannot end the declaration or load anything
 * (no `;`, `:`, braces, quotes' escapes or `url(`).
 */

const ALLOWED = new Set([
  'width', 'height', 'minWidth', 'minHeight', 'maxWidth', 'maxHeight',
  'margin', 'marginTop', 'marginRight', 'marginBottom', 'marginLeft',
  'padding', 'paddingTop', 'paddingRight', 'paddingBottom', 'paddingLeft',
  'border', 'borderRadius', 'boxShadow', 'opacity', 'filter',
  'objectFit', 'objectPosition', 'verticalAlign', 'display', 'overflow', 'boxSizing',
  'textAlign', 'color', 'fontSize', 'fontWeight', 'lineHeight', 'letterSpacing', 'textShadow',
  'backgroundColor', 'backgroundPosition', 'backgroundSize', 'backgroundRepeat', 'backgroundAttachment',
])

/** Properties whose bare numbers have no unit (React leaves these as they are, the rest get px). */
const UNITLESS = new Set(['opacity', 'fontWeight', 'lineHeight'])

const SAFE_VALUE = /^[\w\s#%.,()+\-/]*$/
const LOADS = /\b(?:url|image-set|image|element|expression|paint)\s*\(/i

/** Why one property was left out. */
export interface StyleDrop {
  property: string
  reason: string
}

/** `max-height` → `maxHeight`. */
const camel = (name: string): string => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())

/** The allowed properties of `value` (an object of CSS properties), and what was left out and why. */
export function safeStyle(value: unknown): { style: SafeStyle; dropped: StyleDrop[] } {
  const style: SafeStyle = {}
  const dropped: StyleDrop[] = []
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { style, dropped: [{ property: '', reason: 'must be an object of CSS properties, like { maxHeight: "200px" }' }] }
  for (const [written, raw] of Object.entries(value)) {
    const property = camel(written)
    if (!ALLOWED.has(property)) {
      dropped.push({ property: written, reason: 'is not one of the properties a hero may set (sizes, margins, padding, borders, colours, text and background placement)' })
      continue
    }
    const text = typeof raw === 'number' && Number.isFinite(raw) ? (raw === 0 || UNITLESS.has(property) ? String(raw) : `${raw}px`) : typeof raw === 'string' ? raw.trim() : undefined
    if (text === undefined || text === '' || text.length > 200 || !SAFE_VALUE.test(text) || LOADS.test(text)) {
      dropped.push({ property: written, reason: `has a value that is not allowed here (${JSON.stringify(raw)}): plain lengths, colours and keywords only` })
      continue
    }
    style[property] = text
  }
  return { style, dropped }
}
