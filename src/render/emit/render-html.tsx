import { renderToString } from 'react-dom/server'
import { App } from '../../client/app.js'
import * as listLayouts from '../../client/layouts/list-layouts.js'
import { provideListLayouts, usesListLayouts } from '../../client/layouts/route-layout.js'
import { DARK_CLASS, DATA_SCRIPT_ID, THEME_KEY } from '../../shared/markup.js'
import { escapeHtml, jsonForScript } from '../../shared/escape.js'
import { packInitialData } from '../../shared/inline-data.js'
import { withBase } from '../../shared/paths.js'
import { hasBody } from '../../shared/route-data.js'
import { siteLocaleOf } from '../../shared/site-locale.js'
import type { ClientSite, HeadTag, InitialData, RouteData, SiteConfig } from '../../shared/types.js'
import type { ClientBundle } from '../bundle/bundle.js'
import { clientLoaderTag } from '../bundle/client-loader.js'
import { CriticalCss } from '../bundle/critical-css.js'
import type { MarkupFacts } from '../bundle/markup-tokens.js'
import { canonicalUrl, pageMetaTags } from './page-meta.js'
import type { PageChunk } from '../chunks/page-chunks.js'
import type { Route, RouteTable } from '../site/routes.js'

export interface RenderContext {
  config: SiteConfig
  site: ClientSite
  bundle: ClientBundle
  /** Extra HTML before `</body>` (the dev server's reload script). */
  bodyEnd?: string
  /** Each page's first paragraph, by route path: the description of a page that sets none. */
  excerpts?: ReadonlyMap<string, string>
  /** Each page's body's markup facts, by route path (`ParsedPage.markup`): its critical CSS then reads only the layout. */
  markup?: ReadonlyMap<string, MarkupFacts>
}

/**
 * Runs in <head> before the first paint: applies the remembered or the system colour mode,
 * so a dark page never flashes light. (`let` in the block: nothing leaks into the page's globals.)
 */
const THEME_INIT_SCRIPT = `try{let t=localStorage.getItem('${THEME_KEY}');document.documentElement.classList.toggle('${DARK_CLASS}',t?t=='${DARK_CLASS}':matchMedia('(prefers-color-scheme:dark)').matches)}catch(e){}`

// The browser loads these when a page needs them; the server renders every page at once.
provideListLayouts(listLayouts)

const VOID_TAGS = new Set(['meta', 'link', 'base', 'br', 'hr', 'img', 'input'])

function renderAttrs(attrs: Record<string, string | boolean>): string {
  return Object.entries(attrs)
    .filter(([, v]) => v !== false)
    .map(([k, v]) => (v === true ? ` ${k}` : ` ${k}="${escapeHtml(String(v))}"`))
    .join('')
}

export function renderHeadTag([tag, attrs, content]: HeadTag): string {
  const open = `<${tag}${renderAttrs(attrs)}>`
  return VOID_TAGS.has(tag) ? open : `${open}${content ?? ''}</${tag}>`
}

/** One complete HTML document per route, and the not-found page, made one at a time. */
export function* eachDocument(table: RouteTable, chunks: ReadonlyMap<Route, PageChunk>, ctx: RenderContext): Generator<[path: string, html: string]> {
  for (const route of table.routes) yield [route.file, renderDocument(chunks.get(route)!.data, ctx)]
  yield ['404.html', renderDocument(chunks.get(table.notFound)!.data, ctx)]
}

/** Every document at once (as text). */
export const renderDocuments = (table: RouteTable, chunks: ReadonlyMap<Route, PageChunk>, ctx: RenderContext): [path: string, html: string][] => [...eachDocument(table, chunks, ctx)]

/** The theme's rules parsed once per build (the bundle's CSS rarely changes between builds). */
let critical: { styles: string; css: CriticalCss } | undefined
const criticalCss = (styles: string): CriticalCss => (critical?.styles === styles ? critical : (critical = { styles, css: new CriticalCss(styles) })).css

