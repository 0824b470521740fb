import { longestPrefix, normalizePath, resolveRelative, toHtmlLink } from '../../shared/paths.js'
import { isList } from '../../shared/config-schema.js'
import type { Page, SidebarConfig, SidebarItem, SidebarItemConfig } from '../../shared/types.js'

export interface SidebarProblem {
  /** Config key path, e.g. `themeConfig.sidebar["/handbook/"][2].children[0]`. */
  path: string
  message: string
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
  /** Receives a missing page or a group nested too deep. */
  problems: SidebarProblem[]
  /** `sidebarDepth` of a group that sets none (`themeConfig.sidebarDepth`). */
  defaultDepth?: number
}

/**
 * Resolve sidebar config items to links with page titles. A missing page and a group nested
 * deeper than 3 levels are reported with the config key path (the spec logs both).
 */
export function resolveSidebar(items: readonly SidebarItemConfig[], { pagesByPath, keyPath, problems, defaultDepth = 2 }: SidebarContext): SidebarItem[] {
  const resolveLevel = (level: readonly SidebarItemConfig[], levelPath: string, depth: number): SidebarItem[] => {
    const out: SidebarItem[] = []
    level.forEach((item, i) => {
      const at = `${levelPath}[${i}]`
      if (typeof item === 'string' || isList(item)) {
        const [rawPath, title] = typeof item === 'string' ? [item, undefined] : item
        const page = findPage(rawPath, pagesByPath)
        if (!page) {
          problems.push({ path: at, message: `no matching page for "${rawPath}"` })
          return
        }
        out.push({ type: 'link', path: page.path, title: title ?? page.title, headers: page.headers })
        return
      }
      if (depth > MAX_DEPTH) {
        problems.push({ path: at, message: `group "${item.title}" is nested deeper than ${MAX_DEPTH} levels` })
        return
      }
      const page = item.path ? findPage(item.path, pagesByPath) : undefined
      if (item.path && !page) problems.push({ path: `${at}.path`, message: `no matching page for "${item.path}"` })
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
  return resolveLevel(items, keyPath, 1)
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
