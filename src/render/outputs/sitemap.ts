import { isoDay } from '../../shared/dates.js'
import { withBase } from '../../shared/paths.js'
import { hasBody } from '../../shared/route-data.js'
import type { ExtraOutput, OutputContext } from './types.js'
import { escapeXml } from './xml.js'

/**
 * `sitemap.xml` (every page and list route, absolute URLs, last change) and `robots.txt`
 * pointing at it. Absolute URLs need `hostname`; without it only robots.txt is written.
 */
export function sitemapOutput({ config, routes }: OutputContext): ExtraOutput {
  const files: ExtraOutput['files'] = []
  const origin = config.hostname
  if (origin) {
    const urls = routes.routes
      .filter((r) => !hasBody(r.data) || r.data.page.frontmatter.publish !== false)
      .map((r) => {
        const loc = origin + withBase(config.base, r.path)
        const lastmod = (r.data.kind === 'article' ? r.data.lastUpdated : undefined) ?? (hasBody(r.data) ? r.data.page.frontmatter.date : undefined)
        return `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${isoDay(lastmod)}</lastmod>` : ''}</url>`
      })
    files.push(['sitemap.xml', `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`])
  }
  const robots = ['User-agent: *', 'Allow: /', ...(origin ? [`Sitemap: ${origin}${withBase(config.base, '/sitemap.xml')}`] : [])]
  files.push(['robots.txt', robots.join('\n') + '\n'])
  return { files }
}
