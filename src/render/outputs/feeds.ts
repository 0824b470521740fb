import { dateInstant } from '../../shared/dates.js'
import { withBase } from '../../shared/paths.js'
import type { HeadTag, PostSummary } from '../../shared/types.js'
import type { ExtraOutput, OutputContext } from './types.js'
import { escapeXml } from './xml.js'

/** Newest posts in the feeds. */
export const FEED_SIZE = 50

interface FeedItem {
  post: PostSummary
  url: string
  date: Date
}

/**
 * RSS 2.0, Atom 1.0 and JSON Feed 1.1 of the post list, each when enabled in
 * `themeConfig.feeds` (all off by default). Links are absolute, from `hostname`.
 */
export function feedsOutput({ config, site }: OutputContext): ExtraOutput {
  const { feeds, author } = config.themeConfig
  if (!feeds.rss && !feeds.atom && !feeds.json) return { files: [] }
  const origin = config.hostname
  const abs = (path: string) => origin + withBase(config.base, path)
  const items: FeedItem[] = site.posts
    .filter((p) => !Number.isNaN(dateInstant(p.date, config.timezone)))
    // A post's date is the site's wall clock: the feed gives the moment it names.
    .map((post) => ({ post, url: abs(post.path), date: new Date(dateInstant(post.date, config.timezone)) }))
    .sort((a, b) => b.date.getTime() - a.date.getTime())
    .slice(0, FEED_SIZE)
  const home = abs('/')
  const updated = items[0]?.date ?? new Date(0)
  const title = config.title || 'gptnotes'
  const files: ExtraOutput['files'] = []
  const links: { rel: string; type: string; href: string; title: string }[] = []

  if (feeds.rss) {
    const rss = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${escapeXml(title)}</title>
<link>${escapeXml(home)}</link>
<description>${escapeXml(config.description || title)}</description>
<language>zh-CN</language>
<lastBuildDate>${updated.toUTCString()}</lastBuildDate>
<atom:link href="${escapeXml(abs('/rss.xml'))}" rel="self" type="application/rss+xml"/>
${items
  .map(
    ({ post, url, date }) => `<item>
<title>${escapeXml(post.title)}</title>
<link>${escapeXml(url)}</link>
<guid isPermaLink="true">${escapeXml(url)}</guid>
<pubDate>${date.toUTCString()}</pubDate>
${post.description ? `<description>${escapeXml(post.description)}</description>\n` : ''}${(post.author || author) ? `<dc:creator xmlns:dc="http://purl.org/dc/elements/1.1/">${escapeXml(post.author || author)}</dc:creator>\n` : ''}${post.tags.map((t) => `<category>${escapeXml(t)}</category>`).join('')}
</item>`,
  )
  .join('\n')}
</channel>
</rss>
`
    files.push(['rss.xml', rss])
    links.push({ rel: 'alternate', type: 'application/rss+xml', href: abs('/rss.xml'), title: `${title} RSS` })
  }

  if (feeds.atom) {
    const atom = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="zh-CN">
<title>${escapeXml(title)}</title>
<id>${escapeXml(home)}</id>
<link href="${escapeXml(home)}"/>
<link rel="self" href="${escapeXml(abs('/atom.xml'))}"/>
<updated>${updated.toISOString()}</updated>
${author ? `<author><name>${escapeXml(author)}</name></author>\n` : ''}${items
      .map(
        ({ post, url, date }) => `<entry>
<title>${escapeXml(post.title)}</title>
<id>${escapeXml(url)}</id>
<link href="${escapeXml(url)}"/>
<updated>${date.toISOString()}</updated>
${post.author || author ? `<author><name>${escapeXml(post.author || author)}</name></author>\n` : ''}${post.description ? `<summary>${escapeXml(post.description)}</summary>\n` : ''}${post.tags.map((t) => `<category term="${escapeXml(t)}"/>`).join('')}
</entry>`,
      )
      .join('\n')}
</feed>
`
    files.push(['atom.xml', atom])
    links.push({ rel: 'alternate', type: 'application/atom+xml', href: abs('/atom.xml'), title: `${title} Atom` })
  }

  if (feeds.json) {
    const json = {
      version: 'https://jsonfeed.org/version/1.1',
      title,
      home_page_url: home,
      feed_url: abs('/feed.json'),
      ...(config.description ? { description: config.description } : {}),
      language: 'zh-CN',
      ...(author ? { authors: [{ name: author }] } : {}),
      items: items.map(({ post, url, date }) => ({
        id: url,
        url,
        title: post.title,
        ...(post.description ? { summary: post.description, content_text: post.description } : { content_text: post.title }),
        date_published: date.toISOString(),
        ...(post.author ? { authors: [{ name: post.author }] } : {}),
        ...(post.tags.length ? { tags: post.tags } : {}),
      })),
    }
    files.push(['feed.json', JSON.stringify(json, null, 2) + '\n'])
    links.push({ rel: 'alternate', type: 'application/feed+json', href: abs('/feed.json'), title: `${title} JSON Feed` })
  }
  return { files, head: links.map((l): HeadTag => ['link', l]) }
}
