import { longestPrefix, normalizePath, resolveRelative, toHtmlLink } from '../../shared/paths.js'
import { isList } from '../../shared/config-schema.js'
import type { Page, SidebarConfig, SidebarItem, SidebarItemConfig } from '../../shared/types.js'
import type { SidebarProblem } from '../errors/index.js'

export type { SidebarProblem }

/** A sidebar as resolved: the entries that name pages, and the problems of those that do not (reported as `SidebarInvalid`). */
export interface ResolvedSidebar {
  items: SidebarItem[]
  problems: SidebarProblem[]
}

const MAX_DEPTH = 3

/** The config key of a single-list sidebar (`themeConfig.sidebar: [...]`). */
export const SINGLE_SIDEBAR = ''

/**
 * Longest matching path prefix of a multi-sidebar object, falling back to the root `/`. The key
 * is the config's own (`/guide/`, or `SINGLE_SIDEBAR` for a single list), the key of the
 * resolved sidebars.
 */
export function pickSidebar(config: SidebarConfig, routePath: string): { key: string; items: readonly SidebarItemConfig[] } | 'auto' | undefined {
  if (config === 'auto') return 'auto'
  if (!config) return undefined
  if (isList(config)) return { key: SINGLE_SIDEBAR, items: config }
  const key = longestPrefix(Object.keys(config), decodeURI(routePath))
  return key === undefined ? undefined : { key, items: config[key] }
}

export interface SidebarContext {
  /** The site's pages by route path: an entry links the page it names, with its title. */
  pagesByPath: ReadonlyMap<string, Page>
  /** The config key path of the items, which problems are reported at (`themeConfig.sidebar["/guide/"]`). */
  keyPath: string
  /** `sidebarDepth` of a group that sets none (`themeConfig.sidebarDepth`). */
  defaultDepth?: number
}

/**
 * Resolve sidebar config items to links with page titles. An entry that names no page and a group
 * nested deeper than 3 levels are left out and returned as problems, at their config key path
 * (the spec reports both); the rest of the sidebar is still drawn.
 */
export function resolveSidebar(items: readonly SidebarItemConfig[], { pagesByPath, keyPath, defaultDepth = 2 }: SidebarContext): ResolvedSidebar {
  const problems: SidebarProblem[] = []
  const resolveLevel = (level: readonly SidebarItemConfig[], levelPath: string, depth: number): SidebarItem[] => {
    const out: SidebarItem[] = []
    level.forEach((item, i) => {
      const at = `${levelPath}[${i}]`
      if (typeof item === 'string' || isList(item)) {
        const [rawPath, title] = typeof item === 'string' ? [item, undefined] : item
        const page = findPage(rawPath, pagesByPath)
        if (!page) {
          problems.push({ path: at, kind: 'missing-page', target: rawPath })
          return
        }
        out.push({ type: 'link', path: page.path, title: title ?? page.title, headers: page.headers })
        return
      }
      if (depth > MAX_DEPTH) {
        problems.push({ path: at, kind: 'too-deep', title: item.title, maxDepth: MAX_DEPTH })
        return
      }
      const page = item.path ? findPage(item.path, pagesByPath) : undefined
      if (item.path && !page) problems.push({ path: `${at}.path`, kind: 'missing-page', target: item.path })
      out.push({
        type: 'group',
        title: item.title,
        ...(page ? { path: page.path } : {}),
        collapsable: item.collapsable !== false,
        sidebarDepth: item.sidebarDepth ?? defaultDepth,
        children: resolveLevel(item.children ?? [], `${at}.children`, depth + 1),
      })
    })
    return out
  }
  return { items: resolveLevel(items, keyPath, 1), problems }
}

/**
 * The page a path names, as VuePress's `resolvePage` finds it: `.md` and `.html` are the only
 * extensions (`/vuex 4.x` is the page of `vuex 4.x.md`), a folder's README answers for it with
 * or without the slash. `from`: the route a relative path is read from; sidebar entries are
 * read from the root (`./a` is `/a`), `prev`/`next` from their page.
 */
export function findPage(rawPath: string, pagesByPath: ReadonlyMap<string, Page>, from?: string): Page | undefined {
  const target = toHtmlLink(from === undefined ? rawPath.replace(/^\.\//, '/') : rawPath)
  const path = normalizePath(resolveRelative(from ?? '/', target))
  // A name that reads as a file's (`/next.js`) is still a page's here: VuePress strips only `.md` and `.html`.
  return pagesByPath.get(path) ?? pagesByPath.get(normalizePath(path.replace(/\.html$/, '/'))) ?? (/\.html$|\/$/.test(path) ? undefined : pagesByPath.get(path + '.html'))
}
