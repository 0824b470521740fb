import { isList } from '../../shared/config-schema.js'
import type { SidebarConfig, SidebarItemConfig } from '../../shared/types.js'

export interface SidebarGroup {
  title: string
  /** The paths of its direct children, as written in the config. */
  paths: string[]
}

/** The top-level groups of `themeConfig.sidebar` (of every prefix list in the multi-sidebar form). */
export function sidebarGroups(sidebar: SidebarConfig): SidebarGroup[] {
  if (sidebar === 'auto' || !sidebar) return []
  const lists: (readonly SidebarItemConfig[])[] = isList(sidebar) ? [sidebar] : Object.values(sidebar)
  return lists.flatMap((items) =>
    items.flatMap((item) =>
      typeof item === 'object' && !isList(item)
        ? [{ title: item.title, paths: (item.children ?? []).map((c) => (typeof c === 'string' ? c : isList(c) ? c[0] : (c.path ?? ''))) }]
        : [],
    ),
  )
}

/** The sidebar address of a handbook page. */
export function handbookPath(slug: string): string {
  return `/handbook/${slug}.html`
}
