import type { NavItem } from '../shared/site-config.js'
import { type Findings, keyPath } from './findings.js'
import { mapNav } from './map-nav.js'
import { mapSidebar } from './map-sidebar.js'
import { describe, isObject } from './values.js'
import type { VuePressPages } from './vuepress-paths.js'

/** Notes for the written config: a comment above each key path whose meaning changed. */
export type Notes = Map<string, string>

const outbound = /^[a-z]+:/i
const trimSlash = (s: string) => s.replace(/\/$/, '')

/** A repo as VuePress's navbar links it: `owner/name` is a GitHub repo. */
export const repoUrl = (repo: string): string => (outbound.test(repo) ? repo : `https://github.com/${repo}`)

/**
 * VuePress's edit link (default theme `createEditLink`, which reco copies) as a pattern with
 * `:path` for the page's file under content/: GitHub `…/edit/<branch>/<docsDir>/:path`, GitLab
 * `…/-/edit/…`, Bitbucket `…/src/<branch>/…:path?mode=edit…`. The branch defaults to master.
 */
export function editLinkPattern(theme: Record<string, unknown>): string | undefined {
  const repo = typeof theme.repo === 'string' ? theme.repo : undefined
  const docsRepo = typeof theme.docsRepo === 'string' ? theme.docsRepo : repo
  if (!docsRepo) return undefined
  const branch = typeof theme.docsBranch === 'string' ? theme.docsBranch : 'master'
  const dir = typeof theme.docsDir === 'string' && theme.docsDir ? trimSlash(theme.docsDir) + '/' : ''
  if (/bitbucket.org/.test(docsRepo)) return `${trimSlash(docsRepo)}/src/${branch}/${dir}:path?mode=edit&spa=0&at=${branch}&fileviewer=file-view-default`
  if (/gitlab.com/.test(docsRepo)) return `${trimSlash(docsRepo)}/-/edit/${branch}/${dir}:path`
  return `${trimSlash(repoUrl(docsRepo))}/edit/${branch}/${dir}:path`
}

/** VuePress's `lastUpdated` (true: the label 'Last Updated'; absent: none shown) as gptnotes's label or false. */
export function lastUpdatedOf(value: unknown): string | false {
  return typeof value === 'string' ? value : value === true ? 'Last Updated' : false
}

/** reco inserts 分类 and 标签 into the nav (blogConfig), at 1-based `location`s 2 and 3 by default. */
export function withBlogNav(nav: NavItem[], blogConfig: unknown, locales: number, findings: Findings): NavItem[] {
  if (!isObject(blogConfig)) return nav
  const out = [...nav]
  const insert = (key: 'category' | 'tag', text: string, link: string, location: number) => {
    const entry = blogConfig[key]
    if (!isObject(entry)) return
    const at = `themeConfig.blogConfig.${key}`
    if (locales > 1) return findings.dropped(at, 'reco does not add it to the nav of a site with more than one locale', `add { text, link: '${link}' } to the nav yourself`)
    const label = typeof entry.text === 'string' ? entry.text : text
    const place = typeof entry.location === 'number' ? entry.location : location
    out.splice(Math.max(0, Math.min(out.length, place - 1)), 0, { text: label, link })
    findings.mapped(at, 'themeConfig.nav', `reco's "${label}" nav entry becomes a link to ${link} at place ${place}${key === 'category' ? " (reco's was a dropdown of the categories; gptnotes's categories page lists them)" : ''}`)
  }
  insert('category', '分类', '/categories/', 2)
  insert('tag', '标签', '/tag/', 3)
  if (blogConfig.socialLinks !== undefined) findings.dropped('themeConfig.blogConfig.socialLinks', "gptnotes's author card has no social links", 'add them to the nav or a page')
  return out
}

/** reco's friendLink entries in the contract's shape `{ title, desc?, logo?, link }`. */
export function friendLinks(value: unknown, findings: Findings): Record<string, unknown>[] | undefined {
  if (!Array.isArray(value)) return undefined
  return value.flatMap((item, i) => {
    const at = keyPath('themeConfig.friendLink', i)
    if (!isObject(item) || typeof item.title !== 'string' || typeof item.link !== 'string') {
      findings.dropped(at, 'a friend link needs a title and a link')
      return []
    }
    if (item.email !== undefined && item.logo === undefined) findings.dropped(`${at}.email`, "reco drew the logo from Gravatar, a foreign host; gptnotes loads no images from other hosts for it", 'give a logo (an image under content/public/)')
    return [{ title: item.title, ...(typeof item.desc === 'string' ? { desc: item.desc } : {}), ...(typeof item.logo === 'string' ? { logo: item.logo } : {}), link: item.link }]
  })
}

/** Per-locale theme settings (`themeConfig.locales`) in the contract's VuePress shape. */
export function themeLocales(value: unknown, pages: VuePressPages, findings: Findings, notes: Notes): Record<string, Record<string, unknown>> | undefined {
  if (!isObject(value)) return undefined
  const out: Record<string, Record<string, unknown>> = {}
  for (const [key, locale] of Object.entries(value)) {
    const from = keyPath('themeConfig.locales', key)
    if (!isObject(locale)) {
      findings.dropped(from, 'a locale must be an object')
      continue
    }
    const entry: Record<string, unknown> = {}
    for (const [field, v] of Object.entries(locale)) {
      const at = keyPath(from, field)
      const to = keyPath(keyPath('themeConfig.locales', key), field)
      if (field === 'nav') {
        const nav = mapNav(v, at, pages, findings)
        if (nav) entry.nav = nav
      } else if (field === 'sidebar') {
        const sidebar = mapSidebar(v, at, to, pages, findings)
        if (sidebar !== undefined) entry.sidebar = sidebar
        notes.set(to, "entries are the pages' routes, resolved as VuePress resolved them")
      } else if (field === 'lastUpdated') entry.lastUpdated = lastUpdatedOf(v)
      else if (field === 'editLinkText' || field === 'label') entry[field] = v
      else if (field === 'selectText') findings.dropped(at, "gptnotes's language menu has its own label")
      else findings.dropped(at, `gptnotes's per-locale theme settings are nav, sidebar, lastUpdated, editLinkText and label; not ${field} (${describe(v)})`)
    }
    out[key] = entry
  }
  return out
}
