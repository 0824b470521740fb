import { useEffect, useState } from 'react'
import { MAIN_CONTENT_ID } from '../../shared/markup.js'
import { layoutName } from '../../shared/route-data.js'
import type { RouteData } from '../../shared/types.js'
import { usePageBehaviours } from '../behaviours/use-page-behaviours.js'
import { Link } from '../components/link.js'
import { Nav } from '../components/nav.js'
import { Sidebar } from '../components/sidebar.js'
import { ThemeToggle } from '../components/theme-toggle.js'
import { useSite } from '../context.js'
import { GlobalOverlay } from '../overlay/global-overlay.js'
import { SearchBox } from '../search/search-box.js'
import { RouteLayout } from './route-layout.js'

/** The global layout: skip link, header (title, search, nav, colour mode), the route, footer. */
export function Layout({ route }: { route: RouteData }) {
  const site = useSite()
  const [menuOpen, setMenuOpen] = useState(false)
  usePageBehaviours(route)
  // The phone drawer closes after navigation and on Escape.
  useEffect(() => setMenuOpen(false), [route.path])
  useEffect(() => {
    if (!menuOpen) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpen(false)
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [menuOpen])
  const sidebar = route.kind === 'article' ? (route.sidebar ?? []) : []
  return (
    <div className={`layout layout-${layoutName(route)}${menuOpen ? ' menu-open' : ''}${sidebar.length ? ' has-sidebar' : ''}`}>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        跳到正文
      </a>
      <header className="site-header">
        <button type="button" className="icon-button menu-button" aria-label="菜单" aria-expanded={menuOpen} aria-controls="site-drawer" onClick={() => setMenuOpen(!menuOpen)}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
        <Link to="/" className="site-title">
          {site.title || '首页'}
        </Link>
        <div className="header-search">
          <SearchBox />
        </div>
        <Nav items={site.nav} current={route.path} />
        <ThemeToggle />
      </header>
      <div className="drawer" id="site-drawer">
        <Nav items={site.nav} current={route.path} id="drawer-nav" />
        <Sidebar items={sidebar} current={route.path} headers={route.kind === 'article' ? route.page.headers : undefined} pageDepth={route.kind === 'article' ? route.page.frontmatter.sidebarDepth : undefined} siteDepth={site.sidebarDepth} />
      </div>
      <div className="drawer-backdrop" onClick={() => setMenuOpen(false)} aria-hidden="true" />
      <main id={MAIN_CONTENT_ID} className="main" tabIndex={-1}>
        <RouteLayout route={route} />
      </main>
      <footer className="site-footer">
        <p>
          © 2025 {site.title} · <Link to="/timeline/">时间轴</Link> · <Link to="/tag/">标签</Link> · <Link to="/categories/">分类</Link>
        </p>
      </footer>
      <GlobalOverlay widgets={route.widgets} />
    </div>
  )
}
