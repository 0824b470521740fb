import { useState } from 'react'
import { isoDay, monthDay } from '../../shared/dates.js'
import { groupByYear } from '../../shared/lists.js'
import { LIST_SLICE_POSTS, listSliceUrl } from '../../shared/pagination.js'
import { tagColor } from '../../shared/tag-color.js'
import type { ListRoute, PostSummary, TermsRoute } from '../../shared/types.js'
import { Link } from '../components/link.js'
import { PagedPostList } from '../components/paged-post-list.js'
import { loadChunk } from '../router/chunk-loader.js'
import { useSite } from '../context.js'
import { useListCounts, VisitorCount } from '../widgets/visitor-counter/visitor-count.js'

function TermIndex({ route, heading, kind }: { route: TermsRoute; heading: string; kind: 'tag' | 'category' }) {
  const terms = route.terms
  return (
    <div className="term-index">
      <h1>{heading}</h1>
      <p className="term-count">共 {terms.length} 个{kind === 'tag' ? '标签' : '分类'}</p>
      <ul className={`terms terms-${kind}`}>
        {terms.map((t) => (
          <li key={t.name}>
            <Link to={t.path} className={kind === 'tag' ? 'tag' : 'category'} style={kind === 'tag' ? ({ '--tag-color': tagColor(t.name) } as React.CSSProperties) : undefined}>
              {t.name} <span className="count">{t.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

export const Tags = ({ route }: { route: TermsRoute }) => <TermIndex route={route} heading="标签" kind="tag" />
export const Categories = ({ route }: { route: TermsRoute }) => <TermIndex route={route} heading="分类" kind="category" />

function TermPage({ route, label, back }: { route: ListRoute; label: string; back: { to: string; text: string } }) {
  return (
    <div className="term-page">
      <p className="breadcrumb">
        <Link to={back.to}>{back.text}</Link>
      </p>
      <h1>
        {label}：{route.term}
      </h1>
      <p className="term-count">共 {route.postCount ?? route.posts.length} 篇文章</p>
      <PagedPostList key={route.path} posts={route.posts} postCount={route.postCount} listUrl={route.listUrl} level={2} />
    </div>
  )
}

export const Tag = ({ route }: { route: ListRoute }) => <TermPage route={route} label="标签" back={{ to: '/tag/', text: '全部标签' }} />
export const Category = ({ route }: { route: ListRoute }) => <TermPage route={route} label="分类" back={{ to: '/categories/', text: '全部分类' }} />

export function Timeline({ route }: { route: ListRoute }) {
  // A long timeline's data holds its newest LIST_SLICE_POSTS posts; the earlier ones come a file at a time.
  const [earlier, setEarlier] = useState<PostSummary[]>([])
  const [loading, setLoading] = useState(false)
  const posts = earlier.length ? [...route.posts, ...earlier] : route.posts
  const total = route.postCount ?? route.posts.length
  const years = groupByYear(posts)
  const { targets, counts } = useListCounts(useSite(), posts)
  const showEarlier = async () => {
    if (!route.listUrl || loading) return
    setLoading(true)
    try {
      const next = await loadChunk<PostSummary[]>(listSliceUrl(route.listUrl, Math.ceil(posts.length / LIST_SLICE_POSTS)))
      setEarlier((held) => [...held, ...next])
    } catch (err) {
      console.error(err)
    } finally {
      setLoading(false)
    }
  }
  return (
    <div className="timeline">
      <h1>时间轴</h1>
      <p className="term-count">共 {total} 篇文章</p>
      {years.map(({ year, posts }) => (
        <section key={year} aria-labelledby={`year-${year}`} className="timeline-year">
          <h2 id={`year-${year}`}>{year}</h2>
          <ul>
            {posts.map((p) => (
              <li key={p.path}>
                <time className="date" dateTime={p.date ? isoDay(p.date) : undefined}>
                  {monthDay(p.date)}
                </time>
                <Link to={p.path}>{p.title}</Link>
                {targets.has(p.path) && <VisitorCount url={targets.get(p.path)!.url} counts={counts} />}
              </li>
            ))}
          </ul>
        </section>
      ))}
      {posts.length < total && (
        <button type="button" className="timeline-more" onClick={() => void showEarlier()} disabled={loading}>
          {loading ? '加载中…' : `显示更早的文章（还有 ${total - posts.length} 篇）`}
        </button>
      )}
    </div>
  )
}
