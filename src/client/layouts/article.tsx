import { isoDay } from '../../shared/dates.js'
import { withBase } from '../../shared/paths.js'
import type { ArticleRoute } from '../../shared/types.js'
import { Link } from '../components/link.js'
import { TagLink } from '../components/tag-link.js'
import { useSite } from '../context.js'
import { editUrlOf, routeLocale } from '../locale.js'
import { slotsAt } from '../widgets/slots.js'
import { counterTargetOf, useVisitorCounts, VisitorCount } from '../widgets/visitor-counter/visitor-count.js'
import { WidgetSlot } from '../widgets/widget-slot.js'
import { useUnlockedHeaders } from '../hooks/use-unlocked-headers.js'
import { Content } from './content.js'

export function Article({ route }: { route: ArticleRoute }) {
  const site = useSite()
  const page = route.page
  const fm = page.frontmatter
  const date = fm.date?.split(' ')[0]
  // The page as widget A keys it: the address readers see (base included, percent-encoded).
  const address = withBase(site.base, route.path)
  const counter = counterTargetOf(site, route.path, route.counter)
  // An article counts the reader's view (the service counts each reader once per window).
  const counts = useVisitorCounts(counter ? [counter] : [], counter ? { xid: address, title: page.title } : undefined)
  // Made by the build for this route and its locale.
  const locale = routeLocale(site, route.path, route.lang)
  // VuePress's PageEdit: frontmatter `editLink: false` hides the link on one page.
  const editUrl = site.editLink && fm.editLink !== false ? editUrlOf(site.editLink.pattern, page.relativePath) : undefined
  // A password-protected page's comments may quote it: they show once the reader has opened it.
  const opened = useUnlockedHeaders(route.path) !== undefined
  const comments = page.locked && !opened ? [] : slotsAt(site, route, 'article-end')
  return (
    <article className="article">
      <header className="article-header">
        {/* The body's leading `# h1`, with its id and, when it has any, its markup (built by the parse). */}
        {page.titleHtml ? <h1 id={page.titleId} dangerouslySetInnerHTML={{ __html: page.titleHtml }} /> : <h1 id={page.titleId}>{page.title}</h1>}
        {(fm.author || date || fm.tags?.length || counter) && (
          <p className="post-meta">
            {fm.author && <span className="author">{fm.author}</span>}
            {date && <time dateTime={isoDay(date)}>{date}</time>}
            {fm.categories?.map((c) => (
              <Link key={c} to={`/categories/${encodeURIComponent(c)}/`} className="category">
                {c}
              </Link>
            ))}
            {fm.tags?.map((t) => (
              <TagLink key={t} tag={t} />
            ))}
            {counter && <VisitorCount url={counter.url} counts={counts} />}
          </p>
        )}
      </header>
      <Content html={route.html ?? ''} />
      <footer className="article-footer">
        {(editUrl || (locale.lastUpdated && route.lastUpdated)) && (
          <div className="page-edit">
            {editUrl && (
              <a className="edit-link" href={editUrl} target="_blank" rel="noopener noreferrer">
                {locale.editLinkText}
              </a>
            )}
            {locale.lastUpdated && route.lastUpdated && (
              <p className="last-updated">
                {locale.lastUpdated + locale.text.colon}
                <time dateTime={isoDay(route.lastUpdated)}>{route.lastUpdated}</time>
              </p>
            )}
          </div>
        )}
        {(route.prev || route.next) && (
          <nav className="prev-next" aria-label={locale.text.prevNext}>
            {route.prev ? (
              <Link to={route.prev.path} className="prev">
                <span className="prev-next-label">{locale.text.prev}</span>
                {route.prev.title}
              </Link>
            ) : (
              <span />
            )}
            {route.next && (
              <Link to={route.next.path} className="next">
                <span className="prev-next-label">{locale.text.next}</span>
                {route.next.title}
              </Link>
            )}
          </nav>
        )}
      </footer>
      {comments.map(({ name, props }) => (
        <WidgetSlot key={name} name={name} props={{ ...props, lang: route.lang }} />
      ))}
    </article>
  )
}
