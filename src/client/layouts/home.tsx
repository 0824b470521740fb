import type { RouteData } from '../../shared/types.js'
import { Link } from '../components/link.js'
import { PostList } from '../components/post-list.js'
import { useSite } from '../context.js'
import { Content } from './content.js'

export function Home({ route }: { route: RouteData }) {
  const site = useSite()
  const posts = route.posts ?? []
  return (
    <div className="home">
      <header className="hero">
        <h1>{site.title}</h1>
        {site.description && <p className="hero-description">{site.description}</p>}
      </header>
      <Content html={route.html ?? ''} />
      <section aria-labelledby="latest-posts">
        <h2 id="latest-posts">最新文章</h2>
        <PostList posts={posts} />
        {(route.postCount ?? 0) > posts.length && (
          <p>
            <Link to="/timeline/">查看全部 {route.postCount} 篇文章</Link>
          </p>
        )}
      </section>
    </div>
  )
}
