import { isoDay } from '../../shared/dates.js'
import { decodeEntities, escapeHtml, jsonForScript } from '../../shared/escape.js'
import { withBase } from '../../shared/paths.js'
import { hasBody } from '../../shared/route-data.js'
import { siteLocaleOf } from '../../shared/site-locale.js'
import type { RouteData, SiteConfig } from '../../shared/types.js'

/**
 * What link previews and search engines read from a page's `<head>`: Open Graph tags, the
 * Twitter card's kind, and JSON-LD (`Article` on articles, `WebSite` on the home page). Pure: route data
 * and config in, tag strings out. URLs are absolute when the config has a `hostname` (as the
 * Open Graph protocol wants). Without one the page's own address is left out (no canonical link,
 * no `og:url`, no JSON-LD `url`): a path there is not a URL, and a crawler would resolve it
 * against whichever host it found the page on. Images stay site-relative.
 */

export interface PageMetaInput {
  data: RouteData
  config: SiteConfig
  /** The page's canonical URL: absolute, or none (no hostname configured). */
  canonical: string | undefined
  description: string
}

/**
 * The page's canonical URL: its frontmatter `canonicalUrl` (a path in it is made absolute like
 * any other), else the site's `hostname` + base + the page's path. None without a hostname,
 * unless the frontmatter names an absolute URL.
 */
export function canonicalUrl(data: RouteData, config: SiteConfig): string | undefined {
  const own = hasBody(data) ? data.page.frontmatter.canonicalUrl?.trim() : undefined
  const url = own || withBase(config.base, data.path)
  if (isAbsolute(url)) return url
  return config.hostname ? absolute(config, url) : undefined
}

const isAbsolute = (url: string) => /^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//')

/** The page's image: frontmatter `image`, else the first image of its body, else the site's `image`. */
export function pageImage(data: RouteData, config: SiteConfig): string | undefined {
  if (!hasBody(data)) return siteImage(config)
  const own = data.page.frontmatter.image
  if (typeof own === 'string' && own.trim()) return own.trim()
  const first = data.html ? /<img\b[^>]*?\ssrc="([^"]+)"/.exec(data.html)?.[1] : undefined
  return (first && decodeEntities(first)) || siteImage(config)
}

/** The site's own image for link previews (`image` in the config). */
function siteImage(config: SiteConfig): string | undefined {
  const image = (config as SiteConfig & { image?: unknown }).image
  return typeof image === 'string' && image.trim() ? image.trim() : undefined
}

/** `https://example.com` + `/gpt/a.png`; a URL that is already absolute stays as it is. */
function absolute(config: SiteConfig, url: string): string {
  if (isAbsolute(url)) return url
  const path = url.startsWith(config.base) ? url : withBase(config.base, url.startsWith('/') ? url : '/' + url)
  return (config.hostname || '') + path
}

/** Open Graph and Twitter card tags, then the JSON-LD script, as HTML strings. */
export function pageMetaTags({ data, config, canonical, description }: PageMetaInput): string[] {
  if (data.kind === 'notFound') return []
  const article = data.kind === 'article' ? data : undefined
  const fm = article?.page.frontmatter
  const title = (hasBody(data) ? data.page.frontmatter.metaTitle || data.page.title : '') || data.documentTitle
  const image = pageImage(data, config)
  const imageUrl = image ? absolute(config, image) : undefined
  const published = fm?.date ? isoDay(fm.date) : undefined
  const modified = article?.lastUpdated ? isoDay(article.lastUpdated) : undefined

  const props: [string, string | undefined][] = [
    ['og:type', article ? 'article' : 'website'],
    ['og:title', title],
    ['og:description', description || undefined],
    ['og:url', canonical],
    ['og:site_name', siteLocaleOf(config, data.path).title || undefined],
    ['og:locale', data.lang.replace('-', '_')],
    ['og:image', imageUrl],
    ['article:published_time', published],
    ['article:modified_time', modified],
    ['article:author', article ? fm?.author || config.themeConfig.author || undefined : undefined],
    ...(article ? (fm?.tags ?? []).map((tag): [string, string] => ['article:tag', tag]) : []),
  ]
  // The card's title, description and image are the Open Graph ones: X reads those when its own are absent.
  const names: [string, string | undefined][] = [['twitter:card', imageUrl ? 'summary_large_image' : 'summary']]
  const tags = [
    ...props.filter(([, v]) => v).map(([p, v]) => `<meta property="${p}" content="${escapeHtml(v!)}">`),
    ...names.filter(([, v]) => v).map(([n, v]) => `<meta name="${n}" content="${escapeHtml(v!)}">`),
  ]
  const ld = structuredData(data, config, { title, description, canonical, image: imageUrl, published, modified })
  if (ld) tags.push(`<script type="application/ld+json">${jsonForScript(ld)}</script>`)
  return tags
}

interface Facts {
  title: string
  description: string
  canonical: string | undefined
  image?: string
  published?: string
  modified?: string
}

/** schema.org `Article` for an article, `WebSite` for the home page; nothing for lists. */
function structuredData(data: RouteData, config: SiteConfig, facts: Facts): Record<string, unknown> | undefined {
  // Pages under a locale path (`/en/`) name the site by that locale's title.
  const site = { '@type': 'WebSite', name: siteLocaleOf(config, data.path).title || undefined, url: config.hostname ? absolute(config, config.base) : undefined }
  if (data.kind === 'home') {
    return { '@context': 'https://schema.org', ...site, description: facts.description || undefined, inLanguage: data.lang }
  }
  if (data.kind !== 'article') return undefined
  const author = data.page.frontmatter.author || config.themeConfig.author
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: facts.title,
    // No description: the page's meta description says it (Google's Article reads none from here).
    url: facts.canonical,
    mainEntityOfPage: facts.canonical,
    inLanguage: data.lang,
    image: facts.image,
    datePublished: facts.published,
    dateModified: facts.modified ?? facts.published,
    author: author ? { '@type': 'Person', name: author } : undefined,
    publisher: config.title ? { '@type': 'Organization', name: config.title } : undefined,
    isPartOf: site,
  }
}
