import { badgeClassName } from '../../shared/badge.js'
import type { Header, SidebarItem } from '../../shared/types.js'
import { useActiveHeading } from '../hooks/use-active-heading.js'
import { Link } from './link.js'

/**
 * The page's sidebar: config groups and links; the current page's h2/h3 under its link, as deep
 * as its frontmatter's `sidebarDepth` says (`pageDepth`), else its group's, else the theme's
 * (`siteDepth`, which groups also take when they set none).
 */
export function Sidebar({ items, current, headers, pageDepth, siteDepth }: { items: SidebarItem[]; current: string; headers?: Header[]; pageDepth?: number; siteDepth?: number }) {
  const active = useActiveHeading(headers)
  if (!items.length) return null
  return (
    <nav className="sidebar" aria-label="侧边栏">
      <SidebarList items={items} current={current} headers={headers} active={active} depth={1} sidebarDepth={siteDepth} pageDepth={pageDepth} />
    </nav>
  )
}

const contains = (item: SidebarItem, path: string): boolean =>
  item.type === 'link' ? item.path === path : item.path === path || item.children.some((c) => contains(c, path))

interface ListProps {
  items: SidebarItem[]
  current: string
  /** The current page's headings, for its link when its item has none (a locked page's, once opened). */
  headers?: Header[]
  active?: string
  depth: number
  sidebarDepth?: number
  pageDepth?: number
}

function SidebarList({ items, current, headers: currentHeaders, active, depth, sidebarDepth = 2, pageDepth }: ListProps) {
  // VuePress's order: the page's frontmatter, then the group's, then the theme's.
  const shown = pageDepth ?? sidebarDepth
  return (
    <ul className={`sidebar-list depth-${depth}`}>
      {items.map((item, i) => {
        if (item.type === 'link') {
          const here = item.path === current
          // A locked page's item has no headings of its own: the current page's come once it is opened.
          const headers = (item.headers?.length ? item.headers : here ? (currentHeaders ?? []) : []).filter((h) => h.level <= shown + 1)
          return (
            <li key={item.path + i}>
              <Link to={item.path} ariaCurrent={here} className={`sidebar-link${here ? ' active' : ''}`}>
                {item.title}
              </Link>
              {here && shown > 0 && headers.length > 0 && (
                <ul className="sidebar-headers">
                  {headers.map((h) => (
                    <li key={h.slug} className={`level-${h.level}`}>
                      <a href={`#${h.slug}`} className={h.slug === active ? 'active' : undefined} aria-current={h.slug === active ? 'location' : undefined}>
                        {h.title}
                        {h.badges?.map((b, j) => (
                          <span key={j}>
                            {' '}
                            <span className={badgeClassName(b)}>{b.text}</span>
                          </span>
                        ))}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          )
        }
        const open = !item.collapsable || contains(item, current)
        const title = item.path ? <Link to={item.path}>{item.title}</Link> : item.title
        const children = <SidebarList items={item.children} current={current} headers={currentHeaders} active={active} depth={depth + 1} sidebarDepth={item.sidebarDepth} pageDepth={pageDepth} />
        return (
          <li key={item.title + i} className="sidebar-group">
            {item.collapsable ? (
              // <details> opens and closes without JavaScript; remounted per page so the
              // current page's group is the one open.
              <details open={open} key={current}>
                <summary className="sidebar-group-title">{title}</summary>
                {children}
              </details>
            ) : (
              <>
                <p className="sidebar-group-title">{title}</p>
                {children}
              </>
            )}
          </li>
        )
      })}
    </ul>
  )
}
