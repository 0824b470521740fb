import type { RouteData } from '../../shared/types.js'
import { Link } from '../components/link.js'
import { Nav } from '../components/nav.js'
import { useSite } from '../context.js'
import { Article } from './article.js'
import { Home } from './home.js'
import { Categories, Category, Tag, Tags, Timeline } from './lists.js'
import { NotFound } from './not-found.js'
import { usePageBehaviours } from '../behaviours/use-page-behaviours.js'
import { GlobalOverlay } from '../overlay/global-overlay.js'
import { SearchBox } from '../search/search-box.js'

/** The global layout: header, the route's layout, footer. */
export function Layout({ route }: { route: RouteData }) {
  const site = useSite()
  usePageBehaviours(route)
  return (
    <div className={`layout layout-${route.kind}`}>
      <a className="skip-link" href="#main-content">
        跳到正文
      </a>
      <header className="site-header">
        <Link to="/" className="site-title">
          {site.title || '首页'}
        </Link>
        <SearchBox />
        <Nav items={site.nav} current={route.path} />
      </header>
      <main id="main-content" className="main" tabIndex={-1}>
        <RouteLayout route={route} />
      </main>
      <footer className="site-footer">
        <p>
          © {site.title} · <Link to="/timeline/">时间轴</Link> · <Link to="/tag/">标签</Link> · <Link to="/categories/">分类</Link>
        </p>
      </footer>
      <GlobalOverlay />
    </div>
  )
}

function RouteLayout({ route }: { route: RouteData }) {
  switch (route.kind) {
    case 'home':
      return <Home route={route} />
    case 'page':
      return <Article route={route} />
    case 'tags':
      return <Tags route={route} />
    case 'tag':
      return <Tag route={route} />
    case 'categories':
      return <Categories route={route} />
    case 'category':
      return <Category route={route} />
    case 'timeline':
      return <Timeline route={route} />
    default:
      return <NotFound />
  }
}
