import type { HomeRoute } from '../../shared/types.js'
import { PagedPostList } from '../components/paged-post-list.js'
import { useSite } from '../context.js'
import { Content } from './content.js'

export function Home({ route }: { route: HomeRoute }) {
  const site = useSite()
  return (
    <div className="home">
      <header className="hero">
        <h1>{site.title || route.page.title || '首页'}</h1>
        {site.description && <p className="hero-description">{site.description}</p>}
      </header>
      {route.html ? <Content html={route.html} /> : null}
      <section aria-labelledby="latest-posts" className="home-posts">
        <h2 id="latest-posts">全部文章</h2>
        <PagedPostList key={route.path} posts={route.posts} postCount={route.postCount} listUrl={route.listUrl} />
      </section>
    </div>
  )
}
