import type { PostSummary } from '../../shared/types.js'
import { Link } from './link.js'

export function PostList({ posts }: { posts: PostSummary[] }) {
  if (!posts.length) return <p className="empty">暂无文章。</p>
  return (
    <ul className="post-list">
      {posts.map((p) => (
        <li key={p.path} className="post-item">
          <h2 className="post-title">
            <Link to={p.path}>{p.title}</Link>
            {p.sticky !== undefined && <span className="sticky-badge">置顶</span>}
          </h2>
          {p.description && <p className="post-desc">{p.description}</p>}
          <p className="post-meta">
            {p.author && <span>{p.author}</span>}
            {p.date && <time dateTime={p.date.split(' ')[0]}>{p.date.split(' ')[0]}</time>}
            {p.tags.map((t) => (
              <Link key={t} to={`/tag/${encodeURIComponent(t)}/`} className="tag">
                {t}
              </Link>
            ))}
          </p>
        </li>
      ))}
    </ul>
  )
}
