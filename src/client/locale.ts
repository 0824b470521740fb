import { defaultEditLinkText, localeKeyOf } from '../shared/site-locale.js'
import type { ClientSite, NavItem } from '../shared/types.js'

/** What the theme shows on a route, for its locale (`site.locales`, longest path prefix wins) over the site's own. */
export interface RouteLocale {
  title: string
  /** The route the site title links to. */
  home: string
  nav: NavItem[]
  lastUpdated: string | false
  editLinkText: string
  selectText: string
  /** The theme's own words on the page, in its language. */
  text: ThemeText
}

/** The theme's own words that the VuePress/reco features added, by the page's language. */
export interface ThemeText {
  allPosts: string
  friendLinks: string
  articles: string
  tags: string
  author: string
  filings: string
  prev: string
  next: string
  prevNext: string
  /** After a label (上次更新：, Last Updated: ). */
  colon: string
}

const ZH: ThemeText = { prev: '上一篇', next: '下一篇', prevNext: '上一篇与下一篇', allPosts: '全部文章', friendLinks: '友情链接', articles: '文章', tags: '标签', author: '作者', filings: '备案信息', colon: '：' }
const EN: ThemeText = { prev: 'Previous', next: 'Next', prevNext: 'Previous and next', allPosts: 'All Posts', friendLinks: 'Friend Links', articles: 'Articles', tags: 'Tags', author: 'Author', filings: 'Filings', colon: ': ' }

const isChinese = (lang: string) => /^zh\b/i.test(lang)

export function routeLocale(site: ClientSite, path: string, lang: string): RouteLocale {
  const key = site.locales ? localeKeyOf(Object.keys(site.locales), path) : undefined
  const own = key === undefined ? undefined : site.locales![key]
  return {
    title: own?.title ?? site.title,
    home: own?.home ?? '/',
    nav: own?.nav ?? site.nav,
    lastUpdated: own?.lastUpdated ?? site.lastUpdated,
    editLinkText: own?.editLinkText ?? site.editLink?.text ?? defaultEditLinkText(lang),
    selectText: own?.selectText ?? (isChinese(lang) ? '选择语言' : 'Languages'),
    text: isChinese(lang) ? ZH : EN,
  }
}

/** The edit address of a page: `:path` in the pattern is its path under content/ (URI-encoded). */
export const editUrlOf = (pattern: string, relativePath: string): string => pattern.replace(/:path/g, encodeURI(relativePath))
