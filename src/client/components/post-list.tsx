import { isoDay } from '../../shared/dates.js'
import type { PostSummary } from '../../shared/types.js'
import { useSite } from '../context.js'
import { useListCounts, VisitorCount } from '../widgets/visitor-counter/visitor-count.js'
import { Link } from './link.js'
import { TagLink } from './tag-link.js'

/**
 * The posts as a list of titled items. `level` is the titles' heading level: one below the
 * heading the list sits under (the home page's 全部文章 is an h2; a term page lists right under its h1).
 */
export function PostList({ posts, level = 3 }: { posts: PostSummary[]; level?: 2 | 3 }) {
  const Title = level === 2 ? 'h2' : 'h3'
  const { targets, counts } = useListCounts(useSite(), posts)
  if (!posts.length) return <p className="empty">暂无文章。</p>
  return (
    <ul className="post-list">
      {posts.map((p) => (
        <li key={p.path} className="post-item">
          <Title className="post-title">
            <Link to={p.path}>{p.title}</Link>
            {p.sticky !== undefined && <span className="sticky-badge">置顶</span>}
            {p.locked && <span className="lock-badge">需要密码</span>}
          </Title>
          {p.excerpt ? (
            // The build wrote it from the post's markdown, as it writes the post's own body.
            <div className="post-excerpt" dangerouslySetInnerHTML={{ __html: p.excerpt }} />
          ) : (
            p.description && <p className="post-desc">{p.description}</p>
          )}
          <p className="post-meta">
            {p.author && <span>{p.author}</span>}
            {p.date && <time dateTime={isoDay(p.date)}>{p.date.split(' ')[0]}</time>}
            {p.tags.map((t) => (
              <TagLink key={t} tag={t} />
            ))}
            {targets.has(p.path) && <VisitorCount url={targets.get(p.path)!.url} counts={counts} />}
          </p>
        </li>
      ))}
    </ul>
  )
}
