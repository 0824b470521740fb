import { useEffect, useRef, useState } from 'react'
import { isExternal, normalizePath } from '../../shared/paths.js'
import type { NavGroup, NavItem } from '../../shared/types.js'
import { Link } from './link.js'

/** Is `link` (a nav target) the page at `current` (a route path)? */
function isActive(link: string, current: string): boolean {
  if (isExternal(link)) return false
  const path = link.endsWith('/') || link.endsWith('.html') ? link : link + '.html'
  return normalizePath(path) === current
}

/**
 * The nav links and dropdowns; `languages` (a site with several locales) ends it as a menu of
 * its own, which always holds the current page, so it is not marked as the current section.
 */
export function Nav({ items, current, id, languages }: { items: NavItem[]; current: string; id?: string; languages?: NavGroup }) {
  if (!items.length && !languages) return null
  return (
    <nav className="nav" aria-label="主导航" id={id}>
      <ul>
        {items.map((item) => (
          <li key={item.text}>
            {'items' in item ? (
              <NavDropdown group={item} current={current} />
            ) : (
              <Link to={item.link} ariaCurrent={isActive(item.link, current)} className="nav-link">
                {item.text}
                {isExternal(item.link) && <ExternalMark />}
              </Link>
            )}
          </li>
        ))}
        {languages && (
          <li key="languages">
            <NavDropdown group={languages} current={current} section={false} />
          </li>
        )}
      </ul>
    </nav>
  )
}

function ExternalMark() {
  return (
    <span className="external-mark" aria-label="（外部链接）">
      ↗
    </span>
  )
}

/** A dropdown group: a disclosure button; closes on Escape, outside click and navigation. */
function NavDropdown({ group, current, section = true }: { group: NavGroup; current: string; section?: boolean }) {
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  useEffect(() => setOpen(false), [current])
  useEffect(() => {
    if (!open) return
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false)
    }
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false)
        root.current?.querySelector('button')?.focus()
      }
    }
    document.addEventListener('mousedown', onDown)
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('mousedown', onDown)
      document.removeEventListener('keydown', onKey)
    }
  }, [open])
  const active = section && group.items.some((i) => isActive(i.link, current))
  return (
    <div className={`nav-dropdown${open ? ' open' : ''}${active ? ' active' : ''}`} ref={root}>
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} className="nav-link">
        {group.text}
        <span className="caret" aria-hidden="true" />
      </button>
      <ul className="nav-dropdown-items">
        {group.items.map((i) => (
          <li key={i.link}>
            <Link to={i.link} ariaCurrent={isActive(i.link, current)}>
              {i.text}
              {isExternal(i.link) && <ExternalMark />}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
