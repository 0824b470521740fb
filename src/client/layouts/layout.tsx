import { useEffect, useState } from 'react'
import { MAIN_CONTENT_ID } from '../../shared/markup.js'
import { layoutName } from '../../shared/route-data.js'
import type { RouteData } from '../../shared/types.js'
import { usePageBehaviours } from '../behaviours/use-page-behaviours.js'
import { Link } from '../components/link.js'
import { Nav } from '../components/nav.js'
import { Sidebar } from '../components/sidebar.js'
import { useUnlockedHeaders } from '../hooks/use-unlocked-headers.js'
import { ThemeToggle } from '../components/theme-toggle.js'
import { useSite } from '../context.js'
import { routeLocale } from '../locale.js'
import { GlobalOverlay } from '../overlay/global-overlay.js'
import { SearchBox } from '../search/search-box.js'
import { RouteLayout } from './route-layout.js'
import { SiteFooter } from '../components/site-footer.js'

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
  const locale = routeLocale(site, route.path, route.lang)
  // With several locales the nav ends in the language menu (VuePress's and reco's `selectText`).
  const languages = route.languages && { text: locale.selectText, items: route.languages.map(({ text, link }) => ({ text, link })) }
  // A locked article's headings arrive when the reader opens it.
  const unlocked = useUnlockedHeaders(route.path)
  const headers = route.kind === 'article' ? (route.page.locked ? unlocked : route.page.headers) : undefined
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
        <Link to={locale.home} className="site-title">
          {site.logo && <img className="site-logo" src={site.logo} alt="" width="32" height="32" />}
          {locale.title || (site.logo ? <span className="sr-only">首页</span> : '首页')}
        </Link>
        <div className="header-search">
          <SearchBox />
        </div>
        <Nav items={locale.nav} languages={languages} current={route.path} />
        <ThemeToggle />
      </header>
      <div className="drawer" id="site-drawer">
        <Nav items={locale.nav} languages={languages} current={route.path} id="drawer-nav" />
        <Sidebar items={sidebar} current={route.path} headers={headers} pageDepth={route.kind === 'article' ? route.page.frontmatter.sidebarDepth : undefined} siteDepth={site.sidebarDepth} />
      </div>
      <div className="drawer-backdrop" onClick={() => setMenuOpen(false)} aria-hidden="true" />
      <main id={MAIN_CONTENT_ID} className="main" tabIndex={-1}>
        <RouteLayout route={route} />
      </main>
      <SiteFooter />
      <GlobalOverlay route={route} />
    </div>
  )
}
