import type { ClientSite, ClientWidget, SiteConfig } from '../../shared/types.js'
import { widgetSettings, widgetsOn, type WidgetSettings } from '../widgets/index.js'

/** What the site data takes of the widgets. */
export interface ClientWidgetsInput {
  /** The build's widget settings (default: the config's own, without a comment service of the build's). */
  settings?: WidgetSettings
  /** What the widgets' own files add to their site data (their build hooks' `assets`), by name. */
  data?: Readonly<Record<string, object>>
  /** The widgets some route mounts: the others get no record (default: every widget that is on). */
  used?: ReadonlySet<string>
}

/**
 * The site-wide data every page carries inline: what the client needs, and nothing per page.
 * Each widget that is on and used gets its record in `widgets` (its placement and its
 * declaration's `clientData`, with what its build hooks' files add); a route's own props are in
 * the route's data (route-widgets.ts).
 */
export function clientSiteOf(config: SiteConfig, routesUrl: string, extra: Partial<ClientSite>, input: ClientWidgetsInput = {}): ClientSite {
  const { settings = widgetSettings(config), data: widgetData = {}, used } = input
  const widgets: Record<string, ClientWidget> = {}
  const fromWidgets: Record<string, unknown> = {}
  for (const [w, s] of widgetsOn(settings)) {
    Object.assign(fromWidgets, w.siteData?.(s))
    if (used && !used.has(w.name)) continue
    const data = w.clientData?.(s) as object | undefined
    const added = widgetData[w.name]
    widgets[w.name] = { placement: w.placement, ...(data || added ? { data: { ...data, ...added } } : {}) }
  }
  return {
    title: config.title,
    description: config.description,
    base: config.base,
    nav: [...config.themeConfig.nav],
    smoothScroll: config.themeConfig.smoothScroll,
    lastUpdated: config.themeConfig.lastUpdated,
    routesUrl,
    // Headings under a sidebar link outside any group; 2 is the client's own default.
    ...(config.themeConfig.sidebarDepth !== 2 ? { sidebarDepth: config.themeConfig.sidebarDepth } : {}),
    ...(Object.keys(widgets).length ? { widgets } : {}),
    ...fromWidgets,
    ...extra,
  }
}
