import type { RouteData } from '../../shared/types.js'
import { Link } from '../components/link.js'
import { Sidebar } from '../components/sidebar.js'
import { Content } from './content.js'

export function Article({ route }: { route: RouteData }) {
  const page = route.page!
  const fm = page.frontmatter
  const date = fm.date?.split(' ')[0]
  return (
    <div className="article-layout">
      <Sidebar items={route.sidebar ?? []} current={route.path} />
      <article className="article">
        <header className="article-header">
          <h1>{page.title}</h1>
          {(fm.author || date || fm.tags?.length) && (
            <p className="post-meta">
              {fm.author && <span className="author">{fm.author}</span>}
              {date && <time dateTime={date}>{date}</time>}
              {fm.tags?.map((t) => (
                <Link key={t} to={`/tag/${encodeURIComponent(t)}/`} className="tag">
                  {t}
                </Link>
              ))}
            </p>
          )}
        </header>
        <Content html={route.html ?? ''} />
        {(route.prev || route.next) && (
          <nav className="prev-next" aria-label="上一篇与下一篇">
            {route.prev && (
              <Link to={route.prev.path} className="prev">
                上一篇：{route.prev.title}
              </Link>
            )}
            {route.next && (
              <Link to={route.next.path} className="next">
                下一篇：{route.next.title}
              </Link>
            )}
          </nav>
        )}
      </article>
    </div>
  )
}
