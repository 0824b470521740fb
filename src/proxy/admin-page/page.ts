/**
 * The owner's page (`GET /admin/`, design.md §8.1): the React app of `src/admin`, bundled at
 * compile time into `assets.generated.ts`, served from memory on Node and at the edge alike.
 * Off (404, as the admin API) when no admin token is set. The page holds no data: everything it
 * shows comes from the admin API once the owner has given the token.
 *
 * Under a strict policy: nothing but the page's own script and style, at same-origin URLs named
 * by their content's hash (cached for good); requests to its own origin only; never framed.
 */
import type { Context, Hono } from 'hono'
import { escapeHtml } from '../../shared/escape.js'
import { LC, lcError } from '../leancloud/errors.js'
import type { ProxyOptions } from '../options.js'
import { errorResponse, type ProxyEnv } from '../routes/context.js'
import { ADMIN_CSS, ADMIN_CSS_NAME, ADMIN_JS, ADMIN_JS_NAME } from './assets.generated.js'

/**
 * The page's policy. Comment images are shown as the widget shows them (https and http); no
 * other source of any kind, no inline script or style, no form posts, no `<base>`.
 */
export const ADMIN_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' https: http:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

const COMMON_HEADERS: Record<string, string> = {
  'Content-Security-Policy': ADMIN_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
}

/**
 * Where a comment's page is: the comment store knows its path only. `GPTNOTES_SITE_URL` (the
 * site's address) when the settings have it, else the first of `GPTNOTES_ORIGINS`; '' when
 * neither is set (the page then shows the path without a link).
 */
export function siteAddress(options: ProxyOptions): string {
  return options.siteUrl ?? options.origins[0] ?? ''
}

/** The HTML: relative URLs, so the page works wherever the service is mounted (`…/admin/`). */
export function adminHtml(site: string): string {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="gptnotes-site" content="${escapeHtml(site)}">
<title>评论管理</title>
<link rel="stylesheet" href="assets/${ADMIN_CSS_NAME}">
<script type="module" src="assets/${ADMIN_JS_NAME}"></script>
</head>
<body>
<div id="admin"></div>
<noscript>评论管理需要 JavaScript。 The moderation page needs JavaScript.</noscript>
</body>
</html>
`
}

const off = (c: Context<ProxyEnv>): boolean => c.var.services.options.adminToken === undefined
const notFound = (c: Context<ProxyEnv>) => errorResponse(c, lcError(LC.OBJECT_NOT_FOUND, 'No such route.'))

/** Mounts `/admin/` and its assets on the app, before the admin API. */
export function mountAdminPage(app: Hono<ProxyEnv>): void {
  app.get('/admin', (c) => (off(c) ? notFound(c) : c.redirect('./admin/', 301)))
  app.get('/admin/', (c) => {
    if (off(c)) return notFound(c)
    return c.body(adminHtml(siteAddress(c.var.services.options)), 200, { ...COMMON_HEADERS, 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
  })
  app.get('/admin/assets/:name', (c, next) => {
    if (off(c)) return notFound(c)
    const name = c.req.param('name')
    const asset = name === ADMIN_JS_NAME ? { body: ADMIN_JS, type: 'text/javascript; charset=utf-8' } : name === ADMIN_CSS_NAME ? { body: ADMIN_CSS, type: 'text/css; charset=utf-8' } : undefined
    // Any other name falls through to the admin API, which answers it (401 or 404) as before.
    if (!asset) return next()
    return c.body(asset.body, 200, { ...COMMON_HEADERS, 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=31536000, immutable' })
  })
}
