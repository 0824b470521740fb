import type { ClientSite, ClientWidget, SiteConfig } from '../../shared/types.js'
import { widgetSettings, widgetsOn, type WidgetSettings } from '../widgets/index.js'

/**
 * The site-wide data every page carries inline: what the client needs, and nothing per page.
 * Each widget that is on gets its record in `widgets` (its placement and its declaration's
 * `clientData`, with what its build hooks' files add, `widgetData`); a route's own props are in
 * the route's data (route-widgets.ts).
 */
export function clientSiteOf(
  config: SiteConfig,
  routesUrl: string,
  extra: Partial<ClientSite>,
  settings: WidgetSettings = widgetSettings(config),
  widgetData: Readonly<Record<string, object>> = {},
): ClientSite {
  const widgets: Record<string, ClientWidget> = {}
  const fromWidgets: Record<string, unknown> = {}
  for (const [w, s] of widgetsOn(settings)) {
    const data = w.clientData?.(s) as object | undefined
    const added = widgetData[w.name]
    widgets[w.name] = { placement: w.placement, ...(data || added ? { data: { ...data, ...added } } : {}) }
    Object.assign(fromWidgets, w.siteData?.(s))
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
