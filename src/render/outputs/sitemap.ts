import { withBase } from '../../shared/paths.js'
import type { ExtraOutput, OutputContext } from './index.js'
import { escapeXml } from './xml.js'

/** `YYYY-M-D` → `YYYY-MM-DD` (W3C date for sitemaps). */
const w3cDay = (d: string) => {
  const [y, m, day] = d.split(' ')[0].split('-')
  return `${y}-${m.padStart(2, '0')}-${day.padStart(2, '0')}`
}

/**
 * `sitemap.xml` (every page and list route, absolute URLs, last change) and `robots.txt`
 * pointing at it. Absolute URLs need `hostname`; without it only robots.txt is written.
 */
export function sitemapOutput({ config, routes }: OutputContext): ExtraOutput {
  const files: ExtraOutput['files'] = []
  const origin = config.hostname
  if (origin) {
    const urls = routes.routes
      .filter((r) => r.data.page?.frontmatter.publish !== false)
      .map((r) => {
        const loc = origin + withBase(config.base, r.path)
        const lastmod = r.data.lastUpdated ?? r.data.page?.frontmatter.date
        return `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${w3cDay(lastmod)}</lastmod>` : ''}</url>`
      })
    files.push(['sitemap.xml', `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`])
  }
  const robots = ['User-agent: *', 'Allow: /', ...(origin ? [`Sitemap: ${origin}${withBase(config.base, '/sitemap.xml')}`] : [])]
  files.push(['robots.txt', robots.join('\n') + '\n'])
  return { files }
}
