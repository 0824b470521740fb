import type { SidebarGroupConfig, SidebarItemConfig } from '../shared/site-config.js'
import { type Findings, keyPath } from './findings.js'
import { isObject } from './values.js'
import type { VuePressPages } from './vuepress-paths.js'

type Sidebar = 'auto' | false | SidebarItemConfig[] | Record<string, SidebarItemConfig[]>

/** gptnotes reads `[path, title]` pairs, groups and paths; at most 3 levels, as VuePress. */
const GROUP_FIELDS = new Set(['title', 'path', 'children', 'collapsable', 'sidebarDepth'])

/**
 * A VuePress sidebar in gptnotes's terms. Every entry becomes the absolute route of its page,
 * resolved as VuePress 1's resolveSidebarItems does (relative entries like `''` or `'foo'` under
 * their key; README.md → the folder's route), because gptnotes reads every entry from the site's
 * root. An entry that names no page is left out (VuePress showed an empty item and logged
 * "No matching page"; gptnotes would stop the build).
 */
export function mapSidebar(value: unknown, from: string, to: string, pages: VuePressPages, findings: Findings): Sidebar | undefined {
  if (value === 'auto' || value === false) return value
  if (value === undefined || value === null) return undefined
  if (Array.isArray(value)) return mapItems(value, '/', from, pages, findings, 1)
  if (!isObject(value)) {
    findings.dropped(from, `a sidebar is 'auto', false, a list or an object of path prefixes; got ${JSON.stringify(value)}`)
    return undefined
  }
  const out: Record<string, SidebarItemConfig[]> = {}
  const keys = Object.keys(value)
  keys.forEach((key, i) => {
    const items = value[key]
    const at = keyPath(from, key)
    if (items === 'auto') {
      findings.dropped(at, "a per-prefix 'auto' sidebar is not supported: gptnotes reads 'auto' for the whole sidebar only", "list the pages, or set the pages' own frontmatter sidebar: auto")
      return
    }
    if (!Array.isArray(items)) {
      findings.dropped(at, 'a sidebar under a prefix must be a list')
      return
    }
    // VuePress takes the first key in the object that the page's path starts with; gptnotes the longest.
    const shadow = keys.slice(0, i).find((earlier) => key.startsWith(earlier))
    if (shadow !== undefined)
      findings.mapped(at, keyPath(to, key), `VuePress showed the sidebar of "${shadow}" (the first matching key) on pages under "${key}"; gptnotes shows this one (the longest matching key)`, `check the pages under ${key}`)
    out[key] = mapItems(items, key, at, pages, findings, 1)
  })
  return out
}

function mapItems(items: unknown[], base: string, from: string, pages: VuePressPages, findings: Findings, depth: number): SidebarItemConfig[] {
  const out: SidebarItemConfig[] = []
  items.forEach((item, i) => {
    const at = keyPath(from, i)
    const mapped = mapItem(item, base, at, pages, findings, depth)
    if (mapped !== undefined) out.push(mapped)
  })
  return out
}

function mapItem(item: unknown, base: string, at: string, pages: VuePressPages, findings: Findings, depth: number): SidebarItemConfig | undefined {
  const page = (raw: string, where: string) => {
    const route = pages.resolve(raw, base)
    if (route === undefined) findings.dropped(where, `"${raw}" (under "${base}") names no page of the site; VuePress showed an empty entry`, 'fix the path or drop the entry')
    return route
  }
  if (typeof item === 'string') return page(item, at)
  if (Array.isArray(item) && typeof item[0] === 'string') {
    const route = page(item[0], at)
    return route === undefined ? undefined : typeof item[1] === 'string' ? [route, item[1]] : route
  }
  if (!isObject(item) || typeof item.title !== 'string') {
    findings.dropped(at, 'a sidebar entry is a path, a [path, title] pair or a group with a title')
    return undefined
  }
  for (const key of Object.keys(item)) if (!GROUP_FIELDS.has(key)) findings.dropped(keyPath(at, key), `gptnotes's sidebar groups have no "${key}"`)
  const children = Array.isArray(item.children) ? item.children : []
  // VuePress shows a group without children but with a path as a link to that page.
  if (children.length === 0 && typeof item.path === 'string') {
    const route = page(item.path, `${at}.path`)
    return route === undefined ? undefined : [route, item.title]
  }
  if (depth >= 3 && children.some((c) => isObject(c))) findings.dropped(`${at}.children`, 'groups nested deeper than 3 levels are left out (VuePress refused them too)')
  const group: { -readonly [K in keyof SidebarGroupConfig]: SidebarGroupConfig[K] } = { title: item.title }
  if (typeof item.path === 'string') {
    const route = page(item.path, `${at}.path`)
    if (route !== undefined) group.path = route
  }
  if (typeof item.sidebarDepth === 'number') group.sidebarDepth = item.sidebarDepth
  if (typeof item.collapsable === 'boolean') group.collapsable = item.collapsable
  group.children = mapItems(depth >= 3 ? children.filter((c) => !isObject(c)) : children, base, `${at}.children`, pages, findings, depth + 1)
  return group
}
