import { useSite } from '../context.js'
import { Link } from './link.js'

/**
 * The footer of every page: the copyright years and owner (reco's `startYear` and `author`),
 * the list pages, then the filing numbers a site hosted in mainland China must show (reco's
 * `record`, the ICP number, and `cyberSecurityRecord`, the public-security one), each linking to
 * its filing system.
 */
export function SiteFooter() {
  const site = useSite()
  const footer = site.footer
  const record = footer?.record
  const security = footer?.cyberSecurity
  return (
    <footer className="site-footer">
      <p>
        {/* One text node: React writes `<!-- -->` between adjacent ones, on every page. */}
        {`© ${footer ? `${footer.years} ${footer.owner}` : site.title} · `}
        <Link to="/timeline/">时间轴</Link> · <Link to="/tag/">标签</Link> · <Link to="/categories/">分类</Link>
      </p>
      {(record || security) && (
        <p className="filings">
          {record && (
            <a href={record.link} target="_blank" rel="noopener noreferrer" className="filing">
              {record.text}
            </a>
          )}
          {security && (
            <a href={security.link} target="_blank" rel="noopener noreferrer" className="filing">
              <PoliceBadge />
              {security.text}
            </a>
          )}
        </p>
      )}
    </footer>
  )
}

/** A small shield before the public-security number (reco loaded an image from a CDN; this is drawn, and loads nothing). */
function PoliceBadge() {
  return (
    <svg className="filing-badge" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      <path d="M8 1l5.5 2v4.2c0 3.4-2.3 6.3-5.5 7.3-3.2-1-5.5-3.9-5.5-7.3V3z" fill="#1d4ed8" />
      <path d="M8 4.2l1 2.1 2.3.3-1.7 1.6.4 2.3L8 9.4l-2 1.1.4-2.3-1.7-1.6 2.3-.3z" fill="#facc15" />
    </svg>
  )
}
