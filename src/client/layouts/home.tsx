import type { CSSProperties } from 'react'
import { isExternal, withBase } from '../../shared/paths.js'
import { tagColor } from '../../shared/tag-color.js'
import type { AuthorCard, FriendLink, HomeRoute } from '../../shared/types.js'
import { Link } from '../components/link.js'
import { PagedPostList } from '../components/paged-post-list.js'
import { useSite } from '../context.js'
import { routeLocale, type ThemeText } from '../locale.js'
import { Content } from './content.js'

/**
 * The home page as VuePress's and reco's home layouts draw it: the hero (image, heading,
 * tagline, action button; reco's background), the features, the markdown body, then gptnotes's
 * post list beside reco's author card and friend links, and the page's `footer` line.
 */
export function Home({ route }: { route: HomeRoute }) {
  const site = useSite()
  const locale = routeLocale(site, route.path, route.lang)
  // Data from before the hero was part of the route: the site's title and description.
  const hero = route.hero ?? { text: site.title || route.page.title || '首页', tagline: site.description || undefined }
  const aside = route.author || route.friendLinks?.length
  return (
    <div className="home">
      <header className={`hero${hero.style ? ' hero-bg' : ''}${hero.style?.backgroundImage ? ' hero-bg-image' : ''}`} style={hero.style as CSSProperties | undefined}>
        {hero.image && <img className="hero-image" src={hero.image.src} alt={hero.image.alt} style={hero.image.style as CSSProperties | undefined} />}
        {hero.text !== undefined && <h1>{hero.text}</h1>}
        {hero.tagline && <p className="hero-description">{hero.tagline}</p>}
        {hero.action && (
          <p className="hero-action">
            <Link to={hero.action.link} className="action-button">
              {hero.action.text}
            </Link>
          </p>
        )}
      </header>
      {hero.features && (
        <ul className="features">
          {hero.features.map((f, i) => (
            <li key={i} className="feature">
              <h2>{f.title}</h2>
              <p>{f.details}</p>
            </li>
          ))}
        </ul>
      )}
      {route.html ? <Content html={route.html} /> : null}
      <div className={aside ? 'home-blog' : undefined}>
        <section aria-labelledby="latest-posts" className="home-posts">
          <h2 id="latest-posts">{locale.text.allPosts}</h2>
          <PagedPostList key={route.path} posts={route.posts} postCount={route.postCount} listUrl={route.listUrl} />
        </section>
        {aside ? (
          <aside className="home-info">
            {route.author && <Author author={route.author} text={locale.text} />}
            {route.friendLinks?.length ? <FriendLinks links={route.friendLinks} text={locale.text} /> : null}
          </aside>
        ) : null}
      </div>
      {hero.footer && <p className="home-footer">{hero.footer}</p>}
    </div>
  )
}

/** reco's `PersonalInfo`: the avatar, the author's name, and the numbers of posts and tags. */
function Author({ author, text }: { author: AuthorCard; text: ThemeText }) {
  return (
    <div className="author-card">
      {author.avatar && <img className="author-avatar" src={author.avatar} alt={author.name ?? ''} width="96" height="96" />}
      {author.name && <p className="author-name">{author.name}</p>}
      <dl className="author-numbers">
        <div>
          <dt>{text.articles}</dt>
          <dd>{author.posts}</dd>
        </div>
        <div>
          <dt>{text.tags}</dt>
          <dd>{author.tags}</dd>
        </div>
      </dl>
    </div>
  )
}

/**
 * reco's `FriendLink`: each friend's name with a coloured mark, their logo and line. reco showed
 * logo and line in a card on hover; here they are in the list itself, so a phone and a reader
 * without a mouse see them too.
 */
function FriendLinks({ links, text }: { links: FriendLink[]; text: ThemeText }) {
  const { base } = useSite()
  return (
    <section className="friend-links" aria-labelledby="friend-links">
      <h2 id="friend-links">{text.friendLinks}</h2>
      <ul>
        {links.map((f, i) => (
          <li key={i}>
            <a href={isExternal(f.link) ? f.link : withBase(base, f.link)} className="friend-link" target="_blank" rel="noopener noreferrer" style={{ '--friend-color': tagColor(f.title) } as CSSProperties}>
              {f.logo ? <img className="friend-logo" src={f.logo} alt="" width="40" height="40" loading="lazy" /> : <span className="friend-logo friend-initial" aria-hidden="true">{[...f.title][0] ?? ''}</span>}
              <span className="friend-text">
                <span className="friend-title">{f.title}</span>
                {f.desc && <span className="friend-desc">{f.desc}</span>}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}
