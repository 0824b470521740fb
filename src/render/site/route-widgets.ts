import type { RouteData, SiteConfig } from '../../shared/types.js'
import type { WidgetRoute } from '../../shared/widgets/define.js'
import { widgetSettings, widgetsOn, type AnyWidget, type WidgetSettings } from '../widgets/index.js'

/**
 * A route's widgets (in list order) and the props it has its own of, by name: each widget that
 * is on and whose declaration gives this route props. Decided at build time, so a page that uses
 * none downloads none of their code.
 */
export function widgetsOfRoute(data: RouteData, on: readonly [AnyWidget, unknown][], base: string): { widgets: string[]; props: Record<string, object> } {
  const widgets: string[] = []
  const props: Record<string, object> = {}
  const route = data as WidgetRoute
  for (const [w, s] of on) {
    const own = w.routeProps?.(route, s, base)
    // An overlay widget without props of its own per route is on every route (spec §2: the global overlay).
    const mounted = w.routeProps ? own : w.placement === 'overlay' ? {} : undefined
    if (mounted === undefined) continue
    widgets.push(w.name)
    if (own !== undefined) props[w.name] = own
  }
  return { widgets, props }
}

/**
 * The route table with what each route's widgets need, for its locale: its `widgets` and their
 * `widgetProps`, then whatever a widget marks on the routes besides (widget A's visitor counter
 * on articles and listed posts).
 */
export function withWidgets<T extends { routes: { data: RouteData }[] }>(table: T, settings: WidgetSettings, base: string): T {
  const on = widgetsOn(settings)
  for (const { data } of table.routes) {
    const { widgets, props } = widgetsOfRoute(data, on, base)
    if (widgets.length) data.widgets = widgets
    if (Object.keys(props).length) data.widgetProps = props
  }
  for (const [w, s] of on) w.markRoutes?.(table.routes, s)
  return table
}

/** The widgets a route of this config mounts (the config's own settings, no comment service of the build's). */
export const widgetsFor = (config: SiteConfig, route: WidgetRoute): string[] => widgetsOfRoute(route as RouteData, widgetsOn(widgetSettings(config)), config.base).widgets