/**
 * Where a page's markdown body goes in what React renders. Only the theme's own markup can put a
 * `<` there: any text of the page's (titles, headings, links) is escaped.
 */
const BODY_SLOT = '<!--gptnotes:body-->'

/** One route's HTML document: React SSR of the app inside the document shell. */
export function renderDocument(data: RouteData, ctx: RenderContext): string {
  const { config, site, bundle } = ctx
  // A route with a markdown body (a page, the home page), not a list.
  const page = hasBody(data) ? data : undefined
  const fm = page?.page.frontmatter
  // The page's own description, else (the home page: its locale's or the site's, else) its first
  // paragraph's text; pages under a locale path (`/en/`) take that locale's.
  const excerpt = page && ctx.excerpts?.get(page.path)
  const siteDescription = siteLocaleOf(config, data.path).description
  const description = fm?.description || (data.kind === 'home' && siteDescription) || excerpt || siteDescription
  const href = (p: string) => withBase(config.base, '/' + p)
  const canonical = canonicalUrl(data, config)
  // React renders a slot where the markdown body goes, and the body is put in after: React does
  // not copy it, and the critical CSS need not look for it in the page to leave it out.
  const content = page?.html
  const app = renderToString(<App site={site} initial={content ? { ...page!, html: BODY_SLOT } : data} />)
  const at = content ? app.indexOf(BODY_SLOT) : -1
  const [before, after] = at < 0 ? [app, ''] : [app.slice(0, at), app.slice(at + BODY_SLOT.length)]
  const body = `<div id="app">${before}${at < 0 ? '' : content}${after}</div>`
  // The rules this page's markup can match; the whole theme follows as a stylesheet after the paint.
  // The body's share was read as the parse wrote it (its facts), so only the layout is read here.
  const facts = at < 0 ? undefined : ctx.markup?.get(page!.path)
  const styles = bundle.styles ? criticalCss(bundle.styles).forHtml(facts ? `<div id="app">${before}${after}</div>` : body, facts) : ''
  // The body is in the HTML already; the client reads it back from the DOM.
  const initial: InitialData = { site, route: page ? { ...page, html: undefined } : data }
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<script>${THEME_INIT_SCRIPT}</script>`,
    `<title>${escapeHtml(data.documentTitle)}</title>`,
    description ? `<meta name="description" content="${escapeHtml(description)}">` : '',
    data.kind === 'notFound' ? '<meta name="robots" content="noindex">' : canonical ? `<link rel="canonical" href="${escapeHtml(canonical)}">` : '',
    // Inline: a stylesheet file would hold the first paint back by a request (150 ms and more
    // on a slow network). Only the page's share: the rules its own markup can match.
    styles ? `<style>${styles.replace(/<\/style/gi, '<\\/style')}</style>` : '',
    // After the styles, so the browser paints with them before it reads the rest.
    ...pageMetaTags({ data, config, canonical, description }),
    ...config.head.map(renderHeadTag),
    // Without an icon browsers request /favicon.ico and log a 404 on every page.
    config.head.some(([tag, attrs]) => tag === 'link' && String(attrs.rel).includes('icon')) ? '' : '<link rel="icon" href="data:,">',
    ...(fm?.meta ?? []).map((attrs) => renderHeadTag(['meta', attrs])),
  ].filter(Boolean)
  return `<!DOCTYPE html>
<html lang="${escapeHtml(data.lang)}">
<head>
${head.join('\n')}
</head>
<body>
${body}
<script id="${DATA_SCRIPT_ID}" type="application/json">${jsonForScript(packInitialData(initial))}</script>
${clientLoaderTag(href(bundle.entry), [...bundle.preload, ...(usesListLayouts(data) ? bundle.listLayouts : [])].map(href), bundle.stylesheet ? href(bundle.stylesheet) : undefined)}${ctx.bodyEnd ?? ''}
</body>
</html>
`
}
