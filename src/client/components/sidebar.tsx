import type { SidebarItem } from '../../shared/types.js'
import { Link } from './link.js'

/** The page's sidebar: config groups and links; the current page's h2/h3 under its link. */
export function Sidebar({ items, current }: { items: SidebarItem[]; current: string }) {
  if (!items.length) return null
  return (
    <nav className="sidebar" aria-label="侧边栏">
      <SidebarList items={items} current={current} />
    </nav>
  )
}

function SidebarList({ items, current }: { items: SidebarItem[]; current: string }) {
  return (
    <ul>
      {items.map((item, i) =>
        item.type === 'link' ? (
          <li key={item.path + i}>
            <Link to={item.path} ariaCurrent={item.path === current} className={item.path === current ? 'active' : undefined}>
              {item.title}
            </Link>
            {item.path === current && item.headers && item.headers.length > 0 && (
              <ul className="sidebar-headers">
                {item.headers.map((h) => (
                  <li key={h.slug} className={`level-${h.level}`}>
                    <a href={`#${h.slug}`}>{h.title}</a>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ) : (
          <li key={item.title + i} className="sidebar-group">
            <p className="sidebar-group-title">{item.path ? <Link to={item.path}>{item.title}</Link> : item.title}</p>
            <SidebarList items={item.children} current={current} />
          </li>
        ),
      )}
    </ul>
  )
}
