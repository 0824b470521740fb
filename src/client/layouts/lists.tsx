import { groupByYear, monthDay } from '../../shared/lists.js'
import type { RouteData } from '../../shared/types.js'
import { Link } from '../components/link.js'
import { PostList } from '../components/post-list.js'

function TermIndex({ route, heading }: { route: RouteData; heading: string }) {
  return (
    <div className="term-index">
      <h1>{heading}</h1>
      <ul className="terms">
        {(route.terms ?? []).map((t) => (
          <li key={t.name}>
            <Link to={t.path}>
              {t.name} <span className="count">{t.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

export const Tags = ({ route }: { route: RouteData }) => <TermIndex route={route} heading="标签" />
export const Categories = ({ route }: { route: RouteData }) => <TermIndex route={route} heading="分类" />

export function Tag({ route }: { route: RouteData }) {
  return (
    <div className="term-page">
      <h1>标签：{route.term}</h1>
      <PostList posts={route.posts ?? []} />
    </div>
  )
}

export function Category({ route }: { route: RouteData }) {
  return (
    <div className="term-page">
      <h1>分类：{route.term}</h1>
      <PostList posts={route.posts ?? []} />
    </div>
  )
}

export function Timeline({ route }: { route: RouteData }) {
  return (
    <div className="timeline">
      <h1>时间轴</h1>
      {groupByYear(route.posts ?? []).map(({ year, posts }) => (
        <section key={year} aria-labelledby={`year-${year}`}>
          <h2 id={`year-${year}`}>{year}</h2>
          <ul>
            {posts.map((p) => (
              <li key={p.path}>
                <span className="date">{monthDay(p.date)}</span> <Link to={p.path}>{p.title}</Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  )
}
