import type { NavItem } from '../../shared/types.js'
import { Link } from './link.js'

export function Nav({ items, current }: { items: NavItem[]; current: string }) {
  if (!items.length) return null
  return (
    <nav className="nav" aria-label="主导航">
      <ul>
        {items.map((item) =>
          'items' in item ? (
            <li key={item.text} className="nav-group">
              <details>
                <summary>{item.text}</summary>
                <ul>
                  {item.items.map((sub) => (
                    <li key={sub.link}>
                      <Link to={sub.link}>{sub.text}</Link>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ) : (
            <li key={item.link}>
              <Link to={item.link} ariaCurrent={item.link === current}>
                {item.text}
              </Link>
            </li>
          ),
        )}
      </ul>
    </nav>
  )
}
