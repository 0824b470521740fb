import type { NavItem, NavLink } from '../shared/site-config.js'
import { type Findings, keyPath } from './findings.js'
import { isObject } from './values.js'
import { navLinkOf } from './vuepress-paths.js'

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
export function mapNav(value: unknown, from: string, findings: Findings): NavItem[] | undefined {
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
      const items = flatten(item.items, `${at}.items`, findings)
      if (items.length) out.push({ text: item.text, items })
      else findings.dropped(at, 'a dropdown with no links')
      return
    }
    if (typeof item.link !== 'string') return findings.dropped(at, 'a nav item needs a link or items')
    out.push({ text: item.text, link: navLinkOf(item.link) })
  })
  return out
}

function flatten(items: unknown[], from: string, findings: Findings): NavLink[] {
  return items.flatMap((item, i): NavLink[] => {
    const at = keyPath(from, i)
    if (!isObject(item) || typeof item.text !== 'string') {
      findings.dropped(at, 'a dropdown item needs a text')
      return []
    }
    extras(item, at, findings)
    if (Array.isArray(item.items)) {
      findings.mapped(at, '(its parent dropdown)', `the sub-group "${item.text}" is flattened into its dropdown: gptnotes's dropdowns have one level`, 'check the order, or make it a dropdown of its own')
      return flatten(item.items, `${at}.items`, findings)
    }
    if (typeof item.link !== 'string') {
      findings.dropped(at, 'a dropdown item needs a link')
      return []
    }
    return [{ text: item.text, link: navLinkOf(item.link) }]
  })
}

function extras(item: Record<string, unknown>, at: string, findings: Findings): void {
  for (const key of Object.keys(item)) if (key in NAV_EXTRAS) findings.dropped(keyPath(at, key), NAV_EXTRAS[key])
}
