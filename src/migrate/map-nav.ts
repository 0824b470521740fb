import type { NavItem, NavLink } from '../shared/site-config.js'
import { type Findings, keyPath } from './findings.js'
import { isObject } from './values.js'
import { navLinkOf, type VuePressPages } from './vuepress-paths.js'

/** Fields of a VuePress/reco nav item that gptnotes has no use for, with why. */
const NAV_EXTRAS: Record<string, string> = {
  icon: "reco's icon font is not part of gptnotes",
  target: 'external links open in a new tab (marked ↗), site links in the same one',
  rel: 'external links get rel="noopener noreferrer"',
  ariaLabel: 'the label is the text',
  activeMatch: 'the active item is the one whose link matches the page',
  exact: 'the active item is the one whose link matches the page',
}

/**
 * A VuePress nav in gptnotes's terms: links `{ text, link }` (site paths get `.html` as
 * VuePress's ensureExt gave them) and dropdowns `{ text, items }`. A dropdown's sub-groups
 * (`{ text, items }` inside `items`) are flattened into it: gptnotes's dropdown has one level.
 */
export function mapNav(value: unknown, from: string, pages: VuePressPages, findings: Findings): NavItem[] | undefined {
  if (value === undefined || value === null || value === false) return value === false ? [] : undefined
  if (!Array.isArray(value)) {
    findings.dropped(from, 'the nav must be a list of items')
    return undefined
  }
  const out: NavItem[] = []
  value.forEach((item, i) => {
    const at = keyPath(from, i)
    if (!isObject(item) || typeof item.text !== 'string') return findings.dropped(at, 'a nav item needs a text')
    extras(item, at, findings)
    if (Array.isArray(item.items)) {
      const items = flatten(item.items, `${at}.items`, pages, findings)
      if (items.length) out.push({ text: item.text, items })
      else findings.dropped(at, 'a dropdown with no links')
      return
    }
    if (typeof item.link !== 'string') return findings.dropped(at, 'a nav item needs a link or items')
    if (lands(item.link, at, pages, findings)) out.push({ text: item.text, link: navLinkOf(item.link) })
  })
  return out
}

/** A link to no page is left out (VuePress linked to its 404 page; gptnotes's build refuses it). */
function lands(link: string, at: string, pages: VuePressPages, findings: Findings): boolean {
  if (pages.lands(navLinkOf(link))) return true
  findings.dropped(`${at}.link`, `"${link}" names no page or file of the site; VuePress linked to its not-found page`, 'fix the link or drop the entry')
  return false
}

function flatten(items: unknown[], from: string, pages: VuePressPages, findings: Findings): NavLink[] {
  return items.flatMap((item, i): NavLink[] => {
    const at = keyPath(from, i)
    if (!isObject(item) || typeof item.text !== 'string') {
      findings.dropped(at, 'a dropdown item needs a text')
      return []
    }
    extras(item, at, findings)
    if (Array.isArray(item.items)) {
      findings.mapped(at, from, `the sub-group "${item.text}" is flattened into its dropdown: gptnotes's dropdowns have one level`, 'check the order, or make it a dropdown of its own')
      return flatten(item.items, `${at}.items`, pages, findings)
    }
    if (typeof item.link !== 'string') {
      findings.dropped(at, 'a dropdown item needs a link')
      return []
    }
    return lands(item.link, at, pages, findings) ? [{ text: item.text, link: navLinkOf(item.link) }] : []
  })
}

function extras(item: Record<string, unknown>, at: string, findings: Findings): void {
  for (const key of Object.keys(item)) if (key in NAV_EXTRAS) findings.dropped(keyPath(at, key), NAV_EXTRAS[key])
}
